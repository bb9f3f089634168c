import type { Decimal } from 'decimal.js';
import { compileReal, type RealFunction } from '../../expr/evalReal.js';
import type { FnName } from '../../expr/functions.js';
import type { Expr } from '../../expr/types.js';
import { createComplexEvaluator, type ComplexEvaluator } from '../../verify/evalComplex.js';
import { createDecimalEvaluator, decimalEvaluates, type DecimalEvaluator } from '../../verify/evalDecimal.js';
import type { Tape } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { decimalContext } from './decimalContext.js';

/** f at one point in decimals, and a bound on the rounding noise in it. */
export interface IntegrandValue {
  readonly value: Decimal;
  readonly noise: Decimal;
  /**
   * Some digit of the value survived. A value without one is only bounded by the rounding of what
   * met on the way, and not even that after a division by something tiny: (1 − cos x)/x² at
   * x = 10^-400 comes out as 0, not 1/2.
   */
  readonly reliable: boolean;
}

/** The integrand compiled at one precision. */
export interface Integrand {
  readonly digits: number;
  /** A function the tree uses that decimals do not evaluate (no point can then be evaluated). */
  readonly missing: FnName | undefined;
  /** f(x) in decimals; null where it has no real value there (or decimals cannot say). */
  at(x: Decimal, meter: WorkMeter): IntegrandValue | null | 'exhausted' | 'timeout';
  /**
   * f(x) in double precision with its error bound, or null where it is not real and finite: asked
   * only where decimals gave up far out in a tail (exp(-x) at x = 10^5 is beyond what decimal.js
   * computes, but plainly 0 in doubles).
   */
  atDouble(x: number, meter: WorkMeter): { readonly value: number; readonly error: number } | null;
}

/** Relative error granted a plain double far out in a tail (no running bound exists there). */
const DOUBLE_SLACK = 1e-10;

/** Digits of slack between the noise estimate and rounding's own size. */
const NOISE_SLACK_DIGITS = 2;

export function createIntegrand(problem: Expr, tape: Tape, digits: number): Integrand {
  const { D } = decimalContext(digits);
  let missing: FnName | undefined;
  for (const name of tape.functions) if (!decimalEvaluates(name)) missing ??= name;
  const evaluate: DecimalEvaluator = createDecimalEvaluator(tape, digits);
  let complex: ComplexEvaluator | undefined;
  let plain: RealFunction | undefined;
  return {
    digits,
    missing,
    at(x, meter) {
      const r = evaluate(x, meter);
      if (r === null || r === 'exhausted' || r === 'timeout') return r;
      if (r.reliableDigits > NOISE_SLACK_DIGITS && !r.value.isZero()) {
        return { value: r.value, noise: r.value.abs().times(new D(10).pow(NOISE_SLACK_DIGITS - r.reliableDigits)), reliable: true };
      }
      const floor = new D(10).pow(r.magnitude - digits + NOISE_SLACK_DIGITS);
      return { value: r.value, noise: r.value.abs().gt(floor) ? r.value.abs() : floor, reliable: false };
    },
    atDouble(x, meter) {
      complex ??= createComplexEvaluator(tape);
      meter.left -= tape.instrs.length;
      const v = complex(x);
      if (v.failed === null && Number.isFinite(v.re) && Number.isFinite(v.err) && Math.abs(v.im) <= v.err)
        return { value: v.re, error: v.err + Math.abs(v.im) };
      // Far out in a tail the bounds give up on overflow (e^x = ∞ in x/(e^x - 1)) where plain doubles
      // still see the limit (x/∞ = 0): a finite real value there is taken with a generous error.
      plain ??= compileReal(problem);
      meter.left -= tape.instrs.length;
      const r = plain?.(x);
      return r === undefined || !Number.isFinite(r) ? null : { value: r, error: Math.abs(r) * DOUBLE_SLACK };
    },
  };
}
