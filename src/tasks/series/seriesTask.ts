import { canonicalKey } from '../../expr/canonicalKey.js';
import { parseExpr } from '../../expr/parse.js';
import { toInfix } from '../../expr/toInfix.js';
import { toLatex } from '../../expr/toLatex.js';
import { fillTemplate } from '../fillTemplate.js';
import { readTreeProblem } from '../readTreeProblem.js';
import type { Task, TaskProblem } from '../task.js';
import { treeProblemText } from '../treeProblemText.js';
import { checkSeriesExists } from './checkSeriesExists.js';
import { mutateSeriesParams } from './mutateSeriesParams.js';
import { readSeriesReply } from './readSeriesReply.js';
import { readSeriesParams, seriesLineFields, seriesParams } from './seriesParams.js';
import { seriesCommand } from './seriesCommand.js';
import { SERIES_PROMPTS } from './seriesPrompts.js';
import { verifySeries } from './verifySeries.js';
import { checkTreeThen } from '../checkTreeThen.js';
import { treeOrParamsMutation } from '../treeOrParamsMutation.js';

/** Share of mutations that change the order or the point rather than the function. */
export const SERIES_PARAM_MUTATION_SHARE = 0.15;

/** Taylor polynomials any CAS computes: every one at 0, of functions each CAS that does series knows. */
const CANARIES: readonly [string, number][] = [
  ['exp(x)', 3],
  ['sin(x)', 3],
  ['1/(1 - x)', 2],
  ['cos(x)', 4],
  ['log(1 + x)', 3],
  ['x*exp(x)', 3],
];

/**
 * The Taylor polynomial of f at x = a up to and including (x − a)^n (ASyMOB's series): the function
 * is the tree, the point and the order are its parameters (`point`, `order`). A mutation changes the
 * order by one or the point like a constant now and then; a candidate must have a Taylor expansion
 * at its point (`checkSeriesExists`). The verifier compares the answer with f's Taylor coefficients
 * one by one (`verifySeries`). Keys carry the point and order; signatures the point's shape (the
 * order, a number, is erased).
 */
export const seriesTask: Task = {
  name: 'series',
  description: 'Taylor polynomials: given f(x), a point a and an order n, the Taylor polynomial of f at a up to (x - a)^n',
  fields: [
    { name: 'point', description: 'the point a of the expansion: a number or a constant such as pi/2' },
    { name: 'order', description: 'the order n: the polynomial goes up to and including (x - a)^n (0 to 40)' },
  ],
  defaultSeeds: 'series',
  solverNoun: 'solver of Taylor series',
  solvers: ['algebrite', 'sympy', 'maxima'],
  references: ['algebrite', 'sympy'],
  prompts: ['antiderivbench', 'asymob'],
  settings: { param_mutation_share: SERIES_PARAM_MUTATION_SHARE },
  readParams: readSeriesParams,
  lineFields: seriesLineFields,
  key(problem) {
    const { point, order } = seriesParams(problem.params);
    return `${canonicalKey(problem.expr)} at ${canonicalKey(point)} to ${order}`;
  },
  signature(problem, treeSignature) {
    const { point } = seriesParams(problem.params);
    return `${treeSignature(problem.expr)} at ${treeSignature(point)} to #`;
  },
  statement(problem, notation) {
    const { point, order } = seriesParams(problem.params);
    if (notation === 'infix') return `taylor(${toInfix(problem.expr)}, x = ${toInfix(point)}, order ${order})`;
    const a = toLatex(point);
    const power = a === '0' ? `x^{${order}}` : `(x - ${a})^{${order}}`;
    return `the Taylor polynomial of $f(x) = ${toLatex(problem.expr)}$ at $x = ${a}$, up to and including the term in $${power}$`;
  },
  problemText: treeProblemText,
  readProblem: readTreeProblem,
  mutate: treeOrParamsMutation(SERIES_PARAM_MUTATION_SHARE, mutateSeriesParams),
  check(problem, checkTree) {
    const { point, order } = seriesParams(problem.params);
    return checkTreeThen(
      problem,
      checkTree,
      (tree) => checkSeriesExists(tree, point, order),
      (p) => seriesTask.key(p),
    );
  },
  prompt(problem, style) {
    const template = style === 'asymob' ? SERIES_PROMPTS.asymob : SERIES_PROMPTS.antiderivbench;
    return fillTemplate(template, { statement: seriesTask.statement(problem, 'latex'), latex: toLatex(problem.expr), problem: toInfix(problem.expr) });
  },
  casCommand: (cas, problem, print) => seriesCommand(cas, problem.expr, seriesParams(problem.params), print),
  readAnswer: readSeriesReply,
  verifier: () => (problem, answer) => {
    const { point, order } = seriesParams(problem.params);
    return verifySeries(problem.expr, point, order, answer);
  },
  errorShape: () => 'unknown',
  canaries: CANARIES.map(([f, order]): TaskProblem => ({ expr: parseExpr(f), params: { point: parseExpr('0'), order } })),
};
