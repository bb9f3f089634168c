import { add, hasX, mul, neg, num, div, type Expr } from '../../expr/types.js';

/**
 * `e` as slope·x + intercept, both free of x, when it is linear in x by its structure (x, 3*x,
 * x/2 + 1, -(2*x - pi)); undefined otherwise (x^2, x*sin(x), 1/x). No simplification is attempted
 * beyond sums, negations, products with one factor in x, and quotients by a constant.
 */
export function linearCoefficients(e: Expr): { readonly slope: Expr; readonly intercept: Expr } | undefined {
  if (!hasX(e)) return { slope: num(0), intercept: e };
  switch (e.type) {
    case 'sym':
      return { slope: num(1), intercept: num(0) };
    case 'neg': {
      const inner = linearCoefficients(e.args[0]);
      return inner && { slope: neg(inner.slope), intercept: neg(inner.intercept) };
    }
    case 'add': {
      const parts = e.args.map(linearCoefficients);
      if (parts.some((p) => p === undefined)) return undefined;
      return { slope: add(...parts.map((p) => p!.slope)), intercept: add(...parts.map((p) => p!.intercept)) };
    }
    case 'mul': {
      const varying = e.args.filter(hasX);
      if (varying.length !== 1) return undefined;
      const inner = linearCoefficients(varying[0]);
      if (inner === undefined) return undefined;
      const constants = e.args.filter((a) => !hasX(a));
      return { slope: mul(...constants, inner.slope), intercept: mul(...constants, inner.intercept) };
    }
    case 'div': {
      if (hasX(e.args[1])) return undefined;
      const inner = linearCoefficients(e.args[0]);
      return inner && { slope: div(inner.slope, e.args[1]), intercept: div(inner.intercept, e.args[1]) };
    }
    default:
      return undefined;
  }
}
