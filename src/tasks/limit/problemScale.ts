import { compileReal } from '../../expr/evalReal.js';
import { add, hasX, mul, type Expr } from '../../expr/types.js';

/**
 * How large (or small) f's numbers are: the largest of |c| and 1/|c| over the constants c of f (its
 * maximal subtrees free of x, as 1737248, 3*pi or exp(30)), at least 1. Out to about that x, or in
 * to about 1 over it from a point, they may still shape f: (3x² + 1)/(1737248 − x) is positive until
 * x = 1737248. A constant too large for a double is an infinite scale; one without a real value
 * (complex, a function without a double implementation) adds nothing.
 */
export function problemScale(f: Expr): number {
  let scale = 1;
  const stack: Expr[] = [f];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (!hasX(e)) {
      const v = Math.abs(compileReal(e)?.(0) ?? NaN);
      if (v === Infinity) return Infinity;
      if (v > 0) scale = Math.max(scale, v, 1 / v);
      continue;
    }
    if (e.type === 'num' || e.type === 'sym') continue;
    // The constant terms of a sum, or factors of a product, are one constant (3*pi*x holds 3*pi).
    const constants = e.type === 'add' || e.type === 'mul' ? e.args.filter((a) => !hasX(a)) : [];
    if (constants.length > 1) stack.push(e.type === 'add' ? add(...constants) : mul(...constants));
    for (const a of e.args) if (constants.length <= 1 || hasX(a)) stack.push(a);
  }
  return scale;
}
