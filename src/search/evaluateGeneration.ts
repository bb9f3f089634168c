import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { canonicalKey } from '../expr/canonical.js';
import { toInfix, toLatex } from '../expr/print.js';
import type { Expr } from '../expr/types.js';
import { judgeOutcome, type VerifyPair } from '../judge/judgeOutcome.js';
import type { Judgement } from '../judge/judgeTypes.js';
import { proveByReference, type Reference } from '../judge/proveByReference.js';
import type { CallCounts } from '../run/runSchema.js';
import type { CanaryCheck } from '../targets/checkCanaries.js';
import type { Target, TargetAnswer, TargetProblem } from '../targets/types.js';
import type { Limiter } from '../util/limiter.js';
import type { Rng } from '../util/rng.js';
import type { AnswerJournal } from './answerJournal.js';
import type { SpendingBudget } from './spendingBudget.js';
import type { Evaluation, GenerationAsk } from './searchEngine.js';
import type { AskedProblem, ShrunkFailure } from './searchTypes.js';

/** What a probe of the shrinker learns about one candidate, and the target calls that cost. */
export interface ShrinkProbeResult {
  readonly judgement: Judgement;
  readonly calls: number;
}

/**
 * Shrinks one proven failure (src/shrink, bound by the caller): the smallest problem that still fails
 * the same way with a proof, found by asking `probe` about candidates, within `maxCalls`.
 */
export type Shrinker = (
  problem: Expr,
  judgement: Judgement,
  probe: (candidate: Expr) => Promise<ShrinkProbeResult>,
  options: { readonly maxCalls: number; readonly rng: Rng; readonly confirmations: number; readonly knownSignature: (signature: string) => boolean },
) => Promise<ShrunkFailure>;


export interface GenerationContext {
  readonly target: Target;
  /** Reference targets, in the order they are asked. */
  readonly references: readonly Target[];
  readonly verify: VerifyPair;
  readonly k: number;
  /** Calls in flight at once, to the target and the references together. */
  readonly slots: Limiter;
  readonly journal: AnswerJournal;
  readonly budget: SpendingBudget;
  readonly signature: (e: Expr) => string;
  /** Is this signature archived already (a failure with it is a variant, not worth shrinking)? */
  readonly archived: (signature: string) => boolean;
  readonly shrink?: Shrinker;
  /** Target calls one failure's shrinking may spend; 0: none. */
  readonly shrinkCalls: number;
  /** The run's root generator: each shrink forks its own stream by the problem's key. */
  readonly rng: Rng;
  /** The canary check with the verifier bound; absent: the target is not re-checked during the run. */
  readonly checkHealth?: (target: Target) => Promise<CanaryCheck>;
  /** Calls one health check makes (its canaries). */
  readonly healthCalls: number;
  readonly signal?: AbortSignal;
  /** Called after each problem is decided (for the progress bar). */
  readonly onJudged: (done: number, failures: number) => void;
}

export interface GenerationOutcome {
  /** One per problem that was asked; a problem missing here was not asked (the run stopped). */
  readonly evaluations: readonly Evaluation[];
  readonly calls: CallCounts;
  readonly verifySeconds: number;
  /** Why the generation ended early, if it did. */
  readonly stopped: 'interrupted' | 'budget' | 'target-broken' | null;
  /** For `target-broken`: the failed health check's message. */
  readonly trouble?: string;
}

/**
 * After this many answers in a row that are not answers (timed out, declined, unreadable), the target
 * is re-checked on the canaries: a model that declines twenty problems in a row may be right, a
 * program that stopped working always looks like this.
 */
export const HEALTH_STREAK = 20;

const NON_ANSWERS: ReadonlySet<TargetAnswer['status']> = new Set(['timeout', 'no-answer', 'unparseable']);

