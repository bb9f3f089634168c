import type { Expr } from '../../expr/types.js';
import type { CasName } from '../task.js';
import { boundOf, type DefiniteParams } from './definiteParams.js';

/** Each CAS's infinities, which its printer of trees does not know as bounds. */
const INFINITY: Readonly<Record<Exclude<CasName, 'sympy'>, { readonly plus: string; readonly minus: string }>> = {
  nerdamer: { plus: 'Infinity', minus: '-Infinity' },
  algebrite: { plus: 'infinity', minus: '-infinity' },
  maxima: { plus: 'inf', minus: 'minf' },
};

/**
 * ∫ₐᵇ f dx as a CAS's command: nerdamer's `defint(f, a, b, x)`, Algebrite's `defint(f, x, a, b)`,
 * Maxima's `integrate(f, x, a, b)` (minus infinity is `minf` there: `-inf` is not read as a bound).
 * SymPy reads the request's fields (`integrate(f, (x, a, b))` in its worker): undefined.
 */
export function definiteCommand(cas: CasName, f: Expr, params: DefiniteParams, print: (tree: Expr) => string): string | undefined {
  if (cas === 'sympy') return undefined;
  const bound = (tree: Expr): string => {
    const b = boundOf(tree);
    return b.kind === 'finite' ? print(b.expr) : b.sign === 1 ? INFINITY[cas].plus : INFINITY[cas].minus;
  };
  const [a, b] = [bound(params.lower), bound(params.upper)];
  switch (cas) {
    case 'nerdamer':
      return `defint(${print(f)}, ${a}, ${b}, x)`;
    case 'algebrite':
      return `defint(${print(f)},x,${a},${b})`;
    case 'maxima':
      return `integrate(${print(f)}, x, ${a}, ${b})`;
  }
}
