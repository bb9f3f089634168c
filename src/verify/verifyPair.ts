import type { Expr } from '../expr/types.js';
import { PRECISIONS } from './compareDecimals.js';
import { comparePointsInDoubles, type Difference, emptyPointTally, ENOUGH_AGREEING_POINTS } from './comparePointsInDoubles.js';
import { derivative } from './derivative.js';
import type { Domain } from './domain.js';
import { createComplexEvaluator, type ComplexEvaluator } from './evalComplex.js';
import { createDecimalEvaluator, type DecimalEvaluator } from './evalDecimal.js';
import { samplePointsIn } from './samplePointsIn.js';
import { recheckInDecimals } from './recheckInDecimals.js';
import { compileTape, TapeTooLarge, UnboundSymbol, type Tape } from './tape.js';
import { DEFAULT_VERIFY_OPTIONS, type Verdict, type VerifyOptions, type VerifyResult } from './types.js';
import { describePointRuns } from './describePointRuns.js';
import { formatReasonNumber as fmt } from './formatReasonNumber.js';
import type { WorkMeter } from './workMeter.js';

/** Points that must agree (and none disagree) before an answer is called correct. */
export const MIN_AGREEING_POINTS = 8;
/** Extra points spread where f is real, when the sample points found it real at too few. */
const AROUND_POINTS = 32;

/** A problem compiled once, to check several answers against it (Fail@k). */
export interface PreparedProblem {
  readonly problem: Expr;
  readonly tape: Tape;
  readonly evaluate: ComplexEvaluator;
  /** Decimal evaluators at each of PRECISIONS, made when first needed. */
  decimal?: DecimalEvaluator[];
}

export function prepareProblem(problem: Expr): PreparedProblem | string {
  try {
    const tape = compileTape(problem);
    return { problem, tape, evaluate: createComplexEvaluator(tape) };
  } catch (error) {
    if (error instanceof TapeTooLarge) return `problem too large to evaluate: ${error.message}`;
    if (error instanceof UnboundSymbol) return `problem: ${error.message}`;
    throw error;
  }
}

type Stop = 'exhausted' | 'timeout';

/**
 * Is `answer` an antiderivative of `problem` (up to a constant) on the real domain where the
 * problem is defined?
 *
 * The rule: F is an antiderivative of f when F', evaluated in complex arithmetic, equals f at every
 * sample point where f is real and finite (inside `domain` when one is given). F' is computed exactly
 * (symbolically), so a constant of integration, even one that differs between the intervals where F
 * is smooth or a complex one (log(-x) against 1/x, iπ apart for x > 0), never matters. A point where
 * F itself is not real is compared like any other: acosh(x) is not an antiderivative of
 * 1/sqrt(x^2 - 1) on the real line, since its derivative is -1/sqrt(x^2 - 1) for x < -1.
 *
 * Branches: every function takes its principal value, except u^(p/q) with q odd and u a negative
 * expression in x, which takes the real root (x^(1/3) is -2 at x = -8): that is the function a problem
 * such as x^(1/3) means on the real line, and the answer and its derivative are read the same way.
 * (A constant such as (-1)^(1/3) keeps its principal value, which is what a CAS answer means by it.)
 *
 * F' and f are compared at fixed sample points (both signs, magnitudes 1e-4 … 1e3, ±i and ±1/i) in
 * complex double arithmetic with running error bounds. Where the bounds cannot resolve the
 * comparison (cancellation, underflow), the point is re-evaluated in decimals at two precisions, and
 * only a difference (or agreement) stable between them is believed; a difference that keeps
 * shrinking with the precision (an integrand that vanishes identically) is agreement.
 *
 * A difference is decisive: `incorrect`, naming the clearest one found (a large relative difference
 * at a moderate x) and the part of the domain where F' ≠ f. MIN_AGREEING_POINTS agreements and no
 * difference make `correct`; anything else is `unknown` with the reason. The pair's work (sample
 * points, high-precision re-evaluations) is bounded by `work`; `backstopMs` of wall-clock time only
 * stops a runaway pair, and the verdict says when it did.
 */
