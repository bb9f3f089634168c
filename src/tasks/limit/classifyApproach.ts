import { Decimal } from 'decimal.js';
import type { ApproachSamples } from './approachSampler.js';
import { richardson } from './richardson.js';
import type { SideLimit } from './sideLimit.js';
import { wynnEpsilon, type Extrapolation } from './wynnEpsilon.js';

/** Fewest values along an approach to say anything about it. */
const MIN_VALUES = 10;
/** An extrapolated limit is believed when its error is below this part of the values' size. */
const CONVERGED = 1e-10;
/** Values in the tail looked at for oscillation and for a squeezing envelope, in windows of WINDOW (three halvings of h). */
const TAIL = 48;
const WINDOW = 6;
/** Fewest windows that show an envelope or an oscillation (f may stop being computable sooner). */
const MIN_WINDOWS = 6;

/**
 * Decide what f does along one approach from its values there (`ApproachSampler`):
 * - a finite limit when the values extrapolate to it with a small error (Richardson over all points,
 *   or Wynn's epsilon over each geometric subsequence, both agreeing) and they do close in on it
 *   (which rules out the "antilimit" the epsilon algorithm finds for a sequence that runs away
 *   geometrically), or when they swing around it inside an envelope that shrinks (`squeeze`);
 * - +oo or −oo when the tail keeps one sign and grows, with 1/f extrapolating to 0, or f growing by a
 *   constant step per halving of h (log-like growth);
 * - oscillating when the spread of the values over the windows of the last TAIL points stays a large
 *   part of their size and does not shrink (sin(1/x) at 0, x·sin(x) at oo).
 * Values that swing up and down are never extrapolated: only the envelope and oscillation tests
 * apply to them.
 * Anything else is undecided, with what was seen.
 */
export function classifyApproach(samples: ApproachSamples): SideLimit {
  const v = samples.values;
  if (v.length === 0) {
    return samples.notReal
      ? { kind: 'notReal' }
      : { kind: 'undecided', why: 'f cannot be computed in decimals at any point of the approach (too large, or a function without a decimal implementation)' };
  }
  // Values that stop where f stops being real never came near the point: they say nothing of its limit.
  if (samples.notRealInward === 'everywhere') return { kind: 'notReal' };
  if (samples.notRealInward === 'not everywhere') return { kind: 'undecided', why: `${samples.cut}, and real again at some point closer in` };
  if (v.length < MIN_VALUES) {
    return { kind: 'undecided', why: `f could be evaluated at only ${v.length} points of the approach${samples.cut === null ? '' : ` (${samples.cut})`}` };
  }
  const D = v[0].constructor as typeof Decimal;
  const noise = new D(10).pow(-samples.reliableDigits);
  const [even, odd] = subsequences(v);
  // Extrapolation assumes a smooth approach: on values that swing up and down, its error estimate
  // (the change between neighbouring entries) can be small by chance, so only envelopes are used there.
  const swinging = swings(v, noise);
  const finite = swinging ? squeeze(v) : finiteLimit(v, samples.steps, even, odd, noise);
  if (finite !== null) return finite;
  const infinite = swinging ? null : divergence(v, samples.steps, even, odd, noise);
  if (infinite !== null) return infinite;
  const oscillating = swinging ? oscillation(v) : null;
  if (oscillating !== null) return oscillating;
  const last = v.slice(-4).map((d) => d.toSignificantDigits(6).toString());
  return {
    kind: 'undecided',
    why: `the values neither settle, diverge nor oscillate clearly (the last ones: ${last.join(', ')}${samples.cut === null ? '' : `; ${samples.cut}`})`,
  };
}

/**
 * Whether the last values swing up and down: at least a quarter of their steps reverse the one
 * before, counting only steps above the noise (values settled to their last digits wobble too).
 */
function swings(v: readonly Decimal[], noise: Decimal): boolean {
  const tail = v.slice(-TAIL);
  const size = Decimal.max(...tail.map((d) => d.abs()));
  const floor = size.times(noise).times(100);
  const steps = tail
    .slice(1)
    .map((d, i) => d.minus(tail[i]))
    .filter((d) => d.abs().gt(floor));
  let turns = 0;
  for (let i = 1; i < steps.length; i++) if (steps[i].isNegative() !== steps[i - 1].isNegative()) turns++;
  return steps.length >= 8 && turns * 4 >= steps.length;
}

