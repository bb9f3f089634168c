// The planted bugs of planted-bugs.mjs. Each fires on one shape of a top-level term's core (the
// term without its numbers: createModel splits a problem by linearity) and has one minimal
// signature, that of its example.
//
// They are placed so that no single shrink move (delete a term or factor, replace a subtree by a
// child, by x or by 1, 2, 3 or 10, or a number by a simpler one) leads from a failure of one bug to
// a failure of another, or from a problem the model answers correctly to a failure: a shrink then
// ends at the signature of the bug it started from. Three things keep them apart:
//
// - shapes: no bug's shape is one move from another's (x*c^x is not a bug, since x^2*c^x would
//   shrink to it; a/((x + p)*c^x) is not, since dropping its numerator leaves (x + p)*c^x);
// - numbers: a move makes only 1, 2, 3 or 10 from a compound or a larger number, and keeps a
//   number's magnitude when it drops its sign, so ranges such as |n| >= 11, b <= -11 or b >= 1
//   cannot be entered by a move from outside them (x^(-500) is a large power like x^500; x^10 is not);
// - relatives: the forms one move away from a bug's shape that the integrator could otherwise
//   answer are declined (`near`; createModel also declines a bug's shape inside another
//   expression): big powers of anything but x, small powers of products and quotients, products
//   with an exponential of a number other than x*c^x and (x + p)*c^x, exponents that are not
//   written k*x + b, x + b or b - x.
//
// The tests in tests/examples/plantedIsolation.test.ts check the property on thousands of problems.
import { X_SUM, constantSum, powNormal } from './expSum.mjs';
import { integrateByParts } from './integrateSum.mjs';
import {
  exponential,
  exponentialBase,
  exponentialOfX,
  factorsLedBy,
  integerIn,
  integerOfSize,
  integerPower,
  isSignedX,
  linearForm,
  literalValue,
  scaledX,
  shiftedX,
  scaledFactor,
  subtrees,
  twoFactors,
  variableFactors,
} from './matchers.mjs';
import * as Q from './rational.mjs';
import { toInfix } from './sagga.mjs';
import { isLiteral, isX } from './terms.mjs';

const text = (e) => `(${toInfix(e)})`;
const C = (r) => Q.printRat(r);
const isPow = (e) => e.type === 'pow';
const isDiv = (e) => e.type === 'div';
/** a/D with a numeric a: returns [a, D]. */
const overNumber = (e) => (isDiv(e) && isLiteral(e.args[0]) && literalValue(e.args[0]) !== null && !isLiteral(e.args[1]) ? [e.args[0], e.args[1]] : null);
const strip = (e) => (e.type === 'neg' ? strip(e.args[0]) : e);

/** c^x as the integrator writes it: e^(x·log c) over c's prime factors. */
function exponentialPart(c) {
  return powNormal(constantSum(c), X_SUM)[0].ex;
}

/** Is `e` a power with an integer exponent of magnitude in [lo, hi]? */
const powerOfSize = (e, lo, hi) => isPow(e) && integerOfSize(e.args[1], lo, hi) !== null;

/** k*x with |k| >= 2, alone or as a term of a sum. */
const hasScaledTerm = (e) => scaledX(e) !== null || (e.type === 'add' && e.args.some((t) => scaledX(t) !== null));

/** A sum one of whose terms (through negation) satisfies `test`. */
const sumWith = (e, test) => e.type === 'add' && e.args.some((a) => test(strip(a)));

