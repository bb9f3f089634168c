import { instantiate } from '../../expr/edit/instantiate.js';
import { freeSymbols } from '../../expr/freeSymbols.js';
import { isArbitraryConstant, type ArbitraryConstant } from '../../expr/parameters.js';
import type { Expr } from '../../expr/types.js';
import { createRng, type Rng } from '../../util/rng.js';
import { describeParameterValues } from '../../verify/describeParameterValues.js';
import { drawInstantiations } from '../../verify/drawInstantiations.js';
import type { Verdict, VerifyResult } from '../../verify/types.js';
import { unboundParameterReason } from '../../verify/unboundParameterReason.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { checkCondition } from './checkCondition.js';
import { checkResidual } from './checkResidual.js';
import { countIndependentConstants } from './countIndependentConstants.js';
import { describeCondition } from './describeCondition.js';
import { prepareOde, type PreparedOde } from './prepareOde.js';
import { DEFAULT_ODE_OPTIONS, type LinearOde, type OdeCondition, type OdeOptions } from './types.js';

/** The seed of the default generator of the constants' values: a pair's verdict depends on the pair alone. */
export const ODE_CONSTANTS_SEED = 'sagga/ode-constants';
/** Values of the constants tried beyond their number: the answer must solve the equation at each. */
const EXTRA_DRAWS = 2;

export interface VerifyOdeOptions extends OdeOptions {
  /** Where the constants' values come from (default: a generator seeded with ODE_CONSTANTS_SEED). */
  readonly constantsRng: Rng;
}

type Decision = readonly [Verdict, string];

/**
 * Is `answer` a solution of the linear equation, with its conditions (none: the general solution)?
 * The equation, conditions and answer are free of parameters (the string entry point instantiates
 * them); the answer may hold arbitrary constants C1 … C9.
 *
 * - The answer must satisfy the equation at every sample point where the equation is defined
 *   (prepareOde, checkResidual: the antiderivative check's rules, with the equation's two sides for f
 *   and F'), for several random values of its constants (real, as drawInstantiations draws them:
 *   their number plus two), each named in the reason of a failure.
 * - Each condition must hold (checkCondition), for every value of the constants tried.
 * - The answer must have as many constants as the equation's order less its conditions, all of them
 *   independent (countIndependentConstants): a particular solution offered for the general one is
 *   `incorrect`, and so is a family with a redundant constant (C1 + C2, or three constants for order 2).
 *
 * A difference is decisive; anything undecided leaves the pair `unknown`; a condition that is not a
 * condition of this equation (y'(0) for order 1, more conditions than the order) makes it `invalid`.
 * The whole pair's work, over every value of the constants, is bounded by `work`.
 */
export function verifyOde(ode: LinearOde, conditions: readonly OdeCondition[], answer: Expr, options: Partial<VerifyOdeOptions> = {}): VerifyResult {
  const started = performance.now();
  const work = options.work ?? DEFAULT_ODE_OPTIONS.work;
  const meter: WorkMeter = { left: work, deadline: started + (options.backstopMs ?? DEFAULT_ODE_OPTIONS.backstopMs) };
  let decision: Decision;
  try {
    decision = decide(ode, conditions, answer, meter, options.constantsRng ?? createRng(ODE_CONSTANTS_SEED));
  } catch (error) {
    // A bug must cost one pair its verdict, never a batch.
    decision = ['unknown', `internal error while verifying: ${error instanceof Error ? error.message : String(error)}`];
  }
  return { verdict: decision[0], reason: decision[1], ms: performance.now() - started, work: work - Math.max(0, meter.left) };
}