function subsequences(v: readonly Decimal[]): [Decimal[], Decimal[]] {
  return [v.filter((_, i) => i % 2 === 0), v.filter((_, i) => i % 2 === 1)];
}

/**
 * The better of two extrapolations: Wynn's epsilon over each geometric subsequence (their common
 * value, when they agree), and Richardson's over all the points.
 */
function extrapolate(v: readonly Decimal[], steps: readonly Decimal[], even: readonly Decimal[], odd: readonly Decimal[]): Extrapolation | null {
  const poly = richardson(steps, v);
  // Settled to half the working digits already: Wynn's table (hundreds of slow divisions) adds nothing.
  if (poly !== null && poly.error.lte(poly.value.abs().times(halfDigits(v[0])))) return poly;
  const ea = wynnEpsilon(even);
  const eb = wynnEpsilon(odd);
  const wynn: Extrapolation | null =
    ea === null || eb === null
      ? null
      : { value: ea.error.lte(eb.error) ? ea.value : eb.value, error: Decimal.max(ea.error, eb.error, ea.value.minus(eb.value).abs()) };
  if (wynn === null || poly === null) return wynn ?? poly;
  return poly.error.lt(wynn.error) ? poly : wynn;
}

function finiteLimit(v: readonly Decimal[], steps: readonly Decimal[], even: readonly Decimal[], odd: readonly Decimal[], noise: Decimal): SideLimit | null {
  const e = extrapolate(v, steps, even, odd);
  if (e === null) return null;
  const tail = v.slice(-Math.floor(v.length / 2));
  const scale = Decimal.max(e.value.abs(), ...tail.map((d) => d.abs()));
  const error = Decimal.max(e.error, scale.times(noise));
  if (error.gt(scale.times(CONVERGED))) return null;
  // The values must close in on the estimate: the last four no farther from it than the four before.
  const distance = (d: Decimal) => d.minus(e.value).abs();
  const recent = Decimal.max(...v.slice(-4).map(distance));
  const earlier = Decimal.max(...v.slice(-8, -4).map(distance));
  if (recent.gt(earlier) && recent.gt(error.times(10))) return null;
  return { kind: 'finite', value: e.value, error };
}

/**
 * A limit squeezed by a shrinking envelope, where extrapolation does not apply (x·sin(1/x) at 0,
 * sin(x)/x at oo): swinging values whose spread over windows of the tail falls, from the first two
 * windows to the last two, below a twentieth. The limit is then the middle of the last window, within
 * twice the larger of the last two spreads.
 */
function squeeze(v: readonly Decimal[]): SideLimit | null {
  // Short sequences (f not computable far out, as e^-x·cos(x) past x = 1000) in windows of three.
  const windows = tailWindows(v, v.length >= MIN_WINDOWS * WINDOW ? WINDOW : 3);
  const n = windows.length;
  if (n < 4) return null;
  const early = Decimal.max(windows[0].spread, windows[1].spread);
  const late = Decimal.max(windows[n - 2].spread, windows[n - 1].spread);
  if (late.gt(early.times(0.05))) return null;
  const last = windows[n - 1];
  return { kind: 'finite', value: last.hi.plus(last.lo).div(2), error: late.times(2) };
}

