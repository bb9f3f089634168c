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

/** x + c written as a sum of x and numbers, with c ≠ 0: returns c. */
export function shiftedX(e) {
  if (e.type !== 'add') return null;
  const rest = e.args.filter((a) => !isLiteral(a));
  if (rest.length !== 1 || !isX(rest[0])) return null;
  const c = literalValue({ type: 'add', args: e.args.filter(isLiteral) });
  return c === null || Q.isZero(c) ? null : c;
}

/** x or -x. */
export const isSignedX = (e) => isX(e) || (e.type === 'neg' && isX(e.args[0]));

/** c^x with a positive numeric c ≠ 1: returns c. */
export function exponentialOfX(e) {
  return e.type === 'pow' && isX(e.args[1]) ? exponentialBase(e.args[0]) : null;
}
