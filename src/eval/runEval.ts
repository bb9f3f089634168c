import type { VerifyPair } from '../judge/judgeOutcome.js';
import { proveByReference } from '../judge/proveByReference.js';
import type { Judgement } from '../judge/judgeTypes.js';
import type { Target } from '../targets/types.js';
import { createRng } from '../util/rng.js';
import { DEFAULT_LEVEL, DEFAULT_RESAMPLES } from './bootstrapIntervals.js';
import { collectAnswers } from './collectAnswers.js';
import type { EvalJournal } from './evalJournal.js';
import type { EvalGroup, EvalProblem, EvalProblemResult, EvalReport } from './evalTypes.js';
import { judgeSamples } from './judgeSamples.js';
import { measureResults } from './measureResults.js';
import type { EvalProblems } from './readEvalProblems.js';
import { transferTable } from './transferTable.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { parametricVerifier } from '../tasks/parametricVerifier.js';
import { paramsField } from '../tasks/storedProblem.js';
import type { Task, TaskProblem } from '../tasks/task.js';

export interface EvalOptions {
  /** Answers per problem. */
  readonly n: number;
  /** The k of pass@k and Fail@k, each ≤ n. */
  readonly ks: readonly number[];
  /** Seed of the bootstrap's generator. */
  readonly rngSeed: string;
  /** Bootstrap resamples (default 1000). */
  readonly resamples?: number;
  readonly maxTargetCalls?: number;
  readonly maxRetries?: number;
  readonly batchSize?: number;
}

export interface EvalDeps {
  readonly target: Target;
  /** The check of an antiderivative (`verifyPair` of src/verify): integrate's verifier, which the task's may use. */
  readonly verify: VerifyPair;
  /** The task the problems are of (default integrate): its verifier judges the answers, its fields name the problems. */
  readonly task?: Task;
  readonly journal?: EvalJournal;
  /**
   * Targets that prove a replayed archive's failure the evaluated target gave no usable answer to,
   * by solving the problem (as the search's `--reference`); without them such failures stay unproven.
   */
  readonly references?: readonly Target[];
  readonly signal?: AbortSignal;
  readonly onProgress?: (stage: string, done: number, total: number) => void;
}

/**
 * Evaluate a target on a problem set as a benchmark: collect n answers per problem (journaled, so a
 * killed evaluation resumes without asking again, and within the call budget), verify every
 * answer, and report pass@k, Fail@k, PASS@N and ALL@N with 95 % bootstrap intervals, for the whole
 * set and per group, the worst group, and for an archive the transfer table.
 */
