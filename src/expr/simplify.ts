import type { FnName } from './functions.js';
import { asRational, divRational, powRational, productRationals, rationalExpr, sumRationals, type Rational } from './rational.js';
import type { Expr } from './types.js';

/**
 * Light, fast canonical simplification, run by the search on every mutant. It never changes the
 * value of the expression wherever the original is finite, and does no real algebra:
 *
 * - exact folding of integer and rational literals (`1/3 + 1/6` → `1/2`, `2^10` → `1024`,
 *   `1/43` stays `1/43`; floats and anything that would leave ±1e15 are left alone);
 * - nested sums and products are flattened, `+0` and `*1` dropped, `*0` gives 0, `x^1` → x,
 *   `x^0` → 1, `1^x` → 1, `e^a` → exp(a), `a/1` → a, `0/a` → 0;
 * - signs are normalised: `--a` → a, `-(3)` → -3, the numeric factors of a product are combined
 *   into one coefficient written first (`x*2*3` → `6*x`, `-x*y` → -(x*y), `-2*x` stays),
 *   and a quotient's signs move in front of it (`-x/y` → -(x/y));
 * - a few exact function values (sin(0), cos(0), exp(0), log(1), sqrt(9) …).
 *
 * Operands are not reordered (that is `canonicalKey`'s job), except that a product's numeric
 * coefficient moves to the front and a sum's numeric terms are combined at the first one's place.
 */
export function simplify(e: Expr): Expr {
  switch (e.type) {
    case 'num':
      return Object.is(e.value, -0) ? { type: 'num', value: 0 } : e;
    case 'sym':
      return e;
    case 'neg':
      return negate(simplify(e.args[0]));
    case 'add':
      return simplifySum(e.args.map(simplify));
    case 'mul':
      return simplifyProduct(e.args.map(simplify));
    case 'div':
      return simplifyQuotient(simplify(e.args[0]), simplify(e.args[1]));
    case 'pow':
      return simplifyPower(simplify(e.args[0]), simplify(e.args[1]));
    case 'fn':
      return simplifyFunction(e.name, e.args.map(simplify));
  }
}

const ZERO: Expr = { type: 'num', value: 0 };
const ONE: Expr = { type: 'num', value: 1 };

const isNum = (e: Expr, v: number): boolean => e.type === 'num' && e.value === v;

/** -a for an already simplified a, itself simplified. */
function negate(a: Expr): Expr {
  switch (a.type) {
    case 'num':
      return { type: 'num', value: -a.value + 0 };
    case 'neg':
      return a.args[0];
    case 'div': {
      const r = asRational(a);
      if (r) return rationalExpr({ p: -r.p + 0, q: r.q });
      break;
    }
    case 'mul': {
      // A simplified product carries its numeric coefficient (never ±1) first.
      const c = asRational(a.args[0]);
      if (c) return { type: 'mul', args: [rationalExpr({ p: -c.p, q: c.q }), ...a.args.slice(1)] };
      break;
    }
  }
  return { type: 'neg', args: [a] };
}

function simplifySum(args: Expr[]): Expr {
  const terms: Expr[] = [];
  const constants: Rational[] = [];
  let constantAt = -1;
  const take = (t: Expr): void => {
    if (t.type === 'add') {
      for (const c of t.args) take(c);
      return;
    }
    if (isNum(t, 0)) return;
    const r = asRational(t);
    if (r) {
      if (constantAt < 0) constantAt = terms.length;
      constants.push(r);
    }
    terms.push(t);
  };
  for (const a of args) take(a);
  // All numeric terms become one at the first one's place, or (when the exact total would leave
  // the literal bound) all stay as they are, so the outcome never depends on their order.
  let result = terms;
  const total = constants.length > 1 ? sumRationals(constants) : null;
  if (total) {
    result = [];
    for (let i = 0; i < terms.length; i++) {
      if (i === constantAt && total.p !== 0) result.push(rationalExpr(total));
      else if (asRational(terms[i]) === null) result.push(terms[i]);
    }
  }
  if (result.length === 0) return ZERO;
  return result.length === 1 ? result[0] : { type: 'add', args: result };
}

