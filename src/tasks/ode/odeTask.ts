import { canonicalKey } from '../../expr/canonicalKey.js';
import { toLatex } from '../../expr/toLatex.js';
import type { Expr } from '../../expr/types.js';
import { fillTemplate } from '../fillTemplate.js';
import type { Task, TaskProblem } from '../task.js';
import { checkOdePosed } from './checkOdePosed.js';
import { mutateOdeConditions } from './mutateOdeConditions.js';
import { odeCommand } from './odeCommand.js';
import { coefficientParams, conditionText, odeLineFields, odeParts, odeProblem, readOdeParams, type OdeParts } from './odeParams.js';
import { ODE_PROMPTS } from './odePrompts.js';
import { odeText } from './odeText.js';
import { readOde } from './readOde.js';
import { readOdeCondition } from './readOdeCondition.js';
import { readOdeReply } from './readOdeReply.js';
import { readOdeWith } from './readOdeWith.js';
import type { LinearOde, OdeCondition } from './types.js';
import { verifyOde } from './verifyOde.js';

/** Share of mutations that change the conditions (a general solution ↔ an initial value problem, a value). */
export const ODE_CONDITION_MUTATION_SHARE = 0.15;
/** Share of mutations that change a coefficient below the leading one (with the run's operators), rather than the right-hand side. */
export const ODE_COEFFICIENT_MUTATION_SHARE = 0.2;

/** Equations any solver of ODEs gets right: general solutions and initial value problems of order 1 and 2. */
const CANARIES: readonly [string, readonly string[]][] = [
  ["y' = y", []],
  ["y'' + y = 0", []],
  ["y' = 2*x", ['y(0) = 1']],
  ["y' + y = 0", ['y(0) = 2']],
  ["y'' - y = 0", ['y(0) = 1', "y'(0) = 1"]],
  ["y'' = 6*x", []],
];

/**
 * The key or signature of an ODE problem, each tree printed by `print`: its terms (a term whose
 * coefficient is 0 is absent, so that the order and which derivatives appear survive the erasure
 * of numbers), its right-hand side (0 as such: a homogeneous equation) and its conditions.
 */
function describeWith(parts: OdeParts, print: (e: Expr) => string): string {
  const isZero = (e: Expr) => e.type === 'num' && e.value === 0;
  const terms = [2, 1, 0].filter((k) => !isZero(parts.ode.coefficients[k])).map((k) => `${print(parts.ode.coefficients[k])}*y${"'".repeat(k)}`);
  const rhs = isZero(parts.ode.rhs) ? '0' : print(parts.ode.rhs);
  const conditions = parts.conditions.map((c) => `; y${"'".repeat(c.order)}(${print(c.at)}) = ${print(c.value)}`).join('');
  return `${terms.join(' + ')} = ${rhs}${conditions}`;
}

function conditionLatex(c: OdeCondition): string {
  return `$y${"'".repeat(c.order)}(${toLatex(c.at)}) = ${toLatex(c.value)}$`;
}

