// Constructors for hand-built trees in the tree edit distance tests.
import { fn, type Expr } from '../../src/expr/types.js';

export { add, fn, mul, num, sym, X, type Expr } from '../../src/expr/types.js';
export const sin = (a: Expr): Expr => fn('sin', a);
