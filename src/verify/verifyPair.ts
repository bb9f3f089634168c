import type { Expr } from '../expr/types.js';
import { Decimal } from 'decimal.js';
import { derivative } from './derivative.js';
import { createComplexEvaluator, type ComplexEvaluator, type Evaluated } from './evalComplex.js';
import { createDecimalEvaluator, HIGH_PRECISION_DIGITS, type DecimalEvaluator } from './evalDecimal.js';
import { SAMPLE_POINTS } from './samplePoints.js';
import { compileTape, TapeTooLarge, type Tape } from './tape.js';
import { DEFAULT_VERIFY_OPTIONS, type Verdict, type VerifyOptions, type VerifyResult } from './types.js';
import { formatReasonNumber as fmt } from './formatReasonNumber.js';

/** Points that must agree (and none disagree) before an answer is called correct. */
export const MIN_AGREEING_POINTS = 8;
/** Enough agreement: the sample order interleaves signs and scales, so the first points already
 * span the domain, and checking the rest only costs time. */
const ENOUGH_AGREEING_POINTS = 40;
/** A double-precision agreement counts only when the error bound resolves the values to this
 * relative accuracy (otherwise agreement "within the bound" would say nothing). */
const REL_RESOLVED = 1e-9;
/** Relative slack on top of the error bound for agreement: only rounding of the final comparison.
 * (A looser tolerance would let 59x^12 - 59/(x-9) pass for 59x^12 - 58/(x-9) at x > 9.) */
const REL_AGREE = 1e-15;
/** Relative difference beyond which, with the error bound well below it, doubles decide `incorrect`. */
const REL_DISAGREE = 1e-8;
/** Below this magnitude a double is underflow debris: two such values agreeing proves nothing. */
const TINY = 1e-280;
/** At most this many points per pair are re-checked at high precision (they are slow). */
const MAX_HIGH_PRECISION_POINTS = 16;
/** Re-checked at high precision when enough points already agree in doubles: a difference
 * hiding below double resolution is still looked for, at a smaller cost. */
const SETTLED_HIGH_PRECISION_POINTS = 4;

/** A problem compiled once, to check several answers against it (Fail@k). */
export interface PreparedProblem {
  readonly problem: Expr;
  readonly tape: Tape;
  readonly evaluate: ComplexEvaluator;
  decimal?: [DecimalEvaluator, DecimalEvaluator];
}

export function prepareProblem(problem: Expr): PreparedProblem | string {
  try {
    const tape = compileTape(problem);
    return { problem, tape, evaluate: createComplexEvaluator(tape) };
  } catch (error) {
    if (error instanceof TapeTooLarge) return `problem too large to evaluate: ${error.message}`;
    throw error;
  }
}

type PointVerdict = 'agree' | 'differ' | 'suspect' | 'undecided' | 'tiny' | 'timeout';

/**
 * Is `answer` an antiderivative of `problem` (up to a constant) on the real domain where the
 * problem is defined?
 *
 * F' is computed exactly (symbolically), then compared with f at fixed sample points (both signs,
 * magnitudes 1e-4 … 1e3, ±i and ±1/i) in complex double arithmetic with running error bounds.
 * Points where f is undefined or not real are skipped. Where the bounds cannot resolve the
 * comparison (cancellation, underflow), the point is re-evaluated in decimals at two precisions,
 * and only a difference (or agreement) that is stable between them is believed.
 *
 * The rule for branches: F' must equal f as complex numbers. Because F' is exact, an answer that
 * differs from the real antiderivative by a complex constant (log(-x) against 1/x, iπ apart for
 * x > 0) agrees everywhere. Where F' and f differ at a point where F itself is not real, the answer
 * is on another branch there (acosh(x) for 1/sqrt(x^2-1) at x < -1): such points are not counted
 * against it, since on the intervals where the answer is a real function it is right. A difference
 * where F is real is decisive: `incorrect`. MIN_AGREEING_POINTS agreements and no decisive
 * difference make `correct`; anything else is `unknown` with the reason.
 */
