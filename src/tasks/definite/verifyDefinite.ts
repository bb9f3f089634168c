import type { Decimal } from 'decimal.js';
import { unroundedVerdict } from '../../verify/unroundedVerdict.js';
import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';
import type { Verdict } from '../../verify/types.js';
import { unboundParameterReason } from '../../verify/unboundParameterReason.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { compareDefiniteValues, ERROR_MARGIN, type BoundedValue, type Comparison } from './compareDefiniteValues.js';
import { decimalContext } from './decimalContext.js';
import { evaluateConstant } from './evaluateConstant.js';
import { formatDecimal } from './formatDecimal.js';
import { prepareDefinite, type IntegralRequest, type PreparedDefinite } from './prepareDefinite.js';
import { CANCELLATION_FLOOR } from './tanhSinhGoal.js';
import { DEFAULT_DEFINITE_OPTIONS, type DefiniteAnswer, type DefiniteBound, type DefiniteOptions, type DefiniteResult } from './types.js';

/** Working precision of the first judgement, and of the one that must confirm an `incorrect`. */
export const FIRST_DIGITS = 30;
export const CONFIRM_DIGITS = 45;
/** The quadrature is asked for this many digits more than the closed-form rule needs (and a decimal's
 * tolerance divided by 10^(this + 1)), so that its error bound, counted ERROR_MARGIN times, rarely decides. */
const GOAL_DIGITS_BEYOND = 2;

type Outcome = { verdict: Verdict; reason: string; fields?: Partial<DefiniteResult> };

/**
 * Is `answer` the value of ∫ₗₒᵥᵥₑᵣ^ᵘᵖᵖᵉʳ problem dx?
 *
 * The integral is computed by tanh-sinh quadrature in decimals (integrateDefinite.ts) with an error
 * bound, and the answer's value in decimals too (a constant decimals cannot evaluate, such as
 * erf(1), in doubles with a running error bound). Then:
 * - a closed form is `correct` when it agrees with the integral to `closedFormDigits` significant
 *   digits (of the integral, or of 10^-8 of ∫|f| when the integral cancels below that), so 355/113
 *   is not π;
 * - a decimal is `correct` within the numeric tolerance: absolute 1e-6 (IntegralBench) by default,
 *   or half a unit of its own last digit (`stated`);
 * - either is `incorrect` only when the difference exceeds the tolerance by ERROR_MARGIN times the
 *   error bounds, and the same holds again at CONFIRM_DIGITS digits;
 * - `unknown` when the quadrature does not converge within the work budget, or the bounds straddle
 *   the tolerance; `invalid` when the answer is not a number (it depends on x) or a bound is not a
 *   real one.
 * The reason gives both values and their difference. A problem prepared once (prepareDefinite) to
 * judge several answers carries its own bounds: `lower` and `upper` must be those.
 */
export function verifyDefinite(
  problem: Expr | PreparedDefinite,
  lower: DefiniteBound,
  upper: DefiniteBound,
  answer: DefiniteAnswer,
  options: Partial<DefiniteOptions> = {},
): DefiniteResult {
  const opts = { ...DEFAULT_DEFINITE_OPTIONS, ...options };
  const started = performance.now();
  const unbound = unboundParameterReason([
    ['problem', 'integral' in problem ? problem.problem : problem],
    ['lower', lower.kind === 'finite' ? lower.expr : undefined],
    ['upper', upper.kind === 'finite' ? upper.expr : undefined],
    ['answer', answer.kind === 'closed' ? answer.expr : undefined],
  ]);
  if (unbound !== undefined) return { verdict: 'invalid', reason: unbound, ms: performance.now() - started };
  const meter: WorkMeter = { left: opts.work, deadline: started + opts.backstopMs };
  const prepared = 'integral' in problem ? problem : prepareDefinite(problem, lower, upper);
  let outcome: Outcome;
  try {
    outcome = decide(prepared, answer, opts, meter);
  } catch (error) {
    // A bug must cost one pair its verdict, never a batch.
    outcome = { verdict: 'unknown', reason: `internal error while verifying: ${error instanceof Error ? error.message : String(error)}` };
  }
  const [verdict, reason] = unroundedVerdict(answer.kind === 'closed' ? answer.expr : undefined, outcome.verdict, outcome.reason);
  return { verdict, reason, ms: performance.now() - started, work: opts.work - Math.max(0, meter.left), ...outcome.fields };
}

