import { simplify } from '../simplify.js';
import { isLeaf, withArgs, type Expr } from '../types.js';
import type { Rng } from '../../util/rng.js';

/**
 * Distinct magnitudes of the non-zero integer literals of e (a literal -3 counts as 3, its sign kept), in pre-order, that numeric perturbations may change.
 * Exponents of powers are left alone: x^1234567 changes the problem's kind, not its numbers.
 */
export function perturbableIntegers(e: Expr): number[] {
  const seen = new Set<number>();
  const walk = (n: Expr, isExponent: boolean): void => {
    if (n.type === 'num') {
      if (!isExponent && Number.isSafeInteger(n.value) && n.value !== 0) seen.add(Math.abs(n.value));
      return;
    }
    if (isLeaf(n)) return;
    n.args.forEach((a, i) => walk(a, n.type === 'pow' && i === 1));
  };
  walk(e, false);
  return [...seen];
}

/** e with integer literals replaced by value (`mapping` old → new), exponents excepted. */
export function replaceIntegers(e: Expr, mapping: ReadonlyMap<number, number>): Expr {
  const walk = (n: Expr, isExponent: boolean): Expr => {
    if (n.type === 'num') {
      const to = isExponent ? undefined : mapping.get(Math.abs(n.value));
      return to === undefined ? n : { type: 'num', value: Math.sign(n.value) * to };
    }
    if (isLeaf(n)) return n;
    return withArgs(
      n,
      n.args.map((a, i) => walk(a, n.type === 'pow' && i === 1)),
    );
  };
  return walk(e, false);
}

/**
 * A random integer with exactly `digits` digits (10^(d-1) … 10^d - 1). Zero digits means the
 * constant is dropped: it becomes 1.
 */
export function randomIntegerWithDigits(rng: Rng, digits: number): number {
  if (digits <= 0) return 1;
  if (digits === 1) return rng.int(1, 9);
  return rng.int(10 ** (digits - 1), 10 ** digits - 1);
}

/**
 * Answer candidates for a problem whose integers were replaced by `mapping`, given the source's
 * antiderivative F: the same replacement made in F (right when each constant shows up in F as
 * itself, as in ∫ 3cos(5x) = 3/5·sin(5x)), and F scaled by new/old for each replaced value (right
 * when the value is the problem's overall factor). Every candidate is verified before use.
 */
export function carriedAnswers(F: Expr, mapping: ReadonlyMap<number, number>): Expr[] {
  const replaced = simplify(replaceIntegers(F, mapping));
  const out: Expr[] = [replaced];
  for (const [from, to] of mapping) {
    const scale: Expr = {
      type: 'div',
      args: [
        { type: 'num', value: to },
        { type: 'num', value: from },
      ],
    };
    out.push(simplify({ type: 'mul', args: [scale, F] }));
    const rest = new Map([...mapping].filter(([k]) => k !== from));
    if (rest.size > 0) out.push(simplify({ type: 'mul', args: [scale, replaceIntegers(F, rest)] }));
  }
  return out;
}
