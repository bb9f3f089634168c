import { instantiate, type ParameterValues } from '../expr/edit/instantiate.js';
import type { TaskParams, TaskProblem } from './task.js';

/** The problem with numbers in place of its parameters: its tree and every parameter that is a tree (an ODE's coefficients, a bound). */
export function instantiateProblem(problem: TaskProblem, values: ParameterValues): TaskProblem {
  const params: Record<string, TaskParams[string]> = {};
  for (const [name, value] of Object.entries(problem.params)) params[name] = typeof value === 'object' ? instantiate(value, values) : value;
  return { expr: instantiate(problem.expr, values), params };
}
