import type { Decimal } from 'decimal.js';
import type { Expr } from '../../expr/types.js';
import { createDecimalEvaluator } from '../../verify/evalDecimal.js';
import { compileTape } from '../../verify/tape.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { decimalContext } from './decimalContext.js';

/** Steps of the Illinois method: from a bracket as narrow as a double's ulp it needs a handful. */
const MAX_STEPS = 40;

/**
 * The zero of `g` near the double `x` to `digits` digits, when g changes sign across it in decimals
 * (a bracket a few ulps wide): x itself otherwise (a zero that only touches, or a boundary of g's
 * real domain). A panel ending at 1/3 ± 2·10^-17 would cut x^(-1/2)-like singularities at 1/3 where
 * tanh-sinh cannot see them; ending at 1/3 to 30 digits it integrates them as endpoint behaviour.
 */
export function refineRoot(g: Expr, x: number, digits: number, meter: WorkMeter): Decimal {
  const { D } = decimalContext(digits);
  const start = new D(x);
  if (x === 0 && isZeroAt(g, start, digits, meter)) return start;
  const evaluate = createDecimalEvaluator(compileTape(g), digits);
  const at = (p: Decimal): Decimal | null => {
    const r = evaluate(p, meter);
    return r === null || r === 'exhausted' || r === 'timeout' ? null : r.value;
  };
  const width = new D(Math.max(Math.abs(x), Number.MIN_VALUE) * 8 * Number.EPSILON);
  let a = start.minus(width);
  let b = start.plus(width);
  let fa = at(a);
  let fb = at(b);
  if (fa === null || fb === null || fa.isZero() || fb.isZero() || fa.isNegative() === fb.isNegative()) return start;
  const tolerance = new D(10).pow(-digits + 2).times(start.abs().plus(new D(10).pow(-digits)));
  for (let k = 0; k < MAX_STEPS && b.minus(a).abs().gt(tolerance); k++) {
    const c = a.times(fb).minus(b.times(fa)).div(fb.minus(fa));
    const fc = at(c);
    if (fc === null) return start;
    if (fc.isZero()) return c;
    if (fc.isNegative() !== fb.isNegative()) {
      a = b;
      fa = fb;
    } else {
      fa = fa.div(2);
    }
    b = c;
    fb = fc;
  }
  return b;
}

function isZeroAt(g: Expr, p: Decimal, digits: number, meter: WorkMeter): boolean {
  const r = createDecimalEvaluator(compileTape(g), digits)(p, meter);
  return r !== null && r !== 'exhausted' && r !== 'timeout' && r.value.isZero();
}
