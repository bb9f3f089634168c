/** A run's figures as the paired comparison needs them: its target, its label, its rng seed and its signatures at each budget. */
export interface PairedRun {
  readonly target: string;
  readonly method: string;
  readonly seed: string;
  readonly atBudget: Readonly<Record<number, number | null>>;
}

/** One setting of a method against the method's first setting, at each budget. */
export interface PairedDifference {
  readonly target: string;
  readonly label: string;
  readonly baseline: string;
  /** Seeds both were run on with a figure at every budget. */
  readonly seeds: number;
  /** Mean over those seeds of (label − baseline), and its standard error; null with fewer than two seeds. */
  readonly atBudget: Readonly<Record<number, { readonly mean: number; readonly standardError: number } | null>>;
}

/**
 * For each target and method run at several settings (`labels`, the method's first setting first),
 * how many more distinct signatures each later setting has than the first at each budget, paired
 * by rng seed: seeds differ far more from each other than settings do, so the difference within a
 * seed says more than the difference of the means.
 */
export function pairedDifferences(
  runs: readonly PairedRun[],
  labelsByMethod: ReadonlyArray<readonly string[]>,
  budgets: readonly number[],
): PairedDifference[] {
  const out: PairedDifference[] = [];
  for (const target of [...new Set(runs.map((r) => r.target))]) {
    const bySeed = (label: string) => new Map(runs.filter((r) => r.target === target && r.method === label).map((r) => [r.seed, r]));
    for (const [baseline, ...others] of labelsByMethod) {
      const first = bySeed(baseline);
      for (const label of others) {
        const pairs = [...bySeed(label)].filter(([seed]) => first.has(seed)).map(([seed, run]) => [first.get(seed)!, run] as const);
        const atBudget: PairedDifference['atBudget'] = Object.fromEntries(
          budgets.map((b) => {
            const diffs = pairs.flatMap(([a, c]) => (a.atBudget[b] === null || c.atBudget[b] === null ? [] : [c.atBudget[b]! - a.atBudget[b]!]));
            return [b, diffs.length < 2 ? null : meanAndError(diffs)];
          }),
        );
        if (pairs.length > 0) out.push({ target, label, baseline, seeds: pairs.length, atBudget });
      }
    }
  }
  return out;
}

function meanAndError(values: readonly number[]): { mean: number; standardError: number } {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, standardError: Math.sqrt(variance / values.length) };
}
