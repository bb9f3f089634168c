import { readFileSync } from 'node:fs';
import { readProblemLines } from '../augment/readProblemLines.js';
import type { Rng } from '../util/rng.js';
import { drawDistinctCoefficients } from './drawDistinctCoefficients.js';
import { PRIMITIVES } from './primitives.js';
import type { SuiteProblem } from './suiteTypes.js';

/** The paper's Table 2 problems: up to `n` distinct coefficient draws from [lo, hi) per primitive. */
export function primitiveProblems(rng: Rng, n: number, lo: number, hi: number, rowPrefix: readonly string[] = [], idPrefix = ''): SuiteProblem[] {
  const out: SuiteProblem[] = [];
  for (const p of PRIMITIVES) {
    const draws = drawDistinctCoefficients(rng.fork(`${idPrefix}${p.name}`), p.coefficients, lo, hi, n);
    for (const [k1, k2] of draws) {
      out.push({ id: `${idPrefix}${p.name}:${k1}${k2 === undefined ? '' : ',' + k2}`, row: [...rowPrefix, p.name], expr: p.build(k1, k2 ?? 1) });
    }
  }
  return out;
}

/** Problems of a file (JSON Lines with `problem`, or one expression per line), row `file`. */
export function fileProblems(path: string, notes: string[], n: number | undefined, rng: Rng): SuiteProblem[] {
  const { problems, skipped } = readProblemLines(readFileSync(path, 'utf8'));
  for (const s of skipped) notes.push(`${path}:${s.line}: skipped: ${s.message}`);
  const chosen = n !== undefined && n < problems.length ? rng.shuffle(problems).slice(0, n) : problems;
  return chosen.map((p) => ({ id: p.id, row: ['file'], expr: p.problem }));
}
