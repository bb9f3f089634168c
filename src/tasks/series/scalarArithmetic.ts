import type { Decimal } from 'decimal.js';
import type { FnName } from '../../expr/functions.js';
import { addRational, divRational, mulRational, powRational, rational, type Rational } from '../../expr/rational.js';
import { decimalAt, decimalFunction } from '../../verify/evalDecimal.js';
import { DECIMAL_FN_UNITS, DECIMAL_OP_UNITS, type WorkMeter } from '../../verify/workMeter.js';
import { exactFunctionValue, exactRoot } from './exactFunctionValue.js';
import { SeriesRefusal } from './seriesRefusal.js';

/**
 * A number met while expanding: its exact value when that is a small rational (`exact`, from
 * src/expr/rational.ts, so every intermediate stays an exact double), and always its decimal value
 * at the arithmetic's precision.
 */
export interface Scalar {
  readonly exact: Rational | null;
  readonly dec: Decimal;
}

/** Largest |exponent| of a power taken in decimals: beyond it the value is refused, not ground out. */
const MAX_DECIMAL_EXPONENT = 1e5;
/** Digits below the precision under which a decimal counts as zero (an exact zero is always zero). */
const ZERO_SLACK_DIGITS = 10;

/**
 * Arithmetic on `Scalar`s at `digits` digits: exact where both operands are exact and the result is
 * a small rational, decimal otherwise (0 times anything is an exact 0). Every operation is paid from
 * the meter in the verifier's work units; running out throws a `SeriesRefusal`.
 */
export class ScalarArithmetic {
  readonly D: typeof Decimal;
  readonly zero: Scalar;
  readonly one: Scalar;
  private readonly opUnits: number;
  private readonly fnUnits: number;
  private readonly zeroBelow: Decimal;
  private pi?: Scalar;
  private e?: Scalar;
  private steps = 0;

  constructor(
    readonly digits: number,
    private readonly meter: WorkMeter,
  ) {
    this.D = decimalAt(digits);
    const scale = digits / 32;
    this.opUnits = DECIMAL_OP_UNITS * scale;
    this.fnUnits = DECIMAL_FN_UNITS * scale * scale;
    this.zeroBelow = new this.D(10).pow(-(digits - ZERO_SLACK_DIGITS));
    this.zero = this.ofRational({ p: 0, q: 1 });
    this.one = this.ofRational({ p: 1, q: 1 });
  }

  ofRational(r: Rational): Scalar {
    return { exact: r, dec: new this.D(r.p).div(r.q) };
  }

  ofInteger(n: number): Scalar {
    const r = rational(n, 1);
    return r === null ? { exact: null, dec: new this.D(n) } : this.ofRational(r);
  }

  /** A literal of the tree: integers exactly, decimals such as 0.1 as the rational their digits say. */
  ofNumber(v: number): Scalar {
    if (Number.isInteger(v)) return this.ofInteger(v);
    const text = String(v);
    return { exact: decimalTextRational(text), dec: new this.D(text) };
  }

  piValue(): Scalar {
    return (this.pi ??= { exact: null, dec: this.D.acos(-1) });
  }

  eValue(): Scalar {
    return (this.e ??= { exact: null, dec: this.D.exp(1) });
  }

  isZero(a: Scalar): boolean {
    if (a.exact !== null) return a.exact.p === 0;
    return a.dec.abs().lt(this.zeroBelow);
  }

  /** Zero by exact arithmetic, not by a decimal below the noise. */
  isExactZero(a: Scalar): boolean {
    return a.exact !== null && a.exact.p === 0;
  }

  add(a: Scalar, b: Scalar): Scalar {
    this.pay(this.opUnits);
    if (a.exact !== null && b.exact !== null) {
      const r = addRational(a.exact, b.exact);
      if (r !== null) return this.ofRational(r);
    }
    return { exact: null, dec: a.dec.plus(b.dec) };
  }

  neg(a: Scalar): Scalar {
    return { exact: a.exact && { p: -a.exact.p + 0, q: a.exact.q }, dec: a.dec.neg() };
  }

