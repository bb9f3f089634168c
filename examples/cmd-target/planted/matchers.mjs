// Reading the numbers out of a bug's core: each function checks one syntactic form and returns its
// constants, or null when the subtree does not have that form.
import { asRational } from './expSum.mjs';
import { normalize } from './normalize.mjs';
import * as Q from './rational.mjs';
import { isLiteral, isX } from './terms.mjs';

/** The value of a numeric subtree, if it is rational. */
export function literalValue(e) {
  if (!isLiteral(e)) return null;
  const s = normalize(e);
  return s === null ? null : asRational(s);
}

/** An integer literal in [lo, hi]. */
export function integerIn(e, lo, hi) {
  const r = literalValue(e);
  const n = r === null ? null : Q.toSafeInteger(r);
  return n !== null && n >= lo && n <= hi ? n : null;
}

/** An integer literal whose magnitude is in [lo, hi]. */
export function integerOfSize(e, lo, hi) {
  const r = literalValue(e);
  const n = r === null ? null : Q.toSafeInteger(r);
  return n !== null && Math.abs(n) >= lo && Math.abs(n) <= hi ? n : null;
}

/** A positive numeric base other than 1 (the base of an exponential). */
export function exponentialBase(e) {
  const r = literalValue(e);
  return r !== null && Q.isPositive(r) && !Q.isOne(r) ? r : null;
}

/** k·x written as a product of numbers and one x (perhaps negated), with k ≠ ±1: returns k. */
export function scaledX(e) {
  let negative = false;
  for (; e.type === 'neg'; e = e.args[0]) negative = !negative;
  if (e.type !== 'mul') return null;
  const rest = e.args.filter((a) => !isLiteral(a));
  if (rest.length !== 1 || !isX(rest[0])) return null;
  const k = literalValue({ type: 'mul', args: e.args.filter(isLiteral) });
  if (k === null || Q.isZero(k) || Q.isOne(k) || Q.isOne(Q.neg(k))) return null;
  return negative ? Q.neg(k) : k;
}

/** x or -x. */
export const isSignedX = (e) => isX(e) || (e.type === 'neg' && isX(e.args[0]));

/**
 * ±x + c written as a sum of x or -x and numbers, with c ≠ 0: returns { slope: ±1, c }. This is
 * the one way the model reads a shifted variable; other linear forms it handles as polynomials.
 */
export function shiftedX(e) {
  if (e.type !== 'add') return null;
  const rest = e.args.filter((a) => !isLiteral(a));
  if (rest.length !== 1 || !isSignedX(rest[0])) return null;
  const c = literalValue({ type: 'add', args: e.args.filter(isLiteral) });
  return c === null || Q.isZero(c) ? null : { slope: isX(rest[0]) ? 1 : -1, c };
}

/**
 * a·x + b read off a tree of numbers, x, sums, products with at most one factor holding x,
 * negations and divisions by numbers, when x appears in it: returns { a, b } (a may be 0 when the
 * x terms cancel). Null for anything else (x^2, x*x, 1/x …).
 */
export function linearForm(e) {
  if (isLiteral(e)) return null;
  return linearParts(e);
}

function linearParts(e) {
  if (isLiteral(e)) {
    const v = literalValue(e);
    return v === null ? null : { a: Q.ZERO, b: v };
  }
  switch (e.type) {
    case 'sym':
      return isX(e) ? { a: Q.ONE, b: Q.ZERO } : null;
    case 'neg': {
      const p = linearParts(e.args[0]);
      return p === null ? null : { a: Q.neg(p.a), b: Q.neg(p.b) };
    }
    case 'add': {
      let a = Q.ZERO;
      let b = Q.ZERO;
      for (const arg of e.args) {
        const p = linearParts(arg);
        if (p === null) return null;
        a = Q.add(a, p.a);
        b = Q.add(b, p.b);
      }
      return { a, b };
    }
    case 'mul': {
      const variable = e.args.filter((arg) => !isLiteral(arg));
      if (variable.length !== 1) return null;
      const k = literalValue({ type: 'mul', args: e.args.filter(isLiteral) });
      const p = linearParts(variable[0]);
      return k === null || p === null ? null : { a: Q.mul(k, p.a), b: Q.mul(k, p.b) };
    }
    case 'div': {
      const d = literalValue(e.args[1]);
      const p = linearParts(e.args[0]);
      return d === null || Q.isZero(d) || p === null ? null : { a: Q.div(p.a, d), b: Q.div(p.b, d) };
    }
    default:
      return null;
  }
}

/** c^x with a positive numeric c ≠ 1: returns c. */
export function exponentialOfX(e) {
  return e.type === 'pow' && isX(e.args[1]) ? exponentialBase(e.args[0]) : null;
}

/** c^L for a positive numeric c ≠ 1 and an exponent holding x: returns { c, exponent }. */
export function exponential(e) {
  if (e.type !== 'pow' || isLiteral(e.args[1])) return null;
  const c = exponentialBase(e.args[0]);
  return c === null ? null : { c, exponent: e.args[1] };
}

/** b^n with an integer literal n: returns { base, n }. */
export function integerPower(e) {
  if (e.type !== 'pow') return null;
  const n = integerIn(e.args[1], -1_000_000, 1_000_000);
  return n === null ? null : { base: e.args[0], n };
}

/** The factors of a product that hold x or a named constant (its numeric factors left out). */
export const variableFactors = (e) => (e.type === 'mul' ? e.args.filter((a) => !isLiteral(a)) : [e]);

/** The two non-numeric factors of a product core, or null. */
export const twoFactors = (e) => (e.type === 'mul' && e.args.length === 2 && !e.args.some(isLiteral) ? e.args : null);

/**
 * e's two factors, led by the first (in order) that `read` reads: { lead, read: what it read, other },
 * or null when e is not a product of two factors or `read` reads neither.
 */
export function factorsLedBy(e, read) {
  const f = twoFactors(e);
  if (f === null) return null;
  const [lead, other] = read(f[0]) !== null ? f : [f[1], f[0]];
  const value = read(lead);
  return value === null ? null : { lead, read: value, other };
}

/** f, or k·f with rational numbers k: returns { k, f } (k as its tree, null when there is none), or null. */
export function scaledFactor(e) {
  const [f, ...more] = variableFactors(e);
  if (f === undefined || more.length > 0) return null;
  if (e.type !== 'mul') return { k: null, f };
  const k = { type: 'mul', args: e.args.filter(isLiteral) };
  return literalValue(k) === null ? null : { k, f };
}

/** Every subtree, the root first. */
export function* subtrees(e) {
  const stack = [e];
  while (stack.length > 0) {
    const n = stack.pop();
    yield n;
    if (n.type !== 'num' && n.type !== 'sym') for (let i = n.args.length - 1; i >= 0; i--) stack.push(n.args[i]);
  }
}
