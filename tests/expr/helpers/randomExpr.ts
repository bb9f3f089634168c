import { fnInfo, type FnName } from '../../../src/expr/functions.js';
import type { Expr } from '../../../src/expr/types.js';
import type { Rng } from '../../../src/util/rng.js';

export interface RandomExprOptions {
  /** Deepest tree (root = 1). */
  readonly maxDepth: number;
  readonly functions: readonly FnName[];
  /** Literal magnitudes: 'small' keeps integers within ±20 (safe for a CAS to expand powers of). */
  readonly literals?: 'small' | 'wide';
  /** Exponents: 'tame' keeps them to small integers, 1/2 and x so that values stay finite and CAS work stays bounded. */
  readonly exponents?: 'tame' | 'any';
}

/**
 * A random tree, including shapes the parser never builds (negative literals, neg(neg(a)), sums
 * inside sums, floats), so that printers and simplify see everything that mutations could make.
 */
export function randomExpr(rng: Rng, opts: RandomExprOptions): Expr {
  return node(rng, opts, 1);
}

function node(rng: Rng, opts: RandomExprOptions, depth: number): Expr {
  if (depth >= opts.maxDepth || rng.next() < 0.3) return leaf(rng, opts);
  const kind = rng.pick(['add', 'add', 'mul', 'mul', 'div', 'pow', 'neg', 'fn', 'fn'] as const);
  const sub = (): Expr => node(rng, opts, depth + 1);
  switch (kind) {
    case 'add':
    case 'mul': {
      const n = rng.int(2, 4);
      return { type: kind, args: Array.from({ length: n }, sub) };
    }
    case 'div':
      return { type: 'div', args: [sub(), sub()] };
    case 'pow':
      return { type: 'pow', args: [sub(), opts.exponents === 'any' ? sub() : tameExponent(rng, opts, depth + 1)] };
    case 'neg':
      return { type: 'neg', args: [sub()] };
    case 'fn': {
      const name = rng.pick(opts.functions);
      const arity = rng.pick(fnInfo(name).arity);
      return { type: 'fn', name, args: Array.from({ length: arity }, sub) };
    }
  }
}

function tameExponent(rng: Rng, opts: RandomExprOptions, depth: number): Expr {
  switch (rng.int(0, 5)) {
    case 0:
      return { type: 'sym', name: 'x' };
    case 1:
      return {
        type: 'div',
        args: [
          { type: 'num', value: 1 },
          { type: 'num', value: 2 },
        ],
      };
    case 2:
      return { type: 'neg', args: [{ type: 'num', value: rng.int(1, 3) }] };
    case 3:
      return depth < opts.maxDepth ? { type: 'neg', args: [{ type: 'sym', name: 'x' }] } : { type: 'num', value: 2 };
    default:
      return { type: 'num', value: rng.int(-3, 4) };
  }
}

function leaf(rng: Rng, opts: RandomExprOptions): Expr {
  const r = rng.next();
  if (r < 0.4) return { type: 'sym', name: 'x' };
  if (r < 0.47) return { type: 'sym', name: 'pi' };
  if (r < 0.54) return { type: 'sym', name: 'e' };
  return { type: 'num', value: literal(rng, opts) };
}

function literal(rng: Rng, opts: RandomExprOptions): number {
  const r = rng.next();
  if (r < 0.1) return rng.pick([0, 1, -1]);
  if (r < 0.7) return rng.int(-20, 20);
  if (r < 0.85) return rng.int(-999, 999) / 100;
  if (opts.literals !== 'wide') return rng.int(-1000, 1000);
  return rng.pick([1e15, -1e15, 123456789012345, 1e-7, 2.5e-12, 0.1, 1 / 3, -0]);
}
