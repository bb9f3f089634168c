import { tryParseExpr } from '../expr/parse.js';
import type { AnswerRecord } from '../judge/judgeTypes.js';
import { ANSWER_LIMITS } from '../targets/answerReading.js';
import type { AnswerStatus, TargetAnswer } from '../targets/types.js';

const STATUSES: readonly AnswerStatus[] = ['ok', 'unparseable', 'no-answer', 'timeout', 'unjudged', 'error'];

/**
 * The answers of an archive line as the target gave them, so they can be judged again without asking
 * it: an `ok` answer is read back from its canonical infix (`answer`) into the whitelisted tree. Lines
 * are untrusted JSON: undefined when an answer has no known status or an `ok` one cannot be read.
 */
export function answersFromRecords(records: unknown): TargetAnswer[] | undefined {
  if (!Array.isArray(records)) return undefined;
  const out: TargetAnswer[] = [];
  for (const r of records as Partial<AnswerRecord>[]) {
    if (typeof r !== 'object' || r === null) return undefined;
    const text = typeof r.text === 'string' ? r.text : '';
    const status = r.status ?? (typeof r.answer === 'string' ? 'ok' : undefined);
    if (status === undefined || !STATUSES.includes(status)) return undefined;
    if (status === 'ok') {
      if (typeof r.answer !== 'string') return undefined;
      // With the limits the target's answer was read under (a CAS may write 9.7e+150*x).
      const parsed = tryParseExpr(r.answer, ANSWER_LIMITS);
      if (!parsed.ok) return undefined;
      out.push({ status: 'ok', text, expr: parsed.expr, latencyMs: 0 });
    } else {
      out.push({ status, text, error: typeof r.reason === 'string' ? r.reason : status, latencyMs: 0 });
    }
  }
  return out;
}
