import { simplify } from '../expr/simplify.js';
import { add } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import type { SuiteProblem } from './suiteTypes.js';

/**
 * `n` sums of m distinct solved base problems for each m of `sizes`, one row per m. A size with
 * fewer solved problems than m gets no sums and a line in `notes`.
 */
export function sumProblems(solved: readonly SuiteProblem[], sizes: readonly number[], n: number, rng: Rng, notes: string[]): SuiteProblem[] {
  const sums: SuiteProblem[] = [];
  for (const m of sizes) {
    if (solved.length < m) {
      notes.push(`sums of ${m}: only ${solved.length} solved base problems, none built`);
      continue;
    }
    for (let i = 0; i < n; i++) {
      const parts = pickDistinct(rng, solved, m);
      sums.push({ id: `sum${m}-${i}`, row: [`sum of ${m}`], expr: simplify(add(...parts.map((p) => p.expr))) });
    }
  }
  return sums;
}

function pickDistinct<T>(rng: Rng, items: readonly T[], m: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < m) chosen.add(rng.int(0, items.length - 1));
  return [...chosen].map((i) => items[i]);
}
