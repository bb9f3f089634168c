import type { Expr } from '../src/expr/types.js';
import type { RealFunction } from '../src/expr/evalReal.js';
import type { CandidateLimits } from './candidateLimits.js';
import type { TreeScan } from './scanTree.js';

/** One check's verdict: pass, or fail with the reason counted in a generation's `invalid_reasons`. */
export type ConstraintResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * What the checks share about one (already simplified) candidate. Computed lazily and at most once
 * per candidate, so the composition costs what the single function it replaced cost.
 */
export interface ConstraintContext {
  readonly limits: CandidateLimits;
  /** One walk of the tree; it stops once more than `limits.maxNodes` nodes are seen. */
  readonly scan: TreeScan;
  /** `toInfix` of the candidate. */
  readonly text: string;
  /** The candidate compiled for real evaluation; undefined when it uses a function evalReal lacks. */
  readonly real: RealFunction | undefined;
}

/** A validity constraint on a candidate problem. */
export interface Constraint {
  /** Short identifier (for documentation and tests; not part of the reason text). */
  readonly name: string;
  check(expr: Expr, ctx: ConstraintContext): ConstraintResult;
}

/** The result every passing constraint returns (shared, no allocation per check). */
export const OK: ConstraintResult = { ok: true };
