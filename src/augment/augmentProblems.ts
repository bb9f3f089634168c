import { tryParseExpr } from '../expr/parse.js';
import { toInfix } from '../expr/print.js';
import type { Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import type { VerifyResult } from '../verify/types.js';
import type { AugmentFamily } from './augmentFamily.js';
import { degenerateReason } from './degenerateReason.js';
import { makeVariant } from './makeVariant.js';
import type { ProblemLine } from './readProblemLines.js';

/** One written line of `sagga augment`. */
export interface AugmentRecord {
  readonly id: string;
  readonly problem: string;
  /** A verified antiderivative of `problem` (the verifier said `correct` on exactly these texts). */
  readonly answer?: string;
  readonly family: string;
  readonly source: string;
  readonly [extra: string]: unknown;
}

export interface AugmentOptions {
  /** The family's name as given (written in every record). */
  readonly familyName: string;
  /** Variants per input line; for `backward`, the number of problems. */
  readonly n: number;
  readonly rng: Rng;
  /** The verifier on the texts that will be written. */
  readonly verify: (problem: string, answer: string) => VerifyResult;
  /** Drop variants without a verified answer instead of writing them without one. */
  readonly requireAnswer?: boolean;
  /** Called with each record as it is made (streaming output). */
  readonly onRecord?: (record: AugmentRecord) => void;
  /** Called with each per-line message. */
  readonly onMessage?: (message: string) => void;
}

export interface AugmentSummary {
  readonly written: number;
  readonly withAnswer: number;
  readonly withoutAnswer: number;
  readonly dropped: number;
}

/** Draws of the grammar per backward problem before giving up on it. */
const BACKWARD_ATTEMPTS = 50;

/**
 * Make `n` variants of every input line in `family` (or `n` backward problems). Every answer
 * candidate is printed, and the printed pair verified; the first `correct` one is attached. A
 * variant without a verified answer is reported per line (with the verifier's reason) and written
 * without an answer, or dropped with `requireAnswer`.
 */
export function augmentProblems(family: AugmentFamily, lines: readonly ProblemLine[], options: AugmentOptions): AugmentSummary {
  let written = 0;
  let withAnswer = 0;
  let dropped = 0;
  let counter = 0;
  const message = (m: string): void => options.onMessage?.(m);
  const emit = (problem: string, answer: string | undefined, source: string, extra: Readonly<Record<string, unknown>> | undefined): void => {
    counter++;
    const record: AugmentRecord = {
      id: `${options.familyName}-${counter}`,
      problem,
      ...(answer !== undefined ? { answer } : {}),
      family: options.familyName,
      source,
      ...extra,
    };
    written++;
    if (answer !== undefined) withAnswer++;
    options.onRecord?.(record);
  };

  if (family.kind === 'backward') {
    for (let i = 0; i < options.n; i++) {
      let done = false;
      let lastReason = '';
      for (let attempt = 0; attempt < BACKWARD_ATTEMPTS && !done; attempt++) {
        const r = makeVariant(family, undefined, lines, options.rng);
        if (!r.ok) {
          lastReason = r.reason;
          continue;
        }
        const checked = checkVariant(r.variant.problem, r.variant.candidates, options.verify);
        if (checked.answer !== undefined && checked.problemText !== undefined) {
          emit(checked.problemText, checked.answer, r.variant.source, r.variant.extra);
          done = true;
        } else lastReason = checked.reason;
      }
      if (!done) {
        dropped++;
        message(`backward problem ${i + 1}: no verified pair in ${BACKWARD_ATTEMPTS} draws (last: ${lastReason})`);
      }
    }
    return { written, withAnswer, withoutAnswer: written - withAnswer, dropped };
  }

  for (const line of lines) {
    for (let v = 0; v < options.n; v++) {
      const r = makeVariant(family, line, lines, options.rng);
      if (!r.ok) {
        dropped++;
        message(`line ${line.line} (${line.id}): ${options.familyName}: ${r.reason}; skipped`);
        continue;
      }
      const checked = checkVariant(r.variant.problem, r.variant.candidates, options.verify);
      if (checked.problemText === undefined) {
        dropped++;
        message(`line ${line.line} (${line.id}): ${options.familyName}: ${checked.reason}; skipped`);
        continue;
      }
      if (checked.answer === undefined) {
        message(
          `line ${line.line} (${line.id}): ${options.familyName}: no verified answer (${checked.reason})${options.requireAnswer ? '; skipped' : '; written without one'}`,
        );
        if (options.requireAnswer) {
          dropped++;
          continue;
        }
      }
      emit(checked.problemText, checked.answer, r.variant.source, r.variant.extra);
    }
  }
  return { written, withAnswer, withoutAnswer: written - withAnswer, dropped };
}

/**
 * Print the problem, check it reads back and is worth a line (`degenerateReason`: it depends on x,
 * has no like terms left uncombined and is not identically 0), and find the first candidate verified
 * correct.
 */
function checkVariant(problem: Expr, candidates: readonly Expr[], verify: AugmentOptions['verify']): { problemText?: string; answer?: string; reason: string } {
  const problemText = toInfix(problem);
  const back = tryParseExpr(problemText);
  if (!back.ok) return { reason: `the generated problem is over the parser's limits (${back.error.message})` };
  const degenerate = degenerateReason(back.expr);
  if (degenerate !== undefined) return { reason: `degenerate: ${degenerate}` };
  if (candidates.length === 0) return { problemText, reason: 'the source line has no answer to carry over' };
  let reason = '';
  for (const c of candidates) {
    const answerText = toInfix(c);
    if (!tryParseExpr(answerText).ok) {
      reason = "the answer is over the parser's limits";
      continue;
    }
    const r = verify(problemText, answerText);
    if (r.verdict === 'correct') return { problemText, answer: answerText, reason: r.reason };
    reason = `${r.verdict}: ${r.reason}`;
  }
  return { problemText, reason: candidates.length > 1 ? `none of ${candidates.length} candidates verified; last ${reason}` : reason };
}
