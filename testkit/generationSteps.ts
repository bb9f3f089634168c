/** How a figure moved from one generation to the next, over several seeds' runs. */
export interface GenerationStep {
  /** The step's later generation (2 for the step from generation 1 to 2). */
  readonly generation: number;
  /** Seeds with the figure in both generations. */
  readonly seeds: number;
  /** Mean change over those seeds (negative: the figure fell). */
  readonly mean: number;
  /** Standard error of that mean (sample standard deviation / √seeds; NaN for one seed). */
  readonly standardError: number;
  /** Seeds whose figure fell. */
  readonly fell: number;
}

/**
 * Each generation-to-generation step of a figure over seeds, paired by seed: a mean over seeds can
 * fall every generation while each step is smaller than one seed's swings, and only the paired
 * changes, with their standard error, tell a trend from luck.
 */
export function generationSteps(bySeed: readonly (readonly (number | null)[])[]): GenerationStep[] {
  const generations = Math.max(0, ...bySeed.map((figures) => figures.length));
  const steps: GenerationStep[] = [];
  for (let g = 1; g < generations; g++) {
    const changes: number[] = [];
    for (const figures of bySeed) {
      const before = figures[g - 1];
      const after = figures[g];
      if (typeof before === 'number' && typeof after === 'number') changes.push(after - before);
    }
    if (changes.length === 0) continue;
    const mean = changes.reduce((a, b) => a + b, 0) / changes.length;
    const variance = changes.length < 2 ? Number.NaN : changes.reduce((s, c) => s + (c - mean) ** 2, 0) / (changes.length - 1);
    steps.push({
      generation: g + 1,
      seeds: changes.length,
      mean,
      standardError: Math.sqrt(variance / changes.length),
      fell: changes.filter((c) => c < 0).length,
    });
  }
  return steps;
}
