import { parseExpr } from '../expr/parse.js';
import { toInfix } from '../expr/toInfix.js';
import type { Expr } from '../expr/types.js';
import { printable } from '../util/terminalSafe.js';
import type { VerifyResult } from '../verify/types.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import type { ProblemVerifier, Task, TaskProblem } from '../tasks/task.js';
import type { Target, TargetAnswer, TargetProblem } from './types.js';

/** Is `answer` an antiderivative of `problem`? (`verifyPair` of src/verify, passed in.) */
export type CanaryVerifier = (problem: Expr, answer: Expr) => VerifyResult | Promise<VerifyResult>;

/**
 * What became of one canary. `correct` / `wrong`: an answer was verified so. `undecided`: the
 * verifier could not tell, or sagga cannot judge the answer. `abandoned`: not waited for, because
 * the check had already failed.
 */
export type CanaryOutcome = 'correct' | 'wrong' | 'unparseable' | 'no-answer' | 'timeout' | 'undecided' | 'error' | 'abandoned';

export interface CanaryResult {
  /** The problem in canonical infix. */
  readonly problem: string;
  readonly outcome: CanaryOutcome;
  /** What came back, in plain words (the answer's text is made safe for a terminal). */
  readonly detail: string;
}

export type CanaryCheck =
  | { readonly ok: true; readonly correct: number; readonly results: readonly CanaryResult[] }
  | { readonly ok: false; readonly correct: number; readonly results: readonly CanaryResult[]; readonly message: string };

export interface CanaryCheckOptions {
  /** Integrands to ask instead of the task's canaries (integrate only). */
  readonly problems?: readonly string[];
  /** The task the target is asked: its canaries and its verifier (`verify` is the antiderivative check it may use). Default integrate. */
  readonly task?: Task;
  /** Time one problem may take; default the target's `timeLimitMs`, else 60 s. Sizes the deadline. */
  readonly timeLimitMs?: number;
  /** The whole check ends by then, whatever the target does. Default 3 time limits + 10 s. */
  readonly deadlineMs?: number;
}

const DEFAULT_TIME_LIMIT_MS = 60_000;
// Canaries wait in a target's queue behind each other (Maxima and SymPy take one problem at a time
// per process), so the deadline allows a few time limits in a row, plus the start of a process.
const DEADLINE_TIME_LIMITS = 3;
const DEADLINE_SLACK_MS = 10_000;
const DECIDED_GRACE_MS = 1000;
const ECHO_NOTE = ' (the problem itself, unevaluated)';

/**
 * Ask `target` a few problems any integrator solves (CANARY_PROBLEMS), verify each answer, and say
 * whether the target can be trusted with a search. A target that answers them wrongly or not at
 * all is broken plumbing (a Maxima without its share library, a `cmd:` program that echoes its input
 * or dies at start), and a search against it would archive every problem as a bogus failure.
 *
 * The rule: the target passes when at least half of the canaries (rounded up: 3 of 6) come back
 * verified correct and none comes back verified wrong. A wrong answer to a problem this easy means
 * the target misreads what it is sent, and would misread search problems the same way; a timeout,
 * a declined or unreadable answer, an error or an undecided verdict only counts against the half
 * (a slow or chatty model may miss one).
 *
 * Errors are values: resolves with `{ok: true}` or `{ok: false, message}`, where the message says in
 * one paragraph what came back for each canary and what the target reports about itself (`diagnose`:
 * a dead program's exit code and stderr, Maxima's missing share library). Bounded in time: the check
 * stops waiting at its deadline, and as soon as the outcome can no longer change (it then aborts
 * the canaries still in flight).
 */
