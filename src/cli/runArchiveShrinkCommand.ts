import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ArchiveShrinkProgress, ArchiveShrinkResult } from '../archive/archiveShrink.js';
import type { VerifyPair } from '../judge/judgeOutcome.js';
import { TARGET_REGISTRY, TARGET_SPECS } from '../targets/registry.js';
import type { Target } from '../targets/types.js';
import { printable } from '../util/terminalSafe.js';
import { INTERRUPT_EXIT, type InterruptName } from './catchInterrupts.js';
import { exitCodeOf } from './exitCodeOf.js';
import { EXIT, type ExitCode } from './exitCodes.js';
import { targetOptionsFrom, type TargetCliOptions } from './targetOptions.js';

export interface ArchiveShrinkCliOptions extends TargetCliOptions {
  readonly shrinkCalls: number;
  readonly shrinkCallsPerNode: number;
  readonly reference?: string;
  readonly force?: boolean;
  readonly rngSeed?: string;
  /** false with --no-canaries. */
  readonly canaries: boolean;
}

/** `sagga archive shrink DIR` once its options are read: shrink the archive, with the process's signals, exit status and output. */
export async function runArchiveShrinkCommand(dir: string, opts: ArchiveShrinkCliOptions): Promise<void> {
  const fail = (message: string, code: ExitCode): void => {
    process.stderr.write(`sagga archive shrink: ${message}\n`);
    process.exitCode = code;
  };
  const checked = await checkArchiveShrinkOptions(opts);
  if ('message' in checked) return fail(checked.message, EXIT.usage);
  const { target, references } = checked;

  const onSignal = (signal: NodeJS.Signals): void => {
    // Every answer is already journaled and the archive is only ever replaced whole: nothing to save.
    process.stderr.write(
      `\nsagga archive shrink: stopped by ${signal}; the answers so far are kept in ${join(dir, 'shrink.jsonl')}: run the same command again to go on\n`,
    );
    process.exit(INTERRUPT_EXIT[signal as InterruptName] ?? EXIT.interrupted);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, onSignal);
  try {
    const [{ archiveShrink }, { createTarget }, { verifyPair }, { SEARCH_VERIFY_OPTIONS }] = await Promise.all([
      import('../archive/archiveShrink.js'),
      import('../targets/registry.js'),
      import('../verify/verifyPair.js'),
      import('../verify/types.js'),
    ]);
    const verify: VerifyPair = (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS);
    const concurrency = opts.concurrency ?? Math.min(2, availableParallelism());
    const result = await archiveShrink(dir, {
      target,
      openTarget: async () => {
        process.stderr.write(`sagga archive shrink: starting ${target}\n`);
        return checkedTarget(await createTarget(target, targetOptionsFrom(opts, { concurrency, outDir: dir })), verify, opts.canaries);
      },
      references,
      openReference: (spec) => createTarget(spec, { concurrency: 1 }),
      verify,
      shrinkCalls: opts.shrinkCalls,
      shrinkCallsPerNode: opts.shrinkCallsPerNode,
      force: opts.force,
      concurrency,
      rngSeed: opts.rngSeed,
      progress: (event) => process.stderr.write(formatShrinkProgress(event)),
      warn: (message) => process.stderr.write(`sagga archive shrink: ${message}\n`),
    });
    process.stderr.write(formatShrinkSummary(result));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), exitCodeOf(error));
  } finally {
    for (const s of signals) process.off(s, onSignal);
  }
}

/** The target and the references the options name (the target's default references without --reference), or why they are refused. */
async function checkArchiveShrinkOptions(opts: ArchiveShrinkCliOptions): Promise<{ target: string; references: string[] } | { message: string }> {
  if (opts.target === undefined) return { message: '--target is required: the model whose failures the archive holds (e.g. --target nerdamer)' };
  const knownSpec = (spec: string): boolean => TARGET_REGISTRY.some((entry) => entry.matches(spec.trim()));
  if (!knownSpec(opts.target)) return { message: `unknown target '${opts.target}': expected one of ${TARGET_SPECS.join(', ')}` };
  const { defaultReferences } = await import('../search/resolveSearchSettings.js');
  const references =
    opts.reference === undefined
      ? defaultReferences(opts.target)
      : opts.reference.trim() === 'none'
        ? []
        : opts.reference
            .split(',')
            .map((r) => r.trim())
            .filter((r) => r !== '');
  const unknown = references.find((r) => !knownSpec(r));
  if (unknown !== undefined)
    return { message: `--reference: unknown target '${unknown}': expected none or a comma-separated list of ${TARGET_SPECS.join(', ')}` };
  return { target: opts.target, references };
}

/** The target once it has solved the canaries (unless --no-canaries); one that fails them is closed, and the shrink refused. */
async function checkedTarget(target: Target, verify: VerifyPair, canaries: boolean): Promise<Target> {
  if (canaries === false) return target;
  const [{ checkCanaries }, { TargetUnhealthyError }] = await Promise.all([
    import('../targets/checkCanaries.js'),
    import('../targets/targetUnhealthyError.js'),
  ]);
  const health = await checkCanaries(target, verify);
  if (!health.ok) {
    await target.close();
    throw new TargetUnhealthyError(`${health.message} To ask it anyway, pass --no-canaries.`);
  }
  return target;
}

/** The last line on stderr: how many lines were shrunk, kept or skipped, and the calls it took. */
function formatShrinkSummary(result: ArchiveShrinkResult): string {
  const unproven = result.shrunk.filter((l) => l.stopped === 'unproven').length;
  const smaller = result.shrunk.filter((l) => l.steps > 0).length;
  const skipped = [
    result.skipped.alreadyShrunk > 0 ? `${result.skipped.alreadyShrunk} already shrunk (--force shrinks them again)` : '',
    result.skipped.otherTarget > 0 ? `${result.skipped.otherTarget} of another target (${result.otherTargets.map((t) => printable(t, 80)).join(', ')})` : '',
    result.skipped.otherTask > 0 ? `${result.skipped.otherTask} of a task other than integrate (its search shrank them)` : '',
    result.skipped.unreadable > 0 ? `${result.skipped.unreadable} unreadable, left as they are` : '',
  ].filter((x) => x !== '');
  return (
    `sagga archive shrink: ${result.shrunk.length} of ${result.lines} line(s) done: ${smaller} shrunk, ${result.shrunk.length - smaller - unproven} already minimal, ${unproven} unproven (kept as they are)` +
    (skipped.length > 0 ? `; skipped ${skipped.join(', ')}` : '') +
    `; ${result.calls.charged} target call(s) charged, ${result.calls.paid} made now` +
    (result.written ? `; wrote ${result.archive}` : '; nothing to write') +
    '\n'
  );
}

/** One line on stderr per event of the shrink: its start, then each line done. */
function formatShrinkProgress(event: ArchiveShrinkProgress): string {
  if (event.type === 'start') {
    const replay = event.replayable > 0 ? `; ${event.replayable} answer(s) of a stopped shrink are replayed from its journal` : '';
    return `sagga archive shrink: ${event.todo} of ${event.lines} line(s) to shrink${replay}\n`;
  }
  const { line } = event;
  const head = `[${event.done}/${event.todo}] ${printable(line.id, 40)}: ${printable(line.problem, 120)}`;
  if (line.stopped === 'unproven') return `${head} kept: unproven (${printable(line.reason ?? '', 200)})\n`;
  const budget = line.stopped === 'budget' ? ', budget spent' : '';
  return `${head} → ${printable(line.minimal, 120)} (${line.nodes.from} → ${line.nodes.to} nodes, ${line.calls} call(s)${budget})\n`;
}
