import { tryParseExpr } from '../expr/parse.js';
import { toInfix } from '../expr/toInfix.js';
import { toLatex } from '../expr/toLatex.js';
import type { Expr } from '../expr/types.js';
import type { Verdict, VerifyResult } from '../verify/types.js';
import type { AnswerStatus, Target } from './types.js';

/** The verifier, passed in explicitly (in production `verifyPair` from src/verify/). */
export type VerifyFn = (problem: Expr, answer: Expr) => VerifyResult | Promise<VerifyResult>;

export interface ProbedAnswer {
  readonly status: AnswerStatus;
  /** What the target returned, verbatim. */
  readonly text: string;
  /** The answer in canonical infix, when it could be read. */
  readonly answer?: string;
  /** The verifier's verdict, for answers that could be read. */
  readonly verdict?: Verdict;
  /** The verifier's reason, or why there is nothing to verify. */
  readonly reason: string;
  readonly latencyMs: number;
}

/**
 * `solved`: some answer verified correct. `wrong`: some answer verified incorrect and none correct.
 * `unparseable` / `no-answer` / `timeout`: no answer could be verified, for that reason.
 * `undecided`: the verifier could not decide (or the target had an infrastructure error), which
 * by the generous rule is not a failure.
 */
export type ProbeOutcome = 'solved' | 'wrong' | 'unparseable' | 'no-answer' | 'timeout' | 'undecided';

export type ProbeResult =
  | {
      readonly ok: true;
      readonly target: string;
      /** The problem in canonical infix. */
      readonly problem: string;
      readonly outcome: ProbeOutcome;
      readonly answers: readonly ProbedAnswer[];
    }
  | { readonly ok: false; readonly error: string };

/**
 * Ask `target` for up to `k` antiderivatives of one problem given as text, and verify each answer.
 * Backs `sagga integrate --target T "<problem>"`. The problem text is user input: it is parsed into
 * the whitelisted tree first, and a parse failure is returned as a value.
 */
export async function integrateProbe(target: Target, problemText: string, k: number, verify: VerifyFn): Promise<ProbeResult> {
  const parsed = tryParseExpr(problemText);
  if (!parsed.ok) return { ok: false, error: `cannot read the problem: ${parsed.error.message}` };
  const expr = parsed.expr;
  const problem = toInfix(expr);
  const [outcome] = await target.solve([{ id: 'probe', expr, infix: problem, latex: toLatex(expr) }], Math.max(1, Math.floor(k)));
  const answers: ProbedAnswer[] = [];
  for (const a of outcome?.answers ?? []) {
    if (a.status === 'ok' && a.expr !== undefined) {
      const v = await verify(expr, a.expr);
      answers.push({ status: a.status, text: a.text, answer: toInfix(a.expr), verdict: v.verdict, reason: v.reason, latencyMs: a.latencyMs });
    } else {
      answers.push({ status: a.status, text: a.text, reason: a.error ?? a.status, latencyMs: a.latencyMs });
    }
  }
  return { ok: true, target: target.name, problem, outcome: classify(answers), answers };
}

function classify(answers: readonly ProbedAnswer[]): ProbeOutcome {
  if (answers.some((a) => a.verdict === 'correct')) return 'solved';
  if (answers.some((a) => a.status === 'error' || a.status === 'unjudged' || (a.status === 'ok' && a.verdict !== 'incorrect'))) return 'undecided';
  if (answers.some((a) => a.verdict === 'incorrect')) return 'wrong';
  for (const kind of ['unparseable', 'no-answer', 'timeout'] as const) {
    if (answers.some((a) => a.status === kind)) return kind;
  }
  return 'undecided'; // no answers at all
}