export async function checkCanaries(target: Target, verify: CanaryVerifier, options: CanaryCheckOptions = {}): Promise<CanaryCheck> {
  const task = options.task ?? integrateTask;
  const asked: readonly TaskProblem[] = options.problems?.map((text) => ({ expr: parseExpr(text), params: {} })) ?? task.canaries;
  const problems = asked.map((p, i): TargetProblem => {
    const params = Object.keys(p.params).length > 0 ? { params: p.params } : {};
    return { id: `canary-${i + 1}`, expr: p.expr, infix: task.problemText(p, 'infix'), latex: task.problemText(p, 'latex'), ...params };
  });
  const statements = asked.map((p) => task.statement(p, 'infix'));
  const judge = task.verifier(verify);
  // The least number that must be verified correct: half, rounded up.
  const needed = Math.ceil(problems.length / 2);
  const timeLimitMs = positive(options.timeLimitMs) ?? positive(target.timeLimitMs) ?? DEFAULT_TIME_LIMIT_MS;
  const deadlineMs = positive(options.deadlineMs) ?? DEADLINE_TIME_LIMITS * timeLimitMs + DEADLINE_SLACK_MS;

  const results: (CanaryResult | undefined)[] = problems.map(() => undefined);
  const controller = new AbortController();
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  let timer: NodeJS.Timeout | undefined;
  const decided = (): boolean => {
    const done = results.filter((r): r is CanaryResult => r !== undefined);
    const correct = done.filter((r) => r.outcome === 'correct').length;
    const pending = problems.length - done.length;
    return pending === 0 || done.some((r) => r.outcome === 'wrong') || correct + pending < needed;
  };

  let grace: NodeJS.Timeout | undefined;
  // One solve call per canary, so that each is judged as soon as it is answered.
  problems.forEach((problem, i) => {
    void askOne(target, problem, judge, controller.signal).then((result) => {
      if (results[i] !== undefined || controller.signal.aborted) return;
      results[i] = result;
      if (results.every((r) => r !== undefined)) settle();
      else if (decided()) {
        // Decided before the rest came back: they are not waited for, except while answers keep
        // coming (a moment after each), so that the message can tell what a quick target said to each.
        clearTimeout(grace);
        grace = setTimeout(settle, DECIDED_GRACE_MS);
      }
    });
  });
  await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)))]);
  clearTimeout(timer);
  clearTimeout(grace);
  const timedOut = results.some((r) => r === undefined) && !decided();
  // Whatever is still in flight is not waited for; the target may drop it (the caller closes or reuses the target).
  controller.abort();
  const final: CanaryResult[] = problems.map(
    (p, i) =>
      results[i] ??
      (timedOut
        ? { problem: p.infix, outcome: 'timeout', detail: `timeout (no outcome within the check's ${Math.round(deadlineMs / 1000)} s)` }
        : { problem: p.infix, outcome: 'abandoned', detail: 'not waited for (the check had already failed)' }),
  );

  const correct = final.filter((r) => r.outcome === 'correct').length;
  const wrong = final.filter((r) => r.outcome === 'wrong').length;
  if (correct >= needed && wrong === 0) return { ok: true, correct, results: final };

  let diagnosis: string | undefined;
  if (target.diagnose !== undefined) {
    // Bounded as well: a diagnosis that hangs must not hold the refusal back.
    diagnosis = await Promise.race([
      target.diagnose().catch(() => undefined),
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(10_000, timeLimitMs)))),
    ]);
    clearTimeout(timer);
  }
  const why = wrong > 0 ? `${wrong} of ${final.length} came back wrong` : `only ${correct} of ${final.length} came back verified correct`;
  let message =
    `the target ${target.name} failed its health check on ${final.length} problems any ${task.solverNoun} solves (it must answer at least ${needed} correctly and none wrongly): ` +
    `${why}. ${describeResults(final, statements)}.`;
  if (final.some((r) => r.outcome === 'timeout') && correct > 0) {
    // Some came back right: a slow target rather than a dead one.
    message += ` If it is only slow, give it a longer time limit (the check waited up to ${Math.round(timeLimitMs / 1000)} s per problem).`;
  }
  if (final.filter((r) => r.detail.endsWith(ECHO_NOTE)).length >= 2) {
    message += " It answers with the problem it was sent: does the program return its input instead of the model's output?";
  }
  if (diagnosis !== undefined && diagnosis.trim() !== '' && !alreadySaid(message, diagnosis)) {
    const said = oneLine(diagnosis, 1000);
    message += ` ${capitalise(said)}${/[.!?]$/.test(said) ? '' : '.'}`;
  }
  return { ok: false, correct, results: final, message };
}

