import type { Expr } from '../expr/types.js';
import { addRational, divRational, mulRational, rational, type Rational } from '../expr/rational.js';

/** Largest power of ten a decimal literal may need to be an exact fraction (0.2 = 1/5, 0.125 = 1/8). */
const MAX_DECIMAL_PLACES = 6;

/**
 * The exponent of a power as an exact fraction p/q in lowest terms, when q is odd and greater than 1
 * (x^(1/3), x^(-2/3), x^0.2): a power a problem writes for its real root, which is what such a power of
 * a negative base means on the real line ((-8)^(1/3) = -2, as SymPy's `real_root` and textbooks take
 * it). Null for any other exponent (integers, even denominators such as 1/2, irrationals), whose
 * negative bases keep the principal complex value.
 */
export function oddRootExponent(e: Expr): Rational | null {
  const r = exactRational(e, 0);
  return r !== null && r.q > 1 && r.q % 2 === 1 ? r : null;
}

function exactRational(e: Expr, depth: number): Rational | null {
  if (depth > 32) return null;
  switch (e.type) {
    case 'num':
      return decimalRational(e.value);
    case 'neg': {
      const a = exactRational(e.args[0], depth + 1);
      return a && { p: -a.p + 0, q: a.q };
    }
    case 'add':
    case 'mul': {
      let acc: Rational | null = e.type === 'add' ? { p: 0, q: 1 } : { p: 1, q: 1 };
      for (const arg of e.args) {
        const a = exactRational(arg, depth + 1);
        if (a === null || acc === null) return null;
        acc = e.type === 'add' ? addRational(acc, a) : mulRational(acc, a);
      }
      return acc;
    }
    case 'div': {
      const a = exactRational(e.args[0], depth + 1);
      const b = a && exactRational(e.args[1], depth + 1);
      return a && b ? divRational(a, b) : null;
    }
    default:
      return null;
  }
}

/** A literal as the fraction its decimal digits spell (0.2 → 1/5), or null when it has too many of them. */
function decimalRational(v: number): Rational | null {
  for (let places = 0, scale = 1; places <= MAX_DECIMAL_PLACES; places++, scale *= 10) {
    const n = v * scale;
    if (Number.isSafeInteger(n) && n / scale === v) return rational(n, scale);
  }
  return null;
}