function divergence(v: readonly Decimal[], steps: readonly Decimal[], even: readonly Decimal[], odd: readonly Decimal[], noise: Decimal): SideLimit | null {
  const tail = v.slice(-8);
  const sign = tail[0].isNegative() ? -1 : 1;
  if (tail.some((d) => d.isZero() || (d.isNegative() ? -1 : 1) !== sign)) return null;
  const size = tail.map((d) => d.abs());
  if (!(size[7].gt(size[3]) && size[3].gt(size[0]))) return null;
  // Power-like growth: 1/f extrapolates to 0, well inside the size of 1/f along the tail.
  const inverse = extrapolate(
    v.map((d) => invert(d)),
    steps,
    even.map((d) => invert(d)),
    odd.map((d) => invert(d)),
  );
  const firstInverse = invert(tail[0]).abs();
  if (inverse !== null && inverse.value.abs().lte(inverse.error.times(10).plus(firstInverse.times(noise))) && inverse.error.lte(firstInverse.times(1e-6))) {
    return { kind: 'infinite', sign, how: '1/f extrapolates to 0' };
  }
  // Log-like growth: the step per halving of h settles at a non-zero constant of f's sign.
  const growth = bothWynn(differences(even), differences(odd));
  if (growth !== null && !growth.value.isZero() && (growth.value.isNegative() ? -1 : 1) === sign && growth.value.abs().gt(growth.error.times(100))) {
    return { kind: 'infinite', sign, how: `f grows by ${growth.value.toSignificantDigits(6).toString()} per halving of the distance` };
  }
  return null;
}

/** 10^-(digits/2) at the precision of `d`. */
function halfDigits(d: Decimal): Decimal {
  const D = d.constructor as typeof Decimal;
  return new D(10).pow(-Math.floor(D.precision / 2));
}

/** Wynn's epsilon over both subsequences, when they agree. */
function bothWynn(a: readonly Decimal[], b: readonly Decimal[]): Extrapolation | null {
  const ea = wynnEpsilon(a);
  const eb = wynnEpsilon(b);
  if (ea === null || eb === null) return null;
  return { value: ea.error.lte(eb.error) ? ea.value : eb.value, error: Decimal.max(ea.error, eb.error, ea.value.minus(eb.value).abs()) };
}

function invert(d: Decimal): Decimal {
  const D = d.constructor as typeof Decimal;
  return new D(1).div(d);
}

function differences(s: readonly Decimal[]): Decimal[] {
  return s.slice(1).map((d, i) => d.minus(s[i]));
}

interface Window {
  readonly hi: Decimal;
  readonly lo: Decimal;
  readonly spread: Decimal;
  readonly size: Decimal;
  readonly bothSigns: boolean;
}

/** The last TAIL values (or as many whole windows as there are) in windows of `size` consecutive ones. */
function tailWindows(v: readonly Decimal[], size = WINDOW): Window[] {
  const windows: Window[] = [];
  const count = Math.min(TAIL, v.length - (v.length % size));
  for (let w = v.length - count; w < v.length; w += size) {
    const part = v.slice(w, w + size);
    const hi = Decimal.max(...part);
    const lo = Decimal.min(...part);
    windows.push({
      hi,
      lo,
      spread: hi.minus(lo),
      size: Decimal.max(hi.abs(), lo.abs()),
      bothSigns: hi.isPositive() && lo.isNegative() && !hi.isZero() && !lo.isZero(),
    });
  }
  return windows;
}

/**
 * Oscillation that does not die out: over the last TAIL values, most windows spread over a fifth of
 * their size or more, the late spreads are at least half the early ones (medians of three windows,
 * as single windows of a chaotic sequence can be narrow by chance), and the values stay bounded or
 * keep changing sign (x·sin(x) at oo has no limit; x·(2 + sin(x)) diverges to oo and is not this).
 */
function oscillation(v: readonly Decimal[]): SideLimit | null {
  const windows = tailWindows(v);
  const n = windows.length;
  if (n < MIN_WINDOWS) return null;
  const wide = windows.filter((w) => !w.size.isZero() && w.spread.gte(w.size.times(0.2))).length;
  const median = (ws: readonly Window[]) => ws.map((w) => w.spread).sort((a, b) => a.comparedTo(b))[1];
  const early = median(windows.slice(0, 3));
  const late = median(windows.slice(n - 3));
  const bounded = Decimal.max(windows[n - 1].size, windows[n - 2].size).lte(Decimal.max(windows[0].size, windows[1].size).times(4));
  const signs = windows.filter((w) => w.bothSigns).length;
  if (wide >= n - 2 && !early.isZero() && late.gte(early.times(0.5)) && (bounded || signs >= n - 2)) {
    return {
      kind: 'oscillating',
      how: `f keeps swinging over about ${late.toSignificantDigits(3).toString()} between neighbouring sample points all along the approach`,
    };
  }
  return null;
}
