import { toInfix } from '../src/expr/toInfix.js';
import type { Expr } from '../src/expr/types.js';
import type { AnswerStatus, Target, TargetAnswer, TargetProblem } from '../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../src/verify/types.js';
import { createRng } from '../src/util/rng.js';
import { verifyPair } from '../src/verify/verifyPair.js';
import { casProblems } from './casProblems.js';
import { distinctProblem } from './distinctProblem.js';

export interface ConversionSummary {
  readonly statuses: Record<AnswerStatus, number>;
  readonly verdicts: Record<string, number>;
  /** Answers read back that the verifier calls incorrect: a conversion bug until shown otherwise. */
  readonly incorrect: string[];
  /** The same answers as `incorrect`, as data: the problem, the system's text, our reading. */
  readonly suspects: Array<{ readonly problem: string; readonly text: string; readonly read: string }>;
  readonly unparseable: string[];
  /** Answers the target could not hand over for judging (status `error`), with the reason. */
  readonly errors: string[];
  /** Answers the verifier could not decide, with its reason. */
  readonly unknown: string[];
  /**
   * Answers the verifier calls incorrect although the translation was shown faithful (`faithful`
   * option): the system's own mistake, not ours.
   */
  readonly systemWrong: string[];
  /** Answers whose translation the `faithful` check refuted: conversion bugs. */
  readonly unfaithful: string[];
  /** Answers written with the imaginary unit that were read through their real form (status ok). */
  readonly imaginary: string[];
  /** Answers the `faithful` check could not decide (too few points where both sides are real). */
  readonly undecided: number;
}

/**
 * Is the translation of one problem and its answer exact? `undefined` when it could not be decided,
 * otherwise `ok` or the evidence that it is not.
 */
export type FaithfulnessCheck = (problem: TargetProblem, answer: TargetAnswer) => { ok: true } | { ok: false; reason: string } | undefined;

/**
 * Run `problems` through a CAS target and verify (SEARCH_VERIFY_OPTIONS) every answer that was read
 * back. With a `faithful` check, an `incorrect` verdict on an answer whose translation was shown
 * exact is the system's own mistake; every other `incorrect` verdict means our translation (to the
 * CAS or back) lost something.
 */
export async function checkConversions(
  target: Target,
  problems: readonly TargetProblem[],
  options: { readonly faithful?: FaithfulnessCheck } = {},
): Promise<ConversionSummary> {
  const outcomes = await target.solve(problems, 1);
  const statuses: Record<AnswerStatus, number> = { ok: 0, unparseable: 0, 'no-answer': 0, timeout: 0, unjudged: 0, error: 0 };
  const verdicts: Record<string, number> = {};
  const incorrect: string[] = [];
  const suspects: Array<{ problem: string; text: string; read: string }> = [];
  const unparseable: string[] = [];
  const errors: string[] = [];
  const unknown: string[] = [];
  const systemWrong: string[] = [];
  const unfaithful: string[] = [];
  const imaginary: string[] = [];
  let undecided = 0;
  for (let i = 0; i < outcomes.length; i++) {
    const p = problems[i];
    if (outcomes[i].id !== p.id || outcomes[i].answers.length !== 1) throw new Error(`outcome ${i} does not match its problem`);
    const a = outcomes[i].answers[0];
    statuses[a.status]++;
    if (a.status === 'unparseable') unparseable.push(`${p.infix} -> ${a.text.slice(0, 120)}: ${a.error}`);
    if (a.status === 'error' || a.status === 'unjudged') errors.push(`${a.status}: ${p.infix} -> ${a.text.slice(0, 120)}: ${a.error}`);
    if (a.status !== 'ok') continue;
    if (/(^|[^A-Za-z_])(i|%i|I)($|[^A-Za-z_0-9])/.test(a.text)) imaginary.push(`∫ ${p.infix} dx = ${a.text} (read as ${toInfix(a.expr!)})`);
    const faithful = options.faithful?.(p, a);
    if (faithful === undefined && options.faithful !== undefined) undecided++;
    if (faithful?.ok === false) unfaithful.push(`∫ ${p.infix} dx = ${a.text} (read as ${toInfix(a.expr!)}): ${faithful.reason}`);
    // The machine is shared: a generous budget keeps the verdicts independent of its load.
    const v = verifyPair(p.expr, a.expr!, SEARCH_VERIFY_OPTIONS);
    if (v.verdict === 'unknown') unknown.push(`∫ ${p.infix} dx = ${toInfix(a.expr!)}: ${v.reason}`);
    verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
    if (v.verdict !== 'incorrect') continue;
    const line = `∫ ${p.infix} dx = ${a.text} (read as ${toInfix(a.expr!)}): ${v.reason}`;
    if (faithful?.ok === true) systemWrong.push(line);
    else {
      incorrect.push(line);
      suspects.push({ problem: p.infix, text: a.text, read: toInfix(a.expr!) });
    }
  }
  return { statuses, verdicts, incorrect, suspects, unparseable, errors, unknown, systemWrong, unfaithful, imaginary, undecided };
}

/**
 * The conversion figure: of the closed forms the system returned that are not its own mistakes
 * (read back or unreadable; minus the shown-own mistakes and the answers the verifier could not
 * decide either way), the share whose converted answer verifies. Unreadable answers count as
 * misses, and so do answers lost to a target `error`. Complex answers without a real form
 * (`unjudged`) are left out, like the answers the verifier cannot decide: they were read, but
 * sagga cannot judge them. `alsoSystemWrong`: suspects shown to be the system's own mistakes by
 * another, independent check.
 */
export function conversionShare(s: ConversionSummary, alsoSystemWrong = 0): { readonly verified: number; readonly solved: number; readonly share: number } {
  const verified = s.verdicts.correct ?? 0;
  const solved = verified + s.incorrect.length - alsoSystemWrong + s.statuses.unparseable + s.statuses.error;
  return { verified, solved, share: solved === 0 ? 1 : verified / solved };
}

/**
 * `count` distinct problems of testkit/casProblems.ts (its kinds repeat small problems often) that
 * the search's candidate check accepts and `keep` keeps; ids `<prefix><n>`.
 */
export function distinctCasProblems(seed: string, count: number, keep: (e: Expr) => boolean = () => true, prefix = 'p'): TargetProblem[] {
  const rng = createRng(seed);
  const seen = new Set<string>();
  const out: TargetProblem[] = [];
  for (let round = 0; out.length < count && round < 50; round++) {
    for (const e of casProblems(rng, count)) {
      if (out.length >= count) break;
      const problem = distinctProblem(e, `${prefix}${out.length}`, seen, keep);
      if (problem !== undefined) out.push(problem);
    }
  }
  return out;
}