function decide(prepared: PreparedDefinite, answer: DefiniteAnswer, opts: DefiniteOptions, meter: WorkMeter): Outcome {
  // A bound that is not a real number (log(-1), 1/0) makes no definite integral: the problem is ill-posed.
  for (const [name, bound] of [
    ['lower', prepared.lower],
    ['upper', prepared.upper],
  ] as const) {
    if (bound.kind === 'inf') continue;
    const v = evaluateConstant(bound.expr, FIRST_DIGITS, meter);
    if (!v.ok && v.why !== 'exhausted' && v.why !== 'timeout')
      return { verdict: 'invalid', reason: `the ${name} bound ${describeExpr(bound.expr)} is not a real number: ${v.reason}` };
  }
  const decimalTolerance = answer.kind === 'decimal' && opts.numericTolerance.kind === 'absolute' ? opts.numericTolerance.value : 0;
  const request: IntegralRequest = {
    digits: FIRST_DIGITS,
    relative: 10 ** -(opts.closedFormDigits + GOAL_DIGITS_BEYOND),
    absolute: decimalTolerance * 10 ** -(GOAL_DIGITS_BEYOND + 1),
  };
  const first = judgeAt(prepared, answer, opts, request, meter);
  if (first.comparison === undefined) return first.outcome;
  const { comparison, integral, answerValue, tolerance } = first;
  const fields = fieldsOf(integral, answerValue, comparison);
  const values = describeValues(answer, integral, answerValue, comparison);
  if (comparison.outcome === 'agree') {
    const how =
      answer.kind === 'decimal'
        ? `within the tolerance ${formatDecimal(tolerance, 3)}`
        : `to ${agreeingDigits(comparison.difference, first.scale)} significant digits${first.scale.eq(integral.value.abs()) ? '' : ' of 10^-8 of the integral of |f| (it cancels)'} (${opts.closedFormDigits} required)`;
    return { verdict: 'correct', reason: `${values}: they agree ${how}`, fields };
  }
  const rule =
    answer.kind === 'decimal' ? `the tolerance ${formatDecimal(tolerance, 3)}` : `${opts.closedFormDigits} significant digits (${formatDecimal(tolerance, 3)})`;
  if (comparison.outcome === 'unclear') {
    return { verdict: 'unknown', reason: `${values}: too close to ${rule} to call within the error bound ${formatDecimal(comparison.bound, 3)}`, fields };
  }
  // The confirmation only has to resolve the difference beyond the tolerance, not the integral's digits.
  const beyond = comparison.difference
    .abs()
    .minus(tolerance)
    .div(ERROR_MARGIN * 10)
    .toNumber();
  const confirm: IntegralRequest = { digits: CONFIRM_DIGITS, relative: request.relative / 10, absolute: Math.max(request.absolute / 10, beyond) };
  const second = judgeAt(prepared, answer, opts, confirm, meter);
  if (second.comparison === undefined)
    return { verdict: 'unknown', reason: `${values}, beyond ${rule}; not confirmed at ${CONFIRM_DIGITS} digits: ${second.outcome.reason}`, fields };
  if (second.comparison.outcome !== 'differ') {
    return { verdict: 'unknown', reason: `${values}, beyond ${rule} at ${FIRST_DIGITS} digits but not at ${CONFIRM_DIGITS}`, fields };
  }
  return { verdict: 'incorrect', reason: `${values}, beyond ${rule}; confirmed at ${CONFIRM_DIGITS} digits`, fields };
}

