/** How children are made at one escalation level. */
export interface BreedingPlan {
  /** Mutations applied to a child, drawn uniformly from [minSteps, maxSteps]. */
  readonly minSteps: number;
  readonly maxSteps: number;
  /** Share of children made by crossover of two failing parents (then mutated once). */
  readonly crossoverShare: number;
  /**
   * Share of the other children whose first step duplicates a part of the parent beside a near
   * relative of it (`duplication`): products of related factors, which mutations alone almost never build.
   */
  readonly duplicationShare: number;
  /**
   * Share of the children left after duplication whose first step divides a part of the parent by
   * a near relative of it, or moves a factor of a product under the rest (`quotient`): quotients of
   * related parts, which the mutations (operations +, × and ^) do not build.
   */
  readonly quotientShare: number;
  /** Share of parents drawn from the archived bugs (their minimal and original forms). */
  readonly bugShare: number;
  /** Share of children whose new constants come from a range this many times wider (capped by the candidate limits). */
  readonly wideConstantShare: number;
  readonly constantScale: number;
}

/**
 * The escalation ladder: level 0 takes 1–2 mutations per child, some crossover and known bugs as
 * parents (the paper's search is one mutation per child, from the last generation); each level up takes larger
 * steps, more crossover between failures, more restarts from known bugs and wider constants. Duplication
 * and quotients start at level 2: they lengthen problems, so a search that keeps finding bugs (and stays calm)
 * breeds without them and keeps the length a `length:L` fitness aims at.
 */
export const ESCALATION_PLANS: readonly BreedingPlan[] = [
  { minSteps: 1, maxSteps: 2, crossoverShare: 0.1, duplicationShare: 0, quotientShare: 0, bugShare: 0.3, wideConstantShare: 0, constantScale: 1 },
  { minSteps: 1, maxSteps: 2, crossoverShare: 0.1, duplicationShare: 0, quotientShare: 0, bugShare: 0.2, wideConstantShare: 0, constantScale: 1 },
  { minSteps: 1, maxSteps: 3, crossoverShare: 0.2, duplicationShare: 0.3, quotientShare: 0.2, bugShare: 0.3, wideConstantShare: 0.1, constantScale: 10 },
  { minSteps: 2, maxSteps: 4, crossoverShare: 0.3, duplicationShare: 0.4, quotientShare: 0.3, bugShare: 0.5, wideConstantShare: 0.2, constantScale: 10 },
  { minSteps: 2, maxSteps: 6, crossoverShare: 0.4, duplicationShare: 0.5, quotientShare: 0.3, bugShare: 0.5, wideConstantShare: 0.3, constantScale: 100 },
];

export const TOP_LEVEL = ESCALATION_PLANS.length - 1;

/** The no-evolution baseline (`--seed-selection random`): chains of 1 to 6 mutations of the initial seeds. */
export const RANDOM_SAMPLING_PLAN: BreedingPlan = {
  minSteps: 1,
  maxSteps: 6,
  crossoverShare: 0,
  duplicationShare: 0,
  quotientShare: 0,
  bugShare: 0,
  wideConstantShare: 0,
  constantScale: 1,
};

export function escalationPlan(level: number): BreedingPlan {
  return ESCALATION_PLANS[Math.max(0, Math.min(TOP_LEVEL, Math.floor(level)))];
}
