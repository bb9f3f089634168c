import { createRng } from '../../../src/util/rng.js';

/**
 * A seeded subset of `units` in which every stratum any unit names is present: the units are
 * shuffled with the generator of `seed`, and one is kept whenever it brings a stratum not kept yet,
 * so the subset holds at least one unit of each family, variant and label of the whole (and, when
 * `perStratum` is larger, that many of each where the set has them). Returned in the set's order.
 */
export function coverStrata<T>(units: readonly T[], strata: (unit: T) => readonly string[], seed: string, perStratum = 1): T[] {
  const kept = new Map<string, number>();
  const chosen = new Set<T>();
  for (const unit of createRng(seed).shuffle(units)) {
    const names = strata(unit);
    if (!names.some((s) => (kept.get(s) ?? 0) < perStratum)) continue;
    chosen.add(unit);
    for (const s of names) kept.set(s, (kept.get(s) ?? 0) + 1);
  }
  return units.filter((u) => chosen.has(u));
}
