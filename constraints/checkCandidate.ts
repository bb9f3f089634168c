import { canonicalKey } from '../src/expr/canonical.js';
import { compileReal, type RealFunction } from '../src/expr/evalReal.js';
import { toInfix } from '../src/expr/print.js';
import { simplify } from '../src/expr/simplify.js';
import { instantiate, type ParameterValues } from '../src/expr/edit/instantiate.js';
import { PARAMETER_LETTERS } from '../src/expr/parameters.js';
import type { Expr } from '../src/expr/types.js';
import { DEFAULT_CANDIDATE_LIMITS, type CandidateLimits } from './candidateLimits.js';
import { finiteAtValidityPoints } from './finiteAtValidityPoints.js';
import { finiteLiterals } from './finiteLiterals.js';
import { hasX } from './hasX.js';
import { literalMagnitude } from './literalMagnitude.js';
import { maxChars } from './maxChars.js';
import { maxDepth } from './maxDepth.js';
import { maxNodes } from './maxNodes.js';
import { representableAtValidityPoints } from './representableAtValidityPoints.js';
import { scanTree, type TreeScan } from './scanTree.js';
import type { Constraint, ConstraintContext } from './types.js';

export type CandidateCheck = { ok: true; expr: Expr; key: string } | { ok: false; reason: string };

/** The instance of a problem's parameters its numeric constraints are checked at: positive, away from simple fractions. */
const PARAMETER_PROBE: ParameterValues = Object.fromEntries(PARAMETER_LETTERS.map((letter, i) => [letter, 1.37 + 0.61 * i]));

/** The constraints, cheapest first; the first failure is the candidate's reason. */
export const CANDIDATE_CONSTRAINTS: readonly Constraint[] = [
  maxNodes,
  maxDepth,
  finiteLiterals,
  literalMagnitude,
  hasX,
  maxChars,
  finiteAtValidityPoints,
  representableAtValidityPoints,
];

/** The shared facts, each computed on first use only (a candidate refused for size is never printed). */
class LazyContext implements ConstraintContext {
  private scanned: TreeScan | undefined;
  private printed: string | undefined;
  private compiled = false;
  private realFn: RealFunction | undefined;

  constructor(
    private readonly expr: Expr,
    readonly limits: CandidateLimits,
  ) {}

  get scan(): TreeScan {
    return (this.scanned ??= scanTree(this.expr, this.limits.maxNodes));
  }

  get text(): string {
    return (this.printed ??= toInfix(this.expr));
  }

  get real(): RealFunction | undefined {
    if (!this.compiled) {
      // A tree with parameters is judged at one instance of them, each real and positive as a
      // search assumes: a problem undefined there is no fairer for its letters.
      this.realFn = compileReal(this.expr) ?? compileReal(instantiate(this.expr, PARAMETER_PROBE));
      this.compiled = true;
    }
    return this.realFn;
  }
}

/**
 * Is this candidate a problem the target can meaningfully be asked? Simplifies it and runs
 * CANDIDATE_CONSTRAINTS in order, cheapest first: size (nodes, depth), literals (finite,
 * |v| ≤ maxAbsInteger), x present (only if `requireX`), printed length, that it is defined — a
 * finite real value — at no fewer than `minFinitePoints` of the 16 VALIDITY_POINTS, and that a
 * double holds its value there (no overflow or underflow on the way: `576^(-893)` is not 0). Trees
 * using functions the fast evaluator does not know skip the last two checks rather than being refused. Returns
 * the simplified tree and its canonical key (duplicates within a generation are for the caller to
 * drop by key).
 */
export function checkCandidate(e: Expr, opts: Partial<CandidateLimits> = {}): CandidateCheck {
  const limits: CandidateLimits = { ...DEFAULT_CANDIDATE_LIMITS, ...opts };
  let expr: Expr;
  try {
    expr = simplify(e);
  } catch (err) {
    return { ok: false, reason: `simplification failed: ${err instanceof Error ? err.message : String(err)}` };
  }
  const ctx = new LazyContext(expr, limits);
  for (const c of CANDIDATE_CONSTRAINTS) {
    const r = c.check(expr, ctx);
    if (!r.ok) return r;
  }
  return { ok: true, expr, key: canonicalKey(expr) };
}