function decide(ode: LinearOde, conditions: readonly OdeCondition[], answer: Expr, meter: WorkMeter, rng: Rng): Decision {
  const unbound = unboundParameterReason([
    ['problem', ode.rhs],
    ...ode.coefficients.map((c) => ['problem', c] as const),
    ...conditions.flatMap((c, i) => [[`condition ${i + 1}`, c.at] as const, [`condition ${i + 1}`, c.value] as const]),
  ]);
  if (unbound !== undefined) return ['invalid', unbound];
  const { parameters, unknowns } = freeSymbols(answer);
  if (unknowns.length > 0) return ['invalid', `answer: ${unknowns[0]} is the equation's unknown; the answer is y = an expression in x`];
  const stray = parameters.find((p) => !isArbitraryConstant(p));
  if (stray !== undefined) return ['invalid', `answer: the parameter ${stray} has no value (a pair with parameters is verified over instantiations of them)`];
  const invalidCondition = checkConditionShapes(ode, conditions);
  if (invalidCondition !== undefined) return ['invalid', invalidCondition];

  const prepared = prepareOde(ode, meter);
  if (typeof prepared === 'string') return ['unknown', prepared];
  const constants = parameters as ArbitraryConstant[];
  const expected = ode.order - conditions.length;
  const draws =
    constants.length === 0
      ? [{}]
      : drawInstantiations(
          constants.map((c) => [c, 'real'] as const),
          constants.length + EXTRA_DRAWS,
          rng,
        );

  let doubt: string | undefined;
  let agreeing: readonly number[] = [];
  let holds = '';
  for (const values of draws) {
    const y = instantiate(answer, values);
    const at = constants.length === 0 ? '' : `for ${describeParameterValues(values)}: `;
    const checked = checkSolution(prepared, conditions, y, meter);
    if (checked.kind === 'fails') return ['incorrect', `${at}${checked.reason}`];
    if (checked.kind === 'invalid') return ['invalid', checked.reason];
    if (checked.kind === 'unknown') doubt ??= `${at}${checked.reason}`;
    else {
      if (agreeing.length === 0) agreeing = checked.agreeing;
      holds ||= checked.reason;
    }
  }
  if (doubt !== undefined) return ['unknown', doubt];

  const counted = countIndependentConstants(answer, constants, draws[0], agreeing, meter);
  if (!counted.ok) return ['unknown', counted.reason];
  const mismatch = constantsMismatch(ode.order, conditions.length, expected, constants, counted.rank);
  if (mismatch !== undefined) return ['incorrect', mismatch];
  const tried = constants.length === 0 ? '' : ` for each of ${draws.map((v) => `(${describeParameterValues(v)})`).join('; ')}`;
  const constantsNote = constants.length === 0 ? '' : `; its ${constants.length === 1 ? 'constant is' : `${constants.length} constants are`} independent`;
  return ['correct', `${holds}${tried}${constantsNote}`];
}

type SolutionCheck =
  | { readonly kind: 'solves'; readonly agreeing: readonly number[]; readonly reason: string }
  | { readonly kind: 'fails'; readonly reason: string }
  | { readonly kind: 'unknown'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly reason: string };

/** The equation at its points, then every condition, for one value of the constants. */
function checkSolution(prepared: PreparedOde, conditions: readonly OdeCondition[], y: Expr, meter: WorkMeter): SolutionCheck {
  const residual = checkResidual(prepared, y, meter);
  if (residual.kind !== 'solves') return residual;
  const held: string[] = [];
  let doubt: string | undefined;
  for (const condition of conditions) {
    const c = checkCondition(y, condition, meter);
    if (c.kind === 'fails') return { kind: 'fails', reason: `the condition ${describeCondition(condition)} does not hold: ${c.reason}` };
    if (c.kind === 'invalid') return { kind: 'invalid', reason: c.reason };
    if (c.kind === 'unknown') doubt ??= c.reason;
    else held.push(describeCondition(condition));
  }
  if (doubt !== undefined) return { kind: 'unknown', reason: doubt };
  const also = held.length === 0 ? '' : `, and ${held.join(' and ')} ${held.length === 1 ? 'holds' : 'hold'}`;
  return { kind: 'solves', agreeing: residual.agreeing, reason: `${residual.reason}${also}` };
}

/** A condition that cannot belong to this equation, or too many of them. */
function checkConditionShapes(ode: LinearOde, conditions: readonly OdeCondition[]): string | undefined {
  if (conditions.length > ode.order) return `${conditions.length} conditions for an equation of order ${ode.order}: at most ${ode.order}`;
  for (const c of conditions) {
    if (c.order >= ode.order)
      return `${describeCondition(c)} is not a condition of an equation of order ${ode.order}: it fixes y${ode.order === 1 ? '' : " or y'"} at a point`;
  }
  return undefined;
}

/** Why the answer's constants are not those of the solution asked for, or undefined when they are. */
function constantsMismatch(order: number, given: number, expected: number, constants: readonly ArbitraryConstant[], rank: number): string | undefined {
  if (constants.length === expected && rank === expected) return undefined;
  const asked =
    given === 0
      ? `the general solution of an equation of order ${order}`
      : `a solution of an equation of order ${order} with ${given} condition${given === 1 ? '' : 's'}`;
  const needs = `${asked} has ${expected === 0 ? 'no free constant' : `${expected} independent constant${expected === 1 ? '' : 's'}`}`;
  const names = constants.join(', ');
  if (constants.length === 0) return `a particular solution where the general solution was asked: the answer has no arbitrary constant, and ${needs}`;
  if (expected === 0) return `the answer keeps the constant${constants.length === 1 ? '' : 's'} ${names}, but ${needs}: the conditions fix every constant`;
  if (rank < constants.length) {
    const redundant = constants.length - rank;
    return `the answer's constants ${names} count as ${rank} independent constant${rank === 1 ? '' : 's'} (${redundant} ${redundant === 1 ? 'is' : 'are'} redundant), and ${needs}`;
  }
  return `the answer has ${constants.length} constant${constants.length === 1 ? '' : 's'} (${names}), and ${needs}`;
}
