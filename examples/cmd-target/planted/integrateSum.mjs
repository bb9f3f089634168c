// Antiderivatives of the model's sums, written as infix text sagga reads back.
import * as Q from './rational.mjs';
import { hasRate } from './expSum.mjs';

/** Highest power of x multiplying an exponential that the model integrates by parts. */
const MAX_PARTS_DEGREE = 30;

function printAffine(a, b) {
  const parts = [];
  if (!Q.isZero(a)) parts.push(Q.isOne(a) ? 'x' : `${Q.printRat(a)}*x`);
  if (!Q.isZero(b) || parts.length === 0) parts.push(Q.printRat(b));
  return parts.length === 1 && Q.isZero(b) && Q.isOne(a) ? 'x' : `(${parts.join(' + ')})`;
}

function printExFactor(e) {
  if (e.base === 'e') return `exp(${printAffine(e.a, e.k).replace(/^\((.*)\)$/, '$1')})`;
  return `${e.base}^${printAffine(e.a, e.k)}`;
}

const printPower = (n) => (n === 0 ? [] : n === 1 ? ['x'] : [`x^${n < 0 ? `(${n})` : n}`]);

/** c·x^n·ex as a product, the factors given; '1' when there are none. */
function printProduct(c, factors) {
  if (factors.length === 0) return Q.printRat(c);
  const body = factors.join('*');
  if (Q.isOne(c)) return body;
  if (c.p === -1n && c.q === 1n) return `(-${body})`;
  return `${Q.printRat(c)}*${body}`;
}

/** A term of a sum, as it stands (for coefficients and wrong answers that quote them). */
function printTerm(t) {
  switch (t.kind) {
    case 'mono':
      return printProduct(t.c, [...printPower(t.n), ...t.ex.map(printExFactor)]);
    case 'lin':
      return printProduct(t.c, [`${printAffine(t.a, t.b)}^${t.m < 0 ? `(${t.m})` : t.m}`]);
    case 'trig':
      return printProduct(t.c, [`${t.fn}(${printAffine(t.a, t.b)})`]);
  }
}

export function printSum(s) {
  return s.length === 0 ? '0' : s.map(printTerm).join(' + ');
}

/** log(b1)·a1 + … + a_e: the rate of growth of an exponential part, as text. */
function printRate(ex) {
  const parts = ex.filter((e) => !Q.isZero(e.a)).map((e) => (e.base === 'e' ? Q.printRat(e.a) : `${Q.printRat(e.a)}*log(${e.base})`));
  return `(${parts.join(' + ')})`;
}

const factorial = (n) => {
  let r = 1n;
  for (let i = 2n; i <= BigInt(n); i++) r *= i;
  return r;
};

/** ∫ c·x^n·E dx for an exponential part E with a non-zero rate L: E·Σ_j (-1)^j n!/(n-j)! x^(n-j)/L^(j+1). */
export function integrateByParts(c, n, ex, lastTerm = n) {
  const rate = printRate(ex);
  const e = ex.map(printExFactor);
  const parts = [];
  for (let j = 0; j <= lastTerm; j++) {
    const k = Q.mul(c, Q.rat((j % 2 === 0 ? 1n : -1n) * (factorial(n) / factorial(n - j))));
    const divisor = rate === '(1)' ? '' : `/${rate}${j === 0 ? '' : `^${j + 1}`}`;
    parts.push(`${printProduct(k, [...printPower(n - j), ...e])}${divisor}`);
  }
  return parts.join(' + ');
}

function integrateTerm(t) {
  switch (t.kind) {
    case 'mono': {
      if (hasRate(t.ex)) return t.n < 0 || t.n > MAX_PARTS_DEGREE ? null : integrateByParts(t.c, t.n, t.ex);
      const constant = t.ex.map(printExFactor);
      if (t.n === -1) return printProduct(t.c, [...constant, 'log(abs(x))']);
      return printProduct(Q.div(t.c, Q.fromInt(t.n + 1)), [...printPower(t.n + 1), ...constant]);
    }
    case 'lin': {
      const base = printAffine(t.a, t.b);
      if (t.m === -1) return printProduct(Q.div(t.c, t.a), [`log(abs(${base}))`]);
      const m = t.m + 1;
      return printProduct(Q.div(t.c, Q.mul(t.a, Q.fromInt(m))), [`${base}^${m < 0 ? `(${m})` : m}`]);
    }
    case 'trig': {
      const c = Q.div(t.c, t.a);
      const arg = printAffine(t.a, t.b);
      return t.fn === 'sin' ? printProduct(Q.neg(c), [`cos(${arg})`]) : printProduct(c, [`sin(${arg})`]);
    }
  }
}

/** An antiderivative of the sum as infix text, or null when a term is beyond the model. */
export function integrateSum(s) {
  const parts = [];
  for (const t of s) {
    const F = integrateTerm(t);
    if (F === null) return null;
    parts.push(F);
  }
  return parts.length === 0 ? '0' : parts.join(' + ');
}