export function verifyPair(problem: Expr | PreparedProblem, answer: Expr, opts: Partial<VerifyOptions> = {}): VerifyResult {
  const started = performance.now();
  const budgetMs = opts.budgetMs ?? DEFAULT_VERIFY_OPTIONS.budgetMs;
  const done = (verdict: Verdict, reason: string): VerifyResult => ({ verdict, reason, ms: performance.now() - started });
  try {
    const r = decide(problem, answer, started + budgetMs, budgetMs);
    return done(r[0], r[1]);
  } catch (error) {
    // A bug must cost one pair its verdict, never a batch.
    return done('unknown', `internal error while verifying: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function decide(problem: Expr | PreparedProblem, answer: Expr, deadline: number, budgetMs: number): [Verdict, string] {
  const prepared = 'tape' in problem ? problem : prepareProblem(problem);
  if (typeof prepared === 'string') return ['unknown', prepared];
  const d = derivative(answer);
  if (!d.ok) return ['unknown', `cannot differentiate the answer: ${d.reason}`];
  let dTape: Tape;
  try {
    dTape = compileTape(d.expr);
  } catch (error) {
    if (error instanceof TapeTooLarge) return ['unknown', `answer's derivative too large to evaluate: ${error.message}`];
    throw error;
  }
  const evalD = createComplexEvaluator(dTape);
  let decD: [DecimalEvaluator, DecimalEvaluator] | undefined;
  let evalF: ComplexEvaluator | undefined;
  const timeUp = (p: number): [Verdict, string] => [
    'unknown',
    `time budget of ${budgetMs} ms exceeded after ${p} of ${SAMPLE_POINTS.length} sample points (${agree} agreed)`,
  ];

  let agree = 0;
  let fUndefined = 0;
  let dUndefined = 0;
  let undecided = 0;
  let tiny = 0;
  let otherBranch = 0;
  let failedFn: string | null = null;
  let lo = Infinity;
  let hi = -Infinity;

  /** Is the answer F itself real at x? Decides whether a difference there counts. */
  const answerReal = (x: number): boolean => {
    evalF ??= createComplexEvaluator(compileTape(answer));
    const F = evalF(x);
    // An answer too large for doubles (a constant like 10^100000) is not on another branch: its
    // exact derivative is what counts.
    if (!Number.isFinite(F.re) || !Number.isFinite(F.im)) return true;
    return Math.abs(F.im) <= F.err + 1e-13 * Math.abs(F.re);
  };

  // Pass 1 in doubles; points the error bounds cannot resolve are queued for pass 2 in decimals,
  // which is slow, so fewer of them are re-checked once enough points already agree.
  const queued: number[] = [];
  /** Points where F' and f differ beyond the error bound, by too little to decide in doubles. */
  const suspects: number[] = [];
  /** A decisive difference at x, or null when x is on another branch of the answer. */
  const differAt = (x: number, values: string): [Verdict, string] | null => {
    if (!answerReal(x)) {
      otherBranch++;
      return null;
    }
    return ['incorrect', `F' differs from f at x = ${fmt(x)}: ${values}`];
  };
  for (let p = 0; p < SAMPLE_POINTS.length; p++) {
    if ((p & 7) === 0 && performance.now() > deadline) return timeUp(p);
    const x = SAMPLE_POINTS[p];
    const f = prepared.evaluate(x);
    if (f.failed !== null) failedFn ??= f.failed;
    if (!Number.isFinite(f.re) || !Number.isFinite(f.im) || Math.abs(f.im) > f.err + 1e-13 * Math.abs(f.re)) {
      fUndefined++;
      continue;
    }
    const g = evalD(x);
    if (g.failed !== null) failedFn ??= g.failed;
    if (!Number.isFinite(g.re) || !Number.isFinite(g.im)) {
      dUndefined++;
      continue;
    }
    const verdict = compareDoubles(f, g);
    if (verdict === 'tiny') tiny++;
    else if (verdict === 'undecided') queued.push(x);
    else if (verdict === 'suspect') suspects.push(x);
    else if (verdict === 'agree') {
      agree++;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
      if (agree >= ENOUGH_AGREEING_POINTS) break;
    } else if (verdict === 'differ') {
      const decided = differAt(x, `f = ${fmt(f.re)}, F' = ${fmtC(g.re, g.im)}`);
      if (decided) return decided;
    }
  }

  // Small |x| first: special functions' series converge fastest there, with the least cancellation.
  const bySize = (a: number, b: number) => Math.abs(a) - Math.abs(b);
  queued.sort(bySize);
  suspects.sort(bySize);
  const settled = agree >= MIN_AGREEING_POINTS;
  // Once enough points agree, only a suspect point where F is real can change the verdict: re-check
  // those (log(x - 9) is not real below 9, where a difference would be "another branch"). Points
  // the bound merely cannot resolve are worth their cost only while agreements are still needed.
  const candidates = settled ? suspects.filter((x) => answerReal(x)) : [...suspects, ...queued];
  queued.push(...suspects);
  let cutShort = 0;
  const recheck = Math.min(candidates.length, settled ? SETTLED_HIGH_PRECISION_POINTS : MAX_HIGH_PRECISION_POINTS);
  undecided = queued.length - recheck;
  for (let q = 0; q < recheck; q++) {
    const x = candidates[q];
    prepared.decimal ??= [createDecimalEvaluator(prepared.tape), createDecimalEvaluator(prepared.tape, 2 * HIGH_PRECISION_DIGITS)];
    decD ??= [createDecimalEvaluator(dTape), createDecimalEvaluator(dTape, 2 * HIGH_PRECISION_DIGITS)];
    const high = compareDecimals(x, prepared.decimal, decD, deadline);
    if (high.verdict === 'timeout') {
      // Already settled in doubles: the re-check looks for a difference hiding below double
      // resolution, and running out of time means none was found, not that the answer is in doubt.
      if (settled) {
        cutShort = recheck - q;
        break;
      }
      return timeUp(SAMPLE_POINTS.indexOf(x));
    }
    if (high.verdict === 'agree') {
      agree++;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    } else if (high.verdict === 'differ') {
      const decided = differAt(x, `${high.detail} (at high precision)`);
      if (decided) return decided;
    } else undecided++;
  }

  const branchNote =
    (otherBranch > 0 ? `; ignored ${otherBranch} points where F is not real and F' is on another branch` : '') +
    (cutShort > 0 ? `; the time budget ended the high-precision re-check with ${cutShort} points left` : '');
  if (agree >= MIN_AGREEING_POINTS) {
    return ['correct', `F' = f at ${agree} points in [${fmt(lo)}, ${fmt(hi)}]${branchNote}`];
  }
  if (failedFn !== null) return ['unknown', `unsupported function for numeric evaluation: ${failedFn} at the sample points`];
  const defined = SAMPLE_POINTS.length - fUndefined;
  if (defined === 0) return ['unknown', 'the problem is not real-valued at any sample point'];
  return [
    'unknown',
    `only ${agree} of ${SAMPLE_POINTS.length} sample points could be compared, ${MIN_AGREEING_POINTS} needed ` +
      `(problem undefined or not real at ${fUndefined}, answer's derivative undefined at ${dUndefined}, ` +
      `${undecided} beyond double and high precision${tiny > 0 ? `, ${tiny} underflowing on both sides` : ''}${otherBranch > 0 ? `, ${otherBranch} on another branch` : ''})`,
  ];
}

/**
 * Compare f and F' from their double values and error bounds. `agree` only when the bound
 * resolves both to REL_RESOLVED (so a large bound cannot make different values "agree"), and
 * neither is underflow debris; `differ` only when the difference is well beyond the bound.
 */
function compareDoubles(f: Evaluated, g: Evaluated): PointVerdict {
  const diff = Math.hypot(f.re - g.re, g.im);
  const scale = Math.max(Math.abs(f.re), Math.hypot(g.re, g.im));
  const bound = f.err + g.err;
  if (!Number.isFinite(bound)) return 'undecided';
  if (diff === 0 && bound === 0) return 'agree'; // exact arithmetic on both sides
  if (diff > 8 * bound && diff > REL_DISAGREE * scale) return 'differ';
  if (diff > 8 * bound + REL_AGREE * scale && bound <= REL_RESOLVED * scale && scale > TINY) return 'suspect';
  // Both sides lost to underflow: the point says nothing, and re-checking it in decimals is slow.
  if (scale <= TINY) return 'tiny';
  if (scale > TINY && bound <= REL_RESOLVED * scale && diff <= 8 * bound + REL_AGREE * scale) return 'agree';
  return 'undecided';
}

/**
 * Decide a point in decimal arithmetic, at two precisions: the lower one's error is estimated by
 * its distance to the higher one, so catastrophic cancellation (which would make a single
 * evaluation's leftover digits look like a real difference) shows as instability and leaves the
 * point undecided.
 */
function compareDecimals(
  x: number,
  f: [DecimalEvaluator, DecimalEvaluator],
  g: [DecimalEvaluator, DecimalEvaluator],
  deadline: number,
): { verdict: PointVerdict; detail: string } {
  const f1 = f[0](x, deadline);
  if (f1 === 'timeout') return { verdict: 'timeout', detail: '' };
  if (f1 === null) return { verdict: 'undecided', detail: '' };
  const g1 = g[0](x, deadline);
  if (g1 === 'timeout') return { verdict: 'timeout', detail: '' };
  if (g1 === null) return { verdict: 'undecided', detail: '' };
  const shown = (a: Decimal, b: Decimal) =>
    `f = ${a.toSignificantDigits(12).toString()}, F' = ${b.toSignificantDigits(12).toString()}, f - F' = ${a.minus(b).toSignificantDigits(6).toString()}`;
  // Where few digits were lost, the lower precision already decides, at half the cost.
  {
    const reliable = Math.min(f1.reliableDigits, g1.reliableDigits);
    const d = f1.value.minus(g1.value).abs();
    const scale = Decimal.max(f1.value.abs(), g1.value.abs());
    if (scale.isZero()) return { verdict: 'agree', detail: '' };
    if (d.gt(scale.times(`1e-${reliable - 5}`))) return { verdict: 'differ', detail: shown(f1.value, g1.value) };
    if (reliable >= 22 && d.lte(scale.times('1e-20'))) return { verdict: 'agree', detail: '' };
  }
  const f2 = f[1](x, deadline);
  if (f2 === 'timeout') return { verdict: 'timeout', detail: '' };
  const g2 = g[1](x, deadline);
  if (g2 === 'timeout') return { verdict: 'timeout', detail: '' };
  if (f2 === null || g2 === null) return { verdict: 'undecided', detail: '' };
  const d1 = f1.value.minus(g1.value);
  const d2 = f2.value.minus(g2.value);
  const scale = Decimal.max(f2.value.abs(), g2.value.abs());
  const instability = d1.minus(d2).abs();
  const size = d2.abs();
  if (scale.isZero()) return { verdict: 'agree', detail: '' };
  if (size.lte(scale.times(1e-24)) && instability.lte(scale.times(1e-20))) return { verdict: 'agree', detail: '' };
  const reliable = Math.min(f2.reliableDigits, g2.reliableDigits);
  if (size.gt(scale.times(`1e-${Math.min(20, reliable - 5)}`)) && instability.lt(size.times(1e-3))) return { verdict: 'differ', detail: shown(f2.value, g2.value) };
  return { verdict: 'undecided', detail: '' };
}

function fmtC(re: number, im: number): string {
  if (Math.abs(im) <= 1e-12 * Math.abs(re)) return fmt(re);
  return `${fmt(re)} ${im < 0 ? '-' : '+'} ${fmt(Math.abs(im))}i`;
}