export function verifyPair(problem: Expr | PreparedProblem, answer: Expr, opts: Partial<VerifyOptions> = {}): VerifyResult {
  const started = performance.now();
  const work = opts.work ?? DEFAULT_VERIFY_OPTIONS.work;
  const backstopMs = opts.backstopMs ?? opts.budgetMs ?? DEFAULT_VERIFY_OPTIONS.backstopMs;
  const meter: WorkMeter = { left: work, deadline: started + backstopMs };
  const done = (verdict: Verdict, reason: string): VerifyResult => ({ verdict, reason, ms: performance.now() - started, work: work - Math.max(0, meter.left) });
  try {
    const r = decide(problem, answer, meter, { work, backstopMs, domain: opts.domain });
    return done(r[0], r[1]);
  } catch (error) {
    // A bug must cost one pair its verdict, never a batch.
    return done('unknown', `internal error while verifying: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function decide(problem: Expr | PreparedProblem, answer: Expr, meter: WorkMeter, opts: VerifyOptions): [Verdict, string] {
  const prepared = 'tape' in problem ? problem : prepareProblem(problem);
  // A parameter without a value: the pair is verified over instantiations (verifyPairOverParameters).
  if (typeof prepared === 'string') return [prepared.startsWith('problem: ') ? 'invalid' : 'unknown', prepared];
  const d = derivative(answer);
  if (!d.ok) return ['unknown', `cannot differentiate the answer: ${d.reason}`];
  let dTape: Tape;
  try {
    dTape = compileTape(d.expr);
  } catch (error) {
    if (error instanceof TapeTooLarge) return ['unknown', `answer's derivative too large to evaluate: ${error.message}`];
    if (error instanceof UnboundSymbol) return ['invalid', `answer: ${error.message}`];
    throw error;
  }
  const evalD = createComplexEvaluator(dTape);
  const points = samplePointsIn(opts.domain);
  const where = opts.domain === undefined ? '' : ` on the domain ${describeDomain(opts.domain)}`;
  const pointCost = prepared.tape.instrs.length + dTape.instrs.length;
  const tally = emptyPointTally();
  const stopped = (stop: Stop, what: string): [Verdict, string] => [
    'unknown',
    stop === 'exhausted'
      ? `work budget of ${opts.work} units used up ${what} (${tally.agree} points agreed)`
      : `wall-clock backstop of ${opts.backstopMs} ms fired ${what} (${tally.agree} points agreed); the pair is a runaway`,
  ];

  // Pass 1 in doubles; points the error bounds cannot resolve are queued for pass 2 in decimals,
  // which is slow, so fewer of them are re-checked once enough points already agree. Once a
  // difference is found, the remaining points are still evaluated (in doubles only), to name the
  // clearest difference and where F' ≠ f.
  let sampled = points.length;
  const stop = comparePointsInDoubles(points, 0, tally, prepared.evaluate, evalD, pointCost, meter);
  if (stop !== null) return stopped(stop.stop, `after ${stop.points} sample points`);
  // f real at too few of the points to decide (a problem defined on a short interval only, such as
  // asin((x + 9)/1)): more points, spread evenly where f was found real.
  const { real, notReal, differences } = tally;
  if (differences.length === 0 && tally.agree < MIN_AGREEING_POINTS && real.length > 0 && real.length < ENOUGH_AGREEING_POINTS) {
    const extra = pointsAround(real, notReal);
    sampled += extra.length;
    const stopAround = comparePointsInDoubles(extra, points.length, tally, prepared.evaluate, evalD, pointCost, meter);
    if (stopAround !== null) return stopped(stopAround.stop, `after ${stopAround.points} sample points`);
  }
  if (differences.length > 0) return ['incorrect', describeDifferences(differences, tally.agreeing, where)];

  const decimalF = evaluatorsOf(prepared.tape, (prepared.decimal ??= []));
  const decimalD = evaluatorsOf(dTape, []);
  const recheck = recheckInDecimals(tally, tally.agree >= MIN_AGREEING_POINTS, decimalF, decimalD, meter);
  if (recheck.kind === 'stopped') return stopped(recheck.stop, `in the high-precision re-check of x = ${fmt(recheck.x)}`);
  if (recheck.kind === 'differs') {
    return ['incorrect', `F' differs from f at x = ${fmt(recheck.x)}: ${recheck.detail} (at high precision)${where === '' ? '' : `; checked${where}`}`];
  }
  const { agree, lo, hi, failedFn, fUndefined, dUndefined, tiny } = tally;
  const { vanishing, cutShort, undecided } = recheck;
  const notes =
    (vanishing > 0 ? `; at ${vanishing} of them both sides vanish (the difference shrinks with the precision)` : '') +
    (cutShort === undefined
      ? ''
      : cutShort.stop === 'exhausted'
        ? `; the work budget of ${opts.work} units ended the high-precision re-check with ${cutShort.left} points left`
        : `; the wall-clock backstop of ${opts.backstopMs} ms ended the high-precision re-check with ${cutShort.left} points left`);
  if (agree >= MIN_AGREEING_POINTS) {
    return ['correct', `F' = f at ${agree} points in [${fmt(lo)}, ${fmt(hi)}]${where}${notes}`];
  }
  if (failedFn !== null) return ['unknown', `unsupported function for numeric evaluation: ${failedFn} at the sample points`];
  if (real.length === 0) return ['unknown', `the problem is not real-valued at any sample point${where}`];
  return [
    'unknown',
    `only ${agree} of ${sampled} sample points${where} could be compared, ${MIN_AGREEING_POINTS} needed ` +
      `(problem undefined or not real at ${fUndefined}, answer's derivative undefined at ${dUndefined}, ` +
      `${undecided} beyond double and high precision${tiny > 0 ? `, ${tiny} underflowing on both sides` : ''})`,
  ];
}

/** Points spread evenly over the span of `real`, up to the nearest points of `notReal` around it. */
function pointsAround(real: readonly number[], notReal: readonly number[]): number[] {
  const min = Math.min(...real);
  const max = Math.max(...real);
  const below = Math.max(...notReal.filter((x) => x < min), min - 1);
  const above = Math.min(...notReal.filter((x) => x > max), max + 1);
  return Array.from({ length: AROUND_POINTS }, (_, i) => below + ((i + 0.5137) / AROUND_POINTS) * (above - below));
}

/** The decimal evaluators of a tape at PRECISIONS[level], made when first asked for. */
function evaluatorsOf(tape: Tape, cache: DecimalEvaluator[]): (level: number) => DecimalEvaluator {
  return (level) => (cache[level] ??= createDecimalEvaluator(tape, PRECISIONS[level]));
}

function describeDomain(domain: Domain): string {
  const end = (v: number) => (v === Infinity ? 'inf' : v === -Infinity ? '-inf' : fmt(v));
  return `(${end(domain.lo)}, ${end(domain.hi)})`;
}

/**
 * The reason of an `incorrect` verdict: the most convincing difference (a large relative difference
 * at a moderate x, a simple x when there is a choice), with both values, then where F' ≠ f and
 * where F' = f among the points compared, as intervals of consecutive sample points (those nearest
 * to 0 first).
 */
function describeDifferences(differences: readonly Difference[], agreeing: readonly number[], where: string): string {
  const best = differences.reduce((a, b) => (convincing(b) > convincing(a) ? b : a));
  let reason = `F' differs from f at x = ${fmt(best.x)}: f = ${fmt(best.f)}, F' = ${fmtC(best.re, best.im)}`;
  if (agreeing.length === 0) {
    return `${reason}; F' ≠ f at all ${differences.length} points compared${where}, in [${fmt(Math.min(...differences.map((d) => d.x)))}, ${fmt(Math.max(...differences.map((d) => d.x)))}]`;
  }
  const runs = describePointRuns(
    differences.map((d) => d.x),
    agreeing,
  );
  reason += `; F' ≠ f at ${differences.length} of ${runs.compared} points compared${where}, in ${runs.failing}; F' = f in ${runs.holding}`;
  return reason;
}

/** How convincing a difference is to a reader: large relative differences first, then moderate and simple x. */
function convincing(d: Difference): number {
  const rel = Math.hypot(d.f - d.re, d.im) / Math.max(Math.abs(d.f), Math.hypot(d.re, d.im));
  const size = rel >= 0.1 ? 4 : rel >= 1e-4 ? 2 : 0;
  const ax = Math.abs(d.x);
  const moderate = ax >= 0.1 && ax <= 20 ? 1 : 0;
  const simple = Number.isInteger(d.x) || Number.isInteger(1 / d.x) ? 0.5 : 0;
  // Ties: larger relative difference, then |x| closer to 1 (each well under the steps above).
  return size + moderate + simple + 0.1 * Math.min(rel, 1) - 0.01 * Math.min(Math.abs(Math.log10(ax)), 9);
}

function fmtC(re: number, im: number): string {
  if (Math.abs(im) <= 1e-12 * Math.abs(re)) return fmt(re);
  return `${fmt(re)} ${im < 0 ? '-' : '+'} ${fmt(Math.abs(im))}i`;
}