export const TERM_BUGS = [
  {
    id: 'large-power',
    description: 'x^n with an integer |n| >= 11: divides by n instead of n + 1',
    signature: '^(x,#)',
    example: 'x^12',
    match: (e) => (isPow(e) && isSignedX(e.args[0]) ? integerOfSize(e.args[1], 11, 1_000_000) : null),
    wrong: (n, e) => `${text(e)}*x/${n < 0 ? `(${n})` : n}`,
    // Big powers of anything but x are not expanded.
    near: (e) => powerOfSize(e, 11, Infinity) && !isSignedX(e.args[0]),
  },
  {
    id: 'exp-of-power',
    description: 'c^(x^k) with an integer 2 <= k <= 10 (no elementary antiderivative): answers c^(x^k)/(k*x^(k-1)*log(c)) instead of declining',
    signature: '^(#,^(x,#))',
    example: '2^x^2',
    match: (e) => {
      if (!isPow(e) || !isPow(e.args[1]) || !isX(e.args[1].args[0])) return null;
      const c = exponentialBase(e.args[0]);
      const k = integerIn(e.args[1].args[1], 2, 10);
      return c === null || k === null ? null : { c, k };
    },
    wrong: ({ c, k }, e) => `${text(e)}/(${k}*x^${k - 1}*log(${C(c)}))`,
  },
  {
    id: 'scaled-power',
    description: '(k*x)^n and a/(k*x)^n with 2 <= |n| <= 10: forgets the chain-rule factor 1/k',
    signature: '^(*(#,x),#)',
    example: '(3*x)^2',
    match: (e) => {
      if (isPow(e)) return scaledX(e.args[0]) !== null ? integerOfSize(e.args[1], 2, 10) : null;
      const q = overNumber(e);
      if (q === null || !isPow(q[1]) || scaledX(q[1].args[0]) === null) return null;
      const n = integerOfSize(q[1].args[1], 2, 10);
      return n === null ? null : { a: q[0], n };
    },
    wrong: (m, e) => (typeof m === 'number' ? `${text(e.args[0])}^(${m + 1})/(${m + 1})` : `${text(m.a)}*${text(e.args[1].args[0])}^(${1 - m.n})/(${1 - m.n})`),
    // Powers of quotients, and small powers of other products and of sums with a k*x term, are left alone.
    near: (e) => {
      if (isPow(e) && strip(e.args[0]).type === 'div' && !isLiteral(e.args[0])) return true;
      if (!powerOfSize(e, 2, 10)) return false;
      const base = strip(e.args[0]);
      if (base.type === 'mul') return scaledX(base) === null;
      return sumWith(base, (t) => scaledX(t) !== null);
    },
  },
  {
    id: 'exponential-of-linear',
    description: 'c^(k*x + b) with |k| >= 2: forgets the chain-rule factor 1/k, answers c^(k*x + b)/log(c)',
    signature: '^(#,*(#,x))',
    example: '2^(3*x)',
    match: (e) => {
      const ex = exponential(e);
      if (ex === null || !hasScaledTerm(ex.exponent)) return null;
      const L = linearForm(ex.exponent);
      return L === null || Q.isZero(L.a) || Q.isOne(L.a) || Q.isOne(Q.neg(L.a)) ? null : ex.c;
    },
    wrong: (c, e) => `${text(e)}/log(${C(c)})`,
    // It reads an exponent only as k*x + b, x + b, b - x: other exponents are left alone.
    near: (e) => {
      const ex = exponential(e);
      if (ex === null) return false;
      const L = ex.exponent;
      if (isSignedX(L)) return false;
      if (linearForm(L) === null) return true;
      return !(L.type === 'add' && L.args.length === 2 && L.args.some(isLiteral) && L.args.some(isSignedX));
    },
  },
  {
    id: 'power-of-exponential',
    description: '(c^x)^n with 2 <= |n| <= 10: treats c^x as the variable, (c^x)^(n+1)/((n+1)*log(c))',
    signature: '^(^(#,x),#)',
    example: '(2^x)^2',
    match: (e) => {
      if (!isPow(e) || exponentialOfX(e.args[0]) === null) return null;
      const n = integerOfSize(e.args[1], 2, 10);
      return n === null ? null : { n, c: exponentialOfX(e.args[0]) };
    },
    wrong: ({ n, c }, e) => `${text(e.args[0])}^(${n + 1})/((${n + 1})*log(${C(c)}))`,
    // Powers of other exponentials, and small powers of sums with an exponential term, are left alone.
    near: (e) => {
      const p = integerPower(e);
      if (p === null) return false;
      const base = strip(p.base);
      if (exponential(base) !== null) return exponentialOfX(base) === null;
      return Math.abs(p.n) >= 2 && Math.abs(p.n) <= 10 && sumWith(base, (t) => variableFactors(t).some((f) => exponential(f) !== null));
    },
  },
  {
    id: 'power-times-exponential',
    description: 'x^n*c^x with 2 <= n <= 10: integrates by parts one step short (drops the last term)',
    signature: '*(^(#,x),^(x,#))',
    example: 'x^2*2^x',
    match: (e) => {
      const f = twoFactors(e);
      if (f === null) return null;
      const [p, q] = isPow(f[0]) && isX(f[0].args[0]) ? f : [f[1], f[0]];
      if (!isPow(p) || !isX(p.args[0])) return null;
      const n = integerIn(p.args[1], 2, 10);
      const c = exponentialOfX(q);
      return n === null || c === null ? null : { n, c };
    },
    wrong: ({ n, c }) => integrateByParts(Q.ONE, n, exponentialPart(c), n - 1),
    // By parts it takes only x*c^x (and (x + p)*c^x, with another bug): other products with an
    // exponential of a number in a factor are left alone.
    near: (e) => {
      if (e.type !== 'mul') return false;
      const factors = variableFactors(e).map(strip);
      if (factors.length < 2 || !factors.some((f) => [...subtrees(f)].some((g) => exponential(g) !== null))) return false;
      const f = twoFactors(e);
      return !(f !== null && f.some((g) => isX(g) || shiftedX(g) !== null) && f.some((g) => exponentialOfX(g) !== null));
    },
  },
  {
    id: 'reciprocal-binomial-power',
    description: 'a/(x + c)^n with 2 <= n <= 10: loses the minus sign of the antiderivative',
    signature: '/(#,^(+(#,x),#))',
    example: '1/(x + 1)^2',
    match: (e) => {
      const q = overNumber(e);
      if (q === null || !isPow(q[1])) return null;
      const L = shiftedX(q[1].args[0]);
      const n = integerIn(q[1].args[1], 2, 10);
      return L === null || n === null ? null : { a: q[0], L: q[1].args[0], slope: L.slope, n };
    },
    wrong: ({ a, L, slope, n }) => `${text(a)}/((${(n - 1) * slope})*${text(L)}^(${n - 1}))`,
    // Powers of other linear forms with a constant term under a number, and negative powers there, are left alone.
    near: (e) => {
      const q = overNumber(e);
      if (q === null || !isPow(q[1])) return false;
      const n = integerIn(q[1].args[1], -1_000_000, 1_000_000);
      if (n !== null && n < 0) return true;
      const L = linearForm(q[1].args[0]);
      return L !== null && !Q.isZero(L.b) && shiftedX(q[1].args[0]) === null;
    },
  },
  {
    id: 'arctan-as-log',
    description: 'a/(x^2 + b) with b > 0: integrates it as if the numerator were the derivative, a*log(x^2 + b)/(2*x)',
    signature: '/(#,+(#,^(x,#)))',
    example: '1/(x^2 + 1)',
    match: (e) => {
      const q = overNumber(e);
      if (q === null || q[1].type !== 'add' || q[1].args.length !== 2) return null;
      const square = q[1].args.find((t) => isPow(t) && isX(t.args[0]) && integerIn(t.args[1], 2, 2) !== null);
      const b = q[1].args.find(isLiteral);
      const v = b === undefined ? null : literalValue(b);
      return square === undefined || v === null || !Q.isPositive(v) ? null : { a: q[0], D: q[1] };
    },
    wrong: ({ a, D }) => `${text(a)}*log(${toInfix(D)})/(2*x)`,
  },
  {
    id: 'double-exponential',
    description: 'c^(d^x) (no elementary antiderivative): answers c^(d^x)/(d^x*log(c)*log(d)) instead of declining',
    signature: '^(#,^(#,x))',
    example: '2^2^x',
    match: (e) => {
      if (!isPow(e)) return null;
      const c = exponentialBase(e.args[0]);
      const d = exponentialOfX(e.args[1]);
      return c === null || d === null ? null : { c, d };
    },
    wrong: ({ c, d }, e) => `${text(e)}/(${C(d)}^x*log(${C(c)})*log(${C(d)}))`,
  },
  {
    id: 'linear-times-exponential',
    description: '(x + p)*c^x: integrates by parts with the wrong sign, c^x*((x + p)/log(c) + 1/log(c)^2)',
    signature: '*(+(#,x),^(#,x))',
    example: '(x + 1)*2^x',
    match: (e) => {
      const p = factorsLedBy(e, shiftedX);
      const c = p === null ? null : exponentialOfX(p.other);
      return c === null ? null : { L: p.lead, slope: p.read.slope, c };
    },
    wrong: ({ L, slope, c }) => `${C(c)}^x*(${text(L)}/log(${C(c)}) + (${slope})/log(${C(c)})^2)`,
  },
  {
    id: 'linear-over-linear',
    description: '(x + q)/(x + p): takes the numerator for a constant, (x + q)*log(abs(x + p))',
    signature: '/(+(#,x),+(#,x))',
    example: '(x + 2)/(x + 1)',
    match: (e) =>
      isDiv(e) && shiftedX(e.args[0]) !== null && shiftedX(e.args[1]) !== null ? { top: e.args[0], L: e.args[1], slope: shiftedX(e.args[1]).slope } : null,
    wrong: ({ top, L, slope }) => `${text(top)}*log(abs(${toInfix(L)}))/(${slope})`,
  },
  {
    id: 'quadratic-partial-fractions',
    description: 'a/(x^2 + x + b) with b <= -11 (two real roots): partial fractions with the sign of the logarithm swapped',
    signature: '/(#,+(#,^(x,#),x))',
    example: '1/(x^2 + x - 12)',
    match: (e) => {
      const q = overNumber(e);
      if (q === null || q[1].type !== 'add' || q[1].args.length !== 3) return null;
      const terms = q[1].args;
      const square = terms.find((t) => isPow(t) && isX(t.args[0]) && integerIn(t.args[1], 2, 2) !== null);
      const b = terms.find(isLiteral);
      const linear = terms.find((t) => t !== square && t !== b);
      const bv = b === undefined ? null : literalValue(b);
      const k = linear === undefined || !isSignedX(linear) ? null : isX(linear) ? Q.ONE : Q.neg(Q.ONE);
      if (square === undefined || bv === null || k === null || Q.toSafeInteger(bv) === null || Q.toSafeInteger(bv) > -11) return null;
      return { a: q[0], k, b: bv, D: q[1] };
    },
    // ∫ a/(x² + k·x + b) = a/√Δ·log|(2x + k − √Δ)/(2x + k + √Δ)| with k = ±1, Δ = k² − 4b > 0; the bug negates it.
    wrong: ({ a, k, b }) => {
      const disc = `sqrt(${C(Q.sub(Q.mul(k, k), Q.mul(Q.fromInt(4), b)))})`;
      return `${text(a)}/${disc}*log(abs((2*x + ${C(k)} + ${disc})/(2*x + ${C(k)} - ${disc})))`;
    },
  },
  {
    id: 'quadratic-log-part',
    description: 'x/(x^2 + x + b) with b >= 1 (no real roots): keeps only the logarithm, log(x^2 + x + b)/2, and leaves out the arctangent',
    signature: '/(x,+(#,^(x,#),x))',
    example: 'x/(x^2 + x + 1)',
    match: (e) => {
      if (!isDiv(e) || !isX(e.args[0])) return null;
      const D = e.args[1];
      if (D.type !== 'add' || D.args.length !== 3) return null;
      const square = D.args.find((t) => isPow(t) && isX(t.args[0]) && integerIn(t.args[1], 2, 2) !== null);
      const linear = D.args.find((t) => t !== square && isSignedX(t));
      const b = D.args.find(isLiteral);
      const bv = b === undefined ? null : literalValue(b);
      return square === undefined || linear === undefined || bv === null || Q.toSafeInteger(bv) === null || Q.toSafeInteger(bv) < 1 ? null : { D };
    },
    wrong: ({ D }) => `log(${toInfix(D)})/2`,
  },
  {
    id: 'partial-fractions',
    description: 'a/((x + p)*(x + q)) with p != q: partial fractions with the sign of both logarithms swapped',
    signature: '/(#,*(+(#,x),+(#,x)))',
    example: '1/((x + 1)*(x + 2))',
    match: (e) => {
      const q = overNumber(e);
      const f = q === null ? null : twoFactors(q[1]);
      if (f === null) return null;
      const [u, v] = f.map(shiftedX);
      if (u === null || v === null) return null;
      const d = Q.sub(Q.mul(v.slope === 1 ? Q.ONE : Q.neg(Q.ONE), u.c), Q.mul(u.slope === 1 ? Q.ONE : Q.neg(Q.ONE), v.c));
      return Q.isZero(d) ? null : { a: q[0], L1: f[0], L2: f[1], d };
    },
    // ∫ a/(L1·L2) = a/d·(log|L2| − log|L1|) with d = s2·p − s1·q; the bug swaps the two.
    wrong: ({ a, L1, L2, d }) => `${text(a)}/(${C(d)})*(log(abs(${toInfix(L1)})) - log(abs(${toInfix(L2)})))`,
    // Products of two linear factors under a number that it cannot split are left alone.
    near: (e) => {
      const q = overNumber(e);
      const f = q === null ? null : twoFactors(q[1]);
      return f !== null && f.every((g) => linearForm(g) !== null);
    },
  },
  {
    id: 'product-of-binomial-powers',
    description: '(x + p)^m*(x + q)^n with 2 <= m, n <= 10: multiplies the antiderivatives of the two factors',
    signature: '*(^(+(#,x),#),^(+(#,x),#))',
    example: '(x + 1)^2*(x + 2)^2',
    match: (e) => {
      const f = twoFactors(e);
      if (f === null || !f.every(isPow)) return null;
      const [u, v] = f.map((g) => shiftedX(g.args[0]));
      const [m, n] = f.map((g) => integerIn(g.args[1], 2, 10));
      if (u === null || v === null || m === null || n === null) return null;
      return u.slope === v.slope && Q.equal(u.c, v.c) ? null : { f, m, n, slopes: [u.slope, v.slope] };
    },
    wrong: ({ f, m, n, slopes }) => `${text(f[0].args[0])}^(${m + 1})*${text(f[1].args[0])}^(${n + 1})/(${(m + 1) * (n + 1) * slopes[0] * slopes[1]})`,
    // Other products with two powers of sums are left alone.
    near: (e) =>
      e.type === 'mul' &&
      variableFactors(e).filter((g) => isPow(g) && strip(g.args[0]).type === 'add' && integerOfSize(g.args[1], 2, 1_000_000) !== null).length >= 2,
  },
  {
    id: 'shifted-exponential-reciprocal',
    description: 'a/(c^x + d): integrates it as if the numerator were the derivative, a*log(c^x + d)/log(c)',
    signature: '/(#,+(#,^(#,x)))',
    example: '1/(2^x + 1)',
    match: (e) => {
      const q = overNumber(e);
      if (q === null || q[1].type !== 'add' || q[1].args.length !== 2) return null;
      const ex = q[1].args.find((t) => exponentialOfX(t) !== null);
      const d = q[1].args.find(isLiteral);
      const v = d === undefined ? null : literalValue(d);
      return ex === undefined || v === null || Q.isZero(v) ? null : { a: q[0], D: q[1], c: exponentialOfX(ex) };
    },
    wrong: ({ a, D, c }) => `${text(a)}*log(abs(${toInfix(D)}))/log(${C(c)})`,
  },
  {
    id: 'square-times-binomial-reciprocal',
    description: 'a/(x^2*(x + p)): partial fractions without the -1/(p*x) term',
    signature: '/(#,*(+(#,x),^(x,#)))',
    example: '1/(x^2*(x + 1))',
    match: (e) => {
      const q = overNumber(e);
      const f = q === null ? null : twoFactors(q[1]);
      if (f === null) return null;
      const [S, L] = isPow(f[0]) ? f : [f[1], f[0]];
      const shift = shiftedX(L);
      if (shift === null || !isPow(S) || !isX(S.args[0]) || integerIn(S.args[1], 2, 2) === null) return null;
      return { a: q[0], L, p: Q.mul(shift.c, shift.slope === 1 ? Q.ONE : Q.neg(Q.ONE)), slope: shift.slope };
    },
    // ∫ a/(x²·(s·x + c)) with p = c/s … the bug keeps only the logarithms.
    wrong: ({ a, L, p, slope }) => `${text(a)}*(log(abs(${toInfix(L)})) - log(abs(x)))/(${C(Q.mul(Q.mul(p, p), slope === 1 ? Q.ONE : Q.neg(Q.ONE)))})`,
  },
  {
    id: 'exponential-over-binomial',
    description: 'c^x/(x + p) (no elementary antiderivative): answers c^x*log(abs(x + p)), as if c^x were a constant',
    signature: '/(^(#,x),+(#,x))',
    example: '2^x/(x + 1)',
    match: (e) => {
      if (!isDiv(e) || shiftedX(e.args[1]) === null) return null;
      const top = scaledFactor(e.args[0]);
      return top !== null && exponentialOfX(top.f) !== null ? { top: e.args[0], L: e.args[1] } : null;
    },
    wrong: ({ top, L }) => `${text(top)}*log(abs(${toInfix(L)}))`,
  },
  {
    id: 'power-over-binomial',
    description: 'x^n/(x + p) with 2 <= n <= 10: divides the antiderivatives, x^(n+1)/((n+1)*(x + p))',
    signature: '/(^(x,#),+(#,x))',
    example: 'x^2/(x + 1)',
    match: (e) => {
      if (!isDiv(e) || shiftedX(e.args[1]) === null) return null;
      const top = scaledFactor(e.args[0]);
      if (top === null || !isPow(top.f) || !isX(top.f.args[0])) return null;
      const n = integerIn(top.f.args[1], 2, 10);
      return n === null ? null : { k: top.k === null ? Q.ONE : literalValue(top.k), n, L: e.args[1] };
    },
    wrong: ({ k, n, L }) => `${C(k)}*x^${n + 1}/(${n + 1}*${text(L)})`,
    // A quotient of a non-constant by something wrapped around x + p (a power, an exponential) is left alone.
    near: (e) =>
      isDiv(e) &&
      !isLiteral(e.args[0]) &&
      !isLiteral(e.args[1]) &&
      e.args[1].type !== 'num' &&
      e.args[1].type !== 'sym' &&
      strip(e.args[1]).args.some((a) => shiftedX(strip(a)) !== null),
  },
];
