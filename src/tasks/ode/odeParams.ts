import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import type { LineFields, ParamsRead, TaskParams, TaskProblem } from '../task.js';
import { readOdeCondition } from './readOdeCondition.js';
import type { LinearOde, OdeCondition } from './types.js';

/** Most conditions a line may carry: the verifier says what is wrong with more than the order. */
export const MAX_ODE_CONDITIONS = 8;

/** An ODE problem taken apart: the equation (its right-hand side is the problem's tree) and its conditions. */
export interface OdeParts {
  readonly ode: LinearOde;
  readonly conditions: readonly OdeCondition[];
}

const isZero = (e: Expr): boolean => e.type === 'num' && e.value === 0;

/**
 * The equation and conditions of a problem. Its parameters are the coefficients `a0`, `a1`, `a2` (of
 * y, y', y''; `a2` is 0 for order 1), written by `readProblem`, and per condition i = 1, 2 … its
 * derivative, point and value (`c<i>_order`, `c<i>_at`, `c<i>_value`), written by `readParams`.
 */
export function odeParts(problem: TaskProblem): OdeParts {
  const p = problem.params;
  const coefficients: [Expr, Expr, Expr] = [p.a0 as Expr, p.a1 as Expr, p.a2 as Expr];
  const conditions: OdeCondition[] = [];
  for (let i = 1; p[`c${i}_at`] !== undefined; i++) {
    conditions.push({ order: p[`c${i}_order`] as 0 | 1 | 2, at: p[`c${i}_at`] as Expr, value: p[`c${i}_value`] as Expr });
  }
  return { ode: { order: isZero(coefficients[2]) ? 1 : 2, coefficients, rhs: problem.expr }, conditions };
}

/** The coefficients as parameters. */
export function coefficientParams(coefficients: LinearOde['coefficients']): TaskParams {
  return { a0: coefficients[0], a1: coefficients[1], a2: coefficients[2] };
}

/** The conditions as parameters, numbered from 1 in their order. */
export function conditionParams(conditions: readonly OdeCondition[]): TaskParams {
  const out: Record<string, Expr | number> = {};
  conditions.forEach((c, i) => {
    out[`c${i + 1}_order`] = c.order;
    out[`c${i + 1}_at`] = c.at;
    out[`c${i + 1}_value`] = c.value;
  });
  return out;
}

/** A problem from its parts: the right-hand side is the tree, the rest its parameters. */
export function odeProblem(parts: OdeParts): TaskProblem {
  return { expr: parts.ode.rhs, params: { ...coefficientParams(parts.ode.coefficients), ...conditionParams(parts.conditions) } };
}

/** A condition as lines write it, in canonical infix: `y'(0) = 1`. */
export function conditionText(c: OdeCondition): string {
  return `y${"'".repeat(c.order)}(${toInfix(c.at)}) = ${toInfix(c.value)}`;
}

/**
 * `conditions` of a line: a list of texts such as `["y(0)=1", "y'(0)=0"]`, each read by
 * readOdeCondition; absent or empty asks for the general solution. The error names the condition.
 */
export function readOdeParams(line: Readonly<Record<string, unknown>>): ParamsRead {
  const raw = line.conditions;
  if (raw === undefined || raw === null) return { ok: true, params: {} };
  if (!Array.isArray(raw)) return { ok: false, error: 'conditions: a list such as ["y(0)=1", "y\'(0)=0"] is needed' };
  if (raw.length > MAX_ODE_CONDITIONS) return { ok: false, error: `conditions: more than ${MAX_ODE_CONDITIONS}` };
  const read: OdeCondition[] = [];
  for (const [i, text] of raw.entries()) {
    const c = readOdeCondition(text as string);
    if (!c.ok) return { ok: false, error: `conditions: condition ${i + 1}: ${c.error}` };
    read.push(c.condition);
  }
  return { ok: true, params: conditionParams(read) };
}

/** The fields of an ODE problem's line: `"task": "ode", "conditions": ["y(0) = 1", "y'(0) = 0"]` (the equation is its `problem`). */
export function odeLineFields(params: TaskParams): LineFields {
  const { conditions } = odeParts({ expr: { type: 'num', value: 0 }, params });
  return { task: 'ode', conditions: conditions.map(conditionText) };
}
