import { tryParseExpr } from '../expr/parse.js';
import type { VerifyOptions, VerifyResult } from './types.js';
import { verifyPair } from './verifyPair.js';

/** `verifyPair` on text: anything the whitelisting parser rejects is `invalid`, naming the side. */
export function verifyStrings(problem: string, answer: string, opts: Partial<VerifyOptions> = {}): VerifyResult {
  const started = performance.now();
  const p = tryParseExpr(problem);
  if (!p.ok) return { verdict: 'invalid', reason: `problem: ${p.error.message}`, ms: performance.now() - started };
  const a = tryParseExpr(answer);
  if (!a.ok) return { verdict: 'invalid', reason: `answer: ${a.error.message}`, ms: performance.now() - started };
  const r = verifyPair(p.expr, a.expr, opts);
  return { ...r, ms: performance.now() - started };
}
