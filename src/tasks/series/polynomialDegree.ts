import { hasX, type Expr } from '../../expr/types.js';

/**
 * The degree in x that a tree can have at most, read from its shape, when it is a polynomial in x:
 * sums, products, negations, powers of x-dependent bases to whole literal exponents, divisions by
 * trees free of x, and constants (sqrt(2), pi) as coefficients. Otherwise the subtree that makes it
 * something else (sin(x), 1/(1 - x), x^(1/2), 2^x). Cancellation can make the true degree lower.
 */
export function polynomialDegree(e: Expr): { ok: true; degree: number } | { ok: false; culprit: Expr } {
  if (!hasX(e)) return { ok: true, degree: 0 };
  switch (e.type) {
    case 'sym':
      return { ok: true, degree: 1 };
    case 'num':
      return { ok: true, degree: 0 };
    case 'neg':
      return polynomialDegree(e.args[0]);
    case 'add':
    case 'mul': {
      let degree = 0;
      for (const a of e.args) {
        const d = polynomialDegree(a);
        if (!d.ok) return d;
        degree = e.type === 'add' ? Math.max(degree, d.degree) : degree + d.degree;
      }
      return { ok: true, degree };
    }
    case 'div': {
      if (hasX(e.args[1])) return { ok: false, culprit: e };
      return polynomialDegree(e.args[0]);
    }
    case 'pow': {
      const [base, exponent] = e.args;
      if (exponent.type !== 'num' || !Number.isInteger(exponent.value) || exponent.value < 0) return { ok: false, culprit: e };
      const d = polynomialDegree(base);
      return d.ok ? { ok: true, degree: d.degree * exponent.value } : d;
    }
    case 'fn':
      return { ok: false, culprit: e };
  }
}
