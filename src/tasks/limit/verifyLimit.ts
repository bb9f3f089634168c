import { Decimal } from 'decimal.js';
import { unroundedVerdict } from '../../verify/unroundedVerdict.js';
import { hasDecimalLiteral } from '../../expr/hasDecimalLiteral.js';
import { toInfix } from '../../expr/toInfix.js';
import { hasX, type Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';
import { createComplexEvaluator } from '../../verify/evalComplex.js';
import { createDecimalEvaluator, decimalAt } from '../../verify/evalDecimal.js';
import { formatReasonDecimal } from '../../verify/formatReasonDecimal.js';
import { compileTape, TapeTooLarge } from '../../verify/tape.js';
import type { Verdict, VerifyOptions, VerifyResult } from '../../verify/types.js';
import { unboundParameterReason } from '../../verify/unboundParameterReason.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import type { Approach } from './approachSampler.js';
import { limitAt } from './limitAt.js';
import { limitOutcome, type LimitOutcome } from './limitOutcome.js';
import { problemScale } from './problemScale.js';
import type { LimitAnswer, LimitDirection, LimitPoint } from './limitTypes.js';
import type { SideLimit } from './sideLimit.js';

/** The two precisions, in digits: a verdict holds only when both give it. */
export const LIMIT_DIGITS = [40, 80] as const;
/**
 * Work per pair in the verifier's units: up to 90 points per side and precision, each an evaluation
 * of the problem in decimals (a function costs tens of thousands of units at 80 digits), and the
 * extrapolations. The labelled set's pairs take 13 million units at the median and 43 million at
 * most (two-sided oscillations, sampled to the end of the schedule); this is about ten times that.
 */
export const DEFAULT_LIMIT_OPTIONS: VerifyOptions = { work: 400_000_000, backstopMs: 30_000 };
/** A decimal answer is right within this absolute error (IntegralBench's rule, as for every task). */
const DECIMAL_TOLERANCE = 1e-6;
/** A closed form must agree to this many significant digits, and the extrapolation must be this sure. */
const CLOSED_FORM_DIGITS = 12;

/**
 * Is `answer` the limit of `problem` as x → `point` from `direction` (`+-` when absent at a finite
 * point; at oo only `-`, at −oo only `+`)?
 *
 * f is evaluated in decimals along two interleaved geometric sequences approaching the point (h and
 * h/2 … down to about 1e-12, or x up to about 5e11 towards an infinity), and the values are
 * extrapolated with Wynn's epsilon algorithm (`classifyApproach`): a finite limit with an error,
 * divergence to ±oo, oscillation (no limit), or nothing clear. Two sides make a limit only when they
 * agree (`limitOutcome`). All of it is done at 40 and at 80 digits, and a verdict stands only when
 * both precisions give it: `correct` when the answer agrees with the limit to 12 significant digits
 * (a decimal answer within 1e-6) and the extrapolation is that sure; `incorrect` when the numbers
 * clearly disagree at both (a finite answer for a divergent or oscillating f, `oo` for `-oo`, `DNE`
 * for a limit that exists, a value far outside the extrapolation's error); `unknown` otherwise.
 */
export function verifyLimit(
  problem: Expr,
  point: LimitPoint,
  direction: LimitDirection | undefined,
  answer: LimitAnswer,
  opts: Partial<VerifyOptions> = {},
): VerifyResult {
  const started = performance.now();
  const work = opts.work ?? DEFAULT_LIMIT_OPTIONS.work;
  const backstopMs = opts.backstopMs ?? DEFAULT_LIMIT_OPTIONS.backstopMs;
  const meter: WorkMeter = { left: work, deadline: started + backstopMs };
  const done = (verdict: Verdict, reason: string): VerifyResult => ({ verdict, reason, ms: performance.now() - started, work: work - Math.max(0, meter.left) });
  const unbound = unboundParameterReason([
    ['problem', problem],
    ['point', point.kind === 'finite' ? point.at : undefined],
    ['answer', answer.kind === 'value' ? answer.value : undefined],
  ]);
  if (unbound !== undefined) return done('invalid', unbound);
  try {
    const [verdict, reason] = unroundedVerdict(
      answer.kind === 'value' ? answer.value : undefined,
      ...decide(problem, point, direction, answer, meter, { work, backstopMs }),
    );
    return done(verdict, reason);
  } catch (error) {
    return done('unknown', `internal error while verifying: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function decide(
  problem: Expr,
  point: LimitPoint,
  direction: LimitDirection | undefined,
  answer: LimitAnswer,
  meter: WorkMeter,
  opts: VerifyOptions,
): [Verdict, string] {
  if (point.kind === 'infinite') {
    const only = point.sign > 0 ? '-' : '+';
    if (direction !== undefined && direction !== only)
      return ['invalid', `at ${point.sign > 0 ? 'oo' : '-oo'} the only direction is '${only}', not '${direction}'`];
  }
  const dir: LimitDirection = point.kind === 'infinite' ? (point.sign > 0 ? '-' : '+') : (direction ?? '+-');
  const where = describeApproach(point, dir);
  if (answer.kind === 'value' && hasX(answer.value)) return ['incorrect', `the answer ${clip(toInfix(answer.value), 60)} depends on x; a limit is a number`];
  let f: ReturnType<typeof compileTape>;
  let answerTape: ReturnType<typeof compileTape> | null = null;
  let pointTape: ReturnType<typeof compileTape> | null = null;
  try {
    f = compileTape(problem);
    if (answer.kind === 'value') answerTape = compileTape(answer.value);
    if (point.kind === 'finite') pointTape = compileTape(point.at);
  } catch (error) {
    if (error instanceof TapeTooLarge) return ['unknown', `too large to evaluate: ${error.message}`];
    throw error;
  }
  const outcomes: LimitOutcome[] = [];
  const answerValues: Decimal[] = [];
  /** Schedule points each side took at the first precision: the second samples the same ones. */
  const pointsTaken: number[] = [];
  // f's numbers may shape it out to their scale, and a ratio of two of them to its square (the root
  // of x/1737248 - 1737248): the sign of a divergence seen short of that may not be the limit's.
  const scale = problemScale(problem);
  const past = scale * scale;
  for (const digits of LIMIT_DIGITS) {
    const evaluators = { working: createDecimalEvaluator(f, digits), doubled: createDecimalEvaluator(f, 2 * digits), complex: createComplexEvaluator(f) };
    const D = decimalAt(digits);
    const constant = (tape: ReturnType<typeof compileTape>, what: string): Decimal | [Verdict, string] => {
      const v = createDecimalEvaluator(tape, digits)(0, meter);
      if (v === 'exhausted' || v === 'timeout') return stopped(v, `evaluating ${what}`, opts);
      if (v === null || v.reliableDigits < digits / 2) return ['unknown', `${what} has no real value that can be computed in ${digits} digits`];
      return new D(v.value);
    };
    let at = new D(0);
    if (pointTape !== null) {
      const a = constant(pointTape, 'the point');
      if (!(a instanceof Decimal)) return a;
      at = a;
    }
    if (answerTape !== null) {
      const v = constant(answerTape, 'the answer');
      if (!(v instanceof Decimal)) return v;
      answerValues.push(v);
    }
    const approaches = approachesOf(point, dir, at);
    const sides: { name: string; limit: SideLimit }[] = [];
    for (const [i, { name, approach }] of approaches.entries()) {
      const first = digits === LIMIT_DIGITS[0];
      const r = limitAt(evaluators, D, approach, digits, meter, { points: first ? undefined : pointsTaken[i], past });
      if (r === 'exhausted' || r === 'timeout') return stopped(r, `sampling f ${name} at ${digits} digits`, opts);
      if (first) pointsTaken.push(r.points);
      sides.push({ name, limit: r.limit });
    }
    const outcome = limitOutcome(sides);
    if (outcome.kind === 'undecided') return ['unknown', `${where}: ${outcome.why}${digits === LIMIT_DIGITS[0] ? '' : ` (at ${digits} digits)`}`];
    outcomes.push(outcome);
  }
  return judge(answer, outcomes, answerValues, where);
}

/** The sides asked for, each named for reasons: one towards an infinity, one or two at a finite point. */
function approachesOf(point: LimitPoint, dir: LimitDirection, at: Decimal): { name: string; approach: Approach }[] {
  if (point.kind === 'infinite') return [{ name: point.sign > 0 ? 'as x → oo' : 'as x → -oo', approach: { kind: 'infinite', sign: point.sign } }];
  const sides: { name: string; approach: Approach }[] = [];
  if (dir !== '-') sides.push({ name: 'from the right', approach: { kind: 'finite', at, side: 1 } });
  if (dir !== '+') sides.push({ name: 'from the left', approach: { kind: 'finite', at, side: -1 } });
  return sides;
}

function judge(answer: LimitAnswer, outcomes: readonly LimitOutcome[], answerValues: readonly Decimal[], where: string): [Verdict, string] {
  const [o1, o2] = outcomes;
  const precisions = `at ${LIMIT_DIGITS.join(' and ')} digits`;
  if (o1.kind !== o2.kind || (o1.kind === 'infinite' && o2.kind === 'infinite' && o1.sign !== o2.sign)) {
    return ['unknown', `${where}: the two precisions disagree (${describe(o1)} at ${LIMIT_DIGITS[0]} digits, ${describe(o2)} at ${LIMIT_DIGITS[1]})`];
  }
  if (o1.kind === 'finite' && o2.kind === 'finite') {
    const gap = o1.value.minus(o2.value).abs();
    if (gap.gt(Decimal.max(o1.error, o2.error).times(10))) {
      return ['unknown', `${where}: the extrapolations at the two precisions disagree (${show(o1.value)} and ${show(o2.value)})`];
    }
  }
  const o = o2;
  if (answer.kind === 'dne') {
    if (o.kind === 'dne') return ['correct', `no limit ${where}: ${o.how} (${precisions})`];
    return ['incorrect', `the limit exists ${where}: ${describe(o)} (${precisions})`];
  }
  if (answer.kind === 'infinite') {
    const claimed = answer.sign > 0 ? 'oo' : '-oo';
    if (o.kind === 'infinite' && o.sign === answer.sign) return ['correct', `f diverges to ${claimed} ${where}: ${o.how} (${precisions})`];
    return ['incorrect', `f does not diverge to ${claimed} ${where}: ${describe(o)} (${precisions})`];
  }
  if (o2.kind !== 'finite' || o1.kind !== 'finite')
    return ['incorrect', `${where} ${describe(o)}, so the limit is not the number ${show(answerValues[1])} (${precisions})`];
  const decimal = hasDecimalLiteral(answer.value);
  const c1 = compareValue(answerValues[0], o1.value, o1.error, decimal, LIMIT_DIGITS[0]);
  const c2 = compareValue(answerValues[1], o2.value, o2.error, decimal, LIMIT_DIGITS[1]);
  const values = (digits = SHOWN_DIGITS) =>
    `f tends to ${show(o2.value, digits)} ± ${o2.error.toSignificantDigits(2).toExponential()}${o2.note}, the answer is ${show(answerValues[1], digits)}`;
  if (c1 === 'same' && c2 === 'same')
    return ['correct', `${where}: ${values()} (${precisions}${decimal ? `, a decimal answer within ${DECIMAL_TOLERANCE}` : ''})`];
  if (c1 === 'differ' && c2 === 'differ') {
    // A closed form can be wrong far past the digits a reason usually shows (a rational close to atan(-147)).
    const digits = digitsApart(o2.value, answerValues[1]);
    const difference = digits > SHOWN_DIGITS ? `, ${formatReasonDecimal(answerValues[1].minus(o2.value).abs(), 3)} apart` : '';
    return ['incorrect', `${where}: ${values(digits)}${difference} (${precisions})`];
  }
  return ['unknown', `${where}: ${values()}, not decided at both precisions`];
}

/**
 * An answer against the extrapolated limit L ± error at one precision: `same` when they agree within
 * the error and the error is below 12 significant digits of the answer (absolute 1e-12 for an answer
 * of 0); a decimal answer within 1e-6. `differ` when the gap is a hundred times the error.
 */
function compareValue(answer: Decimal, limit: Decimal, error: Decimal, decimal: boolean, digits: number): 'same' | 'differ' | 'undecided' {
  const gap = answer.minus(limit).abs();
  const rounding = Decimal.max(answer.abs(), limit.abs()).times(`1e-${digits - 5}`);
  if (decimal) {
    if (gap.lte(error.times(10).plus(DECIMAL_TOLERANCE)) && error.lte(DECIMAL_TOLERANCE / 100)) return 'same';
    return gap.gt(error.times(100).plus(DECIMAL_TOLERANCE)) ? 'differ' : 'undecided';
  }
  const sure = error.lte(answer.isZero() ? `1e-${CLOSED_FORM_DIGITS}` : answer.abs().times(`1e-${CLOSED_FORM_DIGITS}`));
  if (sure && gap.lte(error.times(10).plus(rounding))) return 'same';
  return gap.gt(error.times(100).plus(rounding)) ? 'differ' : 'undecided';
}

function stopped(stop: 'exhausted' | 'timeout', what: string, opts: VerifyOptions): [Verdict, string] {
  return [
    'unknown',
    stop === 'exhausted'
      ? `work budget of ${opts.work} units used up ${what}`
      : `wall-clock backstop of ${opts.backstopMs} ms fired ${what}; the pair is a runaway`,
  ];
}

function describeApproach(point: LimitPoint, dir: LimitDirection): string {
  if (point.kind === 'infinite') return `as x → ${point.sign > 0 ? 'oo' : '-oo'}`;
  const a = clip(toInfix(point.at), 60);
  return `as x → ${a}${dir === '+-' ? '' : dir}`;
}

function describe(o: LimitOutcome): string {
  switch (o.kind) {
    case 'finite':
      return `f tends to ${show(o.value)}${o.note}`;
    case 'infinite':
      return `f diverges to ${o.sign > 0 ? 'oo' : '-oo'} (${o.how})`;
    case 'dne':
      return `no limit: ${o.how}`;
    case 'undecided':
      return o.why;
  }
}

/** Significant digits a reason shows a value with. */
const SHOWN_DIGITS = 12;

function show(v: Decimal, digits = SHOWN_DIGITS): string {
  return formatReasonDecimal(v, digits);
}

/** The significant digits that tell two different values apart when both are shown (at least SHOWN_DIGITS, at most 40). */
function digitsApart(a: Decimal, b: Decimal): number {
  for (let digits = SHOWN_DIGITS; digits < 40; digits++) if (!a.toSignificantDigits(digits).eq(b.toSignificantDigits(digits))) return digits;
  return 40;
}
