import type { Expr } from '../../expr/types.js';
import type { CasName } from '../task.js';
import { TaskUnsupported } from '../taskUnsupported.js';
import { limitPointOf, type LimitParams } from './limitParams.js';

/**
 * The limit as a CAS's command: nerdamer's `limit(f, x, a)` (both sides, or towards Infinity: it
 * takes no one-sided limit at a finite point, so such a problem is not asked), Maxima's
 * `limit(f, x, a[, plus|minus])` (inf and minf for the infinities). SymPy reads the request's fields
 * (`limit(f, x, a, dir)` in its worker); Algebrite has no limits.
 */
export function limitCommand(cas: CasName, f: Expr, params: LimitParams, print: (tree: Expr) => string): string | undefined {
  const at = limitPointOf(params.point);
  switch (cas) {
    case 'nerdamer': {
      if (at.kind === 'finite' && params.direction !== '+-') throw new TaskUnsupported('nerdamer takes no one-sided limit at a finite point');
      const a = at.kind === 'finite' ? print(at.at) : at.sign === 1 ? 'Infinity' : '-Infinity';
      return `limit(${print(f)}, x, ${a})`;
    }
    case 'maxima': {
      if (at.kind === 'infinite') return `limit(${print(f)}, x, ${at.sign === 1 ? 'inf' : 'minf'})`;
      const side = params.direction === '+' ? ', plus' : params.direction === '-' ? ', minus' : '';
      return `limit(${print(f)}, x, ${print(at.at)}${side})`;
    }
    default:
      return undefined;
  }
}
