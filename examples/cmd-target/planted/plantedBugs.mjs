// The planted bugs of planted-bugs.mjs. Each fires on one syntactic shape of a top-level term's
// core (the term without its numeric factors), so that each has exactly one minimal failing form
// and one signature: deleting any term or factor of a bug's example leaves a shape no bug fires on.
// Where deleting a factor would leave another bug's shape (x from (k*x)^n leaves x^n), the
// number ranges are made disjoint (here n ≤ 9 against n ≥ 10).
import { X_SUM, constantSum, powNormal } from './expSum.mjs';
import { integrateByParts } from './integrateSum.mjs';
import { exponentialBase, exponentialOfX, integerIn, isSignedX, literalValue, scaledX, shiftedX } from './matchers.mjs';
import * as Q from './rational.mjs';
import { toInfix } from './sagga.mjs';
import { isLiteral, isX } from './terms.mjs';

const text = (e) => `(${toInfix(e)})`;
const C = (r) => Q.printRat(r);
const isPow = (e) => e.type === 'pow';
/** The two non-numeric factors of a product core, in their written order, or null. */
const twoFactors = (e) => (e.type === 'mul' && e.args.length === 2 ? e.args : null);

/** Term bugs: the core's signature, what the bug reads from it, the wrong antiderivative it gives. */
export const TERM_BUGS = [
  {
    id: 'large-power',
    description: 'x^n with an integer n >= 10: divides by n instead of n + 1',
    signature: '^(x,#)',
    example: 'x^12',
    match: (e) => (isPow(e) && isSignedX(e.args[0]) ? integerIn(e.args[1], 10, 1_000_000) : null),
    wrong: (n, e) => `${text(e)}*x/${n}`,
  },
  {
    id: 'exp-of-power',
    description: 'c^(x^k) with an integer k >= 2 (no elementary antiderivative): answers c^(x^k)/(k*x^(k-1)*log(c)) instead of declining',
    signature: '^(#,^(x,#))',
    example: '2^x^2',
    match: (e) => {
      if (!isPow(e) || !isPow(e.args[1]) || !isX(e.args[1].args[0])) return null;
      const c = exponentialBase(e.args[0]);
      const k = integerIn(e.args[1].args[1], 2, 1000);
      return c === null || k === null ? null : { c, k };
    },
    wrong: ({ c, k }, e) => `${text(e)}/(${k}*x^${k - 1}*log(${C(c)}))`,
  },
  {
    id: 'scaled-power',
    description: '(k*x)^n with 2 <= n <= 9: forgets the chain-rule factor 1/k',
    signature: '^(*(#,x),#)',
    example: '(3*x)^2',
    match: (e) => {
      if (!isPow(e) || scaledX(e.args[0]) === null) return null;
      return integerIn(e.args[1], 2, 9);
    },
    wrong: (n, e) => `${text(e.args[0])}^${n + 1}/${n + 1}`,
  },
  {
    id: 'x-times-exponential',
    description: 'x*c^x: integrates by parts with the wrong sign, c^x*(x/log(c) + 1/log(c)^2)',
    signature: '*(^(#,x),x)',
    example: 'x*2^x',
    match: (e) => {
      const f = twoFactors(e);
      if (f === null) return null;
      const [u, v] = isX(f[0]) ? f : [f[1], f[0]];
      return isX(u) ? exponentialOfX(v) : null;
    },
    wrong: (c) => `${C(c)}^x*(x/log(${C(c)}) + 1/log(${C(c)})^2)`,
  },
  {
    id: 'exponential-of-multiple',
    description: 'c^(k*x): forgets the chain-rule factor 1/k, answers c^(k*x)/log(c)',
    signature: '^(#,*(#,x))',
    example: '2^(3*x)',
    match: (e) => (isPow(e) && scaledX(e.args[1]) !== null ? exponentialBase(e.args[0]) : null),
    wrong: (c, e) => `${text(e)}/log(${C(c)})`,
  },
  {
    id: 'power-of-power',
    description: '(x^a)^b with integers a, b >= 2: treats x^a as the variable, (x^a)^(b+1)/(b+1)',
    signature: '^(^(x,#),#)',
    example: '(x^2)^3',
    match: (e) => {
      if (!isPow(e) || !isPow(e.args[0]) || !isX(e.args[0].args[0])) return null;
      const b = integerIn(e.args[1], 2, 1_000_000);
      return integerIn(e.args[0].args[1], 2, 1_000_000) === null || b === null ? null : b;
    },
    wrong: (b, e) => `${text(e.args[0])}^${b + 1}/${b + 1}`,
  },
  {
    id: 'power-of-binomial',
    description: "(x + c)^n with 2 <= n <= 9: the freshman's dream, integrates x^n + c^n",
    signature: '^(+(#,x),#)',
    example: '(x + 1)^2',
    match: (e) => {
      if (!isPow(e)) return null;
      const c = shiftedX(e.args[0]);
      const n = integerIn(e.args[1], 2, 9);
      return c === null || n === null ? null : { c, n };
    },
    wrong: ({ c, n }) => `x^${n + 1}/${n + 1} + ${C(Q.pow(c, n))}*x`,
  },
  {
    id: 'reciprocal-scaled-power',
    description: 'a/(k*x)^n with n >= 2: forgets the chain-rule factor 1/k, a/((1-n)*(k*x)^(n-1))',
    signature: '/(#,^(*(#,x),#))',
    example: '1/(2*x)^2',
    match: (e) => {
      if (e.type !== 'div' || !isLiteral(e.args[0]) || !isPow(e.args[1]) || scaledX(e.args[1].args[0]) === null) return null;
      const n = integerIn(e.args[1].args[1], 2, 1_000_000);
      return n === null || literalValue(e.args[0]) === null ? null : n;
    },
    wrong: (n, e) => `${text(e.args[0])}/(${1 - n}*${text(e.args[1].args[0])}^${n - 1})`,
  },
  {
    id: 'square-times-exponential',
    description: 'x^n*c^x with 2 <= n <= 9: stops integrating by parts one step early (drops the constant term)',
    signature: '*(^(#,x),^(x,#))',
    example: 'x^2*2^x',
    match: (e) => {
      const f = twoFactors(e);
      if (f === null) return null;
      const [p, q] = isPow(f[0]) && isX(f[0].args[0]) ? f : [f[1], f[0]];
      if (!isPow(p) || !isX(p.args[0])) return null;
      const n = integerIn(p.args[1], 2, 9);
      const c = exponentialOfX(q);
      return n === null || c === null ? null : { n, c };
    },
    wrong: ({ n, c }) => integrateByParts(Q.ONE, n, exponentialPart(c), n - 1),
  },
  {
    id: 'power-of-exponential',
    description: '(c^x)^n with n >= 2: treats c^x as the variable, (c^x)^(n+1)/((n+1)*log(c))',
    signature: '^(^(#,x),#)',
    example: '(2^x)^2',
    match: (e) => {
      if (!isPow(e) || exponentialOfX(e.args[0]) === null) return null;
      const n = integerIn(e.args[1], 2, 1_000_000);
      return n === null ? null : { n, c: exponentialOfX(e.args[0]) };
    },
    wrong: ({ n, c }, e) => `${text(e.args[0])}^${n + 1}/(${n + 1}*log(${C(c)}))`,
  },
  {
    id: 'power-tower',
    description: 'x^(c^x) (no elementary antiderivative): applies the power rule, x^(c^x + 1)/(c^x + 1)',
    signature: '^(x,^(#,x))',
    example: 'x^2^x',
    match: (e) => (isPow(e) && isX(e.args[0]) ? exponentialOfX(e.args[1]) : null),
    wrong: (c) => `x^(${C(c)}^x + 1)/(${C(c)}^x + 1)`,
  },
  {
    id: 'reciprocal-binomial-power',
    description: 'a/(x + c)^n with n >= 2: loses the minus sign, a/((n-1)*(x + c)^(n-1))',
    signature: '/(#,^(+(#,x),#))',
    example: '1/(x + 1)^2',
    match: (e) => {
      if (e.type !== 'div' || !isLiteral(e.args[0]) || !isPow(e.args[1]) || shiftedX(e.args[1].args[0]) === null) return null;
      const n = integerIn(e.args[1].args[1], 2, 1_000_000);
      return n === null || literalValue(e.args[0]) === null ? null : n;
    },
    wrong: (n, e) => `${text(e.args[0])}/(${n - 1}*${text(e.args[1].args[0])}^${n - 1})`,
  },
  {
    id: 'x-times-linear',
    description: "x*(k*x + c): multiplies the factors' antiderivatives, x^2*(k*x + c)^2/(4*k)",
    signature: '*(+(#,*(#,x)),x)',
    example: 'x*(2*x + 1)',
    match: (e) => {
      const f = twoFactors(e);
      if (f === null) return null;
      const [u, v] = isX(f[0]) ? f : [f[1], f[0]];
      if (!isX(u) || v.type !== 'add' || v.args.length !== 2) return null;
      const [a, b] = isLiteral(v.args[0]) ? [v.args[1], v.args[0]] : v.args;
      const k = scaledX(a);
      const c = literalValue(b);
      return k === null || c === null || Q.isZero(c) ? null : { k, linear: v };
    },
    wrong: ({ k, linear }) => `x^2*${text(linear)}^2/(4*${C(k)})`,
  },
];

