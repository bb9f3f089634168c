import { countNodes } from '../expr/metrics.js';
import type { Expr } from '../expr/types.js';
import { shrinkBudget } from '../shrink/shrinkBudget.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import type { Task } from '../tasks/task.js';
import type { Judgement } from '../judge/judgeTypes.js';
import type { Target } from '../targets/types.js';
import type { Rng } from '../util/rng.js';
import type { CallGate } from './callGate.js';
import type { Lane } from './grantRounds.js';
import type { Shrinker, ShrinkProbeResult } from './searchTypes.js';
import { asTargetProblem, type ProblemJudge } from './problemJudge.js';
import type { Evaluation } from './searchEngine.js';

export interface ShrinkSchedulerOptions {
  readonly results: Array<Evaluation | undefined>;
  readonly shrink: Shrinker;
  /** Target calls one failure's shrinking may spend. */
  readonly shrinkCalls: number;
  /** Target calls per node of the failing problem it may spend where that is more (src/shrink/shrinkBudget.ts); default 0. */
  readonly shrinkCallsPerNode?: number;
  readonly target: Target;
  readonly gate: CallGate;
  readonly judge: ProblemJudge;
  /** The number-erased form of a tree (src/expr/signature.ts); the task signs a problem with it. */
  readonly signature: (e: Expr) => string;
  /** Is this signature archived already (a failure with it is a variant, not worth shrinking)? */
  readonly archived: (signature: string) => boolean;
  /** The task (default integrate): shrinking moves on the tree and keeps the problem's parameters. */
  readonly task?: Task;
  /** The run's root generator: each shrink forks its own stream by the problem's key. */
  readonly rng: Rng;
  /** Was the decision on this problem taken back (a broken target gave it)? */
  readonly isRevoked: (index: number) => boolean;
  /** Keep the target's answers to a problem left undecided, for the generation that decides it. */
  readonly keep: (key: string) => void;
}

/**
 * Decides which of a generation's proven failures are shrunk, and shrinks them. Failures are
 * considered in asked order, each as soon as every problem asked before it is decided, and only
 * one failure per signature is shrunk (not one the archive has already): so which failures are
 * shrunk depends on the asked order alone, never on the order answers arrive in, and a resumed run
 * shrinks the same ones. The others of its signature wait on that shrink (they become its
 * variants); when the run's stop cuts it off, they are left for a later generation with it, rather
 * than archived unshrunk in its place.
 */
export class ShrinkScheduler {
  /** Each signature being shrunk, with the failures of that signature that wait on its shrink. */
  private readonly claimed = new Map<string, number[]>();
  /** Signatures whose shrink the run's stop cut off. */
  private readonly cutOff = new Set<string>();
  private readonly shrinks: Promise<void>[] = [];

  constructor(private readonly options: ShrinkSchedulerOptions) {}

  /** The next decided problem in asked order: shrink it if it is a proven failure of a new shape. */
  consider(index: number): void {
    const evaluation = this.options.results[index]!;
    const j = evaluation.judgement;
    if (this.options.shrinkCalls <= 0 || j.status !== 'fail' || j.proof === null) return;
    const task = this.options.task ?? integrateTask;
    const raw = task.signature({ expr: evaluation.problem.expr, params: evaluation.problem.params ?? {} }, this.options.signature);
    if (this.options.archived(raw)) return;
    if (this.cutOff.has(raw)) {
      this.leaveForLater(index);
      return;
    }
    const waiting = this.claimed.get(raw);
    if (waiting !== undefined) {
      waiting.push(index);
      return;
    }
    this.claimed.set(raw, []);
    // A lane from now, not from the shrink's first await: a round must not begin before its first probe is asked.
    const lane = this.options.gate.lane(index);
    this.shrinks.push(this.shrinkOne(index, raw, lane).finally(() => lane.leave()));
  }

  /** Every shrink started, finished. */
  async settled(): Promise<void> {
    await Promise.all(this.shrinks);
  }

  /** Undecide a failure: a later generation asks it first, from its kept answers, and decides it then. */
  private leaveForLater(index: number): void {
    if (this.options.isRevoked(index)) return;
    const evaluation = this.options.results[index];
    if (evaluation === undefined) return;
    this.options.results[index] = undefined;
    this.options.keep(evaluation.problem.key);
  }

  private async shrinkOne(index: number, raw: string, lane: Lane): Promise<void> {
    const { results, target, gate, judge } = this.options;
    const evaluation = results[index]!;
    const original = evaluation.judgement as Extract<Judgement, { status: 'fail' }>;
    const task = this.options.task ?? integrateTask;
    const params = evaluation.problem.params;
    const probe = async (tree: Expr, attempt = 0): Promise<ShrinkProbeResult> => {
      // The shrink moves on the tree; the candidate keeps the problem's parameters.
      const candidate = { expr: tree, ...(params !== undefined ? { params } : {}) };
      const key = task.key({ expr: tree, params: params ?? {} });
      // A confirming ask is a call of its own, journaled under its own key, never answered from the first.
      const slot = attempt === 0 ? key : `${key}#${attempt}`;
      const answers = await gate.call(target, undefined, asTargetProblem(candidate, slot, task, attempt), 'shrinking', lane);
      if (answers === null) return { judgement: { status: 'error', reason: 'not asked: the run is stopping', answers: [] }, calls: 0, unasked: true };
      const judged = await judge.judge(candidate, answers);
      // A wrong answer shrinks only to a wrong answer: a declined candidate needs no reference.
      if (original.kind === 'wrong') return { judgement: judged, calls: 1 };
      const proven = await judge.prove(candidate, key, judged, 'shrinking', lane);
      return { judgement: proven.judgement, calls: 1 + proven.calls };
    };
    const minimal = await this.options.shrink(evaluation.problem.expr, evaluation.judgement, probe, {
      maxCalls: shrinkBudget(countNodes(evaluation.problem.expr).nodes, this.options.shrinkCalls, this.options.shrinkCallsPerNode ?? 0),
      rng: this.options.rng.fork(`shrink-${evaluation.problem.key}`),
      // A model may fail a problem once and solve it the next time, and any target may time out on a
      // slow moment: then a step needs a second failure.
      confirmations: target.deterministic === true && original.kind !== 'timeout' ? 0 : 1,
      knownSignature: this.options.archived,
      ...(params !== undefined ? { params } : {}),
    });
    if (this.options.isRevoked(index)) return;
    if (minimal.stopped === 'stopped') {
      // Cut off by the run's stop, not by its own budget: decided in a later generation (the run
      // resumed with more budget), its answers kept, rather than archived half shrunk; and so are
      // the failures that waited on it, rather than archived unshrunk.
      this.cutOff.add(raw);
      this.leaveForLater(index);
      for (const waiting of this.claimed.get(raw) ?? []) this.leaveForLater(waiting);
      return;
    }
    results[index] = { ...evaluation, minimal };
  }
}
