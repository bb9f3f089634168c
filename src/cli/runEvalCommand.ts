import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { EvalReport } from '../eval/evalTypes.js';
import type { Threshold } from '../eval/missedThresholds.js';
import { TASK_NAMES, taskNamed } from '../tasks/registry.js';
import type { Task } from '../tasks/task.js';
import { createTarget, TARGET_REGISTRY, TARGET_SPECS } from '../targets/registry.js';
import type { Target } from '../targets/types.js';
import { type Redact, runRedactor, stringifyRedacted } from '../util/redactSecrets.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { INTERRUPT_EXIT, type InterruptName } from './catchInterrupts.js';
import { checkOutputPath } from './checkOutputPath.js';
import { exitCodeOf } from './exitCodeOf.js';
import { EXIT, type ExitCode } from './exitCodes.js';
import { parseKList } from './suiteCommand.js';
import { targetOptionsFrom, type TargetCliOptions } from './targetOptions.js';

export interface EvalCliOptions extends TargetCliOptions {
  readonly problems?: string;
  readonly task?: string;
  readonly n?: number;
  readonly k?: string;
  readonly out?: string;
  readonly maxTargetCalls?: number;
  readonly maxRetries?: number;
  readonly resamples?: number;
  readonly rngSeed?: string;
  readonly json?: boolean;
  readonly reference?: string;
  /** Every --fail-under given. */
  readonly failUnder: readonly Threshold[];
  readonly junit?: string;
  /** false with --no-canaries. */
  readonly canaries: boolean;
}

/** Where `sagga eval --out FILE` keeps the answers it has received. */
function evalJournalPath(out: string): string {
  return `${out}.journal.jsonl`;
}

/** `sagga eval` once its options are read: ask, verify, report, with the process's signals, exit status and output. */
export async function runEvalCommand(opts: EvalCliOptions): Promise<void> {
  const fail = (message: string, code: ExitCode = EXIT.usage): void => {
    process.stderr.write(`sagga eval: ${message}\n`);
    process.exitCode = code;
  };
  const checked = checkEvalOptions(opts);
  if ('message' in checked) return fail(checked.message, checked.code);
  const { targetSpec, problemsPath, ks, n } = checked;
  const controller = new AbortController();
  let stoppedBy: string | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    stoppedBy ??= signal;
    controller.abort();
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, onSignal);
  let target: Target | undefined;
  const references: Target[] = [];
  let closeJournal: (() => void) | undefined;
  try {
    if (opts.out !== undefined) checkOutputPath(opts.out);
    const [{ readEvalProblems }, { runEval }, { formatEvalMarkdown }, { openEvalJournal }, { verifyPair }] = await Promise.all([
      import('../eval/readEvalProblems.js'),
      import('../eval/runEval.js'),
      import('../eval/formatEvalMarkdown.js'),
      import('../eval/evalJournal.js'),
      import('../verify/verifyPair.js'),
    ]);
    const input = readEvalProblems(problemsPath, opts.task === undefined ? undefined : taskNamed(opts.task));
    const task = input.task;
    for (const w of input.source.warnings.slice(0, 10)) process.stderr.write(`sagga eval: ${w}\n`);
    if (input.source.warnings.length > 10) process.stderr.write(`sagga eval: … and ${input.source.warnings.length - 10} more lines skipped\n`);
    if (input.problems.length === 0) return fail(`${problemsPath}: ${whyNoProblems(input.source.warnings)}`, EXIT.noInput);
    const verify = (f: Parameters<typeof verifyPair>[0], F: Parameters<typeof verifyPair>[1]) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS);
    const concurrency = opts.concurrency ?? availableParallelism();
    target = await createTarget(targetSpec, { ...targetOptionsFrom(opts, { concurrency }), task });
    // References prove the transfer table's failures; only an archive has one.
    if (input.problems.some((p) => p.archived !== undefined)) await openReferences(opts.reference, targetSpec, task, references);
    if (opts.canaries !== false) {
      const { checkCanaries } = await import('../targets/checkCanaries.js');
      const health = await checkCanaries(target, verify, { task });
      if (!health.ok) return fail(`${health.message} To ask it anyway, pass --no-canaries.`, EXIT.targetUnhealthy);
    }
    const redact = runRedactor(targetSpec);
    const journal =
      opts.out === undefined
        ? undefined
        : openEvalJournal(evalJournalPath(opts.out), { format: 1, target: target.name, target_settings: target.describe() }, redact);
    closeJournal = journal?.close;
    process.stderr.write(
      `sagga eval: ${input.problems.length} ${task.fields.length > 0 ? `${task.name} ` : ''}problems from ${problemsPath}; asking ${target.name} for ${n} answer${n === 1 ? '' : 's'} each` +
        (journal !== undefined ? ` (${journal.calls} calls already in ${journal.path})` : '') +
        '\n',
    );
    const report = await runEval(
      input,
      // Batches a few times the concurrency keep the target busy, and bound what a kill can lose.
      {
        n,
        ks,
        rngSeed: opts.rngSeed ?? '2022',
        resamples: opts.resamples,
        maxTargetCalls: opts.maxTargetCalls,
        maxRetries: opts.maxRetries,
        batchSize: Math.max(8, 4 * concurrency),
      },
      {
        target,
        verify,
        task,
        journal,
        references,
        signal: controller.signal,
        onProgress: (stage, done, total) => {
          if (process.stderr.isTTY) process.stderr.write(`\r${stage}: ${done}/${total}   `);
        },
      },
    );
    if (process.stderr.isTTY) process.stderr.write('\n');
    process.stdout.write(opts.json ? stringifyRedacted(report, redact) + '\n' : formatEvalMarkdown(report));
    await writeEvalOutputs(report, opts, redact);
  } catch (err) {
    if (stoppedBy !== undefined) {
      const where = opts.out !== undefined ? `; the answers received are in ${evalJournalPath(opts.out)}: run the same command to go on` : '';
      return fail(`stopped by ${stoppedBy}${where}`, INTERRUPT_EXIT[stoppedBy as InterruptName] ?? EXIT.interrupted);
    }
    if (err instanceof Error && err.name === 'EvalJournalMismatchError') return fail(err.message, EXIT.usage);
    fail(err instanceof Error ? err.message : String(err), exitCodeOf(err));
  } finally {
    for (const s of signals) process.off(s, onSignal);
    closeJournal?.();
    await target?.close();
    for (const reference of references) await reference.close();
  }
}

