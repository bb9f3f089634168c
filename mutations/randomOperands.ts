import type { FnName } from '../src/expr/functions.js';
import { fn, mul, num, pow, X, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import type { MutationOp, MutationParams } from './types.js';

const TRIG: readonly MutationOp[] = ['sin', 'cos', 'tan'];
const BINARY: readonly MutationOp[] = ['add', 'mul', 'pow'];

/** The trigonometric functions of the operation set (empty outside the paper's trig runs). */
export function trigFunctionsOf(params: MutationParams): FnName[] {
  return params.ops.filter((op) => TRIG.includes(op)) as FnName[];
}

/** The n-ary/binary operations of the operation set. */
export function binaryOpsOf(params: MutationParams): MutationOp[] {
  return params.ops.filter((op) => BINARY.includes(op));
}

/**
 * An integer uniformly drawn from [vmin, vmax] without the `avoid` values. Rejection sampling,
 * bounded: when the range is (almost) all avoided, the first allowed value found by a scan is used.
 */
export function drawConstant(rng: Rng, params: MutationParams): number {
  const avoid = params.avoid;
  if (!avoid || avoid.length === 0) return rng.int(params.vmin, params.vmax);
  for (let attempt = 0; attempt < 32; attempt++) {
    const k = rng.int(params.vmin, params.vmax);
    if (!avoid.includes(k)) return k;
  }
  for (let k = params.vmin; k <= params.vmax; k++) if (!avoid.includes(k)) return k;
  throw new RangeError(`no integer in [${params.vmin}, ${params.vmax}] outside ${JSON.stringify(avoid)}`);
}

export function drawConstantExpr(rng: Rng, params: MutationParams): Expr {
  return num(drawConstant(rng, params));
}

/**
 * A random simple operand, as the reference's "simple operations": k, x, k·x or x^k. In trig runs
 * (sin/cos/tan in the operation set) an operand with x is wrapped, half of the time, in one of
 * those functions: sin(k·x), cos(x^k), …
 */
export function simpleOperand(rng: Rng, params: MutationParams): Expr {
  const shape = rng.int(0, 3);
  let operand: Expr;
  switch (shape) {
    case 0:
      return drawConstantExpr(rng, params);
    case 1:
      operand = X;
      break;
    case 2:
      operand = mul(drawConstantExpr(rng, params), X);
      break;
    default:
      operand = pow(X, drawConstantExpr(rng, params));
      break;
  }
  return maybeWrapInTrig(operand, rng, params);
}

/** In trig runs, wrap `e` in a random trig function of the operation set with probability 1/2. */
export function maybeWrapInTrig(e: Expr, rng: Rng, params: MutationParams): Expr {
  const trig = trigFunctionsOf(params);
  if (trig.length === 0 || rng.next() < 0.5) return e;
  return fn(rng.pick(trig), e);
}