/** Ask one canary and judge what came back. Never rejects. */
async function askOne(target: Target, problem: TargetProblem, verify: ProblemVerifier, signal: AbortSignal): Promise<CanaryResult> {
  let answers: readonly TargetAnswer[];
  try {
    const [outcome] = await target.solve([problem], 1, signal);
    answers = outcome?.answers ?? [];
  } catch (err) {
    return { problem: problem.infix, outcome: 'error', detail: `error: ${oneLine(err instanceof Error ? err.message : String(err))}` };
  }
  if (answers.length === 0) return { problem: problem.infix, outcome: 'no-answer', detail: 'no answer (the target returned nothing)' };
  let undecided: CanaryResult | undefined;
  let wrong: CanaryResult | undefined;
  for (const a of answers) {
    if (a.status !== 'ok') continue;
    let verdict: VerifyResult;
    try {
      verdict = await verify({ expr: problem.expr, params: problem.params ?? {} }, a.expr);
    } catch (err) {
      verdict = { verdict: 'unknown', reason: `the verifier failed: ${err instanceof Error ? err.message : String(err)}`, ms: 0 };
    }
    if (verdict.verdict === 'correct') return { problem: problem.infix, outcome: 'correct', detail: `correct: '${shown(a)}'` };
    if (verdict.verdict === 'incorrect') {
      const echo = toInfix(a.expr) === problem.infix ? ECHO_NOTE : '';
      wrong ??= { problem: problem.infix, outcome: 'wrong', detail: `wrong answer '${shown(a)}'${echo}` };
    } else
      undecided ??= {
        problem: problem.infix,
        outcome: 'undecided',
        detail: `undecided: the verifier cannot tell whether '${shown(a)}' is right (${oneLine(verdict.reason)})`,
      };
  }
  if (wrong !== undefined) return wrong;
  if (undecided !== undefined) return undecided;
  const a = answers[0];
  const why = a.status !== 'ok' && a.error !== '' ? oneLine(a.error) : '';
  switch (a.status) {
    case 'timeout':
      return { problem: problem.infix, outcome: 'timeout', detail: `timeout${why ? ` (${why})` : ''}` };
    case 'no-answer':
      return { problem: problem.infix, outcome: 'no-answer', detail: `no answer${why ? ` (${why})` : ''}` };
    case 'unparseable':
    case 'ok':
      return { problem: problem.infix, outcome: 'unparseable', detail: `unparseable answer '${printable(a.text, 80)}'${why ? ` (${why})` : ''}` };
    case 'unjudged':
      return { problem: problem.infix, outcome: 'undecided', detail: `an answer sagga cannot judge, '${printable(a.text, 80)}'${why ? ` (${why})` : ''}` };
    case 'error':
      return { problem: problem.infix, outcome: 'error', detail: `error${why ? `: ${why}` : ''}` };
  }
}

/**
 * "∫ 1 dx, ∫ x dx: timeout (…); ∫ x^2 + 1 dx: wrong answer 'x^2 + 1'": canaries with the same story
 * told once. Errors, timeouts and abandoned canaries are one story each, told by the first of them:
 * they are about the target, not the problem (a dead program's errors differ only in how often
 * each request was re-sent).
 */
function describeResults(results: readonly CanaryResult[], statements: readonly string[]): string {
  const groups = new Map<string, { detail: string; problems: string[] }>();
  for (const [i, r] of results.entries()) {
    const key = r.outcome === 'error' || r.outcome === 'timeout' || r.outcome === 'abandoned' ? r.outcome : `${r.outcome}:${r.detail}`;
    const group = groups.get(key) ?? { detail: r.detail, problems: [] };
    group.problems.push(statements[i]);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => `${g.problems.join(', ')}: ${g.detail}`).join('; ');
}

/** Is what `diagnosis` says (after a short label such as "the program: ") already in `message`? */
function alreadySaid(message: string, diagnosis: string): boolean {
  const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();
  return flat(message).includes(flat(diagnosis).replace(/^[^:]{1,40}: /, ''));
}

/** The answer as the model wrote it (what a person recognises), made safe for a terminal. */
function shown(a: TargetAnswer): string {
  return printable(a.extracted ?? a.text, 80);
}

function oneLine(text: string, limit = 300): string {
  return printable(text.replace(/\s+/g, ' ').trim(), limit);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function positive(n: number | undefined): number | undefined {
  return n !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}
