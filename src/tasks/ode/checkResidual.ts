import { hasRoundedLiteral } from '../../expr/hasRoundedLiteral.js';
import type { Expr } from '../../expr/types.js';
import { compareDecimals, PRECISIONS } from '../../verify/compareDecimals.js';
import { createComplexEvaluator } from '../../verify/evalComplex.js';
import { createDecimalEvaluator, type DecimalEvaluator } from '../../verify/evalDecimal.js';
import { formatReasonNumber as fmt } from '../../verify/formatReasonNumber.js';
import { compileTape, TapeTooLarge, type Tape } from '../../verify/tape.js';
import { MIN_AGREEING_POINTS } from '../../verify/verifyPair.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { describeResidualDifferences } from './describeResidualDifferences.js';
import { odeSides } from './odeSides.js';
import type { PreparedOde } from './prepareOde.js';
import { sampleSides } from './sampleSides.js';

/** At most this many points are re-checked at high precision, fewer once enough agree in doubles. */
const MAX_HIGH_PRECISION_POINTS = 16;
const SETTLED_HIGH_PRECISION_POINTS = 4;
/** Agreements after which the re-check of sides that vanish together stops. */
const VANISHING_ENOUGH = 12;

/** Whether y satisfies the equation at the points of its domain. */
export type ResidualOutcome =
  | { readonly kind: 'solves'; readonly agreeing: readonly number[]; readonly reason: string }
  | { readonly kind: 'fails'; readonly reason: string }
  | { readonly kind: 'unknown'; readonly reason: string };

/**
 * Does y (free of parameters) satisfy the prepared equation? The rules of the antiderivative check
 * (verifyPair) with the equation's two sides (odeSides) in place of f and F': both are evaluated in
 * complex doubles with running error bounds at the domain's points, in order; a difference well
 * beyond the bounds is decisive; points the bounds cannot resolve are re-checked in decimals at two
 * precisions (three where the sides vanish together), and only a stable result is believed.
 * MIN_AGREEING_POINTS agreements and no difference: y solves it there. Work is paid from `meter`.
 */
export function checkResidual(prepared: PreparedOde, y: Expr, meter: WorkMeter): ResidualOutcome {
  const sides = odeSides(prepared.ode, y);
  if (!sides.ok) return { kind: 'unknown', reason: sides.reason };
  let leftTape: Tape;
  let rightTape: Tape;
  try {
    leftTape = compileTape(sides.left);
    rightTape = compileTape(sides.right);
  } catch (error) {
    if (error instanceof TapeTooLarge) return { kind: 'unknown', reason: `the equation with the answer put in is too large to evaluate: ${error.message}` };
    throw error;
  }
  const left = createComplexEvaluator(leftTape);
  const right = createComplexEvaluator(rightTape);
  const cost = leftTape.instrs.length + rightTape.instrs.length;
  const exhausted = (what: string, agree: number): ResidualOutcome => ({
    kind: 'unknown',
    reason:
      performance.now() > meter.deadline
        ? `the wall-clock backstop fired ${what} (${agree} points agreed); the pair is a runaway`
        : `the work budget was used up ${what} (${agree} points agreed)`,
  });

  const sampled = sampleSides(prepared.domain, left, right, cost, meter);
  const { agreeing, differences, suspects, queued, undefinedAt, tiny } = sampled;
  if (sampled.stoppedAfter !== undefined) return exhausted(`after ${sampled.stoppedAfter} sample points`, agreeing.length);
  const failedFn = prepared.failedFunction ?? sampled.failedFunction;
  if (differences.length > 0) return { kind: 'fails', reason: describeResidualDifferences(differences, agreeing) };

  // Suspects with small |x| first (decimals are cheapest there); once enough points agree, only a
  // suspect can change the outcome.
  suspects.sort((a, b) => Math.abs(a) - Math.abs(b));
  const settled = agreeing.length >= MIN_AGREEING_POINTS;
  const candidates = settled ? suspects : [...suspects, ...queued];
  const recheck = Math.min(candidates.length, settled ? SETTLED_HIGH_PRECISION_POINTS : MAX_HIGH_PRECISION_POINTS);
  const leftDecimal = evaluatorsOf(leftTape);
  const rightDecimal = evaluatorsOf(rightTape);
  let undecided = suspects.length + queued.length - recheck;
  let vanishing = 0;
  let cutShort = '';
  const rounded = hasRoundedLiteral(y);
  for (let q = 0; q < recheck; q++) {
    const x = candidates[q];
    const high = compareDecimals(x, leftDecimal, rightDecimal, meter);
    if (high.verdict === 'exhausted' || high.verdict === 'timeout') {
      if (!settled) return exhausted(`in the high-precision re-check of x = ${fmt(x)}`, agreeing.length);
      cutShort = `; the budget ended the high-precision re-check with ${recheck - q} points left`;
      break;
    }
    // Decimals take an answer's integers beyond 2^53 as the doubles they were rounded to (a CAS's
    // exact rationals): a difference there may be the rounding's, so the point stays undecided.
    if (high.verdict === 'differ' && rounded) undecided++;
    else if (high.verdict === 'differ') {
      const l = left(x);
      const r = right(x);
      return { kind: 'fails', reason: `${describeResidualDifferences([{ x, left: l, right: r }], agreeing)} (at high precision)` };
    }
    if (high.verdict === 'agree') {
      agreeing.push(x);
      if (high.detail === 'vanishing') vanishing++;
      // Re-checks at three precisions are costly: once sides that vanish together agree at enough points, more add nothing.
      if (vanishing > 0 && agreeing.length >= VANISHING_ENOUGH) break;
    } else undecided++;
  }
  if (agreeing.length >= MIN_AGREEING_POINTS) {
    const lo = Math.min(...agreeing);
    const hi = Math.max(...agreeing);
    const notes = (vanishing > 0 ? `; at ${vanishing} of them both sides vanish` : '') + cutShort;
    return { kind: 'solves', agreeing, reason: `y satisfies the equation at ${agreeing.length} points in [${fmt(lo)}, ${fmt(hi)}]${notes}` };
  }
  if (failedFn !== null) return { kind: 'unknown', reason: `unsupported function for numeric evaluation: ${failedFn} at the sample points` };
  if (prepared.domain.length === 0)
    return { kind: 'unknown', reason: `the equation is not defined (real, finite, not singular) at any of ${prepared.sampled} sample points` };
  return {
    kind: 'unknown',
    reason:
      `only ${agreeing.length} of ${prepared.domain.length} points where the equation is defined could be compared, ${MIN_AGREEING_POINTS} needed ` +
      `(the answer or its derivatives undefined at ${undefinedAt}, ${undecided} beyond double and high precision${tiny > 0 ? `, ${tiny} of them 0 or underflowing in doubles` : ''})`,
  };
}

/** The decimal evaluators of a tape at PRECISIONS[level], made when first asked for. */
function evaluatorsOf(tape: Tape): (level: number) => DecimalEvaluator {
  const cache: DecimalEvaluator[] = [];
  return (level) => (cache[level] ??= createDecimalEvaluator(tape, PRECISIONS[level]));
}
