// The planted bugs of planted-deep-bugs.mjs: a model whose bugs lie mostly beyond the reach of
// random sampling. Six of them random problems hit (two often, two now and then, two rarely:
// bench:planted); the other six are products and quotients of powers of shifted variables and
// exponentials that chains of up to six random mutations of the default seeds almost never build,
// and that a search reaches from the structures it keeps. Nine come from plantedBugs.mjs; three
// are added here.
//
// The isolation of plantedBugs.mjs holds here too (tests/examples/plantedIsolation.test.ts checks
// both tables): no shrink move leads from one bug's failure to another's. The bugs of
// plantedBugs.mjs left out of this table (UNPLANTED_BUGS) are not planted: their shapes are
// integrated exactly, or declined where the integrator cannot, and their relatives (`near`) are
// still declined, so the model answers every problem as planted-bugs.mjs does, or declines it, or
// answers it right, except the shapes of the three bugs added here. Some of those left out are one
// move from a shape here, which is why they are left out: 1/(x + p)^n (a quotient's numerator
// replaced by 1), c^x/(x + p) (c^x/(x + p)^n's power replaced by its base), x^n*c^x and
// (x + p)*c^x ((x + p)^n*c^x's x + p or power replaced by a child).
import { exponentialOfX, factorsLedBy, integerIn, scaledFactor, shiftedX } from './matchers.mjs';
import { TERM_BUGS } from './plantedBugs.mjs';
import { toInfix } from './sagga.mjs';

const text = (e) => `(${toInfix(e)})`;
const isPow = (e) => e.type === 'pow';
const isDiv = (e) => e.type === 'div';

/** (x + p)^n with 2 <= n <= 10: returns { L, slope, n }. */
function binomialPower(e) {
  if (!isPow(e)) return null;
  const L = shiftedX(e.args[0]);
  const n = integerIn(e.args[1], 2, 10);
  return L === null || n === null ? null : { L: e.args[0], slope: L.slope, c: L.c, n };
}

/** a·f/(x + p)^n with numbers a and 2 <= n <= 10: returns { top: a·f, k: a's infix ('1' when none), f, v: the power }, or null. */
function overBinomialPower(e) {
  const top = isDiv(e) ? scaledFactor(e.args[0]) : null;
  const v = top === null ? null : binomialPower(e.args[1]);
  return v === null ? null : { top: e.args[0], k: top.k === null ? '1' : toInfix(top.k), f: top.f, v };
}

const KEPT = [
  'exp-of-power',
  'scaled-power',
  'power-of-exponential',
  'double-exponential',
  'linear-over-linear',
  'shifted-exponential-reciprocal',
  'partial-fractions',
  'product-of-binomial-powers',
  'square-times-binomial-reciprocal',
];

/** The bugs of plantedBugs.mjs this model does not plant (their relatives are still declined). */
export const UNPLANTED_BUGS = TERM_BUGS.filter((b) => !KEPT.includes(b.id));

export const DEEP_BUGS = [
  ...KEPT.map((id) => TERM_BUGS.find((b) => b.id === id)),
  {
    id: 'binomial-power-quotient',
    description: 'a*(x + p)^m/(x + q)^n with 2 <= m, n <= 10 and p != q: divides the antiderivatives of the two powers',
    signature: '/(^(+(#,x),#),^(+(#,x),#))',
    example: '(x + 1)^2/(x + 2)^2',
    match: (e) => {
      const q = overBinomialPower(e);
      const u = q === null ? null : binomialPower(q.f);
      if (u === null || (u.slope === q.v.slope && toInfix(u.L) === toInfix(q.v.L))) return null;
      return { k: q.k, u, v: q.v };
    },
    wrong: ({ k, u, v }) => `(${k})*${text(u.L)}^(${u.n + 1})*(${1 - v.n})/((${(u.n + 1) * u.slope * v.slope})*${text(v.L)}^(${1 - v.n}))`,
  },
  {
    id: 'binomial-power-times-exponential',
    description: '(x + p)^n*c^x with 2 <= n <= 10: multiplies the antiderivatives of the two factors',
    signature: '*(^(#,x),^(+(#,x),#))',
    example: '(x + 1)^2*2^x',
    match: (e) => {
      const p = factorsLedBy(e, binomialPower);
      return p === null || exponentialOfX(p.other) === null ? null : { u: p.read, E: p.other };
    },
    wrong: ({ u, E }) => `${text(u.L)}^(${u.n + 1})*${text(E)}/((${(u.n + 1) * u.slope})*log(${toInfix(E.args[0])}))`,
  },
  {
    id: 'exponential-over-binomial-power',
    description: 'a*c^x/(x + p)^n with 2 <= n <= 10 (no elementary antiderivative): answers a*c^x*(x + p)^(1-n)/(1-n)',
    signature: '/(^(#,x),^(+(#,x),#))',
    example: '2^x/(x + 1)^2',
    match: (e) => {
      const q = overBinomialPower(e);
      return q === null || exponentialOfX(q.f) === null ? null : q;
    },
    wrong: ({ top, v }) => `${text(top)}*${text(v.L)}^(${1 - v.n})/(${(1 - v.n) * v.slope})`,
  },
];