/** "$C_1$ and $C_2$" for the constants a solution with `count` of them is to be written with. */
function constantNames(count: number): string {
  const names = Array.from({ length: count }, (_, i) => `$C_${i + 1}$`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * A linear ODE of order 1 or 2 (ASyMOB's ODEs): `y'' + 4*y = sin(3*x)`, `y' = x*y + exp(x)`, with
 * conditions such as y(0) = 1, y'(0) = 0, or none (the general solution, with constants C1, C2). The
 * tree is the right-hand side; the coefficients of y, y', y'' and the conditions are its parameters.
 * Its `problem` text is the whole equation and its `conditions` field the conditions' list. A
 * mutation changes the right-hand side with the run's operators, now and then a coefficient below
 * the leading one, or the conditions; a candidate must be posed (`checkOdePosed`: conditions that
 * fit its order, at a regular point, an equation defined at enough points). The verifier puts the
 * answer in with the exact derivative (`verifyOde`). Keys and signatures carry every coefficient and
 * condition (numbers erased in signatures).
 */
export const odeTask: Task = {
  name: 'ode',
  description:
    "linear ODEs of order 1 or 2: given an equation such as y'' + 4*y = sin(3*x), with conditions such as y(0) = 1 or none, the solution y = … (a general one with constants C1, C2)",
  fields: [{ name: 'conditions', description: "the conditions, e.g. y(0)=1 and y'(0)=0; none asks for the general solution, with constants C1, C2" }],
  defaultSeeds: 'ode',
  solverNoun: 'solver of differential equations',
  solvers: ['sympy', 'maxima'],
  references: ['sympy'],
  prompts: ['antiderivbench', 'asymob'],
  settings: { condition_mutation_share: ODE_CONDITION_MUTATION_SHARE, coefficient_mutation_share: ODE_COEFFICIENT_MUTATION_SHARE },
  readParams: readOdeParams,
  lineFields: odeLineFields,
  key: (problem) => describeWith(odeParts(problem), canonicalKey),
  signature: (problem, treeSignature) => describeWith(odeParts(problem), treeSignature),
  statement(problem, notation) {
    const { ode, conditions } = odeParts(problem);
    if (notation === 'infix')
      return `${odeText(ode, 'infix')}${conditions.length === 0 ? ' (general solution)' : `, ${conditions.map(conditionText).join(', ')}`}`;
    const equation = `the differential equation $${odeText(ode, 'latex')}$`;
    const free = ode.order - conditions.length;
    const constants = free > 0 ? `, with its arbitrary constant${free === 1 ? '' : 's'} written ${constantNames(free)}` : '';
    if (conditions.length === 0) return `the general solution of ${equation}${constants}`;
    return `the solution of ${equation} with ${conditions.map(conditionLatex).join(' and ')}${constants}`;
  },
  problemText: (problem, notation) => odeText(odeParts(problem).ode, notation),
  readProblem(text, read) {
    const r = readOdeWith(text, (side) => read(side, { odeUnknown: true }));
    return r.ok ? { ok: true, expr: r.ode.rhs, params: coefficientParams(r.ode.coefficients) } : { ok: false, error: r.error };
  },
  mutate(problem, rng, mutateTree, constantScale) {
    const parts = odeParts(problem);
    const r = rng.next();
    if (r < ODE_CONDITION_MUTATION_SHARE)
      return odeProblem({ ode: parts.ode, conditions: mutateOdeConditions(parts.ode, parts.conditions, rng, constantScale) });
    if (r < ODE_CONDITION_MUTATION_SHARE + ODE_COEFFICIENT_MUTATION_SHARE) {
      const k = rng.int(0, parts.ode.order - 1);
      const coefficients = [...parts.ode.coefficients] as [Expr, Expr, Expr];
      coefficients[k] = mutateTree(coefficients[k]);
      return { expr: problem.expr, params: { ...problem.params, ...coefficientParams(coefficients) } };
    }
    return { expr: mutateTree(problem.expr), params: problem.params };
  },
  check(problem, checkTree) {
    const { ode, conditions } = odeParts(problem);
    const rhs = checkTree(ode.rhs);
    if (!rhs.ok) return rhs;
    const coefficients: Expr[] = [];
    for (const [k, c] of ode.coefficients.entries()) {
      const checked = checkTree(c);
      if (!checked.ok) return { ok: false, reason: `the coefficient of ${['y', "y'", "y''"][k]}: ${checked.reason}` };
      coefficients.push(checked.expr);
    }
    const isZero = (e: Expr) => e.type === 'num' && e.value === 0;
    if (isZero(coefficients[1]) && isZero(coefficients[2])) return { ok: false, reason: "no y' or y'' is left: not a differential equation" };
    const order = isZero(coefficients[2]) ? 1 : 2;
    const checkedOde: LinearOde = { order, coefficients: coefficients as [Expr, Expr, Expr], rhs: rhs.expr };
    const posed = checkOdePosed(checkedOde, conditions);
    if (!posed.ok) return posed;
    const checked = odeProblem({ ode: checkedOde, conditions });
    return { ok: true, problem: checked, key: odeTask.key(checked) };
  },
  prompt(problem, style) {
    const template = style === 'asymob' ? ODE_PROMPTS.asymob : ODE_PROMPTS.antiderivbench;
    return fillTemplate(template, {
      statement: odeTask.statement(problem, 'latex'),
      latex: odeTask.problemText(problem, 'latex'),
      problem: odeTask.problemText(problem, 'infix'),
    });
  },
  casCommand: (cas, problem, print) => odeCommand(cas, odeParts(problem), print),
  readAnswer: readOdeReply,
  verifier: () => (problem, answer) => {
    const { ode, conditions } = odeParts(problem);
    return verifyOde(ode, conditions, answer);
  },
  errorShape: () => 'unknown',
  canaries: CANARIES.map(([equation, conditions]) => canaryProblem(equation, conditions)),
};

/** A canary from its text (fixed, known-good text: a reading failure is sagga's bug). */
function canaryProblem(equation: string, conditions: readonly string[]): TaskProblem {
  const ode = readOde(equation);
  if (!ode.ok) throw new Error(`ode canary ${equation}: ${ode.error}`);
  return odeProblem({
    ode: ode.ode,
    conditions: conditions.map((text) => {
      const c = readOdeCondition(text);
      if (!c.ok) throw new Error(`ode canary condition ${text}: ${c.error}`);
      return c.condition;
    }),
  });
}
