import { instantiate, type ParameterValues } from '../../expr/edit/instantiate.js';
import { tryParseExpr } from '../../expr/parse.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { parameterNames } from '../../verify/parameterAssumptions.js';
import type { VerifyOptions, VerifyResult } from '../../verify/types.js';
import { verifyOverInstantiations, type ParametricOptions } from '../../verify/verifyOverInstantiations.js';
import type { LimitAnswer, LimitDirection, LimitPoint } from './limitTypes.js';
import { readLimitAnswer } from './readLimitAnswer.js';
import { readLimitPoint } from './readLimitPoint.js';
import { verifyLimit } from './verifyLimit.js';

const DIRECTIONS: readonly LimitDirection[] = ['+', '-', '+-'];

/**
 * `verifyLimit` on the fields of a `limit` line (`{"problem", "point", "direction"?, "answer"}`): the
 * problem in infix, the point a number or constant or `oo` / `-oo`, the direction `+`, `-` or `+-`
 * (absent: `+-` at a finite point, the only one at an infinity), the answer a value, `oo`, `-oo` or
 * `DNE`. A field that cannot be read is `invalid`, naming it. With the line's `parameters`, the
 * problem, point and answer may use them and the answer is judged over instantiations of them
 * (verifyOverInstantiations).
 */
export function verifyLimitStrings(
  problem: string,
  point: string,
  direction: string | undefined,
  answer: string,
  opts: Partial<VerifyOptions> & ParametricOptions = {},
): VerifyResult {
  const started = performance.now();
  const invalid = (reason: string): VerifyResult => ({ verdict: 'invalid', reason, ms: performance.now() - started });
  const { parameters = {}, instantiations, rng, ...options } = opts;
  const names = parameterNames(parameters);
  const read: ReadOptions | undefined = names.length === 0 ? undefined : { parameters: names };
  const p = tryParseExpr(problem, undefined, read);
  if (!p.ok) return invalid(`problem: ${p.error.message}`);
  const at = readLimitPoint(point, read);
  if (!at.ok) return invalid(`point: ${at.error}`);
  const dir = direction === undefined ? undefined : DIRECTIONS.find((d) => d === direction.trim());
  if (direction !== undefined && dir === undefined) return invalid(`direction: '+', '-' or '+-' is needed, not ${JSON.stringify(direction.slice(0, 20))}`);
  const a = readLimitAnswer(answer, read);
  if (!a.ok) return invalid(`answer: ${a.error}`);
  const r = verifyOverInstantiations(
    parameters,
    (values) => verifyLimit(instantiate(p.expr, values), pointAt(at.point, values), dir, answerAt(a.answer, values), options),
    {
      instantiations,
      rng,
    },
  );
  return { ...r, ms: performance.now() - started };
}

function pointAt(point: LimitPoint, values: ParameterValues): LimitPoint {
  return point.kind === 'finite' ? { kind: 'finite', at: instantiate(point.at, values) } : point;
}

function answerAt(answer: LimitAnswer, values: ParameterValues): LimitAnswer {
  return answer.kind === 'value' ? { kind: 'value', value: instantiate(answer.value, values) } : answer;
}
