/**
 * Bounds that every parser and evaluator in sagga enforces, so that no input can make us hang or
 * exhaust memory. The defaults are far above anything a real integrand or antiderivative needs
 * (the paper's problems are under 100 characters; CAS answers rarely exceed a few thousand).
 */
export interface Limits {
  /** Longest accepted input text, in UTF-16 code units. */
  readonly maxChars: number;
  /** Most nodes in the tree. */
  readonly maxNodes: number;
  /** Deepest nesting (the root has depth 1). */
  readonly maxDepth: number;
  /** Largest absolute value of a literal number. */
  readonly maxAbsLiteral: number;
  /** Most digits in a literal (so `0.000…0001` with a million zeros is refused before conversion). */
  readonly maxLiteralDigits: number;
  /**
   * Most digits of an integer literal that the infix reader takes exactly (as a BigInt) when it is
   * beyond the two limits above: such literals are only accepted as factors and divisors of one
   * product (`p*x/q`, `Rational(p, q)`, LaTeX `\frac{p}{q}`), whose exact ratio is folded into one
   * number that must itself be within the limits. 0 (the default) turns this off.
   */
  readonly maxExactIntegerDigits: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxChars: 20_000,
  maxNodes: 4_000,
  maxDepth: 200,
  maxAbsLiteral: 1e15,
  maxLiteralDigits: 40,
  maxExactIntegerDigits: 0,
};

export function resolveLimits(partial?: Partial<Limits>): Limits {
  return partial ? { ...DEFAULT_LIMITS, ...partial } : DEFAULT_LIMITS;
}
