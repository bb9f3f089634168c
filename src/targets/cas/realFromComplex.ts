import { mkAdd, mkDiv, mkMul, mkNeg, mkPow, ONE, ZERO } from '../../expr/build.js';
import { DEFAULT_LIMITS } from '../../expr/limits.js';
import { simplify } from '../../expr/simplify.js';
import { add, div, fn, hasX, num, pow, sym, X, type Expr } from '../../expr/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../../verify/types.js';
import { verifyPair } from '../../verify/verifyPair.js';
import type { ComplexExpr } from './parseWithImaginaryUnit.js';

/** The answer's real form, or why there is none that sagga can verify. */
export type RealForm = { readonly ok: true; readonly expr: Expr } | { readonly ok: false; readonly reason: string };

/** An expression split as re + i·im, both real-valued trees for real x. */
interface Split {
  readonly re: Expr;
  readonly im: Expr;
}

const TWO = num(2);
const HALF_PI = div(sym('pi'), TWO);
const isZero = (e: Expr): boolean => e.type === 'num' && e.value === 0;
const real = (e: Expr): Split => ({ re: e, im: ZERO });
const imaginary = (e: Expr): Split => ({ re: ZERO, im: e });

// Short names for the shared builders, so that the complex arithmetic below reads as formulas.
const plus = (...terms: Expr[]): Expr => mkAdd(terms);
const times = (...factors: Expr[]): Expr => mkMul(factors);
const minus = mkNeg;
const over = mkDiv;
const square = (e: Expr): Expr => mkPow(e, TWO);

function cmul(a: Split, b: Split): Split {
  return {
    re: plus(times(a.re, b.re), minus(times(a.im, b.im))),
    im: plus(times(a.re, b.im), times(a.im, b.re)),
  };
}

function cdiv(a: Split, b: Split): Split {
  if (isZero(b.im)) return { re: over(a.re, b.re), im: over(a.im, b.re) };
  // a / (i·c) = (a.im − i·a.re) / c: the common i^(-1) of nerdamer's answers stays a plain quotient.
  if (isZero(b.re)) return { re: over(a.im, b.im), im: minus(over(a.re, b.im)) };
  const modulus = plus(square(b.re), square(b.im));
  return {
    re: over(plus(times(a.re, b.re), times(a.im, b.im)), modulus),
    im: over(plus(times(a.im, b.re), minus(times(a.re, b.im))), modulus),
  };
}

/** An integer exponent small enough to expand by repeated multiplication. */
function smallInteger(e: Expr): number | undefined {
  const s = simplify(e);
  const v = s.type === 'num' ? s.value : s.type === 'neg' && s.args[0].type === 'num' ? -s.args[0].value : undefined;
  return v !== undefined && Number.isInteger(v) && Math.abs(v) <= 12 ? v : undefined;
}

class NoRealForm extends Error {}

// sin, cos, sinh, cosh of a + i·b; the purely imaginary case (a = 0) is kept short.
const sinOf = (a: Expr, b: Expr): Split =>
  isZero(a) ? imaginary(fn('sinh', b)) : { re: times(fn('sin', a), fn('cosh', b)), im: times(fn('cos', a), fn('sinh', b)) };
const cosOf = (a: Expr, b: Expr): Split =>
  isZero(a) ? real(fn('cosh', b)) : { re: times(fn('cos', a), fn('cosh', b)), im: minus(times(fn('sin', a), fn('sinh', b))) };
const sinhOf = (a: Expr, b: Expr): Split =>
  isZero(a) ? imaginary(fn('sin', b)) : { re: times(fn('sinh', a), fn('cos', b)), im: times(fn('cosh', a), fn('sin', b)) };
const coshOf = (a: Expr, b: Expr): Split =>
  isZero(a) ? real(fn('cos', b)) : { re: times(fn('cosh', a), fn('cos', b)), im: times(fn('sinh', a), fn('sin', b)) };

