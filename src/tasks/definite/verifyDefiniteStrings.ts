import { instantiate, type ParameterValues } from '../../expr/edit/instantiate.js';
import { tryParseExpr } from '../../expr/parse.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { parameterNames } from '../../verify/parameterAssumptions.js';
import { verifyOverInstantiations, type ParametricOptions } from '../../verify/verifyOverInstantiations.js';
import { parseBound } from './parseBound.js';
import { readDefiniteAnswer } from './readDefiniteAnswer.js';
import type { DefiniteAnswer, DefiniteBound, DefiniteOptions, DefiniteResult } from './types.js';
import { verifyDefinite } from './verifyDefinite.js';

/**
 * `verifyDefinite` on the texts of a JSON Lines record (`problem`, `lower`, `upper`, `answer`):
 * whatever cannot be read is `invalid`, naming the field. With the record's `parameters`, every
 * field may use them and the answer is judged over instantiations of them (verifyOverInstantiations).
 */
export function verifyDefiniteStrings(
  problem: string,
  lower: string,
  upper: string,
  answer: string,
  options: Partial<DefiniteOptions> & ParametricOptions = {},
): DefiniteResult {
  const started = performance.now();
  const invalid = (reason: string): DefiniteResult => ({ verdict: 'invalid', reason, ms: performance.now() - started });
  const { parameters = {}, instantiations, rng, ...definiteOptions } = options;
  const names = parameterNames(parameters);
  const read: ReadOptions | undefined = names.length === 0 ? undefined : { parameters: names };
  const p = tryParseExpr(problem, undefined, read);
  if (!p.ok) return invalid(`problem: ${p.error.message}`);
  const lo = parseBound(lower, undefined, read);
  if (!lo.ok) return invalid(`lower: ${lo.error}`);
  const hi = parseBound(upper, undefined, read);
  if (!hi.ok) return invalid(`upper: ${hi.error}`);
  const a = readDefiniteAnswer(answer, undefined, read);
  if (!a.ok) return invalid(`answer: ${a.error}`);
  const r = verifyOverInstantiations(
    parameters,
    (values) => verifyDefinite(instantiate(p.expr, values), boundAt(lo.bound, values), boundAt(hi.bound, values), answerAt(a.answer, values), definiteOptions),
    { instantiations, rng },
  );
  return { ...r, ms: performance.now() - started };
}

function boundAt(bound: DefiniteBound, values: ParameterValues): DefiniteBound {
  return bound.kind === 'finite' ? { kind: 'finite', expr: instantiate(bound.expr, values) } : bound;
}

function answerAt(answer: DefiniteAnswer, values: ParameterValues): DefiniteAnswer {
  return answer.kind === 'closed' ? { kind: 'closed', expr: instantiate(answer.expr, values) } : answer;
}
