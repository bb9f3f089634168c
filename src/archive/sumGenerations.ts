import type { GenerationLine } from '../run/runSchema.js';

/** Sum of a field over the generations that record it; null when none does. */
export function sumGenerations(rows: readonly GenerationLine[], pick: (g: GenerationLine) => number | null): number | null {
  let total = 0;
  let any = false;
  for (const g of rows) {
    const v = pick(g);
    if (v !== null) {
      total += v;
      any = true;
    }
  }
  return any ? total : null;
}
