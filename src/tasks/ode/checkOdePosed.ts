import { createComplexEvaluator, type Evaluated } from '../../verify/evalComplex.js';
import { compileTape, TapeTooLarge, UnboundSymbol } from '../../verify/tape.js';
import { MIN_AGREEING_POINTS } from '../../verify/verifyPair.js';
import { describeCondition } from './describeCondition.js';
import { prepareOde } from './prepareOde.js';
import type { LinearOde, OdeCondition } from './types.js';

/** Work the check may spend finding where the equation is defined (a few hundred points of a small equation). */
const CHECK_WORK = 2_000_000;
/** Points where the equation is defined that a fair problem has: twice what the verifier needs to agree on. */
const MIN_DOMAIN_POINTS = 2 * MIN_AGREEING_POINTS;

/**
 * Is this a fair ODE problem (the task's constraint)? Its conditions fit its order (no more than the
 * order, each fixing y or a lower derivative), the equation is defined at each condition's point
 * (coefficients and right-hand side real and finite there, the leading coefficient not 0: else the
 * initial value problem is not posed), and at enough sample points for the verifier to judge an
 * answer. Work is counted, never timed, so a candidate gets the same answer on any machine.
 */
export function checkOdePosed(ode: LinearOde, conditions: readonly OdeCondition[]): { ok: true } | { ok: false; reason: string } {
  if (conditions.length > ode.order) return { ok: false, reason: `${conditions.length} conditions for an equation of order ${ode.order}` };
  for (const c of conditions)
    if (c.order >= ode.order) return { ok: false, reason: `${describeCondition(c)} is not a condition of an equation of order ${ode.order}` };
  const parts = [ode.coefficients[ode.order], ode.rhs, ...ode.coefficients.slice(0, ode.order)];
  for (const c of conditions) {
    const at = realValueAt(c.at, 0);
    const value = realValueAt(c.value, 0);
    if (at === undefined || value === undefined) return { ok: false, reason: `${describeCondition(c)}: not a real number` };
    for (const [k, part] of parts.entries()) {
      const v = realValueAt(part, at.re);
      if (v === undefined) return { ok: false, reason: `the equation is not defined at the point of ${describeCondition(c)}` };
      if (k === 0 && Math.abs(v.re) <= v.err) return { ok: false, reason: `the point of ${describeCondition(c)} is a singular point of the equation` };
    }
  }
  const prepared = prepareOde(ode, { left: CHECK_WORK, deadline: Number.POSITIVE_INFINITY });
  if (typeof prepared === 'string') return { ok: false, reason: prepared };
  if (prepared.domain.length < MIN_DOMAIN_POINTS)
    return { ok: false, reason: `the equation is defined at ${prepared.domain.length} sample points, fewer than ${MIN_DOMAIN_POINTS}` };
  return { ok: true };
}

/** A tree's real value at x in doubles with its error bound, or undefined where it is not real and finite (or cannot be evaluated). */
function realValueAt(tree: Parameters<typeof compileTape>[0], x: number): { re: number; err: number } | undefined {
  let v: Evaluated;
  try {
    v = createComplexEvaluator(compileTape(tree))(x);
  } catch (error) {
    if (error instanceof TapeTooLarge || error instanceof UnboundSymbol) return undefined;
    throw error;
  }
  const real = Number.isFinite(v.re) && Number.isFinite(v.im) && Math.abs(v.im) <= v.err + 1e-13 * Math.abs(v.re);
  return real ? { re: v.re, err: v.err } : undefined;
}
