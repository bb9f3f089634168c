import type { Fitness, FitnessContext, FitnessTerm } from './types.js';

/**
 * The product of the terms. Evaluation stops at the first zero factor, so a candidate the target
 * solved never pays for a distance computation.
 */
export function composeFitness(terms: readonly FitnessTerm[]): Fitness {
  const frozen = [...terms];
  return {
    terms: frozen,
    targeting: frozen.some((t) => t.targeting === true),
    targets: frozen.flatMap((t) => t.targets ?? []),
    score(ctx: FitnessContext): number {
      let product = 1;
      for (const t of frozen) {
        const s = t.score(ctx);
        if (s === 0) return 0;
        product *= s;
      }
      return product;
    },
    describe: () => frozen.map((t) => t.name).join(' × '),
  };
}