export async function runEval(input: EvalProblems, options: EvalOptions, deps: EvalDeps): Promise<EvalReport> {
  const started = performance.now();
  const { n } = options;
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`n must be a whole number ≥ 1, got ${n}`);
  const ks = [...new Set(options.ks)].sort((a, b) => a - b);
  if (ks.length === 0 || ks.some((k) => !Number.isSafeInteger(k) || k < 1 || k > n))
    throw new RangeError(`every k must be a whole number in [1, n = ${n}], got ${options.ks.join(', ')}`);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const rng = createRng(options.rngSeed);
  const { problems } = input;
  const task = deps.task ?? input.task ?? integrateTask;
  const verify = task.verifier(deps.verify);

  const collected = await collectAnswers(deps.target, problems, {
    n,
    maxTargetCalls: options.maxTargetCalls,
    maxRetries: options.maxRetries,
    batchSize: options.batchSize,
    journal: deps.journal,
    signal: deps.signal,
    onProgress: (done, total) => deps.onProgress?.('asking', done, total),
    task,
  });

  const results: EvalProblemResult[] = [];
  const measured = problems.filter((p) => !collected.errors.has(p.id) && !collected.unasked.has(p.id));
  for (const p of measured) {
    if (deps.signal?.aborted) throw new Error('interrupted');
    results.push(await judgeSamples(p, collected.answers.get(p.id) ?? [], n, ks, verifyOf(p, verify), task.lineFields(p.params ?? {})));
    if (results.length % 64 === 0) deps.onProgress?.('verifying', results.length, measured.length);
  }
  deps.onProgress?.('verifying', results.length, measured.length);
  const referenceCalls = await proveTransfers(results, problems, deps, verify, task);

  const boot = { resamples, level: DEFAULT_LEVEL };
  const groups: Record<string, EvalGroup> = {};
  const names = [...new Set(results.flatMap((r) => r.groups))].sort();
  for (const name of names) {
    const members = results.filter((r) => r.groups.includes(name));
    groups[name] = { problems: members.length, metrics: measureResults(members, ks, rng.fork(`group ${name}`), boot) };
  }
  const headline = `pass@${ks[0]}`;
  const worst = names
    .filter((name) => groups[name].metrics[headline].value !== null)
    .sort(
      (a, b) => groups[a].metrics[headline].value! - groups[b].metrics[headline].value! || groups[b].problems - groups[a].problems || a.localeCompare(b),
    )[0];

  return {
    target: deps.target.name,
    ...(task.fields.length > 0 ? { task: task.name } : {}),
    n,
    ks,
    problems: results.length,
    metrics: measureResults(results, ks, rng.fork('all'), boot),
    groups,
    worst_group: worst ?? null,
    transfer: transferTable(problems, results, deps.target.name, rng.fork('transfer'), boot),
    excluded: { errors: collected.errors.size, unasked: collected.unasked.size },
    source: { kind: input.source.kind, path: input.source.path },
    budget: {
      max_target_calls: options.maxTargetCalls ?? null,
      target_calls: collected.calls,
      exhausted: collected.exhausted,
      reference_calls: referenceCalls,
    },
    settings: { rng_seed: options.rngSeed, resamples, level: DEFAULT_LEVEL, target_settings: deps.target.describe() },
    seconds: (performance.now() - started) / 1000,
    results,
  };
}

/**
 * The search's proof rule for the transfer table: an archived problem the target failed without a
 * wrong answer (it declined, or its answer was unreadable or late) counts only when a reference
 * target solves it; each such result gets its proof, or stays unproven saying why. Returns the
 * reference calls made.
 */
/** The task's verifier for one problem: over instantiations of its parameters when it has any (the assumptions its line states). */
function verifyOf(problem: EvalProblem, verify: VerifyPair<TaskProblem>): VerifyPair<TaskProblem> {
  return problem.parameters === undefined ? verify : parametricVerifier(verify, () => problem.parameters ?? {});
}

async function proveTransfers(
  results: EvalProblemResult[],
  problems: EvalProblems['problems'],
  deps: EvalDeps,
  verify: VerifyPair<TaskProblem>,
  task: Task,
): Promise<number> {
  const byId = new Map(problems.map((p) => [p.id, p]));
  let calls = 0;
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    const problem = byId.get(r.id);
    if (r.archived === undefined || r.status.N !== 'fail' || r.proof !== null || problem === undefined || r.kind === undefined) continue;
    if (deps.signal?.aborted) throw new Error('interrupted');
    const failed: Judgement = {
      status: 'fail',
      kind: r.kind,
      reason: r.unproven ?? r.kind,
      answers: r.answers,
      proof: null,
      ...(r.unproven !== undefined ? { unproven: r.unproven } : {}),
    };
    const asked: TaskProblem = { expr: problem.expr, params: problem.params ?? {} };
    const references = (deps.references ?? []).map((target) => ({
      name: target.name,
      ask: async () =>
        (
          await target.solve(
            [
              {
                id: r.id,
                expr: problem.expr,
                infix: task.problemText(asked, 'infix'),
                latex: task.problemText(asked, 'latex'),
                ...paramsField(problem.params),
                ...(problem.parameters !== undefined ? { parameters: problem.parameters } : {}),
              },
            ],
            1,
            deps.signal,
          )
        )[0]?.answers ?? [],
    }));
    const proven = await proveByReference(asked, failed, references, verifyOf(problem, verify));
    calls += proven.calls;
    const j = proven.judgement;
    if (j.status === 'fail') results[i] = { ...r, proof: j.proof, ...(j.proof === null && j.unproven !== undefined ? { unproven: j.unproven } : {}) };
  }
  return calls;
}
