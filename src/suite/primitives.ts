import { simplify } from '../expr/simplify.js';
import { fn, mul, num, pow, X, type Expr } from '../expr/types.js';

/** One of the paper's primitive templates (Table 2, top): k1·h(k2·x) or k1·h(x). */
export interface Primitive {
  /** Short label, as the paper writes it. */
  readonly name: string;
  /** How many integer coefficients the template takes (1: k1 only, 2: k1 and k2). */
  readonly coefficients: 1 | 2;
  readonly build: (k1: number, k2: number) => Expr;
}

const scaled = (k1: number, e: Expr): Expr => simplify(mul(num(k1), e));
const inner = (k2: number): Expr => simplify(mul(num(k2), X));

export const PRIMITIVES: readonly Primitive[] = [
  { name: 'k1*ln(k2*x)', coefficients: 2, build: (k1, k2) => scaled(k1, fn('log', inner(k2))) },
  { name: 'k1*exp(k2*x)', coefficients: 2, build: (k1, k2) => scaled(k1, fn('exp', inner(k2))) },
  { name: 'k1*x', coefficients: 1, build: (k1) => scaled(k1, X) },
  { name: 'k1*x^42', coefficients: 1, build: (k1) => scaled(k1, pow(X, num(42))) },
  { name: 'k1*sin(k2*x)', coefficients: 2, build: (k1, k2) => scaled(k1, fn('sin', inner(k2))) },
  { name: 'k1*cos(k2*x)', coefficients: 2, build: (k1, k2) => scaled(k1, fn('cos', inner(k2))) },
  { name: 'k1*tan(k2*x)', coefficients: 2, build: (k1, k2) => scaled(k1, fn('tan', inner(k2))) },
];
