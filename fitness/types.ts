import type { Expr } from '../src/expr/types.js';

/** The size measures of a candidate, as computed by `metrics()` in src/expr/metrics.ts. */
export interface FitnessMetrics {
  readonly chars: number;
  readonly tokens: number;
  readonly nodes: number;
  readonly depth: number;
  readonly terms: number;
}

/** Everything a fitness term may look at for one evaluated candidate. */
export interface FitnessContext {
  readonly metrics: FitnessMetrics;
  readonly expr: Expr;
  /** The candidate's embedding; required only by `near` with cosine distance. */
  readonly embedding?: Float64Array;
  /** Fail@k: no answer among the k was verified correct. */
  readonly failed: boolean;
}

/** One factor of the fitness; the fitness of a candidate is the product of its terms. */
export interface FitnessTerm {
  readonly name: string;
  score(ctx: FitnessContext): number;
  /**
   * The term asks for failures at a given place (a length, given problems), where `short` and the
   * failure indicator only reward them: under such a term the search leans its choice of parents
   * and children on the fitness (the targeted selection pressure).
   */
  readonly targeting?: boolean;
  /**
   * The given problems the term asks failures near (`near:`'s targets): the search grafts parts of
   * its parents into them.
   */
  readonly targets?: readonly Expr[];
}

/** Which size measure `short` and `length:<L>` use. */
export type LengthMeasure = 'chars' | 'tokens' | 'nodes';
export const LENGTH_MEASURES: readonly LengthMeasure[] = ['chars', 'tokens', 'nodes'];

/** Distance used by `near:`: cosine distance of embeddings, or tree edit distance of the trees. */
export type DistanceKind = 'cosine' | 'tree';
export const DISTANCE_KINDS: readonly DistanceKind[] = ['cosine', 'tree'];

/** A composed fitness: the product of its terms. */
export interface Fitness {
  readonly terms: readonly FitnessTerm[];
  score(ctx: FitnessContext): number;
  /** Some term is targeting (`length:L`, `near:`). */
  readonly targeting: boolean;
  /** Every term's given problems (`near:`'s targets); empty for most fitnesses. */
  readonly targets: readonly Expr[];
  /** One line for logs and config.json, e.g. `failure × short(chars)`. */
  describe(): string;
}

/** Embeds target expressions for `near:` with cosine distance (supplied by the search; fitness never imports embedders). */
export type EmbedTargets = (exprs: readonly Expr[]) => Promise<readonly Float64Array[]> | readonly Float64Array[];
