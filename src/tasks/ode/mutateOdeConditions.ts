import { neg, num, type Expr } from '../../expr/types.js';
import type { Rng } from '../../util/rng.js';
import type { LinearOde, OdeCondition } from './types.js';

/** Where new conditions are posed: the initial point of an initial value problem. */
const ORIGIN = num(0);

/**
 * An ODE's conditions mutated like constants. A general solution becomes an initial value problem
 * at the point of the conditions it had, else at 0 (y(a) = v, and y'(a) = w for order 2, with small
 * integer values); an initial value problem becomes the general one a third of the time, and
 * otherwise one of its values moves to another small integer. The task's constraint refuses a point
 * where the equation is singular.
 */
export function mutateOdeConditions(ode: LinearOde, conditions: readonly OdeCondition[], rng: Rng, constantScale: number): OdeCondition[] {
  const wide = Math.max(3, Math.round(3 * constantScale));
  const draw = (): Expr => {
    const v = rng.int(-wide, wide);
    return v < 0 ? neg(num(-v)) : num(v);
  };
  if (conditions.length === 0) {
    return Array.from({ length: ode.order }, (_, k): OdeCondition => ({ order: k as 0 | 1, at: ORIGIN, value: draw() }));
  }
  if (rng.next() < 1 / 3) return [];
  const which = rng.int(0, conditions.length - 1);
  return conditions.map((c, i) => (i === which ? { ...c, value: draw() } : c));
}
