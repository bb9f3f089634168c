import { tryParseExpr } from '../../expr/parse.js';
import type { VerifyOptions, VerifyResult } from '../../verify/types.js';
import type { LimitDirection } from './limitTypes.js';
import { readLimitAnswer } from './readLimitAnswer.js';
import { readLimitPoint } from './readLimitPoint.js';
import { verifyLimit } from './verifyLimit.js';

const DIRECTIONS: readonly LimitDirection[] = ['+', '-', '+-'];

/**
 * `verifyLimit` on the fields of a `limit` line (`{"problem", "point", "direction"?, "answer"}`): the
 * problem in infix, the point a number or constant or `oo` / `-oo`, the direction `+`, `-` or `+-`
 * (absent: `+-` at a finite point, the only one at an infinity), the answer a value, `oo`, `-oo` or
 * `DNE`. A field that cannot be read is `invalid`, naming it.
 */
export function verifyLimitStrings(problem: string, point: string, direction: string | undefined, answer: string, opts: Partial<VerifyOptions> = {}): VerifyResult {
  const started = performance.now();
  const invalid = (reason: string): VerifyResult => ({ verdict: 'invalid', reason, ms: performance.now() - started });
  const p = tryParseExpr(problem);
  if (!p.ok) return invalid(`problem: ${p.error.message}`);
  const at = readLimitPoint(point);
  if (!at.ok) return invalid(`point: ${at.error}`);
  const dir = direction === undefined ? undefined : DIRECTIONS.find((d) => d === direction.trim());
  if (direction !== undefined && dir === undefined) return invalid(`direction: '+', '-' or '+-' is needed, not ${JSON.stringify(direction.slice(0, 20))}`);
  const a = readLimitAnswer(answer);
  if (!a.ok) return invalid(`answer: ${a.error}`);
  const r = verifyLimit(p.expr, at.point, dir, a.answer, opts);
  return { ...r, ms: performance.now() - started };
}
