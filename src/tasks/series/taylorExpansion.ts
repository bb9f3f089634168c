import { fnInfo, type FnName } from '../../expr/functions.js';
import { toInfix } from '../../expr/toInfix.js';
import { hasX, type Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';
import { derivative } from '../../verify/derivative.js';
import { LazySeries } from './lazySeries.js';
import type { Scalar, ScalarArithmetic } from './scalarArithmetic.js';
import { SeriesRefusal } from './seriesRefusal.js';

/** Leading coefficients looked at to find where a divisor or a base starts (its valuation). */
const MAX_VALUATION = 64;
/** Functions with no Taylor expansion where their argument vanishes. */
const SINGULAR_AT_ZERO: ReadonlySet<FnName> = new Set<FnName>(['log', 'sqrt', 'cbrt', 'abs', 'sign']);
const X: Expr = { type: 'sym', name: 'x' };

/** d/dy g(y) of each function, as a tree in x, made once. */
const outerDerivatives = new Map<FnName, Expr | string>();

function outerDerivative(name: FnName): Expr | string {
  let d = outerDerivatives.get(name);
  if (d === undefined) {
    const r = derivative({ type: 'fn', name, args: [X] });
    d = r.ok ? r.expr : r.reason;
    outerDerivatives.set(name, d);
  }
  return d;
}

/**
 * Taylor expansion of whitelisted trees at a point, in Taylor-mode arithmetic: every node becomes a
 * lazy power series in t = x − a, sums and products coefficient by coefficient, quotients and
 * constant powers by their recurrences, and every function g(u) through its derivative from
 * src/verify/derivative.ts: w = g(u) has w' = g'(u)·u', so w_k = (1/k)·Σ j·u_j·g'(u)_(k−j), where
 * g'(u) is itself expanded the same way (and may contain w, as exp does). The k-th coefficient is
 * f⁽ᵏ⁾(a)/k!, at a cost of order k² per node, where repeated symbolic derivatives would grow
 * exponentially with k.
 *
 * Values are exact where they are small rationals, else decimals at the arithmetic's precision.
 * A point where the expression has no Taylor expansion (log(0), a pole, abs(0)) throws a
 * `SeriesRefusal`, lazily, when a coefficient that needs it is asked for.
 */
export class TaylorExpansion {
  private readonly nodeMemo = new Map<LazySeries, Map<Expr, LazySeries>>();
  private readonly fnMemo = new Map<LazySeries, Map<FnName, LazySeries>>();
  private readonly constants = new Map<Expr, Scalar>();
  private readonly zeroSeries: LazySeries;

  constructor(private readonly s: ScalarArithmetic) {
    this.zeroSeries = this.constant(s.zero);
  }

  /** The series of x itself at the point a: a + t. */
  variable(a: Scalar): LazySeries {
    return new LazySeries((k) => (k === 0 ? a : k === 1 ? this.s.one : this.s.zero));
  }

  /** The series of `e` where x is the series `x`. */
  of(e: Expr, x: LazySeries): LazySeries {
    let memo = this.nodeMemo.get(x);
    if (memo === undefined) this.nodeMemo.set(x, (memo = new Map()));
    const known = memo.get(e);
    if (known !== undefined) return known;
    const r = this.build(e, x);
    memo.set(e, r);
    return r;
  }

  /** The value of a tree free of x. */
  value(e: Expr): Scalar {
    let v = this.constants.get(e);
    if (v === undefined) {
      v = this.evaluate(e);
      this.constants.set(e, v);
    }
    return v;
  }

  private build(e: Expr, x: LazySeries): LazySeries {
    if (e.type === 'sym' && e.name === 'x') return x;
    if (!hasX(e)) return this.constant(this.value(e));
    switch (e.type) {
      case 'num':
      case 'sym':
        return this.constant(this.value(e));
      case 'add':
        return e.args.map((a) => this.of(a, x)).reduce((a, b) => this.add(a, b));
      case 'neg': {
        const u = this.of(e.args[0], x);
        return new LazySeries((k) => this.s.neg(u.at(k)));
      }
      case 'mul':
        return e.args.map((a) => this.of(a, x)).reduce((a, b) => this.mul(a, b));
      case 'div':
        return this.div(this.of(e.args[0], x), this.of(e.args[1], x), e);
      case 'pow': {
        const [base, exponent] = e.args;
        if (!hasX(exponent)) return this.power(this.of(base, x), this.value(exponent), e);
        // u^v = exp(v·log u), with log e = 1 written out so that e^v needs no logarithm.
        const v = this.of(exponent, x);
        const logBase = base.type === 'sym' && base.name === 'e' ? null : this.fn('log', this.of(base, x), e);
        return this.fn('exp', logBase === null ? v : this.mul(v, logBase), e);
      }
      case 'fn':
        if (e.args.length !== 1) throw new SeriesRefusal('unsupported', `no Taylor expansion of ${fnInfo(e.name).name} with two arguments`);
        return this.fn(e.name, this.of(e.args[0], x), e);
    }
  }

  private evaluate(e: Expr): Scalar {
    const s = this.s;
    switch (e.type) {
      case 'num':
        return s.ofNumber(e.value);
      case 'sym':
        if (e.name === 'pi') return s.piValue();
        if (e.name === 'e') return s.eValue();
        throw new Error('x in a constant');
      case 'add':
        return e.args.map((a) => this.value(a)).reduce((a, b) => s.add(a, b));
      case 'neg':
        return s.neg(this.value(e.args[0]));
      case 'mul':
        return e.args.map((a) => this.value(a)).reduce((a, b) => s.mul(a, b));
      case 'div': {
        const d = this.value(e.args[1]);
        if (s.isZero(d)) throw new SeriesRefusal('singular', `division by zero in ${describe(e)}`, s.isExactZero(d));
        return s.div(this.value(e.args[0]), d);
      }
      case 'pow': {
        const v = s.pow(this.value(e.args[0]), this.value(e.args[1]));
        if (v === null) throw new SeriesRefusal('unsupported', `no real value of ${describe(e)}`);
        return v;
      }
      case 'fn': {
        if (e.args.length !== 1) throw new SeriesRefusal('unsupported', `no high-precision value of ${describe(e)}`);
        const v = s.fn(e.name, this.value(e.args[0]));
        if (v === null) throw new SeriesRefusal('unsupported', `no high-precision real value of ${describe(e)}`);
        return v;
      }
    }
  }

  private constant(c: Scalar): LazySeries {
    return new LazySeries((k) => (k === 0 ? c : this.s.zero), true);
  }

  private add(a: LazySeries, b: LazySeries): LazySeries {
    if (a.constant && b.constant) return this.constant(this.s.add(a.at(0), b.at(0)));
    return new LazySeries((k) => this.s.add(a.at(k), b.at(k)));
  }

  private mul(a: LazySeries, b: LazySeries): LazySeries {
    if (a.constant && b.constant) return this.constant(this.s.mul(a.at(0), b.at(0)));
    if (a.constant) return new LazySeries((k) => this.s.mul(a.at(0), b.at(k)));
    if (b.constant) return new LazySeries((k) => this.s.mul(a.at(k), b.at(0)));
    return new LazySeries((k) => {
      let sum = this.s.zero;
      for (let j = 0; j <= k; j++) sum = this.s.add(sum, this.s.mul(a.at(j), b.at(k - j)));
      return sum;
    });
  }

  /**
   * a/b. When b vanishes to order m at the point, a must too (else a pole), and the quotient is
   * (a/t^m)/(b/t^m): sin(x)/x at 0 is 1 − x²/6 + ….
   */
  private div(a: LazySeries, b: LazySeries, e: Expr): LazySeries {
    let m = -1;
    const w: LazySeries = new LazySeries((k) => {
      if (m < 0) m = this.startOf(b, e, 'divisor');
      if (k === 0) {
        for (let j = 0; j < m; j++) {
          const aj = a.at(j);
          if (!this.s.isZero(aj)) {
            throw new SeriesRefusal(
              'singular',
              `${describe(e)} has a pole at the point (its divisor vanishes to order ${m})`,
              a.at(j).exact !== null && this.provenStart(b, m),
            );
          }
        }
      }
      let top = a.at(k + m);
      for (let j = 1; j <= k; j++) top = this.s.sub(top, this.s.mul(b.at(j + m), w.at(k - j)));
      return this.s.div(top, b.at(m));
    });
    return w;
  }

  /**
   * u^c for a constant c. With u(a) ≠ 0: w_k = Σ_{j=1..k} (c·j − k + j)·u_j·w_(k−j) / (k·u_0).
   * A base vanishing to order m at the point is allowed for a whole c ≥ 0 only: u^c = t^(m·c)·v^c.
   */
  private power(u: LazySeries, c: Scalar, e: Expr): LazySeries {
    const s = this.s;
    if (u.constant) {
      const v = s.pow(u.at(0), c);
      if (v === null) throw new SeriesRefusal('unsupported', `no real value of ${describe(e)} at the point`);
      return this.constant(v);
    }
    if (s.isExactZero(c)) return this.constant(s.one);
    const whole = c.exact !== null && c.exact.q === 1 && c.exact.p > 0 ? c.exact.p : null;
    let m = -1;
    let shift = 0;
    let w0: Scalar;
    const w: LazySeries = new LazySeries((k) => {
      if (m < 0) {
        m = this.startOf(u, e, 'base');
        if (m > 0 && whole === null) {
          throw new SeriesRefusal('singular', `${describe(e)} has no Taylor expansion where its base vanishes`, this.provenStart(u, m));
        }
        shift = whole === null ? 0 : m * whole;
        const v0 = s.pow(u.at(m), c);
        if (v0 === null) throw new SeriesRefusal('unsupported', `no real value of ${describe(e)} at the point`);
        w0 = v0;
      }
      if (k < shift) return s.zero;
      const i = k - shift;
      if (i === 0) return w0;
      // The recurrence of v^c, v = u/t^m, over coefficients of w shifted by m·c.
      let sum = s.zero;
      for (let j = 1; j <= i; j++) {
        const weight = s.sub(s.mul(c, s.ofInteger(j)), s.ofInteger(i - j));
        sum = s.add(sum, s.mul(s.mul(weight, u.at(j + m)), w.at(k - j)));
      }
      return s.div(sum, s.mul(s.ofInteger(i), u.at(m)));
    });
    return w;
  }

  /** g(u) for a whitelisted unary g, through w_k = (1/k)·Σ j·u_j·g'(u)_(k−j). */
  private fn(name: FnName, u: LazySeries, e: Expr): LazySeries {
    let memo = this.fnMemo.get(u);
    if (memo === undefined) this.fnMemo.set(u, (memo = new Map()));
    const known = memo.get(name);
    if (known !== undefined) return known;
    const s = this.s;
    if (u.constant) {
      const v = s.fn(name, u.at(0));
      if (v === null) throw new SeriesRefusal('unsupported', `no high-precision real value of ${describe(e)} at the point`);
      const c = this.constant(v);
      memo.set(name, c);
      return c;
    }
    let outer: LazySeries | undefined;
    const w = new LazySeries((k) => {
      if (k === 0) {
        const u0 = u.at(0);
        if (SINGULAR_AT_ZERO.has(name) && s.isZero(u0)) {
          throw new SeriesRefusal('singular', `${describe(e)} has no Taylor expansion where its argument vanishes`, s.isExactZero(u0));
        }
        const v = s.fn(name, u0);
        if (v === null) throw new SeriesRefusal('unsupported', `no high-precision real value of ${describe(e)} at the point`);
        return v;
      }
      if (outer === undefined) {
        const d = outerDerivative(name);
        if (typeof d === 'string') throw new SeriesRefusal('unsupported', `no Taylor expansion of ${describe(e)}: ${d}`);
        outer = this.of(d, u);
      }
      let sum = s.zero;
      for (let j = 1; j <= k; j++) sum = s.add(sum, s.mul(s.mul(s.ofInteger(j), u.at(j)), outer.at(k - j)));
      return s.div(sum, s.ofInteger(k));
    });
    memo.set(name, w);
    return w;
  }

  /** The first index whose coefficient is not zero (the valuation), looked for up to MAX_VALUATION. */
  private startOf(b: LazySeries, e: Expr, what: string): number {
    for (let m = 0; m <= MAX_VALUATION; m++) if (!this.s.isZero(b.at(m))) return m;
    throw new SeriesRefusal('unsupported', `the ${what} of ${describe(e)} vanishes to order ${MAX_VALUATION} at the point`);
  }

  /** The first m coefficients of b are zero by exact arithmetic (so a refusal built on them is proven). */
  private provenStart(b: LazySeries, m: number): boolean {
    for (let j = 0; j < m; j++) if (!this.s.isExactZero(b.at(j))) return false;
    return true;
  }

  /** The zero series, for coefficients past the end of a polynomial. */
  zero(): LazySeries {
    return this.zeroSeries;
  }
}

function describe(e: Expr): string {
  return clip(toInfix(e), 80);
}
