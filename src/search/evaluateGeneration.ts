import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Expr } from '../expr/types.js';
import type { VerifyPair } from '../judge/judgeOutcome.js';
import type { Task, TaskProblem } from '../tasks/task.js';
import type { CallCounts } from '../run/runSchema.js';
import type { CanaryCheck } from '../targets/checkCanaries.js';
import type { Target, TargetAnswer } from '../targets/types.js';
import type { Limiter } from '../util/limiter.js';
import type { Rng } from '../util/rng.js';
import type { AnswerJournal } from './answerJournal.js';
import { CallGate } from './callGate.js';
import type { Lane } from './grantRounds.js';
import { HealthMonitor } from './healthMonitor.js';
import { ProblemJudge } from './problemJudge.js';
import { ShrinkScheduler } from './shrinkScheduler.js';
import type { SpendingBudget } from './spendingBudget.js';
import type { Evaluation, GenerationAsk } from './searchEngine.js';
import type { Shrinker } from './searchTypes.js';

export type { Shrinker, ShrinkProbeResult } from './searchTypes.js';

export { HEALTH_STREAK } from './healthMonitor.js';

export interface GenerationContext {
  readonly target: Target;
  /** Reference targets, in the order they are asked. */
  readonly references: readonly Target[];
  /** The task's verifier (`Task.verifier`, bound to the run's antiderivative check). */
  readonly verify: VerifyPair<TaskProblem>;
  readonly k: number;
  /** Calls in flight at once, to the target and the references together. */
  readonly slots: Limiter;
  readonly journal: AnswerJournal;
  readonly budget: SpendingBudget;
  /** The number-erased form of a tree (src/expr/signature.ts); the task signs problems with it. */
  readonly signature: (e: Expr) => string;
  /** The task (default integrate). */
  readonly task?: Task;
  /** Is this signature archived already (a failure with it is a variant, not worth shrinking)? */
  readonly archived: (signature: string) => boolean;
  readonly shrink?: Shrinker;
  /** Target calls one failure's shrinking may spend; 0: none. */
  readonly shrinkCalls: number;
  /** And per node of its problem, where that is more. */
  readonly shrinkCallsPerNode: number;
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

const NON_ANSWERS: ReadonlySet<TargetAnswer['status']> = new Set(['timeout', 'no-answer', 'unparseable']);

/**
 * Put one generation's problems to the target as a continuous pipeline: each problem goes out as soon
 * as a slot is free (`CallGate`), and is judged, proven by a reference when it needs one, and shrunk
 * (`ProblemJudge`, `ShrinkScheduler`), as soon as its answers are in; nothing waits for the slowest
 * answer but `tell`. Answers are journaled before they are used, so a resumed run pays for none twice.
 *
 * Deterministic for a deterministic target whatever the order answers arrive in: decided problems are
 * walked in asked order, by the health monitor and by the shrink scheduler, so which failures are
 * shrunk, and where the target is re-checked, depends on the asked order alone; and each problem's
 * work is a lane of the gate, whose rounds, under a budget, decide which calls the budget allows in
 * the asked order too.
 */
export async function evaluateGeneration(asked: GenerationAsk, ctx: GenerationContext): Promise<GenerationOutcome> {
  const problems = asked.problems;
  const results: Array<Evaluation | undefined> = problems.map(() => undefined);
  const gate = new CallGate({ journal: ctx.journal, budget: ctx.budget, slots: ctx.slots, k: ctx.k, generation: asked.generation, signal: ctx.signal });
  const judge = new ProblemJudge(gate, ctx.target, ctx.references, ctx.verify, ctx.task);
  const health = ctx.checkHealth
    ? new HealthMonitor({
        problems,
        results,
        target: ctx.target,
        gate,
        budget: ctx.budget,
        journal: ctx.journal,
        checkHealth: ctx.checkHealth,
        healthCalls: ctx.healthCalls,
      })
    : undefined;
  const isRevoked = (index: number): boolean => health?.isRevoked(index) ?? false;
  const shrinks = ctx.shrink
    ? new ShrinkScheduler({
        results,
        shrink: ctx.shrink,
        shrinkCalls: ctx.shrinkCalls,
        shrinkCallsPerNode: ctx.shrinkCallsPerNode,
        target: ctx.target,
        gate,
        judge,
        signature: ctx.signature,
        archived: ctx.archived,
        rng: ctx.rng,
        isRevoked,
        task: ctx.task,
        keep: (key) => ctx.journal.keep(key, asked.generation),
      })
    : undefined;
  const walk = new AskedOrderWalk(results, (index) => {
    health?.observe(index);
    // A health check with no room left in the budget leaves the streak that set it off unasked, this problem among them.
    if (results[index] !== undefined) shrinks?.consider(index);
  });
  const tally = { done: 0, failures: 0 };

  const evaluate = async (index: number, lane: Lane): Promise<void> => {
    const problem = problems[index];
    const answers = await gate.call(ctx.target, undefined, problem, 'problems', lane);
    if (answers === null) return;
    // Let the requests just given a free slot go out before this answer is verified on this thread.
    await yieldToEventLoop();
    health?.answered(index, !answers.some((a) => a.status === 'ok') && answers.length > 0 && answers.every((a) => NON_ANSWERS.has(a.status)));
    const proved = await judge.prove(problem, problem.key, await judge.judge(problem, answers), 'references', lane);
    const judgement = proved.deferred ? undefined : await judge.confirmTimeout(problem, proved.judgement, lane);
    if (judgement === undefined) {
      // Left unasked: the next generation asks it first, from the kept answers, and proves it then.
      ctx.journal.keep(problem.key, asked.generation);
      return;
    }
    if (isRevoked(index)) return;
    results[index] = { problem, judgement };
    tally.done++;
    if (judgement.status === 'fail') tally.failures++;
    ctx.onJudged(tally.done, tally.failures);
    walk.advance();
  };

  // Every problem's lane is open before any call is made: the first round holds them all.
  const lanes = problems.map((_, i) => gate.lane(i));
  const asks = await Promise.allSettled(lanes.map((lane, i) => evaluate(i, lane).finally(() => lane.leave())));
  const broken = asks.find((a): a is PromiseRejectedResult => a.status === 'rejected');
  if (broken !== undefined) {
    // The shrinks under way journal what they ask: they end before the error closes the run's files.
    await shrinks?.settled().catch(() => undefined);
    throw broken.reason;
  }
  // Problems not asked leave a gap; those after it are decided, and may be shrunk.
  walk.advancePastGaps();
  await health?.finish();
  await shrinks?.settled();

  return {
    evaluations: results.filter((e): e is Evaluation => e !== undefined),
    calls: gate.counts,
    verifySeconds: judge.verifySeconds,
    stopped: gate.stopped,
    ...(health?.trouble !== undefined ? { trouble: health.trouble } : {}),
  };
}

/** Walks a generation's decided problems in asked order, each once, as soon as all before it are decided. */
class AskedOrderWalk {
  private next = 0;

  constructor(
    private readonly results: ReadonlyArray<Evaluation | undefined>,
    private readonly visit: (index: number) => void,
  ) {}

  advance(): void {
    while (this.next < this.results.length && this.results[this.next] !== undefined) this.visit(this.next++);
  }

  /** Skip over the problems never decided (the run stopped), in order, so that those after them are visited too. */
  advancePastGaps(): void {
    while (this.next < this.results.length) {
      if (this.results[this.next] === undefined) this.next++;
      else this.advance();
    }
  }
}
