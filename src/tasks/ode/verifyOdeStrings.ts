import { instantiate, type ParameterValues } from '../../expr/edit/instantiate.js';
import type { VerifyResult } from '../../verify/types.js';
import { parameterNames } from '../../verify/parameterAssumptions.js';
import { verifyOverInstantiations, type ParametricOptions } from '../../verify/verifyOverInstantiations.js';
import { readOde } from './readOde.js';
import { readOdeAnswer } from './readOdeAnswer.js';
import { readOdeCondition } from './readOdeCondition.js';
import type { LinearOde, OdeCondition } from './types.js';
import { verifyOde, type VerifyOdeOptions } from './verifyOde.js';

/** Most conditions a line may carry (an equation of order 2 takes two). */
const MAX_CONDITIONS = 8;

/**
 * `verifyOde` on the fields of an `ode` line (`{"problem", "conditions", "answer"}`): the equation
 * (`y'' + 4*y = sin(3*x)`), its conditions (`["y(0)=1", "y'(0)=0"]`, none for a general solution)
 * and the answer `y = …`, possibly with C1, C2. A field that cannot be read is `invalid`, naming it.
 * With the line's `parameters`, every field may use them and the answer is judged over
 * instantiations of them (verifyOverInstantiations).
 */
export function verifyOdeStrings(
  problem: string,
  conditions: readonly string[],
  answer: string,
  opts: Partial<VerifyOdeOptions> & ParametricOptions = {},
): VerifyResult {
  const started = performance.now();
  const invalid = (reason: string): VerifyResult => ({ verdict: 'invalid', reason, ms: performance.now() - started });
  const { parameters = {}, instantiations, rng, ...options } = opts;
  const names = parameterNames(parameters);
  const ode = readOde(problem, names);
  if (!ode.ok) return invalid(`problem: ${ode.error}`);
  if (!Array.isArray(conditions)) return invalid('conditions: a list such as ["y(0)=1"] is needed');
  if (conditions.length > MAX_CONDITIONS) return invalid(`conditions: more than ${MAX_CONDITIONS}`);
  const read: OdeCondition[] = [];
  for (const [i, text] of conditions.entries()) {
    const c = readOdeCondition(text, names);
    if (!c.ok) return invalid(`condition ${i + 1}: ${c.error}`);
    read.push(c.condition);
  }
  const a = readOdeAnswer(answer, names);
  if (!a.ok) return invalid(`answer: ${a.error}`);
  const r = verifyOverInstantiations(
    parameters,
    (values) =>
      verifyOde(
        odeAt(ode.ode, values),
        read.map((c) => conditionAt(c, values)),
        instantiate(a.answer, values),
        options,
      ),
    {
      instantiations,
      rng,
    },
  );
  return { ...r, ms: performance.now() - started };
}

function odeAt(ode: LinearOde, values: ParameterValues): LinearOde {
  const [a0, a1, a2] = ode.coefficients.map((c) => instantiate(c, values));
  return { order: ode.order, coefficients: [a0, a1, a2], rhs: instantiate(ode.rhs, values) };
}

function conditionAt(c: OdeCondition, values: ParameterValues): OdeCondition {
  return { order: c.order, at: instantiate(c.at, values), value: instantiate(c.value, values) };
}
