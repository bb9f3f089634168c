import { randomAntiderivative } from '../augment/randomAntiderivative.js';
import { canonicalKey } from '../expr/canonicalKey.js';
import { compileReal } from '../expr/evalReal.js';
import { tryParseExpr } from '../expr/parse.js';
import { simplify } from '../expr/simplify.js';
import { toInfix } from '../expr/toInfix.js';
import { hasX } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import { derivative } from '../verify/derivative.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { verifyPair } from '../verify/verifyPair.js';
import { countOperators } from './countOperators.js';
import type { SuiteProblem } from './suiteTypes.js';

/** Operator-count rows of the paper's Table 9 by default: 1–5 … 26–30 operators. */
export const DEFAULT_OPERATOR_BUCKETS: readonly (readonly [number, number])[] = [
  [1, 5],
  [6, 10],
  [11, 15],
  [16, 20],
  [21, 25],
  [26, 30],
];

/** Points where a problem must be real and finite at least once (it is posed on the real line). */
const PROBE_POINTS = [0.3, 0.7, 1.3, 2.1, 3.7, -0.5, -1.7];
/** Largest antiderivative drawn, in operators: its derivative reaches the default buckets and more. */
const MAX_ANTIDERIVATIVE_OPERATORS = 12;
/** Draws per problem wanted before a bucket is given up (some sizes are rare). */
const DRAWS_PER_PROBLEM = 400;

/**
 * Problems sorted by size for the extrapolation by operator count (the paper's Table 9): up to `n`
 * distinct problems per bucket [lo, hi] of operators (`countOperators` of the problem itself). Each
 * is built backward, f = F′ of a random F from Lample & Charton's grammar (`randomAntiderivative`),
 * so every problem has an elementary antiderivative and a model that declines one has failed it.
 * A problem must read back through the parser, be real and finite somewhere on the line, and have
 * its known antiderivative verified correct. A bucket that stays short after the draws allowed is
 * reported in `notes`.
 */
export function operatorProblems(rng: Rng, n: number, buckets: readonly (readonly [number, number])[], notes: string[]): SuiteProblem[] {
  const filled = buckets.map(() => [] as SuiteProblem[]);
  const seen = new Set<string>();
  const maxOps = Math.max(...buckets.map((b) => b[1]));
  const draws = DRAWS_PER_PROBLEM * n * buckets.length;
  for (let i = 0; i < draws && filled.some((f) => f.length < n); i++) {
    const F = randomAntiderivative(rng, rng.int(1, Math.min(MAX_ANTIDERIVATIVE_OPERATORS, Math.max(1, maxOps))));
    const d = derivative(F);
    if (!d.ok) continue;
    const f = simplify(d.expr);
    if (!hasX(f)) continue;
    const ops = countOperators(f);
    const b = buckets.findIndex(([lo, hi]) => ops >= lo && ops <= hi);
    if (b < 0 || filled[b].length >= n) continue;
    const key = canonicalKey(f);
    // The verifier must be able to confirm the known answer: a problem it cannot decide for the
    // right antiderivative would be undecided whatever a model answers.
    if (seen.has(key) || !readsBack(f) || !realSomewhere(f) || verifyPair(f, F, SEARCH_VERIFY_OPTIONS).verdict !== 'correct') continue;
    seen.add(key);
    filled[b].push({ id: `ops${ops}-${filled[b].length}`, row: [label(buckets[b])], expr: f, antiderivative: F });
  }
  buckets.forEach((bucket, b) => {
    if (filled[b].length < n) notes.push(`${label(bucket)} operators: ${filled[b].length} of ${n} problems could be drawn`);
  });
  return filled.flat();
}

function label([lo, hi]: readonly [number, number]): string {
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

function readsBack(f: Parameters<typeof toInfix>[0]): boolean {
  return tryParseExpr(toInfix(f)).ok;
}

function realSomewhere(f: Parameters<typeof toInfix>[0]): boolean {
  const evaluate = compileReal(f);
  return evaluate !== undefined && PROBE_POINTS.some((x) => Number.isFinite(evaluate(x)));
}
