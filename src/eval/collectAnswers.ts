import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { paramsField } from '../tasks/storedProblem.js';
import type { Task } from '../tasks/task.js';
import type { Target, TargetAnswer } from '../targets/types.js';
import type { EvalJournal } from './evalJournal.js';
import type { EvalProblem } from './evalTypes.js';

export interface CollectOptions {
  /** Answers wanted per problem. */
  readonly n: number;
  /** Target calls allowed over the whole evaluation, journal included; undefined: no limit. */
  readonly maxTargetCalls?: number;
  /** Times a call whose answers were lost in transport is made again, per problem (default 2). */
  readonly maxRetries?: number;
  /** Problems per `solve` call (default 32): how much a kill can lose. */
  readonly batchSize?: number;
  readonly journal?: EvalJournal;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
  /** The task the problems are of (default integrate): it keys them for the journal. */
  readonly task?: Task;
}

/** The answers collected for each problem (by id), and what could not be collected. */
export interface Collected {
  readonly answers: ReadonlyMap<string, readonly TargetAnswer[]>;
  /** Problems whose calls kept failing in transport. */
  readonly errors: ReadonlySet<string>;
  /** Problems left short of n answers by the call budget. */
  readonly unasked: ReadonlySet<string>;
  /** Target calls made, the journal's included. */
  readonly calls: number;
  readonly exhausted: boolean;
}

/** The journal key of a problem: its id and its key (its tree and parameters), so an edited problem file never reuses answers. */
function journalKey(problem: EvalProblem, task: Task): string {
  return `${problem.id}\u0000${task.key({ expr: problem.expr, params: problem.params ?? {} })}`;
}

/**
 * Ask each problem until it has n answers: one call asks for all that are missing, and a target
 * that gives fewer per call (a CAS gives one) is asked again, at most n calls per problem. Answers
 * in the journal are taken as received and not asked for again; every call's answers are journaled
 * as they arrive. A call whose answers were lost in transport is not journaled and is made again
 * up to `maxRetries` times, then the problem is left out as an error: a transport fault is never
 * the model's failure. Calls stop when `maxTargetCalls` is reached.
 */
export async function collectAnswers(target: Target, problems: readonly EvalProblem[], options: CollectOptions): Promise<Collected> {
  const { n, journal } = options;
  const task = options.task ?? integrateTask;
  const batchSize = options.batchSize ?? 32;
  const maxRetries = options.maxRetries ?? 2;
  const answers = new Map<string, TargetAnswer[]>();
  const keys = new Map<string, string>();
  const rounds = new Map<string, number>();
  const failures = new Map<string, number>();
  const errors = new Set<string>();
  const done = new Set<string>();
  let calls = journal?.calls ?? 0;
  let exhausted = false;
  for (const p of problems) {
    const key = journalKey(p, task);
    keys.set(p.id, key);
    const known = [...(journal?.answersOf(key) ?? [])];
    answers.set(p.id, known);
    // A journaled call that brought nothing ends the problem (the target has no more to give).
    if (known.length >= n) done.add(p.id);
  }
  const total = problems.length;
  options.onProgress?.(done.size, total);

  for (;;) {
    const pending = problems.filter((p) => !done.has(p.id) && !errors.has(p.id));
    if (pending.length === 0) break;
    for (let start = 0; start < pending.length; start += batchSize) {
      if (options.signal?.aborted) throw new Error('interrupted');
      let batch = pending.slice(start, start + batchSize);
      if (options.maxTargetCalls !== undefined) {
        const left = options.maxTargetCalls - calls;
        if (left <= 0) {
          exhausted = true;
          break;
        }
        batch = batch.slice(0, left);
      }
      // Every problem of a batch is asked for what it lacks; the widest need sets k.
      const k = Math.max(...batch.map((p) => n - answers.get(p.id)!.length));
      const outcomes = await target.solve(
        batch.map((p) => {
          const asked = { expr: p.expr, params: p.params ?? {} };
          return {
            id: p.id,
            expr: p.expr,
            infix: task.problemText(asked, 'infix'),
            latex: task.problemText(asked, 'latex'),
            ...paramsField(p.params),
            ...(p.parameters !== undefined ? { parameters: p.parameters } : {}),
          };
        }),
        k,
        options.signal,
      );
      if (options.signal?.aborted) throw new Error('interrupted');
      calls += batch.length;
      batch.forEach((p, i) => {
        const have = answers.get(p.id)!;
        const got = (outcomes[i]?.answers ?? []).slice(0, n - have.length);
        if (got.some((a) => a.status === 'error')) {
          const failed = (failures.get(p.id) ?? 0) + 1;
          failures.set(p.id, failed);
          if (failed > maxRetries) errors.add(p.id);
          return;
        }
        journal?.append(keys.get(p.id)!, got);
        have.push(...got);
        const round = (rounds.get(p.id) ?? 0) + 1;
        rounds.set(p.id, round);
        if (have.length >= n || got.length === 0 || round >= n) done.add(p.id);
      });
      options.onProgress?.(done.size + errors.size, total);
    }
    if (exhausted) break;
  }
  const unasked = new Set(problems.filter((p) => !done.has(p.id) && !errors.has(p.id)).map((p) => p.id));
  return { answers, errors, unasked, calls, exhausted };
}
