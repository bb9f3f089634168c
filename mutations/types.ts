import type { ParameterLetter } from '../src/expr/parameters.js';
import type { Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';

/** The operations mutations may introduce. `sin`/`cos`/`tan` only for the paper's trig runs. */
export type MutationOp = 'add' | 'mul' | 'pow' | 'sin' | 'cos' | 'tan';

export const MUTATION_OPS: readonly MutationOp[] = ['add', 'mul', 'pow', 'sin', 'cos', 'tan'];

/** Constants beyond this would be refused by the candidate check (integers beyond ±10^7). */
export const MAX_ABS_CONSTANT = 10_000_000;

/** What every operator needs besides the node and the generator. */
export interface MutationParams {
  /** Smallest integer constant a mutation may draw (inclusive). */
  readonly vmin: number;
  /** Largest integer constant a mutation may draw (inclusive). */
  readonly vmax: number;
  /** The operation set. Must contain at least one of add/mul/pow. */
  readonly ops: readonly MutationOp[];
  /**
   * Integers never drawn as constants. The robustness preset avoids -1, 0 and 1, which
   * simplification would fold away (x^1, 0·x, x+0, 1·x, −1·x) and so change the structure.
   */
  readonly avoid?: readonly number[];
  /**
   * The parameters the tree being mutated already has (filled in by `mutate` when an operator that
   * introduces parameters may be drawn): symbolicPerturbationMutation reuses one or takes the next letter.
   */
  readonly parameters?: readonly ParameterLetter[];
}

/**
 * One mutation operator: given the subtree rooted at the chosen node, return its replacement.
 * Pure: the input tree is never modified; all randomness comes from `rng`.
 */
export type MutationOperator = (tree: Expr, rng: Rng, params: MutationParams) => Expr;

export type InternalMutationName =
  | 'internalConstantMutation'
  | 'internalSymbolMutation'
  | 'operationChangeMutation'
  | 'addArgumentMutation'
  // Meaning-aware operators (answer-known families of `sagga augment`); weight 0 unless chosen.
  | 'substitutionMutation'
  | 'identityInsertionMutation'
  | 'numericBlowUpMutation';

export type LeafMutationName =
  | 'leafConstantMutation'
  | 'leafScaledSymbolMutation'
  | 'leafSimpleOperationMutation'
  // ASyMOB's symbolic perturbation (a number becomes a parameter): weight 0 in every preset.
  | 'symbolicPerturbationMutation';

/** Which nodes `mutate` may pick: any node, or only numeric leaves (robustness: change numbers only). */
export type MutationNodes = 'any' | 'numbers';

export interface MutationConfig {
  /** Probability (relative weight) of each internal-node operator; absent or 0 means never. */
  readonly internal: Readonly<Partial<Record<InternalMutationName, number>>>;
  /** Probability (relative weight) of each leaf operator; absent or 0 means never. */
  readonly leaf: Readonly<Partial<Record<LeafMutationName, number>>>;
  readonly vmin: number;
  readonly vmax: number;
  readonly ops: readonly MutationOp[];
  /** Default 'any'. */
  readonly nodes?: MutationNodes;
  /** See `MutationParams.avoid`. */
  readonly avoid?: readonly number[];
}
