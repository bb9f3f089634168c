import { hasDecimalLiteral } from '../../expr/hasDecimalLiteral.js';
import { hasRoundedLiteral } from '../../expr/hasRoundedLiteral.js';
import { toInfix } from '../../expr/toInfix.js';
import { hasX, type Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';
import type { Verdict, VerifyOptions, VerifyResult } from '../../verify/types.js';
import { unboundParameterReason } from '../../verify/unboundParameterReason.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { coefficientName } from './coefficientName.js';
import { compareCoefficient, type CoefficientComparison } from './compareCoefficient.js';
import { expandPair, type PairExpansion } from './expandPair.js';
import { formatScalar } from './formatScalar.js';
import { polynomialDegree } from './polynomialDegree.js';
import type { Scalar } from './scalarArithmetic.js';

/** Highest order a series problem may ask for. */
export const MAX_SERIES_ORDER = 40;
/** Highest degree, read from its shape, of an answer that is expanded. */
export const MAX_ANSWER_DEGREE = 200;
/** The two precisions, in digits: the change between them is the lower one's error. */
export const SERIES_DIGITS = [40, 80] as const;
/**
 * Work per pair in the verifier's units. An expansion to order n costs about n² operations per
 * node of either side: the labelled set's pairs take 46 thousand units at the median and 6.5 million
 * at most (order 10 of exp(cos(x))), so this is ten times the largest.
 */
export const DEFAULT_SERIES_OPTIONS: VerifyOptions = { work: 60_000_000, backstopMs: 20_000 };

/**
 * Is `answer` the Taylor polynomial of `problem` at x = `point` up to and including
 * (x − point)^`order`?
 *
 * The answer must be a polynomial in x (or in x − a, or any mixture: it is re-expanded at the point);
 * anything else is `incorrect`, and so is a non-zero term beyond the order. The problem's
 * coefficients f⁽ᵏ⁾(a)/k! are computed by sagga (Taylor-mode arithmetic over the tree, see
 * `TaylorExpansion`), exactly where they are small rationals and otherwise in decimals at two
 * precisions, and compared with the answer's coefficient by coefficient (`compareCoefficient`).
 * The reason of an `incorrect` verdict names the first wrong coefficient with both values.
 * A problem with no Taylor expansion at the point is `invalid` when exact arithmetic proves it
 * (log(x) at 0), `unknown` otherwise.
 */
export function verifySeries(problem: Expr, point: Expr, order: number, answer: Expr, opts: Partial<VerifyOptions> = {}): VerifyResult {
  const started = performance.now();
  const work = opts.work ?? DEFAULT_SERIES_OPTIONS.work;
  const backstopMs = opts.backstopMs ?? DEFAULT_SERIES_OPTIONS.backstopMs;
  const meter: WorkMeter = { left: work, deadline: started + backstopMs };
  const done = (verdict: Verdict, reason: string): VerifyResult => ({ verdict, reason, ms: performance.now() - started, work: work - Math.max(0, meter.left) });
  const unbound = unboundParameterReason([
    ['problem', problem],
    ['point', point],
    ['answer', answer],
  ]);
  if (unbound !== undefined) return done('invalid', unbound);
  try {
    const [verdict, reason] = decide(problem, point, order, answer, meter, { work, backstopMs });
    return done(verdict, reason);
  } catch (error) {
    return done('unknown', `internal error while verifying: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function decide(problem: Expr, point: Expr, order: number, answer: Expr, meter: WorkMeter, opts: VerifyOptions): [Verdict, string] {
  if (!Number.isInteger(order) || order < 0 || order > MAX_SERIES_ORDER)
    return ['invalid', `the order must be a whole number from 0 to ${MAX_SERIES_ORDER}, not ${order}`];
  if (hasX(point)) return ['invalid', `the point ${clip(toInfix(point), 60)} depends on x`];
  const shape = polynomialDegree(answer);
  if (!shape.ok) return ['incorrect', `the answer is not a polynomial in x: it contains ${clip(toInfix(shape.culprit), 80)}`];
  if (shape.degree > MAX_ANSWER_DEGREE)
    return ['unknown', `the answer's degree (up to ${shape.degree} by its shape) is beyond ${MAX_ANSWER_DEGREE}, too high to expand`];
  const decimalAnswer = hasDecimalLiteral(answer);
  // A literal the parser had to round is known to 15 significant digits: exactness would call a
  // right answer wrong by the rounding alone.
  const roundedAnswer = !decimalAnswer && hasRoundedLiteral(answer);
  const relativeTolerance = decimalAnswer ? 1e-6 : roundedAnswer ? 1e-13 : 0;
  const at = `x = ${clip(toInfix(point), 60)}`;
  const runs: Extract<PairExpansion, { ok: true }>[] = [];
  for (const digits of SERIES_DIGITS) {
    const run = expandPair(problem, point, order, answer, shape.degree, digits, meter);
    if (!run.ok) return refused(run, at, opts);
    runs.push(run);
    // Exact on both sides: the second precision would only repeat it.
    if (relativeTolerance === 0 && [...run.expected, ...run.given].every((v) => v.exact !== null)) break;
  }
  const zero = (s: Scalar): Scalar => ({ exact: { p: 0, q: 1 }, dec: s.dec.minus(s.dec) });
  const top = Math.max(order, shape.degree);
  const wrong: number[] = [];
  const beyond: number[] = [];
  const undecided: number[] = [];
  let exact = 0;
  for (let k = 0; k <= top; k++) {
    const pick = (list: (r: (typeof runs)[number]) => readonly Scalar[], i: number): Scalar | undefined => {
      const r = runs[i];
      if (r === undefined) return undefined;
      const values = list(r);
      return values[k] ?? zero(values[0]);
    };
    const expected = [pick((r) => r.expected, 0)!, pick((r) => r.expected, 1)] as const;
    const given = [pick((r) => r.given, 0)!, pick((r) => r.given, 1)] as const;
    const compared: CoefficientComparison = compareCoefficient({ expected, given }, SERIES_DIGITS, relativeTolerance);
    // A rounded literal's error may be magnified by cancellation: only agreement is believed.
    const c = roundedAnswer && compared === 'differ' ? 'undecided' : compared;
    if (c === 'differ') (k <= order ? wrong : beyond).push(k);
    else if (c === 'undecided') undecided.push(k);
    else if (expected[0].exact !== null && given[0].exact !== null) exact++;
  }
  const values = (k: number): string => {
    const r = runs[runs.length - 1];
    const e = k <= order ? formatScalar(r.expected[k]) : '0';
    const g = k < r.given.length ? formatScalar(decimalAnswer ? { exact: null, dec: r.given[k].dec } : r.given[k]) : '0';
    return `expected ${e}, answer has ${g}`;
  };
  const which = (k: number): string => (k === 0 ? 'the constant term' : `coefficient of ${coefficientName(point, k)}`);
  const more = (list: readonly number[]): string => moreDiffer(list, point);
  if (wrong.length > 0) {
    const k = wrong[0];
    const extra =
      beyond.length > 0
        ? `; and terms beyond the order ${order}: ${beyond
            .map((i) => coefficientName(point, i))
            .slice(0, 3)
            .join(', ')}`
        : '';
    return ['incorrect', `${which(k)}: ${values(k)}${more(wrong)}${extra}`];
  }
  if (beyond.length > 0) {
    const k = beyond[0];
    return [
      'incorrect',
      `term beyond the order ${order}: the answer's coefficient of ${coefficientName(point, k)} is ${formatScalar(runs[runs.length - 1].given[k])}, the Taylor polynomial stops at ${order === 0 ? 'the constant term' : coefficientName(point, order)}`,
    ];
  }
  if (undecided.length > 0) {
    const k = undecided[0];
    if (roundedAnswer) return ['unknown', `${which(k)} could not be decided: the answer's integers beyond 2^53 were rounded when read (${values(k)})`];
    return ['unknown', `${which(k)} could not be decided at ${SERIES_DIGITS.join(' and ')} digits: ${values(k)}`];
  }
  const count = order + 1;
  const how = decimalAnswer
    ? 'to 6 significant digits, the answer being written in decimals'
    : roundedAnswer
      ? 'to 13 significant digits, the answer having integers beyond 2^53'
      : exact === top + 1
        ? 'exactly'
        : `${exact} exactly, the others to ${SERIES_DIGITS[0]} digits at two precisions`;
  const upTo = order === 0 ? 'the constant term' : `all ${count} coefficients up to ${coefficientName(point, order)}`;
  return ['correct', `${upTo} at ${at} agree${order === 0 ? 's' : ''} with f's derivatives (${how})`];
}

function refused(run: Extract<PairExpansion, { ok: false }>, at: string, opts: VerifyOptions): [Verdict, string] {
  const { side, refusal } = run;
  if (refusal.kind === 'exhausted') return ['unknown', `work budget of ${opts.work} units used up expanding the ${side}`];
  if (refusal.kind === 'timeout') return ['unknown', `wall-clock backstop of ${opts.backstopMs} ms fired expanding the ${side}; the pair is a runaway`];
  if (side === 'point') return [refusal.proven ? 'invalid' : 'unknown', `the point: ${refusal.message}`];
  if (side === 'problem') {
    if (refusal.kind === 'singular' && refusal.proven) return ['invalid', `the problem has no Taylor expansion at ${at}: ${refusal.message}`];
    return ['unknown', `cannot expand the problem at ${at}: ${refusal.message}`];
  }
  if (refusal.kind === 'singular' && refusal.proven) return ['incorrect', `the answer has no value at ${at}: ${refusal.message}`];
  return ['unknown', `cannot expand the answer at ${at}: ${refusal.message}`];
}

/** After the first wrong coefficient: how many more differ, naming the first few. */
function moreDiffer(list: readonly number[], point: Expr): string {
  if (list.length <= 1) return '';
  const names = list
    .slice(1, 6)
    .map((k) => coefficientName(point, k))
    .join(', ');
  return `; ${list.length - 1} more differ (${names}${list.length > 6 ? ', …' : ''})`;
}
