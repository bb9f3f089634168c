import { toInfix } from '../expr/print.js';
import type { Expr } from '../expr/types.js';
import type { TargetAnswer } from '../targets/types.js';
import type { VerifyResult } from '../verify/types.js';
import { clipAnswer } from '../util/clip.js';
import type { AnswerRecord, FailureKind, Judgement } from './judgeTypes.js';

/**
 * Is `answer` right for `problem`? For an integrand (`P` = Expr), is it an antiderivative
 * (`verifyPair` of src/verify, injected); for a task's problem, the task's verifier.
 */
export type VerifyPair<P = Expr> = (problem: P, answer: Expr) => VerifyResult | Promise<VerifyResult>;

/** Precedence of failure kinds when the k answers failed in different ways. */
const KIND_ORDER: readonly FailureKind[] = ['wrong', 'unparseable', 'no-answer', 'timeout'];

/** `checkAll`: verify every parsed answer, also after a correct one (a one-shot probe shows them all). */
export interface JudgeOptions {
  readonly checkAll?: boolean;
}

/**
 * Fail@k for one problem. Parsed answers are verified in order until one is correct (the rest are
 * then not checked, unless `options.checkAll`). The problem is a failure only when no answer is correct and every answer
 * failed in a way the verifier or the target made certain: verified incorrect, unparseable,
 * declined, or timed out. A verdict of `unknown` or `invalid`, or an answer sagga cannot judge
 * (`unjudged`), on any answer makes it `undecided`
 * (not a failure: the paper's generous rule); a transport `error` on any answer makes it `error`.
 * A verifier that throws is treated like `unknown`.
 */
export async function judgeOutcome<P = Expr>(
  problem: P,
  answers: readonly TargetAnswer[],
  verify: VerifyPair<P>,
  options: JudgeOptions = {},
): Promise<{ judgement: Judgement; verifySeconds: number }> {
  const records: AnswerRecord[] = [];
  let verifySeconds = 0;
  let correct: AnswerRecord | undefined;
  for (const a of answers) {
    // Every target's answer is stored clipped the same way (a 3 MB reply must not fill every archive line).
    const text = clipAnswer(a.text ?? '');
    if (correct && !options.checkAll) {
      records.push({
        text,
        status: a.status,
        verdict: null,
        reason: 'not checked: an earlier answer was correct',
        ...(a.status === 'ok' ? { answer: safeInfix(a.expr) } : {}),
      });
      continue;
    }
    if (a.status !== 'ok') {
      records.push({ text, status: a.status, verdict: null, reason: clipAnswer(a.error ?? a.status) });
      continue;
    }
    const started = performance.now();
    let result: VerifyResult;
    try {
      result = await verify(problem, a.expr);
    } catch (err) {
      result = { verdict: 'unknown', reason: `verifier failed: ${err instanceof Error ? err.message : String(err)}`, ms: 0 };
    }
    verifySeconds += (performance.now() - started) / 1000;
    const record: AnswerRecord = {
      text,
      status: 'ok',
      verdict: result.verdict,
      reason: result.reason,
      answer: safeInfix(a.expr),
      ...(a.note !== undefined ? { note: a.note } : {}),
    };
    records.push(record);
    if (result.verdict === 'correct') correct ??= record;
  }

  if (correct) return { judgement: { status: 'pass', reason: correct.reason, answers: records }, verifySeconds };
  if (records.length === 0) {
    return { judgement: { status: 'error', reason: 'the target returned no answer at all', answers: records }, verifySeconds };
  }
  const lost = records.find((r) => r.status === 'error');
  if (lost) return { judgement: { status: 'error', reason: `transport error: ${lost.reason}`, answers: records }, verifySeconds };
  const undecided = records.find((r) => r.verdict === 'unknown' || r.verdict === 'invalid' || r.status === 'unjudged');
  if (undecided) {
    const why = undecided.status === 'unjudged' ? 'the answer cannot be judged' : `verifier could not decide (${undecided.verdict})`;
    return { judgement: { status: 'undecided', reason: `${why}: ${undecided.reason}`, answers: records }, verifySeconds };
  }
  const kinds = records.map(kindOf);
  const kind = KIND_ORDER.find((k) => kinds.includes(k))!;
  const first = records[kinds.indexOf(kind)];
  const proof = kind === 'wrong' ? { by: 'verifier' as const, reason: first.reason } : null;
  return {
    judgement: { status: 'fail', kind, reason: first.reason, answers: records, proof, ...(proof === null ? { unproven: UNPROVEN_REASON[kind] } : {}) },
    verifySeconds,
  };
}

/** Why a failure without a verified-wrong answer is not yet a proven one (a reference may prove it). */
const UNPROVEN_REASON: Readonly<Record<FailureKind, string>> = {
  wrong: '',
  unparseable: 'unreadable; no reference found a closed form',
  'no-answer': 'declined; no reference found a closed form',
  timeout: 'timed out; no reference found a closed form',
};

function kindOf(r: AnswerRecord): FailureKind {
  switch (r.status) {
    case 'ok':
      return 'wrong';
    case 'unparseable':
      return 'unparseable';
    case 'no-answer':
      return 'no-answer';
    case 'timeout':
      return 'timeout';
    case 'unjudged':
    case 'error':
      // Filtered out before; kept total for the type checker.
      return 'timeout';
  }
}

function safeInfix(e: Expr): string {
  try {
    return toInfix(e);
  } catch {
    return '';
  }
}
