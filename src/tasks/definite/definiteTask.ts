import { canonicalKey } from '../../expr/canonicalKey.js';
import { parseExpr } from '../../expr/parse.js';
import { toInfix } from '../../expr/toInfix.js';
import { toLatex } from '../../expr/toLatex.js';
import type { Expr } from '../../expr/types.js';
import { fillTemplate } from '../fillTemplate.js';
import { readTreeProblem } from '../readTreeProblem.js';
import type { Task, TaskProblem } from '../task.js';
import { treeProblemText } from '../treeProblemText.js';
import { checkDefiniteConvergence } from './checkDefiniteConvergence.js';
import { definiteCommand } from './definiteCommand.js';
import { boundOf, definiteLineFields, definiteParams, readDefiniteParams } from './definiteParams.js';
import { DEFINITE_PROMPTS } from './definitePrompts.js';
import { definiteVerifier } from './definiteVerifier.js';
import { mutateBound } from './mutateBound.js';
import { readDefiniteReply } from './readDefiniteReply.js';
import { DEFAULT_DEFINITE_OPTIONS, INTEGRALBENCH_TOLERANCE } from './types.js';
import { checkTreeThen } from '../checkTreeThen.js';
import { treeOrParamsMutation } from '../treeOrParamsMutation.js';

/** Share of mutations that change a bound rather than the integrand. */
export const BOUND_MUTATION_SHARE = 0.15;

/** A bound in a signature: its shape with numbers erased (`#`, `*(#,pi)`), the infinities by name. */
function boundSignature(tree: Expr, treeSignature: (e: Expr) => string): string {
  const b = boundOf(tree);
  return b.kind === 'finite' ? treeSignature(b.expr) : b.sign === 1 ? 'oo' : '-oo';
}

/** Integrals any solver of definite integrals gets right, over finite and infinite ranges. */
const CANARIES: readonly [string, string, string][] = [
  ['1', '0', '1'],
  ['x', '0', '1'],
  ['x^2 + 1', '0', '2'],
  ['exp(x)', '0', '1'],
  ['x*exp(x)', '0', '1'],
  ['1/x', '1', '2'],
];

/**
 * ∫ₐᵇ f(x) dx (IntegralBench): the integrand is the tree, the bounds (`lower`, `upper`: numbers,
 * constants such as pi/2, `oo`, `-oo`) are its parameters, mutated like constants now and then and
 * kept by shrinking. A candidate must converge (`checkDefiniteConvergence`). The verifier computes
 * the value by tanh-sinh quadrature; a decimal answer is held to 1e-6, a closed form to 12
 * significant digits. Keys and signatures carry the bounds, with numbers erased in signatures
 * (`[#, oo]` and `[#, #]` differ).
 */
export const definiteTask: Task = {
  name: 'definite',
  description: 'definite integrals: given f(x) and bounds a, b (numbers, constants, oo), the value of the integral from a to b',
  fields: [
    { name: 'lower', description: 'the lower bound: a number, a constant such as pi/2, or -oo' },
    { name: 'upper', description: 'the upper bound: a number, a constant such as pi/2, or oo' },
  ],
  defaultSeeds: 'definite',
  solverNoun: 'solver of definite integrals',
  solvers: ['nerdamer', 'algebrite', 'sympy', 'maxima'],
  references: ['nerdamer', 'algebrite'],
  prompts: ['antiderivbench', 'asymob', 'integralbench'],
  settings: {
    closed_form_digits: DEFAULT_DEFINITE_OPTIONS.closedFormDigits,
    numeric_tolerance: INTEGRALBENCH_TOLERANCE.kind === 'absolute' ? INTEGRALBENCH_TOLERANCE.value : 0,
    bound_mutation_share: BOUND_MUTATION_SHARE,
  },
  readParams: readDefiniteParams,
  lineFields: definiteLineFields,
  key(problem) {
    const { lower, upper } = definiteParams(problem.params);
    return `${canonicalKey(problem.expr)} on [${canonicalKey(lower)}, ${canonicalKey(upper)}]`;
  },
  signature(problem, treeSignature) {
    const { lower, upper } = definiteParams(problem.params);
    return `${treeSignature(problem.expr)} on [${boundSignature(lower, treeSignature)}, ${boundSignature(upper, treeSignature)}]`;
  },
  statement(problem, notation) {
    const { lower, upper } = definiteParams(problem.params);
    if (notation === 'latex') return `\\int_{${toLatex(lower)}}^{${toLatex(upper)}} ${toLatex(problem.expr)}\\,dx`;
    return `∫[${toInfix(lower)}, ${toInfix(upper)}] ${toInfix(problem.expr)} dx`;
  },
  problemText: treeProblemText,
  readProblem: readTreeProblem,
  mutate: treeOrParamsMutation(BOUND_MUTATION_SHARE, mutateBound),
  check(problem, checkTree) {
    const { lower, upper } = definiteParams(problem.params);
    return checkTreeThen(
      problem,
      checkTree,
      (tree) => checkDefiniteConvergence(tree, boundOf(lower), boundOf(upper)),
      (p) => definiteTask.key(p),
    );
  },
  prompt(problem, style) {
    return fillTemplate(DEFINITE_PROMPTS[style], {
      statement: definiteTask.statement(problem, 'latex'),
      latex: toLatex(problem.expr),
      problem: toInfix(problem.expr),
    });
  },
  casCommand: (cas, problem, print) => definiteCommand(cas, problem.expr, definiteParams(problem.params), print),
  readAnswer: readDefiniteReply,
  verifier: () => definiteVerifier(),
  // How far off a wrong value is says little about which bug it is: kind and special functions tell bugs apart.
  errorShape: () => 'unknown',
  canaries: CANARIES.map(([f, a, b]): TaskProblem => ({ expr: parseExpr(f), params: { lower: parseExpr(a), upper: parseExpr(b) } })),
};
