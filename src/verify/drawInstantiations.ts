import type { ParameterValues } from '../expr/edit/instantiate.js';
import type { ParameterName } from '../expr/parameters.js';
import type { Rng } from '../util/rng.js';
import type { Assumption } from './parameterAssumptions.js';

/** Decades a drawn magnitude spans: log-uniform over [1/10, 10]. */
const LOWEST_DECADE = -1;
const HIGHEST_DECADE = 1;
/** Significant digits a drawn value keeps, so that the number a reason names is the number used. */
const DIGITS = 3;
/** A value within SIMPLE_MARGIN of a fraction p/q with q up to SIMPLE_DENOMINATOR is drawn again (about a quarter of draws). */
const SIMPLE_DENOMINATOR = 4;
const SIMPLE_MARGIN = 0.02;
/** Draws of one value before the last one is kept whatever it is (each is rejected with chance below 1/2). */
const ATTEMPTS = 64;

/**
 * `count` random instantiations of the named symbols, each within its assumption: a magnitude
 * log-uniform over [1/10, 10] with three significant digits, away from integers and simple
 * fractions (within 0.02 of p/q for q ≤ 4: 1, 1/2, 2/3, 5/4 …, where wrong answers often happen to be
 * right), distinct within one
 * instantiation; positive, negative, or of a random sign for `nonzero` and `real` (0 itself, where
 * a real parameter may make a problem degenerate, is never drawn).
 */
export function drawInstantiations(symbols: ReadonlyArray<readonly [ParameterName, Assumption]>, count: number, rng: Rng): ParameterValues[] {
  const out: ParameterValues[] = [];
  for (let k = 0; k < count; k++) {
    const values: Partial<Record<ParameterName, number>> = {};
    const taken: number[] = [];
    for (const [name, assumption] of symbols) {
      let magnitude = drawMagnitude(rng);
      for (let attempt = 1; attempt < ATTEMPTS && taken.includes(magnitude); attempt++) magnitude = drawMagnitude(rng);
      taken.push(magnitude);
      const negative = assumption === 'negative' || ((assumption === 'nonzero' || assumption === 'real') && rng.next() < 0.5);
      values[name] = negative ? -magnitude : magnitude;
    }
    out.push(values);
  }
  return out;
}

function drawMagnitude(rng: Rng): number {
  let v = 1;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    v = Number((10 ** rng.uniform(LOWEST_DECADE, HIGHEST_DECADE)).toPrecision(DIGITS));
    if (!nearSimpleFraction(v)) return v;
  }
  return v;
}

function nearSimpleFraction(v: number): boolean {
  for (let q = 1; q <= SIMPLE_DENOMINATOR; q++) {
    const scaled = v * q;
    if (Math.abs(scaled - Math.round(scaled)) < SIMPLE_MARGIN * q && Math.round(scaled) !== 0) return true;
  }
  return false;
}
