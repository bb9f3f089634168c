import type { Decimal } from 'decimal.js';
import { hasX, type Expr } from '../../expr/types.js';
import { createComplexEvaluator } from '../../verify/evalComplex.js';
import { createDecimalEvaluator } from '../../verify/evalDecimal.js';
import { compileTape, TapeTooLarge } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { decimalContext } from './decimalContext.js';

/** A constant's value and a bound on its error, or why it has none. */
export type ConstantValue =
  | { readonly ok: true; readonly value: Decimal; readonly error: Decimal; readonly precision: 'decimal' | 'double' }
  | { readonly ok: false; readonly reason: string; readonly why: 'not-constant' | 'not-real' | 'imprecise' | 'unsupported' | 'exhausted' | 'timeout' };

/**
 * The value of a tree free of x, at `digits` digits. Decimals first, their error being what the
 * evaluator says was lost to cancellation and conditioning; a tree decimals cannot evaluate (erf(1),
 * gamma(1/4), a named constant they lack) is evaluated in double precision with a running error
 * bound instead, so that it can still be judged to the digits that bound allows.
 */
export function evaluateConstant(expr: Expr, digits: number, meter: WorkMeter): ConstantValue {
  if (hasX(expr)) return { ok: false, why: 'not-constant', reason: 'it depends on x' };
  let tape: ReturnType<typeof compileTape>;
  try {
    tape = compileTape(expr);
  } catch (error) {
    if (error instanceof TapeTooLarge) return { ok: false, why: 'not-constant', reason: `too large to evaluate: ${error.message}` };
    throw error;
  }
  const { D } = decimalContext(digits);
  const r = createDecimalEvaluator(tape, digits)(0, meter);
  if (r === 'exhausted' || r === 'timeout')
    return { ok: false, why: r, reason: r === 'exhausted' ? 'the work budget ran out' : 'the wall-clock backstop fired' };
  if (r !== null && r.reliableDigits > 2) {
    // An exact 0 (a literal 0, or pi - pi) is only known to the rounding of what met on the way.
    const error = r.value.isZero() ? new D(10).pow(r.magnitude - digits + 2) : r.value.abs().times(new D(10).pow(2 - r.reliableDigits));
    return { ok: true, value: r.value, error, precision: 'decimal' };
  }
  meter.left -= tape.instrs.length;
  if (meter.left < 0) return { ok: false, why: 'exhausted', reason: 'the work budget ran out' };
  const v = createComplexEvaluator(tape)(0);
  if (v.failed === null && Number.isFinite(v.re) && Number.isFinite(v.err) && Math.abs(v.im) <= v.err) {
    return { ok: true, value: new D(v.re), error: new D(v.err + Math.abs(v.im)), precision: 'double' };
  }
  if (v.failed !== null) return { ok: false, why: 'unsupported', reason: `${v.failed} cannot be evaluated there` };
  // A NaN from ∞ − ∞ or ∞ · 0 on the way (exp(284089/4) times a difference of erf values near 1,
  // which is finite and small) is beyond what doubles hold, not a value that is not real: no verdict
  // rests on it. A clean overflow (1/0, exp(exp(exp(100)))) or a complex value is not real.
  if (Number.isNaN(v.re)) return { ok: false, why: 'imprecise', reason: 'it cannot be evaluated reliably: it overflows double precision on the way' };
  return { ok: false, why: 'not-real', reason: 'it has no finite real value' };
}
