import { createComplexEvaluator, type ComplexEvaluator, type Evaluated } from '../../verify/evalComplex.js';
import { SAMPLE_POINTS } from '../../verify/samplePoints.js';
import { compileTape, TapeTooLarge, UnboundSymbol } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import type { LinearOde } from './types.js';

/** Fewer domain points than this among the usual ones, and points are spread where the equation is defined. */
const ENOUGH_DOMAIN_POINTS = 40;
/** Points spread over the span where the equation is defined, when the usual ones find it there too rarely. */
const AROUND_POINTS = 32;

/**
 * An equation made ready for its answers: the sample points where it is posed, each in the order of
 * SAMPLE_POINTS (both signs, every scale, any prefix spanning them).
 */
export interface PreparedOde {
  readonly ode: LinearOde;
  /** Where every coefficient and the right-hand side are real and finite, and the leading coefficient is not 0. */
  readonly domain: readonly number[];
  /** Sample points looked at, for reasons. */
  readonly sampled: number;
  /** A function the evaluator could not compute at some point, for reasons. */
  readonly failedFunction: string | null;
}

/**
 * The equation's domain, the whole-domain rule of the antiderivative check carried over: an answer
 * must satisfy the equation at every sample point where the equation itself is defined, the
 * coefficients and the right-hand side real and finite (the answer may be complex there, as an
 * antiderivative may: log(x) solves y' = 1/x for x < 0 too, up to a complex constant), except where
 * the leading coefficient vanishes (a singular point). Each point's evaluation is paid from `meter`.
 */
export function prepareOde(ode: LinearOde, meter: WorkMeter): PreparedOde | string {
  let data: { evaluate: ComplexEvaluator; cost: number }[];
  try {
    data = [ode.coefficients[ode.order], ode.rhs, ...ode.coefficients.slice(0, ode.order)].map((e) => {
      const tape = compileTape(e);
      return { evaluate: createComplexEvaluator(tape), cost: tape.instrs.length };
    });
  } catch (error) {
    if (error instanceof TapeTooLarge) return `the equation is too large to evaluate: ${error.message}`;
    if (error instanceof UnboundSymbol) return `the equation: ${error.message}`;
    throw error;
  }
  const cost = data.reduce((s, d) => s + d.cost, 0);
  let failedFunction: string | null = null;
  const inDomain = (x: number): boolean | 'stop' => {
    meter.left -= cost;
    if (meter.left < 0 || performance.now() > meter.deadline) return 'stop';
    for (let k = 0; k < data.length; k++) {
      const v = data[k].evaluate(x);
      if (v.failed !== null) failedFunction ??= v.failed;
      if (!isReal(v)) return false;
      // The leading coefficient, first: 0 at x makes x a singular point of the equation.
      if (k === 0 && Math.abs(v.re) <= v.err) return false;
    }
    return true;
  };
  const domain: number[] = [];
  const outside: number[] = [];
  let sampled = 0;
  for (const x of SAMPLE_POINTS) {
    const r = inDomain(x);
    if (r === 'stop') break;
    sampled++;
    (r ? domain : outside).push(x);
  }
  if (domain.length > 0 && domain.length < ENOUGH_DOMAIN_POINTS) {
    for (const x of pointsAround(domain, outside)) {
      const r = inDomain(x);
      if (r === 'stop') break;
      sampled++;
      if (r) domain.push(x);
    }
  }
  return { ode, domain, sampled, failedFunction };
}

function isReal(v: Evaluated): boolean {
  return Number.isFinite(v.re) && Number.isFinite(v.im) && Math.abs(v.im) <= v.err + 1e-13 * Math.abs(v.re);
}

/** Points spread evenly over the span of `inside`, up to the nearest points of `outside` around it. */
function pointsAround(inside: readonly number[], outside: readonly number[]): number[] {
  const min = Math.min(...inside);
  const max = Math.max(...inside);
  const below = Math.max(...outside.filter((x) => x < min), min - 1);
  const above = Math.min(...outside.filter((x) => x > max), max + 1);
  return Array.from({ length: AROUND_POINTS }, (_, i) => below + ((i + 0.5137) / AROUND_POINTS) * (above - below));
}