/**
 * Put one generation's problems to the target as a continuous pipeline: each problem goes out as soon
 * as a slot is free, and is judged, proven by a reference when it needs one, and shrunk, as soon as its
 * answers are in; nothing waits for the slowest answer but `tell`. Answers are journaled as they
 * arrive, so a resumed run pays for none twice.
 *
 * Deterministic for a deterministic target whatever the order answers arrive in: a failure is shrunk
 * only when every problem asked before it is decided and none of those (nor the archive) has its
 * signature, so which failures are shrunk depends on the asked order alone.
 *
 * Health: a run of HEALTH_STREAK non-answers, or any non-answers left at the end of the generation,
 * pauses the pipeline for a canary check. A target that fails it is restarted and checked again; the
 * non-answers since it was last seen working become transport errors (asked again later, never
 * failures), and a target that fails again stops the generation as `target-broken`.
 */
export async function evaluateGeneration(asked: GenerationAsk, ctx: GenerationContext): Promise<GenerationOutcome> {
  const problems = asked.problems;
  const results: Array<Evaluation | undefined> = problems.map(() => undefined);
  const calls = { problems: 0, references: 0, shrinking: 0, health: 0 };
  let verifySeconds = 0;
  let stopped: GenerationOutcome['stopped'] = null;
  let trouble: string | undefined;
  let done = 0;
  let failures = 0;

  // ---- target calls, through the slots, the journal and the budget ----
  let paused: Promise<void> | null = null;
  // One call per problem and target at a time: two shrinks that reach the same candidate share its
  // answers (and its cost), so the calls a generation makes do not depend on which asked first.
  const inFlight = new Map<string, Promise<readonly TargetAnswer[] | null>>();
  const call = (target: Target, reference: string | undefined, problem: TargetProblem & { key: string }, purpose: keyof typeof calls): Promise<readonly TargetAnswer[] | null> => {
    const slot = `${reference ?? ''}\u0000${problem.key}`;
    const pending = inFlight.get(slot);
    if (pending) return pending;
    const made = callOnce(target, reference, problem, purpose).finally(() => inFlight.delete(slot));
    inFlight.set(slot, made);
    return made;
  };
  const callOnce = async (target: Target, reference: string | undefined, problem: TargetProblem & { key: string }, purpose: keyof typeof calls): Promise<readonly TargetAnswer[] | null> => {
    const cached = ctx.journal.get(problem.key, reference);
    if (cached) {
      // Paid for before the run was stopped: charged now, so that a generation's calls and the
      // budgets come out the same however often the run was resumed.
      if (ctx.journal.chargeReplay(problem.key, reference)) {
        ctx.budget.spendReplayed(reference === undefined ? cached : []);
        calls[purpose]++;
      }
      return cached;
    }
    while (paused) await paused;
    return ctx.slots.run(async () => {
      if (stopped !== null) return null;
      if (ctx.signal?.aborted) {
        stopped = 'interrupted';
        return null;
      }
      if (!ctx.budget.allowsCall()) {
        stopped = 'budget';
        return null;
      }
      ctx.budget.spendCall();
      calls[purpose]++;
      const sent: TargetProblem = { id: problem.id, expr: problem.expr, infix: problem.infix, latex: problem.latex };
      const outcomes = await target.solve([sent], reference === undefined ? ctx.k : 1, ctx.signal);
      const answers = outcomes.find((o) => o.id === problem.id)?.answers ?? [];
      if (reference === undefined) ctx.budget.spendTokens(answers);
      // Only answers worth keeping: a transport error is asked again anyway.
      if (answers.length > 0 && !answers.some((a) => a.status === 'error')) ctx.journal.put(problem.key, answers, reference, purpose === 'shrinking' ? asked.generation : undefined);
      return answers;
    });
  };

  const judge = async (expr: Expr, answers: readonly TargetAnswer[]): Promise<Judgement> => {
    const judged = await judgeOutcome(expr, answers, ctx.verify);
    verifySeconds += judged.verifySeconds;
    return judged.judgement;
  };

  /**
   * Ask the references about a failure without a proof. `deferred`: a reference that was needed
   * could not be asked (the budget is spent or the run is stopping), so nothing is decided yet: the
   * problem is asked again once the budget allows (its own answers are kept), never recorded as
   * unproven for want of a call.
   */
  const prove = async (expr: Expr, key: string, judgement: Judgement, purpose: 'references' | 'shrinking'): Promise<{ judgement: Judgement; calls: number; deferred: boolean }> => {
    if (judgement.status !== 'fail' || judgement.proof !== null || ctx.references.length === 0) return { judgement, calls: 0, deferred: false };
    const problem = asTargetProblem(expr, key);
    let unasked = false;
    const references: Reference[] = ctx.references.map((target) => ({
      name: target.name,
      ask: async () => {
        const answers = await call(target, target.name, problem, purpose);
        if (answers !== null) return answers;
        unasked = true;
        return [{ status: 'error', text: '', error: 'not asked: budget', latencyMs: 0 }];
      },
    }));
    const proven = await proveByReference(expr, judgement, references, ctx.verify);
    const settled = proven.judgement.status === 'fail' && proven.judgement.proof !== null;
    return { ...proven, deferred: unasked && !settled };
  };

  // ---- health, judged in asked order (so that a resumed run checks where the first one did) ----
  const nonAnswer: boolean[] = problems.map(() => false);
  let streak: number[] = [];
  const revoked = new Set<number>();
  const observe = (index: number): void => {
    if (revoked.has(index)) return;
    if (!nonAnswer[index]) streak = [];
    else {
      streak.push(index);
      if (streak.length >= HEALTH_STREAK && ctx.checkHealth) void recheck();
    }
  };
  let checking: Promise<void> | null = null;
  const recheck = (): Promise<void> => {
    if (checking) return checking;
    let resume = (): void => {};
    paused = new Promise<void>((resolve) => (resume = resolve));
    checking = (async () => {
      const suspects = streak;
      streak = [];
      try {
        // Two checks (one after a restart) must fit in the budget; otherwise the suspects are left
        // unasked, to be decided once the budget is raised.
        if (!ctx.budget.allowsCall(2 * ctx.healthCalls)) {
          stopped ??= 'budget';
          for (const i of suspects) unask(i);
          return;
        }
        const first = await healthCheck();
        if (first.ok) return;
        // The non-answers since the target was last seen working are its fault, not the model's.
        for (const i of suspects) revoke(i, first.message);
        await ctx.target.restart?.();
        const second = await healthCheck();
        if (!second.ok) {
          stopped ??= 'target-broken';
          trouble = second.message;
        }
      } finally {
        paused = null;
        checking = null;
        resume();
      }
    })();
    return checking;
  };
  const healthCheck = async (): Promise<CanaryCheck> => {
    calls.health += ctx.healthCalls;
    ctx.budget.spendUnbudgeted(ctx.healthCalls);
    return ctx.checkHealth!(ctx.target);
  };
  const unask = (index: number): void => {
    revoked.add(index);
    results[index] = undefined;
  };
  const revoke = (index: number, why: string): void => {
    revoked.add(index);
    const problem = problems[index];
    ctx.journal.drop(problem.key);
    const previous = results[index];
    results[index] = { problem, judgement: { status: 'error', reason: `the target failed its health check: ${why}`, answers: previous?.judgement.answers ?? [] } };
  };

  // ---- shrinking, in asked order of eligibility ----
  const shrinks: Promise<void>[] = [];
  const claimed = new Set<string>();
  let prefix = 0;
  const advance = (): void => {
    while (prefix < problems.length && results[prefix] !== undefined) {
      const index = prefix++;
      observe(index);
      const evaluation = results[index]!;
      const j = evaluation.judgement;
      if (!ctx.shrink || ctx.shrinkCalls <= 0 || j.status !== 'fail' || j.proof === null) continue;
      const raw = ctx.signature(evaluation.problem.expr);
      if (ctx.archived(raw) || claimed.has(raw)) continue;
      claimed.add(raw);
      shrinks.push(shrinkOne(index));
    }
  };
  const shrinkOne = async (index: number): Promise<void> => {
    const evaluation = results[index]!;
    const original = evaluation.judgement as Extract<Judgement, { status: 'fail' }>;
    const probe = async (candidate: Expr, attempt = 0): Promise<ShrinkProbeResult> => {
      const key = canonicalKey(candidate);
      // A confirming ask is a call of its own, journaled under its own key, never answered from the first.
      const slot = attempt === 0 ? key : `${key}#${attempt}`;
      const answers = await call(ctx.target, undefined, asTargetProblem(candidate, slot), 'shrinking');
      if (answers === null) return { judgement: { status: 'error', reason: 'not asked: the run is stopping', answers: [] }, calls: 1 };
      const judged = await judge(candidate, answers);
      // A wrong answer shrinks only to a wrong answer: a declined candidate needs no reference.
      if (original.kind === 'wrong') return { judgement: judged, calls: 1 };
      const proven = await prove(candidate, key, judged, 'shrinking');
      return { judgement: proven.judgement, calls: 1 + proven.calls };
    };
    const minimal = await ctx.shrink!(evaluation.problem.expr, evaluation.judgement, probe, {
      maxCalls: ctx.shrinkCalls,
      rng: ctx.rng.fork(`shrink-${evaluation.problem.key}`),
      // A model may fail a problem once and solve it the next time, and any target may time out on a
      // slow moment: then a step needs a second failure.
      confirmations: ctx.target.deterministic === true && original.kind !== 'timeout' ? 0 : 1,
      knownSignature: ctx.archived,
    });
    if (!revoked.has(index)) results[index] = { ...evaluation, minimal };
  };

  /**
   * A time limit is exceeded by a slow moment of the machine as well as by a hard problem: a proven
   * timeout counts only when a second ask (a call of its own) times out too; otherwise the second
   * ask's judgement stands. Undefined: the second ask could not be made (the budget), so nothing is
   * decided yet.
   */
  const confirmTimeout = async (problem: AskedProblem, judgement: Judgement): Promise<Judgement | undefined> => {
    if (judgement.status !== 'fail' || judgement.kind !== 'timeout' || judgement.proof === null) return judgement;
    const again = await call(ctx.target, undefined, { ...problem, key: `${problem.key}#confirm` }, 'problems');
    if (again === null) return undefined;
    const second = await judge(problem.expr, again);
    if (second.status === 'fail' && second.kind === 'timeout') return judgement;
    if (second.status === 'error') return second;
    const proved = await prove(problem.expr, problem.key, second, 'references');
    return proved.deferred ? undefined : proved.judgement;
  };

  // ---- one problem ----
  const evaluate = async (index: number): Promise<void> => {
    const problem = problems[index];
    const answers = await call(ctx.target, undefined, problem, 'problems');
    if (answers === null) return;
    // Let the requests just given a free slot go out before this answer is verified on this thread.
    await yieldToEventLoop();
    nonAnswer[index] = !answers.some((a) => a.status === 'ok') && answers.length > 0 && answers.every((a) => NON_ANSWERS.has(a.status));
    const proved = await prove(problem.expr, problem.key, await judge(problem.expr, answers), 'references');
    const judgement = proved.deferred ? undefined : await confirmTimeout(problem, proved.judgement);
    if (judgement === undefined) {
      // Left unasked: the next generation asks it first, from the kept answers, and proves it then.
      ctx.journal.keep(problem.key, asked.generation);
      return;
    }
    if (revoked.has(index)) return;
    results[index] = { problem, judgement };
    done++;
    if (judgement.status === 'fail') failures++;
    ctx.onJudged(done, failures);
    advance();
  };

  await Promise.all(problems.map((_, i) => evaluate(i)));
  // Problems not asked leave a gap; those after it are decided, and may be shrunk.
  advanceAll();
  while (checking) await checking;
  // A stretch of non-answers at the end is checked before it can be archived.
  if (stopped === null && streak.length > 0 && ctx.checkHealth) await recheck();
  await Promise.all(shrinks);

  return {
    evaluations: results.filter((e): e is Evaluation => e !== undefined),
    calls,
    verifySeconds,
    stopped,
    ...(trouble !== undefined ? { trouble } : {}),
  };

  function advanceAll(): void {
    // Skip over the unasked, in order, so the failures after them are shrunk too.
    while (prefix < problems.length) {
      if (results[prefix] === undefined) {
        prefix++;
        continue;
      }
      advance();
    }
  }
}

function asTargetProblem(expr: Expr, key: string): TargetProblem & { key: string } {
  return { id: `probe-${key}`, key, expr, infix: toInfix(expr), latex: toLatex(expr) };
}