/**
 * Functions of a complex argument a + i·b written with real functions of a and b. Entire or
 * meromorphic functions, whose identities hold everywhere (sin(a+ib) = sin a cosh b + i cos a sinh b,
 * tan(a+ib) = (sin 2a + i sinh 2b)/(cos 2a + cosh 2b), erf(ib) = i·erfi(b), …); the logarithm, whose
 * real part log|z| is the same on every branch (its imaginary part, arg z, is only used to decide
 * whether the answer's imaginary part is constant, and branches differ by constants); and, for a
 * purely imaginary argument, the inverse functions whose principal branches are defined by the same
 * logarithms on both sides (atan(iy) = i·atanh(y), as nerdamer answers ∫ 1/(1-x^2) dx). Where such a
 * right-hand side is not real (atanh(y) for |y| > 1) our real reading is undefined and the verifier
 * does not sample there; where it is real, the identity is exact.
 */
function complexFunction(name: string, z: Split): Split {
  const { re: a, im: b } = z;
  switch (name) {
    case 'exp':
      return { re: times(fn('exp', a), fn('cos', b)), im: times(fn('exp', a), fn('sin', b)) };
    case 'sin':
      return sinOf(a, b);
    case 'cos':
      return cosOf(a, b);
    case 'sinh':
      return sinhOf(a, b);
    case 'cosh':
      return coshOf(a, b);
    case 'tan':
      return cdiv(sinOf(a, b), cosOf(a, b));
    case 'cot':
      return cdiv(cosOf(a, b), sinOf(a, b));
    case 'sec':
      return cdiv(real(ONE), cosOf(a, b));
    case 'csc':
      return cdiv(real(ONE), sinOf(a, b));
    case 'tanh':
      return cdiv(sinhOf(a, b), coshOf(a, b));
    case 'coth':
      return cdiv(coshOf(a, b), sinhOf(a, b));
    case 'sech':
      return cdiv(real(ONE), coshOf(a, b));
    case 'csch':
      return cdiv(real(ONE), sinhOf(a, b));
    case 'abs':
      return real(isZero(a) ? fn('abs', b) : fn('sqrt', plus(square(a), square(b))));
    case 'log':
      // log(i·b) = log|b| + i·(π/2)·sign(b); log(a+ib) = log(a²+b²)/2 + i·(atan(b/a) + a constant).
      return isZero(a)
        ? { re: fn('log', fn('abs', b)), im: times(HALF_PI, fn('sign', b)) }
        : { re: over(fn('log', plus(square(a), square(b))), TWO), im: fn('atan', over(b, a)) };
  }
  if (!isZero(a)) throw new NoRealForm(`${name} of a complex argument`);
  // Purely imaginary argument i·b.
  switch (name) {
    case 'erf':
      return imaginary(fn('erfi', b));
    case 'erfc':
      return { re: ONE, im: minus(fn('erfi', b)) };
    case 'erfi':
      return imaginary(fn('erf', b));
    case 'atan':
      return imaginary(fn('atanh', b));
    case 'atanh':
      return imaginary(fn('atan', b));
    case 'asin':
      return imaginary(fn('asinh', b));
    case 'acos':
      return { re: HALF_PI, im: minus(fn('asinh', b)) };
    case 'asinh':
      return imaginary(fn('asin', b));
    case 'Si':
      return imaginary(fn('Shi', b));
    case 'Shi':
      return imaginary(fn('Si', b));
    default:
      throw new NoRealForm(`${name} of an imaginary argument`);
  }
}

function split(e: ComplexExpr): Split {
  switch (e.type) {
    case 'i':
      return imaginary(ONE);
    case 'num':
    case 'sym':
      return real(e);
    case 'neg': {
      const a = split(e.args[0]);
      return { re: minus(a.re), im: minus(a.im) };
    }
    case 'add': {
      const parts = e.args.map(split);
      return { re: plus(...parts.map((p) => p.re)), im: plus(...parts.map((p) => p.im)) };
    }
    case 'mul':
      return e.args.map(split).reduce(cmul);
    case 'div':
      return cdiv(split(e.args[0]), split(e.args[1]));
    case 'pow': {
      const base = split(e.args[0]);
      const exponent = split(e.args[1]);
      if (!isZero(exponent.im)) {
        // b^(c+id) = e^((c+id)·log b) for a positive real base: e, or a positive literal.
        const b = base.re;
        if (isZero(base.im) && b.type === 'sym' && b.name === 'e') return complexFunction('exp', exponent);
        if (isZero(base.im) && b.type === 'num' && b.value > 0) return complexFunction('exp', cmul(exponent, real(fn('log', b))));
        throw new NoRealForm('a power with a complex exponent');
      }
      if (isZero(base.im)) return real(pow(base.re, exponent.re));
      const n = smallInteger(exponent.re);
      if (n === undefined) throw new NoRealForm('a complex number raised to a power other than a small integer');
      let result: Split = real(ONE);
      for (let k = 0; k < Math.abs(n); k++) result = cmul(result, base);
      return n < 0 ? cdiv(real(ONE), result) : result;
    }
    case 'fn': {
      const args = e.args.map(split);
      if (args.every((a) => isZero(a.im))) return real(fn(e.name, ...args.map((a) => a.re)));
      if (args.length !== 1) throw new NoRealForm(`${e.name} with a complex argument`);
      return complexFunction(e.name, args[0]);
    }
  }
}