/** c^x as the integrator writes it: e^(x·log c) over c's prime factors. */
function exponentialPart(c) {
  return powNormal(constantSum(c), X_SUM)[0].ex;
}

/** x^n with an integer n ≤ 9 other than 0 and 1, as a term's core: returns n. (From 10 on, x^n alone is large-power.) */
function powerOfX(term) {
  const e = term.core;
  if (e === null || !isPow(e) || !isX(e.args[0])) return null;
  const n = integerIn(e.args[1], -1_000_000, 9);
  return n === null || n === 0 || n === 1 ? null : n;
}

/** Problem bugs: they look at all the terms at once and leave one term's antiderivative out. */
export const PROBLEM_BUGS = [
  {
    id: 'three-powers',
    description: 'a sum of three or more power terms x^n with distinct integer exponents n <= 9 (n != 0, 1): leaves out the antiderivative of the one with the highest exponent',
    signature: '+(^(x,#),^(x,#),^(x,#))',
    example: 'x^2 + x^3 + x^(-2)',
    match(terms) {
      const firstWith = new Map();
      terms.forEach((t, i) => {
        const n = powerOfX(t);
        if (n !== null && !firstWith.has(n)) firstWith.set(n, i);
      });
      if (firstWith.size < 3) return -1;
      return firstWith.get(Math.max(...firstWith.keys()));
    },
  },
];
