import { tryParseExpr } from '../../expr/parse.js';
import { parseBound } from './parseBound.js';
import { readDefiniteAnswer } from './readDefiniteAnswer.js';
import type { DefiniteOptions, DefiniteResult } from './types.js';
import { verifyDefinite } from './verifyDefinite.js';

/**
 * `verifyDefinite` on the texts of a JSON Lines record (`problem`, `lower`, `upper`, `answer`):
 * whatever cannot be read is `invalid`, naming the field.
 */
export function verifyDefiniteStrings(problem: string, lower: string, upper: string, answer: string, options: Partial<DefiniteOptions> = {}): DefiniteResult {
  const started = performance.now();
  const invalid = (reason: string): DefiniteResult => ({ verdict: 'invalid', reason, ms: performance.now() - started });
  const p = tryParseExpr(problem);
  if (!p.ok) return invalid(`problem: ${p.error.message}`);
  const lo = parseBound(lower);
  if (!lo.ok) return invalid(`lower: ${lo.error}`);
  const hi = parseBound(upper);
  if (!hi.ok) return invalid(`upper: ${hi.error}`);
  const a = readDefiniteAnswer(answer);
  if (!a.ok) return invalid(`answer: ${a.error}`);
  const r = verifyDefinite(p.expr, lo.bound, hi.bound, a.answer, options);
  return { ...r, ms: performance.now() - started };
}