/** Why a problem set gave nothing to ask: it is empty, or every line of it was skipped (the warnings say why). */
function whyNoProblems(warnings: readonly string[]): string {
  return warnings.length === 0 ? 'holds no problems (an empty archive or file)' : 'no problem could be read: every line was skipped (above)';
}

/** The options checked before anything is opened, or why they are refused. */
function checkEvalOptions(opts: EvalCliOptions): { targetSpec: string; problemsPath: string; ks: number[]; n: number } | { message: string; code: ExitCode } {
  if (opts.target === undefined) return { message: '--target is required (e.g. --target algebrite)', code: EXIT.usage };
  if (opts.problems === undefined) return { message: '--problems is required: a run directory, an archive file or a problem file', code: EXIT.usage };
  let ks: number[];
  try {
    ks = parseKList(opts.k ?? '1');
  } catch (err) {
    return { message: `--k: ${err instanceof Error ? err.message : String(err)}`, code: EXIT.usage };
  }
  const n = opts.n ?? Math.max(...ks);
  if (ks.some((k) => k > n)) return { message: `--k ${ks.join(',')}: every k must be at most --n ${n} (pass@k needs k of the n answers)`, code: EXIT.usage };
  const unknownReference = (opts.reference ?? '')
    .split(',')
    .map((r) => r.trim())
    .find((r) => r !== '' && r !== 'none' && !TARGET_REGISTRY.some((entry) => entry.matches(r)));
  if (unknownReference !== undefined)
    return {
      message: `--reference: unknown target '${unknownReference}': expected none or a comma-separated list of ${TARGET_SPECS.join(', ')}`,
      code: EXIT.usage,
    };
  const metrics = [...ks.flatMap((k) => [`pass@${k}`, `fail@${k}`]), 'PASS@N', 'ALL@N'];
  const unknownMetric = opts.failUnder.find((t) => !metrics.includes(t.metric));
  if (unknownMetric !== undefined)
    return {
      message: `--fail-under ${unknownMetric.metric}: not a metric of this evaluation (${metrics.join(', ')}; a k must be one of --k)`,
      code: EXIT.usage,
    };
  if (opts.junit !== undefined) {
    try {
      checkOutputPath(opts.junit, '--junit');
    } catch (err) {
      return { message: err instanceof Error ? err.message : String(err), code: exitCodeOf(err) };
    }
  }
  if (!existsSync(opts.problems)) return { message: `--problems ${opts.problems}: no such file or run directory`, code: EXIT.noInput };
  if (opts.task !== undefined && !TASK_NAMES.includes(opts.task))
    return { message: `--task ${opts.task}: expected one of ${TASK_NAMES.join(', ')}`, code: EXIT.usage };
  return { targetSpec: opts.target, problemsPath: opts.problems, ks, n };
}

/** The --reference targets, or the task's default ones for `targetSpec`, each pushed to `references` once open. */
async function openReferences(reference: string | undefined, targetSpec: string, task: Task, references: Target[]): Promise<void> {
  const [{ defaultReferences }, { REFERENCE_TIME_LIMIT_MS }] = await Promise.all([import('../search/resolveSearchSettings.js'), import('../search/search.js')]);
  const specs =
    reference === undefined
      ? defaultReferences(targetSpec, task.name)
      : reference.trim() === 'none'
        ? []
        : reference
            .split(',')
            .map((r) => r.trim())
            .filter((r) => r !== '');
  for (const spec of specs) references.push(await createTarget(spec, { concurrency: 1, timeLimitMs: REFERENCE_TIME_LIMIT_MS, task }));
}

/** The report as --out JSON and --junit XML, and the exit status of --fail-under. */
async function writeEvalOutputs(report: EvalReport, opts: EvalCliOptions, redact: Redact): Promise<void> {
  if (opts.out !== undefined) {
    const tmp = `${opts.out}.tmp-${process.pid}`;
    writeFileSync(tmp, stringifyRedacted(report, redact, 2) + '\n');
    renameSync(tmp, opts.out);
    process.stderr.write(`sagga eval: wrote ${opts.out}\n`);
  }
  if (opts.junit !== undefined) {
    const { toJUnitXml } = await import('../eval/toJUnitXml.js');
    const tmp = `${opts.junit}.tmp-${process.pid}`;
    writeFileSync(tmp, redact(toJUnitXml(report)));
    renameSync(tmp, opts.junit);
    process.stderr.write(`sagga eval: wrote ${opts.junit}\n`);
  }
  if (opts.failUnder.length > 0) {
    const { missedThresholds } = await import('../eval/missedThresholds.js');
    const missed = missedThresholds(report, opts.failUnder);
    for (const m of missed) {
      process.stderr.write(
        `sagga eval: ${m.metric} = ${m.actual === null ? 'not measured (no problem)' : m.actual.toFixed(4)} is below --fail-under ${m.metric}=${m.value}\n`,
      );
    }
    if (missed.length > 0) process.exitCode = EXIT.failed;
  }
}
