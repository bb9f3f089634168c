import type { Expr } from '../../expr/types.js';
import type { CasName } from '../task.js';
import type { SeriesParams } from './seriesParams.js';

/**
 * The Taylor polynomial as a CAS's command: Algebrite's `taylor(f, x, n, a)`, Maxima's
 * `taylor(f, x, a, n)` (its series turned into the polynomial by the Maxima wrapper). SymPy reads
 * the request's fields (`series(f, x, a, n + 1).removeO()` in its worker); nerdamer has no series.
 */
export function seriesCommand(cas: CasName, f: Expr, params: SeriesParams, print: (tree: Expr) => string): string | undefined {
  switch (cas) {
    case 'algebrite':
      return `taylor(${print(f)},x,${params.order},${print(params.point)})`;
    case 'maxima':
      return `taylor(${print(f)}, x, ${print(params.point)}, ${params.order})`;
    default:
      return undefined;
  }
}
