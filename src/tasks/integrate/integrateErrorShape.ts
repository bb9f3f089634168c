import { compileReal } from '../../expr/evalReal.js';
import type { Expr } from '../../expr/types.js';
import { derivative } from '../../verify/derivative.js';
import type { ErrorShape } from '../task.js';

/** Points where problems of the search are usually defined; the shape needs three of them. */
const POINTS: readonly number[] = [0.37, 0.61, 0.83, 1.19, 1.57, 2.23, -0.41, -0.77, -1.33];
/** Rounding of F' − f, relative to the larger of |f| and |F'|. */
const NOISE = 1e-9;
/** Two clear errors are different numbers when they differ by more than this share of the larger. */
const APART = 1e-6;

/**
 * The shape of a wrong antiderivative's error e = F' − f, read off at a few points: `constant` (the
 * same non-zero number everywhere: F' = f + c, a stray linear term), `varying` (clearly not
 * constant: wrong by different amounts, or right at some points and wrong at others), `unknown` (too
 * few points, every difference within rounding, or an error that varies beyond its rounding by less
 * than a millionth of its size). The error of a sum is the error of its wrongly integrated part
 * alone, so deleting a term the model handles correctly leaves its shape alone, while moving to
 * another bug often changes it.
 */
export function integrateErrorShape(problem: Expr, answer: Expr): ErrorShape {
  const d = derivative(answer);
  const f = compileReal(problem);
  const dF = d.ok ? compileReal(d.expr) : undefined;
  if (!f || !dF) return 'unknown';
  const clear: { readonly error: number; readonly noise: number }[] = [];
  let zero = 0;
  for (const x of POINTS) {
    const fx = f(x);
    const dFx = dF(x);
    if (!Number.isFinite(fx) || !Number.isFinite(dFx)) continue;
    const error = dFx - fx;
    const noise = NOISE * Math.max(1, Math.abs(fx), Math.abs(dFx));
    if (Math.abs(error) > 1000 * noise) clear.push({ error, noise });
    else if (Math.abs(error) <= noise) zero++;
  }
  if (clear.length === 0 || clear.length + zero < 3) return 'unknown';
  if (zero > 0) return 'varying';
  const first = clear[0];
  const apart = (e: { readonly error: number }) => Math.abs(e.error - first.error) > APART * Math.max(Math.abs(e.error), Math.abs(first.error));
  if (clear.some(apart)) return 'varying';
  // Within a millionth but beyond rounding, as log|x + 272223| = 12.51 + x/272223: read as constant,
  // a step to (x + 2), clearly varying, would be refused; read as varying, a step deleting a large
  // constant term of f (whose rounding then hides the variation) would be. So it is not told.
  return clear.every((e) => Math.abs(e.error - first.error) <= e.noise + first.noise) ? 'constant' : 'unknown';
}