/**
 * Is `im` constant in x? Decided by the verifier: x + im is an antiderivative of 1 exactly when
 * im' = 0 (comparing with 1 rather than 0 keeps its relative tolerance meaningful). A piecewise
 * constant, such as the branch jumps of arg z, counts as constant, as it does for any answer.
 */
function isConstant(im: Expr): { readonly constant: boolean; readonly why: string } {
  if (!hasX(im)) return { constant: true, why: '' };
  const v = verifyPair(ONE, add(X, im), SEARCH_VERIFY_OPTIONS);
  if (v.verdict === 'correct') return { constant: true, why: '' };
  return {
    constant: false,
    why: v.verdict === 'incorrect' ? 'the imaginary part depends on x' : `the imaginary part could not be shown constant (${v.reason})`,
  };
}

/**
 * The real form of a CAS answer written with the imaginary unit (parseWithImaginaryUnit), e.g.
 * nerdamer's erf(i*x)*i^(-1) = erfi(x) for ∫ exp(x^2) dx, or e^(i*x)/2+e^(-i*x)/2 = cos(x). The
 * answer F is split into R + i·I with exact identities only (Euler's formula, complex products,
 * quotients and integer powers, functions of complex arguments). For real x and a real integrand f,
 * F' = f needs I' = 0; then F' = R', so R is an antiderivative exactly when F is, and R is the real
 * form. When I is not constant (or the split needs an identity we do not have: erf of a + ib, roots
 * of complex numbers) there is none here, and the answer cannot be judged, which is not the same as
 * being wrong: the system may mean another branch than ours.
 */
export function realFromComplex(e: ComplexExpr): RealForm {
  let parts: Split;
  try {
    parts = split(e);
  } catch (error) {
    if (error instanceof NoRealForm) return { ok: false, reason: `no real form: ${error.message}` };
    throw error;
  }
  // The split shares subtrees (a complex power repeats its base's parts), so a short answer can
  // stand for a huge tree: refuse before anything walks it.
  if (!withinLimits(parts.re) || !withinLimits(parts.im)) return { ok: false, reason: `no real form within ${DEFAULT_LIMITS.maxNodes} nodes` };
  const im = simplify(parts.im);
  if (!isZero(im)) {
    const c = isConstant(im);
    if (!c.constant) return { ok: false, reason: `no real form: ${c.why}` };
  }
  return { ok: true, expr: simplify(parts.re) };
}

/** Is the tree `e` stands for (shared subtrees counted at every use) within the default node and depth limits? */
function withinLimits(e: Expr): boolean {
  const sizes = new Map<Expr, { readonly nodes: number; readonly depth: number }>();
  const measure = (t: Expr): { readonly nodes: number; readonly depth: number } => {
    const known = sizes.get(t);
    if (known !== undefined) return known;
    let nodes = 1;
    let depth = 1;
    if (t.type !== 'num' && t.type !== 'sym') {
      for (const c of t.args) {
        const m = measure(c);
        nodes += m.nodes;
        depth = Math.max(depth, m.depth + 1);
      }
    }
    const m = { nodes: Math.min(nodes, Number.MAX_SAFE_INTEGER), depth };
    sizes.set(t, m);
    return m;
  };
  const m = measure(e);
  return m.nodes <= DEFAULT_LIMITS.maxNodes && m.depth <= DEFAULT_LIMITS.maxDepth;
}
