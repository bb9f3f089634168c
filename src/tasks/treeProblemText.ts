import { toInfix } from '../expr/toInfix.js';
import { toLatex } from '../expr/toLatex.js';
import type { TaskProblem } from './task.js';

/** `Task.problemText` of a task whose problem is its tree alone (its parameters are fields of their own): the tree in canonical infix or LaTeX. */
export function treeProblemText(problem: TaskProblem, notation: 'infix' | 'latex'): string {
  return notation === 'latex' ? toLatex(problem.expr) : toInfix(problem.expr);
}
