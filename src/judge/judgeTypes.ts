import type { AnswerStatus } from '../targets/types.js';
import type { Verdict } from '../verify/types.js';

/** Archive kinds: why the model's answers count as a failure. */
export type FailureKind = 'wrong' | 'unparseable' | 'no-answer' | 'timeout';

/** One of the model's answers, as the archive and the journal record it. */
export interface AnswerRecord {
  readonly text: string;
  readonly status: AnswerStatus;
  /**
   * The verifier's verdict for a parsed answer; null when the answer was not verified (not parsed,
   * declined, timed out, or an earlier answer was already correct). Always present, as the
   * archive contract lists it for every answer.
   */
  readonly verdict: Verdict | null;
  readonly reason: string;
  /** The parsed answer in canonical infix, when there was one. */
  readonly answer?: string;
  /** What reading the answer noticed (a symbolic answer that disagrees with the model's own numerical one); absent: nothing. */
  readonly note?: string;
}

/**
 * Why a failure is a failure of the model and not of sagga or of mathematics. `verifier`: an answer
 * was read and verified incorrect. `reference`: the model gave no usable answer (declined, unreadable,
 * timed out), and a reference target's answer, verified correct, shows the integral has a closed form.
 */
export type Proof =
  | { readonly by: 'verifier'; readonly reason: string }
  | { readonly by: 'reference'; readonly reference: string; readonly answer: string; readonly reason: string };

/**
 * The decision on one problem under Fail@k.
 * - `pass`: an answer was verified correct.
 * - `fail`: no answer correct and the verifier decided every parsed answer is wrong; `proof` says
 *   whether that is proven to be the model's failure (see `Proof`).
 * - `undecided`: no answer correct, but the verifier could not decide (or found the pair invalid)
 *   for at least one answer; the paper's generous rule counts this as no failure.
 * - `error`: an answer was lost in transport; the problem is asked again later, or skipped.
 */
export type Judgement =
  | { readonly status: 'pass'; readonly reason: string; readonly answers: readonly AnswerRecord[] }
  | {
      readonly status: 'fail';
      readonly kind: FailureKind;
      readonly reason: string;
      readonly answers: readonly AnswerRecord[];
      /** null while unproven: no answer to verify and no reference has shown a closed form (yet). */
      readonly proof: Proof | null;
      /** Why it is unproven, when `proof` is null. */
      readonly unproven?: string;
    }
  | { readonly status: 'undecided'; readonly reason: string; readonly answers: readonly AnswerRecord[] }
  | { readonly status: 'error'; readonly reason: string; readonly answers: readonly AnswerRecord[] };
