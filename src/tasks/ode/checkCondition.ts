import type { Decimal } from 'decimal.js';
import { hasRoundedLiteral } from '../../expr/hasRoundedLiteral.js';
import type { Expr } from '../../expr/types.js';
import { compareDecimals, PRECISIONS } from '../../verify/compareDecimals.js';
import { compareDoubles } from '../../verify/compareDoubles.js';
import { derivative } from '../../verify/derivative.js';
import { createComplexEvaluator, type Evaluated } from '../../verify/evalComplex.js';
import { createDecimalEvaluator, type DecimalEvaluator } from '../../verify/evalDecimal.js';
import { formatReasonNumber as fmt } from '../../verify/formatReasonNumber.js';
import { compileTape, TapeTooLarge, type Tape } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { describeCondition } from './describeCondition.js';
import type { OdeCondition } from './types.js';

/** Digits the point of a condition is computed to, beyond the highest precision of the comparison. */
const POINT_DIGITS = PRECISIONS[PRECISIONS.length - 1] + 12;
/** Relative step to either side of a condition's point where y is not finite, to tell a removable singularity. */
const NEAR = 1e-7;

export type ConditionOutcome =
  | { readonly kind: 'holds' }
  | { readonly kind: 'fails'; readonly reason: string }
  | { readonly kind: 'unknown'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly reason: string };

/**
 * Does y (free of parameters) meet the condition y^(k)(a) = v? y^(k) is sagga's exact derivative;
 * the point a is computed in decimals, and y^(k)(a) and v are compared as the antiderivative check
 * compares a point: in decimals at two precisions when they are real there, else in complex doubles
 * with error bounds. `fails` only on a difference beyond doubt, or where y^(k)(a) is not real or not
 * finite (unless y is finite on both sides of a and tends to one value there: a removable
 * singularity, `unknown`). A point or value that is not a real number makes the condition `invalid`.
 */
export function checkCondition(y: Expr, condition: OdeCondition, meter: WorkMeter): ConditionOutcome {
  const name = describeCondition(condition);
  let d = y;
  for (let k = 0; k < condition.order; k++) {
    const r = derivative(d);
    if (!r.ok) return { kind: 'unknown', reason: `cannot differentiate the answer for ${name}: ${r.reason}` };
    d = r.expr;
  }
  let tapes: { at: Tape; value: Tape; d: Tape };
  try {
    tapes = { at: compileTape(condition.at), value: compileTape(condition.value), d: compileTape(d) };
  } catch (error) {
    if (error instanceof TapeTooLarge) return { kind: 'unknown', reason: `${name}: too large to evaluate: ${error.message}` };
    throw error;
  }
  meter.left -= tapes.at.instrs.length + tapes.value.instrs.length + tapes.d.instrs.length;
  const at = createComplexEvaluator(tapes.at)(0);
  const value = createComplexEvaluator(tapes.value)(0);
  if (!isReal(at)) return { kind: 'invalid', reason: `${name}: the point is not a real number` };
  if (!isReal(value)) return { kind: 'invalid', reason: `${name}: the value is not a real number` };
  const got = createComplexEvaluator(tapes.d)(at.re);
  const lhs = name.slice(0, name.indexOf(' ='));
  if (!Number.isFinite(got.re) || !Number.isFinite(got.im)) return notFinite(tapes.d, at.re, lhs);

  // The point in decimals, so that pi/2 is pi/2 to every digit compared and not its nearest double.
  const atDecimal = createDecimalEvaluator(tapes.at, POINT_DIGITS)(0, meter);
  if (atDecimal === 'exhausted' || atDecimal === 'timeout') return { kind: 'unknown', reason: `the budget ran out checking ${name}` };
  const point: number | Decimal = atDecimal === null ? at.re : atDecimal.value;
  const high = compareDecimals(point, evaluatorsOf(tapes.value), evaluatorsOf(tapes.d), meter);
  if (high.verdict === 'exhausted' || high.verdict === 'timeout') return { kind: 'unknown', reason: `the budget ran out checking ${name}` };
  if (high.verdict === 'agree') return { kind: 'holds' };
  // An answer with integers beyond 2^53 (a CAS's exact rationals) holds them rounded to doubles, and
  // decimals take those doubles as exact: a difference there may be the rounding's, cancelled terms
  // amplifying it without bound. The doubles' error bounds count each such literal as rounded, so
  // they decide.
  if (high.verdict === 'differ' && !hasRoundedLiteral(d)) return { kind: 'fails', reason: `${lhs} = ${complex(got)}, not ${fmt(value.re)}` };
  // Decimals could not decide (a complex value on the way, or cancellation): the doubles and their bounds.
  const doubles = compareDoubles(value, got);
  if (doubles === 'agree') return { kind: 'holds' };
  if (doubles === 'differ') return { kind: 'fails', reason: `${lhs} = ${complex(got)}, not ${fmt(value.re)}` };
  return { kind: 'unknown', reason: `${name} could not be decided: ${lhs} ≈ ${complex(got)} (error bound ${fmt(got.err)})` };
}

/** y^(k) is not finite at the point: a removable singularity leaves it in doubt, anything else fails. */
function notFinite(tape: Tape, a: number, lhs: string): ConditionOutcome {
  const evaluate = createComplexEvaluator(tape);
  const h = NEAR * Math.max(1, Math.abs(a));
  const below = evaluate(a - h);
  const above = evaluate(a + h);
  const finite = (v: Evaluated) => Number.isFinite(v.re) && Number.isFinite(v.im);
  if (finite(below) && finite(above) && Math.hypot(below.re - above.re, below.im - above.im) <= 1e-4 * Math.max(1, Math.hypot(above.re, above.im))) {
    return { kind: 'unknown', reason: `${lhs} is not defined, though y tends to ${complex(above)} there (a removable singularity)` };
  }
  return { kind: 'fails', reason: `${lhs} is not a finite number` };
}

function isReal(v: Evaluated): boolean {
  return Number.isFinite(v.re) && Number.isFinite(v.im) && Math.abs(v.im) <= v.err + 1e-13 * Math.abs(v.re);
}

function evaluatorsOf(tape: Tape): (level: number) => DecimalEvaluator {
  const cache: DecimalEvaluator[] = [];
  return (level) => (cache[level] ??= createDecimalEvaluator(tape, PRECISIONS[level]));
}

function complex(v: Evaluated): string {
  if (Math.abs(v.im) <= v.err + 1e-12 * Math.abs(v.re)) return fmt(v.re);
  return `${fmt(v.re)} ${v.im < 0 ? '-' : '+'} ${fmt(Math.abs(v.im))}i`;
}
