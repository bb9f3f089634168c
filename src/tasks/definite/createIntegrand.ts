import type { Decimal } from 'decimal.js';
import type { FnName } from '../../expr/functions.js';
import { createComplexEvaluator, type ComplexEvaluator } from '../../verify/evalComplex.js';
import { createDecimalEvaluator, decimalEvaluates, type DecimalEvaluator } from '../../verify/evalDecimal.js';
import type { Tape } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { decimalContext } from './decimalContext.js';

/** f at one point in decimals, and a bound on the rounding noise in it. */
export interface IntegrandValue {
  readonly value: Decimal;
  readonly noise: Decimal;
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

/** Digits of slack between the noise estimate and rounding's own size. */
const NOISE_SLACK_DIGITS = 2;

export function createIntegrand(tape: Tape, digits: number): Integrand {
  const { D } = decimalContext(digits);
  let missing: FnName | undefined;
  for (const name of tape.functions) if (!decimalEvaluates(name)) missing ??= name;
  const evaluate: DecimalEvaluator = createDecimalEvaluator(tape, digits);
  let complex: ComplexEvaluator | undefined;
  return {
    digits,
    missing,
    at(x, meter) {
      const r = evaluate(x, meter);
      if (r === null || r === 'exhausted' || r === 'timeout') return r;
      if (r.reliableDigits > NOISE_SLACK_DIGITS && !r.value.isZero()) {
        return { value: r.value, noise: r.value.abs().times(new D(10).pow(NOISE_SLACK_DIGITS - r.reliableDigits)) };
      }
      const floor = new D(10).pow(r.magnitude - digits + NOISE_SLACK_DIGITS);
      return { value: r.value, noise: r.value.abs().gt(floor) ? r.value.abs() : floor };
    },
    atDouble(x, meter) {
      complex ??= createComplexEvaluator(tape);
      meter.left -= tape.instrs.length;
      const v = complex(x);
      if (v.failed !== null || !Number.isFinite(v.re) || !Number.isFinite(v.err) || Math.abs(v.im) > v.err) return null;
      return { value: v.re, error: v.err + Math.abs(v.im) };
    },
  };
}
