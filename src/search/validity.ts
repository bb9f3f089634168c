import { canonicalKey } from '../expr/canonical.js';
import { toInfix } from '../expr/print.js';
import { simplify } from '../expr/simplify.js';
import type { Expr } from '../expr/types.js';
import { compileReal } from './evalReal.js';

export interface CandidateLimits {
  /** Longest `toInfix` text, in characters (the reference's limit: 100). */
  readonly maxChars: number;
  readonly maxNodes: number;
  /** Deepest root-to-leaf path, counting nodes (a leaf has depth 1). */
  readonly maxDepth: number;
  /** Largest absolute value of a literal (integers beyond ±10^7 are refused). */
  readonly maxAbsInteger: number;
  /** Fewest finite real values among the SAMPLE_POINTS. */
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

/**
 * Fixed sample points, on both sides of 0 and away from integers and simple multiples of π, so
 * that "undefined almost everywhere" (log(-x^2 - 1), sqrt(-2 - x^2), x^-900) is told apart from
 * "undefined at a few points" (1/x, tan(x), log(x) on x < 0).
 */
export const SAMPLE_POINTS: readonly number[] = [0.137, 0.419, 0.733, 1.271, 1.618, 2.347, 3.719, 5.283].flatMap((p) => [p, -p]);

export type CandidateCheck = { ok: true; expr: Expr; key: string } | { ok: false; reason: string };

interface Scan {
  nodes: number;
  depth: number;
  maxAbs: number;
  nonFinite: boolean;
  hasX: boolean;
}

function scan(root: Expr, stopAtNodes: number): Scan {
  const s: Scan = { nodes: 0, depth: 0, maxAbs: 0, nonFinite: false, hasX: false };
  const stack: Expr[] = [root];
  const depths: number[] = [1];
  while (stack.length > 0 && s.nodes <= stopAtNodes) {
    const e = stack.pop()!;
    const d = depths.pop()!;
    s.nodes++;
    if (d > s.depth) s.depth = d;
    if (e.type === 'num') {
      if (!Number.isFinite(e.value)) s.nonFinite = true;
      else if (Math.abs(e.value) > s.maxAbs) s.maxAbs = Math.abs(e.value);
    } else if (e.type === 'sym') {
      if (e.name === 'x') s.hasX = true;
    } else {
      for (const c of e.args) {
        stack.push(c);
        depths.push(d + 1);
      }
    }
  }
  return s;
}

/**
 * Is this candidate a problem the target can meaningfully be asked? Simplifies it and checks, cheapest
 * first: size (nodes, depth), literals (finite, |v| ≤ maxAbsInteger), x present (only if
 * `requireX`), printed length, and that it is defined — a finite real value — at no fewer than
 * `minFinitePoints` of the 16 SAMPLE_POINTS. Trees using functions the fast evaluator does not know
 * skip the last check rather than being refused. Returns the simplified tree and its canonical key
 * (duplicates within a generation are for the caller to drop by key).
 */
export function checkCandidate(e: Expr, opts: Partial<CandidateLimits> = {}): CandidateCheck {
  const limits: CandidateLimits = { ...DEFAULT_CANDIDATE_LIMITS, ...opts };
  let expr: Expr;
  try {
    expr = simplify(e);
  } catch (err) {
    return { ok: false, reason: `simplification failed: ${err instanceof Error ? err.message : String(err)}` };
  }
  const s = scan(expr, limits.maxNodes);
  if (s.nodes > limits.maxNodes) return { ok: false, reason: `more than ${limits.maxNodes} nodes` };
  if (s.depth > limits.maxDepth) return { ok: false, reason: `deeper than ${limits.maxDepth} levels (${s.depth})` };
  if (s.nonFinite) return { ok: false, reason: 'non-finite literal' };
  if (s.maxAbs > limits.maxAbsInteger) return { ok: false, reason: `literal ${s.maxAbs} beyond ±${limits.maxAbsInteger}` };
  if (limits.requireX && !s.hasX) return { ok: false, reason: 'no x' };
  const text = toInfix(expr);
  if (text.length > limits.maxChars) return { ok: false, reason: `longer than ${limits.maxChars} characters (${text.length})` };
  const f = compileReal(expr);
  if (f) {
    let finite = 0;
    for (let i = 0; i < SAMPLE_POINTS.length && finite < limits.minFinitePoints; i++) {
      if (Number.isFinite(f(SAMPLE_POINTS[i]))) finite++;
    }
    if (finite < limits.minFinitePoints) {
      return { ok: false, reason: `undefined or not finite almost everywhere (finite at fewer than ${limits.minFinitePoints} of ${SAMPLE_POINTS.length} sample points)` };
    }
  }
  return { ok: true, expr, key: canonicalKey(expr) };
}
