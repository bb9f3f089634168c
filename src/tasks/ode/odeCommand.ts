import type { Expr } from '../../expr/types.js';
import type { CasName } from '../task.js';
import { TaskUnsupported } from '../taskUnsupported.js';
import type { OdeParts } from './odeParams.js';
import type { OdeCondition } from './types.js';

/** Maxima's spelling of y, y', y'' in an equation ode2 reads. */
const MAXIMA_UNKNOWNS = ['y', "'diff(y,x)", "'diff(y,x,2)"] as const;

/**
 * An ODE as Maxima's command: `ode2(eq, y, x)` for the general solution, its constants `%c` (order
 * 1) or `%k1`, `%k2` (order 2); with conditions, `ic1(…, x = a, y = v)` (order 1), `ic2(…, x = a,
 * y = v, 'diff(y,x) = w)` (y and y' at one point) or `bc2(…, x = a, y = v, x = b, y = w)` (y at two
 * points). Other shapes of conditions (one of two for order 2, y' at two points) Maxima has no
 * command for: not asked (`TaskUnsupported`). SymPy reads the request's fields (dsolve in its
 * worker); nerdamer and Algebrite solve no ODE.
 */
export function odeCommand(cas: CasName, parts: OdeParts, print: (tree: Expr) => string): string | undefined {
  if (cas !== 'maxima') return undefined;
  const { ode, conditions } = parts;
  const terms: string[] = [];
  for (let k = ode.order; k >= 0; k--) {
    const c = ode.coefficients[k];
    if (c.type === 'num' && c.value === 0) continue;
    terms.push(`(${print(c)})*${MAXIMA_UNKNOWNS[k]}`);
  }
  const solution = `ode2(${terms.join(' + ')} = ${print(ode.rhs)}, y, x)`;
  if (conditions.length === 0) return solution;
  const value = (c: OdeCondition) => print(c.value);
  const at = (c: OdeCondition) => print(c.at);
  if (ode.order === 1 && conditions.length === 1) return `ic1(${solution}, x = ${at(conditions[0])}, y = ${value(conditions[0])})`;
  if (ode.order === 2 && conditions.length === 2) {
    const y = conditions.filter((c) => c.order === 0);
    const slope = conditions.filter((c) => c.order === 1);
    if (y.length === 1 && slope.length === 1 && at(y[0]) === at(slope[0]))
      return `ic2(${solution}, x = ${at(y[0])}, y = ${value(y[0])}, 'diff(y,x) = ${value(slope[0])})`;
    if (y.length === 2) return `bc2(${solution}, x = ${at(y[0])}, y = ${value(y[0])}, x = ${at(y[1])}, y = ${value(y[1])})`;
  }
  throw new TaskUnsupported("Maxima's ic1, ic2 and bc2 take these conditions in no form: y(a) for order 1, y(a) and y'(a) or y(a) and y(b) for order 2");
}