type Judged =
  | { comparison: Comparison; integral: BoundedValue & { l1: Decimal }; answerValue: BoundedValue; tolerance: Decimal; scale: Decimal; outcome?: undefined }
  | { comparison?: undefined; outcome: Outcome };

/** The integral and the answer at `digits` digits, compared; or why they could not be. */
function judgeAt(prepared: PreparedDefinite, answer: DefiniteAnswer, opts: DefiniteOptions, request: IntegralRequest, meter: WorkMeter): Judged {
  const { digits } = request;
  const integral = prepared.integral(request, meter);
  if (!integral.ok) {
    const estimate =
      integral.value === undefined
        ? ''
        : ` (estimate ${formatDecimal(integral.value, 12)}${integral.error === undefined ? '' : ` ± ${formatDecimal(integral.error, 2)}`})`;
    return { outcome: { verdict: 'unknown', reason: `the integral could not be computed: ${integral.reason}${estimate}` } };
  }
  const { D } = decimalContext(digits);
  let answerValue: BoundedValue;
  if (answer.kind === 'decimal') {
    answerValue = { value: answer.value, error: new D(0) };
  } else {
    const v = evaluateConstant(answer.expr, digits, meter);
    if (!v.ok) {
      const shown = `the integral is ${formatDecimal(integral.value)} (± ${formatDecimal(integral.error, 2)})`;
      if (v.why === 'not-constant') return { outcome: { verdict: 'invalid', reason: `the answer is not a number: ${v.reason}` } };
      if (v.why === 'not-real')
        return { outcome: { verdict: 'incorrect', reason: `the answer ${describeExpr(answer.expr)} has no finite real value, and ${shown}` } };
      return { outcome: { verdict: 'unknown', reason: `the answer's value could not be computed: ${v.reason}; ${shown}` } };
    }
    answerValue = v;
  }
  // Significant digits of the integral, or of a share of ∫|f| when it cancels to almost nothing.
  const scale = integral.value.abs().gt(integral.l1.times(CANCELLATION_FLOOR)) ? integral.value.abs() : integral.l1.times(CANCELLATION_FLOOR);
  const closedTolerance = scale.times(new D(10).pow(-opts.closedFormDigits));
  let tolerance = closedTolerance;
  if (answer.kind === 'decimal') {
    const numeric = opts.numericTolerance.kind === 'absolute' ? new D(opts.numericTolerance.value) : answer.statedTolerance;
    // Digits stated beyond what a closed form is held to are held to that.
    tolerance = numeric.gt(closedTolerance) ? numeric : closedTolerance;
  }
  const comparison = compareDefiniteValues(integral, answerValue, tolerance, answer.kind === 'decimal');
  return { comparison, integral, answerValue, tolerance, scale };
}

function describeExpr(e: Expr): string {
  return clip(toInfix(e), 60);
}

function describeValues(answer: DefiniteAnswer, integral: BoundedValue, answerValue: BoundedValue, c: Comparison): string {
  const a = answer.kind === 'decimal' ? `the answer ${clip(answer.text, 60)}` : `the answer ${describeExpr(answer.expr)} = ${formatDecimal(answerValue.value)}`;
  return `${a}, the integral ${formatDecimal(integral.value)} (± ${formatDecimal(integral.error, 2)}): difference ${formatDecimal(c.difference, 3)}`;
}

/** −log10 |difference / scale|, the significant digits two values share (all of the working ones when equal). */
function agreeingDigits(difference: Decimal, scale: Decimal): string {
  if (difference.isZero()) return 'all';
  if (scale.isZero()) return '0';
  return String(Math.max(0, Math.floor(-difference.div(scale).abs().log(10).toNumber())));
}

function fieldsOf(integral: BoundedValue, answerValue: BoundedValue, c: Comparison): Partial<DefiniteResult> {
  return {
    integral: { value: formatDecimal(integral.value, 25), error: formatDecimal(integral.error, 3) },
    answerValue: { value: formatDecimal(answerValue.value, 25), error: formatDecimal(answerValue.error, 3) },
    difference: formatDecimal(c.difference, 3),
  };
}
