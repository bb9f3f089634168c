import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { INTERRUPT_EXIT, type InterruptName } from './catchInterrupts.js';
import { availableParallelism } from 'node:os';
import { type Command, InvalidArgumentError } from 'commander';
import type { Threshold } from '../eval/missedThresholds.js';
import { createTarget, TARGET_REGISTRY, TARGET_SPECS } from '../targets/registry.js';
import type { Target } from '../targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { runRedactor, stringifyRedacted } from '../util/redactSecrets.js';
import { checkOutputPath } from './checkOutputPath.js';
import { exitCodeOf } from './exitCodeOf.js';
import { EXIT, type ExitCode } from './exitCodes.js';
import { nonNegativeInt, positiveInt } from './numberOption.js';
import { parseKList } from './suiteCommand.js';
import { addTargetOptions, targetOptionsFrom, type TargetCliOptions } from './targetOptions.js';
import { TASK_NAMES, taskNamed } from '../tasks/registry.js';

interface EvalCliOptions extends TargetCliOptions {
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

// Long by design: a command's options, help and examples are one declarative list, read as its --help reads;
// the action itself calls one function of the library.
/** `sagga eval`: a problem set or an archive as a benchmark for a target. */
export function registerEvalCommand(program: Command): void {
  const cmd = program
    .command('eval')
    .description('ask a target every problem of a file or an archive n times: pass@k, Fail@k, PASS@N, ALL@N with bootstrap intervals, and which archived failures transfer')
    .option('-p, --problems <file|run dir>', 'problems: a run directory (its archive, minimal forms when present), an archive file, or a problem file (JSON Lines with "problem" and optional "id", "source", "family"; or one expression per line)')
    .option('--task <name>', `the task of the problems: ${TASK_NAMES.join(', ')} (default: a run's or an archive's own, else integrate); a problem line's fields (lower, upper, point, order, direction) are its parameters`)
    .option('--n <n>', 'answers per problem (default: the largest k)', positiveInt)
    .option('--k <list>', 'k of pass@k and Fail@k, comma-separated, each ≤ n (default 1)')
    .option('-o, --out <file>', 'also write the report as JSON here; the answers received are kept in <file>.journal.jsonl, so the same command run again goes on without asking them again')
    .option('--max-target-calls <n>', 'stop asking after this many target calls (one call: one problem asked once), the journal\'s included; run again with a larger budget to go on', positiveInt)
    .option('--max-retries <n>', 'times a call whose answers were lost in transport is made again before the problem is left out (default 2)', nonNegativeInt)
    .option('--resamples <n>', 'bootstrap resamples of the problems for the 95 % intervals (default 1000)', positiveInt)
    .option('--rng-seed <seed>', 'seed of the bootstrap (default 2022)')
    .option('--json', 'print the report as one JSON object on stdout (what --out writes) instead of Markdown')
    .option('--reference <specs>', "targets that prove an archived failure the target declined (or answered unreadably or late) by solving it, comma-separated, or none (default: the task's, nerdamer,algebrite for integrate, minus the target)")
    .option('--fail-under <metric=value>', 'exit 1 when a metric of the whole set is below value (a fraction, or a percentage with %), e.g. pass@1=0.8; repeatable', collectThreshold, [])
    .option('--junit <file>', 'also write the result as JUnit XML: one test case per problem, failing when its first k answers all failed')
    .option('--no-canaries', 'skip the health check that the target solves a few easy problems first (for scripted targets that answer wrong on purpose)');
  addTargetOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Each problem is asked until it has n answers (one call asks for all of them; a target that gives
one answer per call, like a CAS, is asked n times) and every answer is verified. Printed as Markdown
on stdout, per problem set and per "source" / "family" group:
  pass@k   the unbiased estimator 1 - C(n-c, k) / C(n, k) from the n answers, c of them correct
  Fail@k   the SAGGA paper's rate: the first k answers all failed (verified wrong, declined,
           unreadable or timed out); a problem the verifier could not decide is not a failure
  PASS@N   at least one of the n answers correct        ALL@N   all n answers correct
each with a 95 % percentile bootstrap interval over the problems (seeded), and the worst group.
For a run directory or an archive file, the transfer table says how many of the archived failures
the target fails too (Fail@n), by archive kind, with the search's proof rule: a failure without a
wrong answer (declined, unreadable, timed out) counts only when a --reference target solves the
problem; otherwise it is "unproven" (declining an integral with no closed form is right). Answers
lost in transport are asked again (--max-retries), then the problem is left out, never counted as
the model's failure.

In CI: --fail-under pass@1=0.8 (repeatable; pass@k, fail@k for a k of --k, PASS@N, ALL@N) makes the
exit status 1 when a metric of the whole set is below its value, or when no problem was measured;
--junit FILE writes one test case per problem for the CI's test view.

Examples:
  $ sagga eval --target algebrite --problems archives/nerdamer-run
  $ sagga eval --target sympy --problems archives/nerdamer-run --out runs/sympy-on-nerdamer.json
  $ sagga eval --target openai:gpt-4o-mini --problems augmented.jsonl --n 16 --k 1,4,16 --out runs/gpt.json
  $ sagga eval --target "cmd:python3 model.py" --problems problems.txt --max-target-calls 500 --out runs/m.json
  $ sagga eval --target "cmd:python3 model.py" --problems problems.txt --fail-under pass@1=0.8 --junit eval.xml
  $ sagga eval --task definite --target sympy --problems seeds/definite.jsonl --out runs/sympy-definite.json`,
  );
  cmd.action(async (opts: EvalCliOptions) => {
    const fail = (message: string, code: ExitCode = EXIT.usage): void => {
      process.stderr.write(`sagga eval: ${message}\n`);
      process.exitCode = code;
    };
    if (opts.target === undefined) return fail('--target is required (e.g. --target algebrite)');
    if (opts.problems === undefined) return fail('--problems is required: a run directory, an archive file or a problem file');
    let ks: number[];
    try {
      ks = parseKList(opts.k ?? '1');
    } catch (err) {
      return fail(`--k: ${err instanceof Error ? err.message : String(err)}`);
    }
    const n = opts.n ?? Math.max(...ks);
    if (ks.some((k) => k > n)) return fail(`--k ${ks.join(',')}: every k must be at most --n ${n} (pass@k needs k of the n answers)`);
    const unknownReference = (opts.reference ?? '').split(',').map((r) => r.trim()).find((r) => r !== '' && r !== 'none' && !TARGET_REGISTRY.some((entry) => entry.matches(r)));
    if (unknownReference !== undefined) return fail(`--reference: unknown target '${unknownReference}': expected none or a comma-separated list of ${TARGET_SPECS.join(', ')}`);
    const metrics = [...ks.flatMap((k) => [`pass@${k}`, `fail@${k}`]), 'PASS@N', 'ALL@N'];
    const unknownMetric = opts.failUnder.find((t) => !metrics.includes(t.metric));
    if (unknownMetric !== undefined) return fail(`--fail-under ${unknownMetric.metric}: not a metric of this evaluation (${metrics.join(', ')}; a k must be one of --k)`);
    if (opts.junit !== undefined) {
      try {
        checkOutputPath(opts.junit, '--junit');
      } catch (err) {
        return fail(err instanceof Error ? err.message : String(err), exitCodeOf(err));
      }
    }
    if (!existsSync(opts.problems)) return fail(`--problems ${opts.problems}: no such file or run directory`, EXIT.noInput);
    if (opts.task !== undefined && !TASK_NAMES.includes(opts.task)) return fail(`--task ${opts.task}: expected one of ${TASK_NAMES.join(', ')}`);

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
      const input = readEvalProblems(opts.problems, opts.task === undefined ? undefined : taskNamed(opts.task));
      const task = input.task;
      for (const w of input.source.warnings.slice(0, 10)) process.stderr.write(`sagga eval: ${w}\n`);
      if (input.source.warnings.length > 10) process.stderr.write(`sagga eval: … and ${input.source.warnings.length - 10} more lines skipped\n`);
      if (input.problems.length === 0) return fail(`${opts.problems}: no problem could be read`, EXIT.noInput);
      const verify = (f: Parameters<typeof verifyPair>[0], F: Parameters<typeof verifyPair>[1]) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS);
      const concurrency = opts.concurrency ?? availableParallelism();
      target = await createTarget(opts.target, { ...targetOptionsFrom(opts, { concurrency }), task });
      // References prove the transfer table's failures; only an archive has one.
      if (input.problems.some((p) => p.archived !== undefined)) {
        const [{ defaultReferences }, { REFERENCE_TIME_LIMIT_MS }] = await Promise.all([import('../search/resolveSearchSettings.js'), import('../search/search.js')]);
        const specs = opts.reference === undefined ? defaultReferences(opts.target, task.name) : opts.reference.trim() === 'none' ? [] : opts.reference.split(',').map((r) => r.trim()).filter((r) => r !== '');
        for (const spec of specs) references.push(await createTarget(spec, { concurrency: 1, timeLimitMs: REFERENCE_TIME_LIMIT_MS, task }));
      }
      if (opts.canaries !== false) {
        const { checkCanaries } = await import('../targets/checkCanaries.js');
        const health = await checkCanaries(target, verify, { task });
        if (!health.ok) return fail(`${health.message} To ask it anyway, pass --no-canaries.`, EXIT.targetUnhealthy);
      }
      const redact = runRedactor(opts.target);
      const journal = opts.out === undefined ? undefined : openEvalJournal(evalJournalPath(opts.out), { format: 1, target: target.name, target_settings: target.describe() }, redact);
      closeJournal = journal?.close;
      process.stderr.write(
        `sagga eval: ${input.problems.length} ${task.fields.length > 0 ? `${task.name} ` : ''}problems from ${opts.problems}; asking ${target.name} for ${n} answer${n === 1 ? '' : 's'} each` +
          (journal !== undefined ? ` (${journal.calls} calls already in ${journal.path})` : '') +
          '\n',
      );
      const report = await runEval(
        input,
        // Batches a few times the concurrency keep the target busy, and bound what a kill can lose.
        { n, ks, rngSeed: opts.rngSeed ?? '2022', resamples: opts.resamples, maxTargetCalls: opts.maxTargetCalls, maxRetries: opts.maxRetries, batchSize: Math.max(8, 4 * concurrency) },
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
          process.stderr.write(`sagga eval: ${m.metric} = ${m.actual === null ? 'not measured (no problem)' : m.actual.toFixed(4)} is below --fail-under ${m.metric}=${m.value}\n`);
        }
        if (missed.length > 0) process.exitCode = EXIT.failed;
      }
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
  });
}

/** `--fail-under METRIC=VALUE`, repeatable: VALUE a fraction in [0, 1] or a percentage (`80%`). */
function collectThreshold(text: string, previous: readonly Threshold[]): Threshold[] {
  const m = /^\s*([A-Za-z]+@(?:\d+|[Nn]))\s*=\s*([0-9.]+)\s*(%?)\s*$/.exec(text);
  const value = m ? Number(m[2]) / (m[3] === '%' ? 100 : 1) : NaN;
  if (!m || !Number.isFinite(value) || value < 0 || value > 1) throw new InvalidArgumentError('expected METRIC=VALUE with VALUE in [0, 1] or a percentage, e.g. pass@1=0.8 or pass@1=80%');
  return [...previous, { metric: metricName(m[1]), value }];
}

/** A metric as the report names it: `pass@k` and `fail@k` in lower case, `PASS@N` and `ALL@N` in upper. */
function metricName(text: string): string {
  const at = text.indexOf('@');
  const [name, k] = [text.slice(0, at).toLowerCase(), text.slice(at + 1)];
  return /^\d+$/.test(k) ? `${name}@${k}` : `${name.toUpperCase()}@N`;
}
