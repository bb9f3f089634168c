export interface CandidateLimits {
  /** Longest `toInfix` text, in characters (the reference's limit: 100). */
  readonly maxChars: number;
  readonly maxNodes: number;
  /** Deepest root-to-leaf path, counting nodes (a leaf has depth 1). */
  readonly maxDepth: number;
  /** Largest absolute value of a literal (integers beyond ±10^7 are refused). */
  readonly maxAbsInteger: number;
  /** Fewest finite real values among the VALIDITY_POINTS. */
  readonly minFinitePoints: number;
  /**
   * Refuse candidates without x. Off by default: constants are legitimate integrands (the
   * paper's initial seeds include `1`, and ∫1 dx = x is a problem a model can get wrong).
   */
  readonly requireX: boolean;
}

export const DEFAULT_CANDIDATE_LIMITS: CandidateLimits = {
  maxChars: 100,
  maxNodes: 100,
  maxDepth: 25,
  maxAbsInteger: 10_000_000,
  minFinitePoints: 4,
  requireX: false,
};