function simplifyProduct(args: Expr[]): Expr {
  const rest: Expr[] = [];
  const numeric: Rational[] = [];
  let negative = false;
  let zero = false;
  const take = (f: Expr): void => {
    if (f.type === 'neg') {
      negative = !negative;
      take(f.args[0]);
      return;
    }
    if (f.type === 'mul') {
      for (const c of f.args) take(c);
      return;
    }
    if (f.type === 'num') {
      if (f.value === 0) zero = true;
      if (f.value < 0) {
        negative = !negative;
        f = { type: 'num', value: -f.value };
      }
    }
    const r = asRational(f);
    if (r) {
      if (r.p < 0) negative = !negative;
      numeric.push({ p: Math.abs(r.p), q: r.q });
    } else rest.push(f);
  };
  for (const a of args) take(a);
  if (zero) return ZERO;
  const coefficient = productRationals(numeric);
  if (coefficient === null) {
    // Too large to fold: keep the numeric factors in front, smallest first and the sign on the
    // first, so that the result does not depend on the order they came in.
    const kept = numeric.filter((r) => r.p !== r.q).sort((a, b) => a.p / a.q - b.p / b.q || a.q - b.q);
    if (negative) kept[0] = { p: -kept[0].p, q: kept[0].q };
    return { type: 'mul', args: [...kept.map(rationalExpr), ...rest] };
  }
  const c: Rational = negative ? { p: -coefficient.p, q: coefficient.q } : coefficient;
  if (rest.length === 0) return rationalExpr(c);
  const body: Expr = rest.length === 1 ? rest[0] : { type: 'mul', args: rest };
  if (c.q === 1 && c.p === 1) return body;
  if (c.q === 1 && c.p === -1) return negate(body);
  return { type: 'mul', args: [rationalExpr(c), ...rest] };
}

/** Is `e` a simplified tree printed with a leading minus that can be pulled out exactly? */
function signedPart(e: Expr): Expr | null {
  if (e.type === 'neg') return e.args[0];
  if (e.type === 'num' && e.value < 0) return { type: 'num', value: -e.value };
  if (e.type === 'div') {
    const r = asRational(e);
    if (r && r.p < 0) return rationalExpr({ p: -r.p, q: r.q });
  }
  if (e.type === 'mul') {
    const c = asRational(e.args[0]);
    if (c && c.p < 0) return negate(e);
  }
  return null;
}

function simplifyQuotient(top: Expr, bottom: Expr): Expr {
  const rb = asRational(bottom);
  if (rb && rb.p !== 0) {
    const ra = asRational(top);
    if (ra) {
      const q = divRational(ra, rb);
      if (q) return rationalExpr(q);
    } else if (rb.q === 1 && rb.p === 1) return top;
    else if (rb.q === 1 && rb.p === -1) return negate(top);
  } else if (!rb && isNum(top, 0)) {
    return ZERO;
  }
  const t = signedPart(top);
  if (t) return negate(simplifyQuotient(t, bottom));
  const b = signedPart(bottom);
  if (b) return negate(simplifyQuotient(top, b));
  return { type: 'div', args: [top, bottom] };
}

function simplifyPower(base: Expr, exponent: Expr): Expr {
  if (isNum(exponent, 1)) return base;
  if (isNum(exponent, 0) || isNum(base, 1)) return ONE;
  if (base.type === 'sym' && base.name === 'e') return simplifyFunction('exp', [exponent]);
  const rb = asRational(base);
  if (rb) {
    const re = asRational(exponent);
    if (rb.p === 0 && re && re.p > 0) return ZERO;
    if (re && re.q === 1) {
      const folded = powRational(rb, re.p);
      if (folded) return rationalExpr(folded);
    }
  }
  return { type: 'pow', args: [base, exponent] };
}

// Functions that vanish at 0, and those that are 1 there, exactly.
const ZERO_AT_ZERO = new Set<FnName>([
  'sin',
  'tan',
  'asin',
  'atan',
  'sinh',
  'tanh',
  'asinh',
  'atanh',
  'sqrt',
  'cbrt',
  'abs',
  'sign',
  'erf',
  'erfi',
  'Si',
  'Shi',
  'fresnels',
  'fresnelc',
  'LambertW',
]);
const ONE_AT_ZERO = new Set<FnName>(['cos', 'cosh', 'exp', 'erfc']);

function simplifyFunction(name: FnName, args: Expr[]): Expr {
  const a = args[0];
  if (args.length === 1) {
    if (isNum(a, 0)) {
      if (ZERO_AT_ZERO.has(name)) return ZERO;
      if (ONE_AT_ZERO.has(name)) return ONE;
    }
    if (isNum(a, 1) && (name === 'log' || name === 'acos' || name === 'acosh')) return ZERO;
    if (name === 'log' && a.type === 'sym' && a.name === 'e') return ONE;
    const r = asRational(a);
    if (r) {
      if (name === 'abs') return rationalExpr({ p: Math.abs(r.p), q: r.q });
      if (name === 'sign') return { type: 'num', value: Math.sign(r.p) };
      if (name === 'sqrt' && r.p > 0) {
        const top = exactRoot(r.p, 2);
        const bottom = top === null ? null : exactRoot(r.q, 2);
        if (top !== null && bottom !== null) return rationalExpr({ p: top, q: bottom });
      }
      if (name === 'cbrt') {
        const top = exactRoot(r.p, 3);
        const bottom = top === null ? null : exactRoot(r.q, 3);
        if (top !== null && bottom !== null) return rationalExpr({ p: top, q: bottom });
      }
    }
  }
  return { type: 'fn', name, args };
}

/** The integer k with k^n = m, if there is one. */
function exactRoot(m: number, n: 2 | 3): number | null {
  const k = Math.round(n === 2 ? Math.sqrt(m) : Math.cbrt(m));
  return k ** n === m ? k : null;
}
