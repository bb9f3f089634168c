import { canonicalKey } from '../../expr/canonicalKey.js';
import { parseExpr } from '../../expr/parse.js';
import { toInfix } from '../../expr/toInfix.js';
import { toLatex } from '../../expr/toLatex.js';
import type { Expr } from '../../expr/types.js';
import { fillTemplate } from '../fillTemplate.js';
import { readTreeProblem } from '../readTreeProblem.js';
import type { Task, TaskProblem } from '../task.js';
import { treeProblemText } from '../treeProblemText.js';
import { checkLimitApproach } from './checkLimitApproach.js';
import { limitCommand } from './limitCommand.js';
import { limitAnswerOf } from './limitAnswerOf.js';
import { defaultDirection, limitLineFields, limitParams, limitPointOf, readLimitParams } from './limitParams.js';
import { LIMIT_PROMPTS } from './limitPrompts.js';
import { mutateLimitParams } from './mutateLimitParams.js';
import { readLimitReply } from './readLimitReply.js';
import { verifyLimit } from './verifyLimit.js';
import { checkTreeThen } from '../checkTreeThen.js';
import { treeOrParamsMutation } from '../treeOrParamsMutation.js';

/** Share of mutations that change the point or the side rather than the function. */
export const LIMIT_PARAM_MUTATION_SHARE = 0.15;

/** A point in a signature: its shape with numbers erased, the infinities by name. */
function pointSignature(point: Expr, treeSignature: (e: Expr) => string): string {
  const at = limitPointOf(point);
  return at.kind === 'finite' ? treeSignature(at.at) : at.sign === 1 ? 'oo' : '-oo';
}

/** Limits any solver of limits gets right, at finite points (both sides) and at infinity. */
const CANARIES: readonly [string, string][] = [
  ['sin(x)/x', '0'],
  ['x^2', '2'],
  ['(x^2 - 1)/(x - 1)', '1'],
  ['1/x', 'oo'],
  ['exp(-x)', 'oo'],
  ['x*exp(-x)', 'oo'],
];

/**
 * lim f(x) as x → a, from one side or both (ASyMOB's limits): the function is the tree, the point
 * (a number, a constant, `oo`, `-oo`) and the direction (`+`, `-`, `+-`) are its parameters. A
 * mutation moves the point like a constant or changes the side now and then; a candidate must be
 * real near its point on the sides it is approached from (`checkLimitApproach`). Answers are values,
 * `oo`, `-oo` or `DNE`; the verifier follows f along sequences towards the point at two precisions
 * (`verifyLimit`). Keys and signatures carry the point (numbers erased) and the direction.
 */
export const limitTask: Task = {
  name: 'limit',
  description: 'limits: given f(x), a point a (a number, a constant, oo, -oo) and a side (+, -, +-), the limit of f as x -> a: a value, oo, -oo or DNE',
  fields: [
    { name: 'point', description: 'where x goes: a number, a constant such as pi/2, oo or -oo' },
    { name: 'direction', description: 'from the right (+), the left (-) or both (+-); at oo only -, at -oo only + (default: +- at a finite point)' },
  ],
  defaultSeeds: 'limit',
  solverNoun: 'solver of limits',
  solvers: ['nerdamer', 'sympy', 'maxima'],
  references: ['nerdamer', 'sympy'],
  prompts: ['antiderivbench', 'asymob'],
  settings: { param_mutation_share: LIMIT_PARAM_MUTATION_SHARE },
  readParams: readLimitParams,
  lineFields: limitLineFields,
  key(problem) {
    const { point, direction } = limitParams(problem.params);
    return `${canonicalKey(problem.expr)} as x -> ${canonicalKey(point)}${direction}`;
  },
  signature(problem, treeSignature) {
    const { point, direction } = limitParams(problem.params);
    return `${treeSignature(problem.expr)} as x -> ${pointSignature(point, treeSignature)}${direction}`;
  },
  statement(problem, notation) {
    const { point, direction } = limitParams(problem.params);
    const side = limitPointOf(point).kind === 'infinite' || direction === '+-' ? '' : direction;
    if (notation === 'infix') return `lim x→${toInfix(point)}${side} ${toInfix(problem.expr)}`;
    return `\\lim_{x \\to ${toLatex(point)}${side === '' ? '' : `^{${side}}`}} ${toLatex(problem.expr)}`;
  },
  problemText: treeProblemText,
  readProblem: readTreeProblem,
  mutate: treeOrParamsMutation(LIMIT_PARAM_MUTATION_SHARE, mutateLimitParams),
  check: (problem, checkTree) =>
    checkTreeThen(
      problem,
      checkTree,
      (tree) => checkLimitApproach(tree, limitParams(problem.params)),
      (p) => limitTask.key(p),
    ),
  prompt(problem, style) {
    const template = style === 'asymob' ? LIMIT_PROMPTS.asymob : LIMIT_PROMPTS.antiderivbench;
    return fillTemplate(template, { statement: limitTask.statement(problem, 'latex'), latex: toLatex(problem.expr), problem: toInfix(problem.expr) });
  },
  casCommand: (cas, problem, print) => limitCommand(cas, problem.expr, limitParams(problem.params), print),
  readAnswer: readLimitReply,
  verifier: () => (problem, answer) => {
    const { point, direction } = limitParams(problem.params);
    return verifyLimit(problem.expr, limitPointOf(point), direction, limitAnswerOf(answer));
  },
  errorShape: () => 'unknown',
  canaries: CANARIES.map(([f, a]): TaskProblem => {
    const point = parseExpr(a, undefined, { infinity: true });
    return { expr: parseExpr(f), params: { point, direction: defaultDirection(point) } };
  }),
};
