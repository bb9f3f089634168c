import type { FnName } from '../expr/functions.js';
import { simplify } from '../expr/simplify.js';
import { add, div, fn, hasX, mul, num, pow, sub, X, type Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';

const UNARY: readonly FnName[] = ['exp', 'log', 'sqrt', 'sin', 'cos', 'tan', 'atan', 'asin', 'sinh', 'cosh', 'tanh', 'asinh'];
const BINARY = ['add', 'sub', 'mul', 'div', 'pow'] as const;
const GROWING: readonly FnName[] = ['exp', 'sinh', 'cosh'];

function isTame(e: Expr): boolean {
  if (e.type === 'num' || e.type === 'sym') return true;
  if (e.type === 'div' || (e.type === 'fn' && (GROWING.includes(e.name) || e.name === 'tan'))) return false;
  return e.args.every(isTame);
}

/**
 * A random expression in x from a small grammar (Lample & Charton's backward generation): a tree
 * with `internal` operator nodes (unary functions from a fixed elementary set, + − × ÷, powers
 * with exponents 2 … 5), leaves x or an integer 1 … 9. The caller differentiates it to get a
 * problem with a known answer.
 */
export function randomAntiderivative(rng: Rng, internal = rng.int(1, 5)): Expr {
  const build = (ops: number): Expr => {
    if (ops === 0) return rng.next() < 0.7 ? X : num(rng.int(1, 9));
    if (rng.next() < 0.4) {
      const arg = build(ops - 1);
      // exp, sinh, cosh of a quotient or of another fast-growing function overflow near x = 0 or
      // for moderate x, leaving the verifier nothing to compare (and its high-precision fallback
      // a long way to go): keep them on tame arguments.
      const choices = isTame(arg) ? UNARY : UNARY.filter((f) => !GROWING.includes(f));
      return fn(rng.pick(choices), arg);
    }
    const op = rng.pick(BINARY);
    if (op === 'pow') return pow(build(ops - 1), num(rng.int(2, 5)));
    const left = rng.int(0, ops - 1);
    const a = build(left);
    const b = build(ops - 1 - left);
    switch (op) {
      case 'add':
        return add(a, b);
      case 'sub':
        return sub(a, b);
      case 'mul':
        return mul(a, b);
      case 'div':
        return div(a, b);
    }
  };
  for (;;) {
    const e = simplify(build(internal));
    if (hasX(e)) return e;
  }
}