  sub(a: Scalar, b: Scalar): Scalar {
    return this.add(a, this.neg(b));
  }

  mul(a: Scalar, b: Scalar): Scalar {
    if (this.isExactZero(a) || this.isExactZero(b)) return this.zero;
    this.pay(this.opUnits);
    if (a.exact !== null && b.exact !== null) {
      const r = mulRational(a.exact, b.exact);
      if (r !== null) return this.ofRational(r);
    }
    return { exact: null, dec: a.dec.times(b.dec) };
  }

  /** a/b; the caller makes sure b is not zero. */
  div(a: Scalar, b: Scalar): Scalar {
    if (this.isExactZero(a)) return this.zero;
    this.pay(this.opUnits);
    if (a.exact !== null && b.exact !== null) {
      const r = divRational(a.exact, b.exact);
      if (r !== null) return this.ofRational(r);
    }
    return { exact: null, dec: a.dec.div(b.dec) };
  }

  /**
   * a^c for constants, null where it is not real or too large to compute: a negative base takes
   * the real root when c is p/q with q odd (as the verifier's evaluators do for x-dependent bases).
   */
  pow(a: Scalar, c: Scalar): Scalar | null {
    const exact = c.exact !== null && a.exact !== null ? exactPower(a.exact, c.exact) : null;
    if (exact !== null) return this.ofRational(exact);
    if (c.dec.abs().gt(MAX_DECIMAL_EXPONENT)) return null;
    const integer = c.dec.isInteger();
    this.pay(integer ? this.opUnits * Math.max(1, Math.log2(c.dec.abs().toNumber() + 1)) : this.fnUnits);
    if (a.dec.isZero()) return c.dec.isPositive() && !c.dec.isZero() ? this.zero : null;
    if (a.dec.isNegative() && !integer) {
      if (c.exact === null || c.exact.q % 2 === 0) return null;
      const root = a.dec.neg().pow(c.dec);
      return { exact: null, dec: c.exact.p % 2 === 0 ? root : root.neg() };
    }
    const v = a.dec.pow(c.dec);
    return v.isFinite() ? { exact: null, dec: v } : null;
  }

  /** A whitelisted unary function, exactly where the value is a small rational; null where it has no real decimal value. */
  fn(name: FnName, a: Scalar): Scalar | null {
    if (a.exact !== null) {
      const r = exactFunctionValue(name, a.exact);
      if (r !== null) return this.ofRational(r);
    }
    this.pay(this.fnUnits);
    const v = decimalFunction(name, a.dec, this.digits);
    return v === null ? null : { exact: null, dec: new this.D(v) };
  }

  private pay(units: number): void {
    this.meter.left -= units;
    if (this.meter.left < 0) throw new SeriesRefusal('exhausted', 'work budget used up');
    if ((++this.steps & 255) === 0 && performance.now() > this.meter.deadline) throw new SeriesRefusal('timeout', 'wall-clock backstop fired');
  }
}

/** a^c exactly: integer c by powRational, p/q through an exact q-th root. */
function exactPower(a: Rational, c: Rational): Rational | null {
  if (Math.abs(c.p) > 1000) return null;
  if (a.p === 0) return c.p > 0 ? { p: 0, q: 1 } : null;
  if (c.q === 1) return powRational(a, c.p);
  const root = exactRoot(a, c.q);
  return root === null ? null : powRational(root, c.p);
}

/** `0.125`, `1e-7`, `2.5e+20` as a small rational, or null when it does not fit. */
function decimalTextRational(text: string): Rational | null {
  const m = /^(-?)(\d*)\.?(\d*)(?:e([+-]?\d+))?$/.exec(text);
  if (m === null) return null;
  const digits = m[2] + m[3];
  const exponent = Number(m[4] ?? 0) - m[3].length;
  if (digits.length > 15 || Math.abs(exponent) > 15) return null;
  const mantissa = Number(digits) * (m[1] === '-' ? -1 : 1);
  return exponent >= 0 ? rational(mantissa * 10 ** exponent, 1) : rational(mantissa, 10 ** -exponent);
}
