import { canonicalKey } from '../../expr/canonicalKey.js';
import { parseExpr } from '../../expr/parse.js';
import { toInfix } from '../../expr/toInfix.js';
import { toLatex } from '../../expr/toLatex.js';
import { fillTemplate } from '../fillTemplate.js';
import { readTreeProblem } from '../readTreeProblem.js';
import type { Task, TaskProblem } from '../task.js';
import { treeProblemText } from '../treeProblemText.js';
import { INTEGRATE_CANARIES } from './integrateCanaries.js';
import { integrateErrorShape } from './integrateErrorShape.js';
import { INTEGRATE_PROMPTS } from './integratePrompts.js';

const NO_PARAMS = Object.freeze({});

/**
 * Indefinite integration, sagga's first task: given f(x), an antiderivative F(x) with F' = f. The
 * problem is the integrand alone (no parameters); its key, signature, mutations, constraint,
 * wording, reading and verifier are exactly those sagga had before tasks, so its lines, requests
 * and runs are byte for byte what they were.
 */
export const integrateTask: Task = {
  name: 'integrate',
  description: "indefinite integration: given f(x), an antiderivative F(x) with F' = f",
  fields: [],
  defaultSeeds: 'default',
  solverNoun: 'integrator',
  solvers: ['nerdamer', 'algebrite', 'sympy', 'maxima'],
  // The two in-process CAS, offline and fast.
  references: ['nerdamer', 'algebrite'],
  prompts: ['antiderivbench', 'asymob'],
  settings: {},
  readParams: () => ({ ok: true, params: NO_PARAMS }),
  lineFields: () => NO_PARAMS,
  key: (problem) => canonicalKey(problem.expr),
  signature: (problem, treeSignature) => treeSignature(problem.expr),
  statement: (problem, notation) => (notation === 'latex' ? `\\int ${toLatex(problem.expr)}\\,dx` : `∫ ${toInfix(problem.expr)} dx`),
  // Only the tree's mutation draws from rng, exactly as before tasks.
  problemText: treeProblemText,
  readProblem: readTreeProblem,
  mutate: (problem, _rng, mutateTree) => ({ expr: mutateTree(problem.expr), params: problem.params }),
  check(problem, checkTree) {
    const c = checkTree(problem.expr);
    return c.ok ? { ok: true, problem: { expr: c.expr, params: problem.params }, key: c.key } : c;
  },
  prompt(problem, style) {
    const template = style === 'asymob' ? INTEGRATE_PROMPTS.asymob : INTEGRATE_PROMPTS.antiderivbench;
    return fillTemplate(template, { latex: toLatex(problem.expr), problem: toInfix(problem.expr) });
  },
  // Each CAS integrates with its own integrator: no command of the task's.
  casCommand: () => undefined,
  readAnswer: (text, read) => read(text),
  verifier: (antiderivative) => (problem, answer) => antiderivative(problem.expr, answer),
  errorShape: integrateErrorShape,
  canaries: INTEGRATE_CANARIES.map((text): TaskProblem => ({ expr: parseExpr(text), params: NO_PARAMS })),
};
