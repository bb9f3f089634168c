import type { Decimal } from 'decimal.js';
import { hasX, type Expr } from '../../expr/types.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { evaluateConstant } from './evaluateConstant.js';
import { linearCoefficients } from './linearCoefficients.js';

/** The slowest oscillating factor of an integrand, sin(k·x + c) (phase 0) or cos(k·x + c) (phase π/2), k > 0. */
export interface Oscillation {
  readonly k: Decimal;
  readonly c: Decimal;
  /** 0 for sin, 1/2 for cos: the factor vanishes where k·x + c − phase·π is a multiple of π. */
  readonly phase: 0 | 0.5;
}

/** |k| of the other factors must be whole multiples of the slowest one's to this relative accuracy. */
const COMMENSURATE = 1e-20;

/**
 * The oscillation of `integrand` when every sin and cos in it has an argument linear in x and all
 * their frequencies are whole multiples of the slowest (sin(x)/x, cos(x)/(1 + x^2), sin(x)^2/x^2,
 * sin(2*x)*cos(x)/x): then the integrand has period 2π/k away from its other factors, and a tail can
 * be cut where the slowest factor vanishes. Undefined when there is no such factor or any other
 * kind of oscillation.
 */
export function findOscillation(integrand: Expr, digits: number, meter: WorkMeter): Oscillation | undefined {
  const found: Oscillation[] = [];
  const stack: Expr[] = [integrand];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.type === 'num' || e.type === 'sym' || !hasX(e)) continue;
    if (e.type === 'fn' && (e.name === 'sin' || e.name === 'cos')) {
      const linear = linearCoefficients(e.args[0]);
      if (linear === undefined) return undefined;
      const k = evaluateConstant(linear.slope, digits, meter);
      const c = evaluateConstant(linear.intercept, digits, meter);
      if (!k.ok || !c.ok || k.value.isZero()) return undefined;
      // sin(-k x + c) = -sin(k x - c) and cos(-k x + c) = cos(k x - c): the same zeros.
      const negative = k.value.isNegative();
      found.push({ k: k.value.abs(), c: negative ? c.value.neg() : c.value, phase: e.name === 'sin' ? 0 : 0.5 });
      continue;
    }
    if (e.type === 'fn' && ['tan', 'cot', 'sec', 'csc'].includes(e.name)) return undefined;
    for (const a of e.args) stack.push(a);
  }
  if (found.length === 0) return undefined;
  const slowest = found.reduce((p, q) => (q.k.lt(p.k) ? q : p));
  for (const o of found) {
    const ratio = o.k.div(slowest.k);
    if (ratio.minus(ratio.round()).abs().gt(COMMENSURATE)) return undefined;
  }
  return slowest;
}
