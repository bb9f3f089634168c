import { join } from 'node:path';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { DEFAULT_CANDIDATE_LIMITS, type CandidateLimits } from '../../constraints/candidateLimits.js';
import { countNodes } from '../expr/metrics.js';
import { signature } from '../expr/signature.js';
import { tryParseExpr } from '../expr/parse.js';
import type { VerifyPair } from '../judge/judgeOutcome.js';
import { readArchiveText } from '../run/archiveText.js';
import { finishArchiveRewrite } from '../run/finishArchiveRewrite.js';
import { lockArchiveDir } from '../run/lockArchiveDir.js';
import { rewriteArchive } from '../run/rewriteArchive.js';
import { RunFiles } from '../run/runFiles.js';
import { RUN_FILES, type RunConfig } from '../run/runSchema.js';
import { openShrinkJournal } from '../run/shrinkJournal.js';
import type { Target } from '../targets/types.js';
import { type Redact, redactSecrets, runRedactor, stringifyRedacted } from '../util/redactSecrets.js';
import { createRng } from '../util/rng.js';
import { shrinkArchiveLine, type ShrunkLine } from './shrinkArchiveLine.js';
import { ShrinkProbes } from './shrinkProbes.js';
import { shrinkBudget } from '../shrink/shrinkBudget.js';

export interface ArchiveShrinkOptions {
  /** `--target` as given: the model whose failures the archive holds. */
  readonly target: string;
  /** Make the target under test (and check its health): called once, when the first line needs it. */
  readonly openTarget: () => Promise<Target>;
  /** Reference specs that may prove a declined, unreadable or timed-out failure, in order. */
  readonly references: readonly string[];
  readonly openReference: (spec: string) => Promise<Target>;
  readonly verify: VerifyPair;
  /** Target calls one line's shrinking may charge (0: prove and sign only). */
  readonly shrinkCalls: number;
  /** And per node of the line's problem, where that is more (src/shrink/shrinkBudget.ts); default 0. */
  readonly shrinkCallsPerNode?: number;
  /** Shrink lines that already have a `minimal` too. */
  readonly force?: boolean;
  /** Lines shrunk at once (default 1). The result does not depend on it. */
  readonly concurrency?: number;
  /** Default: the run's `rng_seed` (config.json). */
  readonly rngSeed?: string;
  /** Answers per problem; default: the run's `k`. */
  readonly k?: number;
  readonly progress?: (event: ArchiveShrinkProgress) => void;
  /** Notes for stderr: a stale lock taken over, a commit finished for an earlier stopped shrink. */
  readonly warn?: (message: string) => void;
}

/** One archive line done. */
export interface ArchiveShrinkLineReport {
  readonly id: string;
  readonly problem: string;
  readonly minimal: string;
  readonly nodes: { readonly from: number; readonly to: number };
  readonly signature: string;
  readonly calls: number;
  /** Steps taken: 0 when the problem was already minimal (or not shrunk). */
  readonly steps: number;
  readonly stopped: ShrunkLine['shrink']['stopped'];
  readonly reason?: string;
}

export type ArchiveShrinkProgress =
  | { readonly type: 'start'; readonly lines: number; readonly todo: number; readonly replayable: number }
  | { readonly type: 'line'; readonly done: number; readonly todo: number; readonly line: ArchiveShrinkLineReport };

export interface ArchiveShrinkResult {
  readonly archive: string;
  /** Readable archive lines. */
  readonly lines: number;
  readonly shrunk: readonly ArchiveShrinkLineReport[];
  /** `otherTask`: lines of a task other than integrate, which their search shrank (this command shrinks antiderivatives). */
  readonly skipped: { readonly alreadyShrunk: number; readonly otherTarget: number; readonly otherTask: number; readonly unreadable: number };
  /** The targets named by the lines skipped as another target's. */
  readonly otherTargets: readonly string[];
  /**
   * Target calls charged to the lines (shrinking and proofs: what each line's budget counts) and those
   * made now; the rest were replayed from the journal of a stopped shrink or shared between lines.
   */
  readonly calls: { readonly charged: number; readonly paid: number };
  /** The archive was rewritten (false when there was nothing to change). */
  readonly written: boolean;
}

/**
 * `sagga archive shrink DIR --target SPEC`: give every line of a run's archive its minimal failing
 * problem (`minimal`) and `signature`, after the fact. Holds the run's lock throughout. Every probe
 * is journaled (`shrink.jsonl`) as it is answered, and the archive is replaced whole only at the end
 * (written beside it, then renamed; checkpoint.json's archive offset moved with it), so a shrink
 * killed at any moment loses nothing and, run again, replays what was paid and ends with exactly
 * the archive an uninterrupted shrink writes.
 */
export async function archiveShrink(dir: string, options: ArchiveShrinkOptions): Promise<ArchiveShrinkResult> {
  const lock = lockArchiveDir(dir, options.warn);
  const opened: Promise<Target>[] = [];
  try {
    return await shrinkLocked(dir, options, opened);
  } finally {
    await Promise.allSettled(opened.map(async (t) => (await t).close()));
    lock.release();
  }
}

async function shrinkLocked(dir: string, options: ArchiveShrinkOptions, opened: Promise<Target>[]): Promise<ArchiveShrinkResult> {
  const config = shrinkConfig(new RunFiles(dir).readConfig());
  const k = options.k ?? config.k;
  const redact = runRedactor(options.target);
  const recordedTarget = recordedTargetName(options.target);
  const journal = openShrinkJournal(dir, { target: recordedTarget, k, references: options.references }, redact);
  try {
    // An earlier shrink stopped between replacing the archive and moving the checkpoint's offset.
    if (journal.commit !== undefined && finishArchiveRewrite(dir, journal.commit)) {
      options.warn?.(`finished the archive offset of ${join(dir, RUN_FILES.checkpoint)} left by a shrink that was stopped while writing`);
    }
    const archive = readArchiveText(dir);
    const { lines } = archive;
    const values = lines.map((l) => parseObject(l.text));
    const { todo, skipped, otherTargets } = chooseLines(values, lines, recordedTarget, options.force === true, config.shrinkCalls);
    options.progress?.({ type: 'start', lines: values.filter((v) => v !== undefined).length, todo: todo.length, replayable: journal.replayable });

    const probes = new ShrinkProbes({
      targetSpec: options.target,
      openTarget: options.openTarget,
      references: options.references,
      openReference: options.openReference,
      verify: options.verify,
      k,
      journal,
      opened,
    });

    const seed = options.rngSeed ?? config.rngSeed;
    const limits = config.candidateLimits;
    const results = new Map<number, ShrunkLine>();
    const reports = new Map<number, ArchiveShrinkLineReport>();
    let done = 0;
    const shrinkOne = async (i: number): Promise<void> => {
      const value = values[i]!;
      const id = typeof value.id === 'string' ? value.id : `line-${lines[i].number}`;
      const nodes = nodesOf(value.problem);
      const shrunk = await shrinkArchiveLine(value, {
        verify: options.verify,
        checkCandidate: (e) => checkCandidate(e, { ...limits, requireX: true }),
        rng: createRng(seed).fork(`archive-shrink/${id}`),
        maxCalls: shrinkBudget(nodes, options.shrinkCalls, options.shrinkCallsPerNode ?? 0),
        referenceCount: options.references.length,
        probe: probes.probeFor,
        cache: probes.cacheFor,
        prove: probes.prove,
      });
      if (shrunk === undefined) {
        skipped.unreadable++;
        return;
      }
      results.set(i, shrunk);
      const report: ArchiveShrinkLineReport = {
        id,
        problem: String(value.problem),
        minimal: shrunk.minimal.problem,
        nodes: { from: nodes, to: shrunk.minimal.nodes },
        signature: shrunk.signature,
        calls: shrunk.shrink.calls + shrunk.shrink.proof_calls,
        steps: shrunk.shrink.steps,
        stopped: shrunk.shrink.stopped,
        ...(shrunk.shrink.reason !== undefined ? { reason: shrunk.shrink.reason } : {}),
      };
      reports.set(i, report);
      options.progress?.({ type: 'line', done: ++done, todo: todo.length, line: report });
    };
    await forEachAtMost(todo, Math.max(1, options.concurrency ?? 1), shrinkOne);

    const signatures = missingSignatures(values, results);

    const shrunk = [...reports.keys()].sort((a, b) => a - b).map((i) => reports.get(i)!);
    const summary = (written: boolean): ArchiveShrinkResult => ({
      archive: archive.path,
      lines: values.filter((v) => v !== undefined).length,
      shrunk,
      skipped,
      otherTargets: [...otherTargets].sort(),
      calls: { charged: shrunk.reduce((sum, r) => sum + r.calls, 0), paid: probes.paid },
      written,
    });
    if (results.size === 0 && signatures.size === 0) {
      journal.remove();
      return summary(false);
    }

    const rewritten = lines.map((line, i) => rewrittenLine(line.text, values[i], results.get(i), signatures.get(i), redact));
    rewriteArchive(dir, archive, rewritten, journal);
    return summary(true);
  } finally {
    journal.close();
  }
}

/** Which lines of the archive to shrink, and why the others are not. */
function chooseLines(
  values: readonly (Record<string, unknown> | undefined)[],
  lines: readonly { readonly text: string }[],
  recordedTarget: string,
  force: boolean,
  runShrinkCalls: number | null,
) {
  const todo: number[] = [];
  const skipped = { alreadyShrunk: 0, otherTarget: 0, otherTask: 0, unreadable: 0 };
  const otherTargets = new Set<string>();
  values.forEach((value, i) => {
    if (value === undefined || typeof value.problem !== 'string') return void (lines[i].text.trim() === '' || skipped.unreadable++);
    // A task's line is shrunk by its search, bounds and all; an integrate line has no task.
    if (value.task !== undefined && value.task !== 'integrate') return void skipped.otherTask++;
    if (typeof value.target === 'string' && value.target !== recordedTarget) {
      otherTargets.add(value.target);
      return void skipped.otherTarget++;
    }
    if (!force && isShrunk(value, runShrinkCalls)) return void skipped.alreadyShrunk++;
    todo.push(i);
  });
  return { todo, skipped, otherTargets };
}

/** Signatures, by line, for lines shrunk before but without one (no call needed). */
function missingSignatures(values: readonly (Record<string, unknown> | undefined)[], results: ReadonlyMap<number, ShrunkLine>): Map<number, string> {
  const signatures = new Map<number, string>();
  values.forEach((value, i) => {
    if (value === undefined || results.has(i) || typeof value.signature === 'string') return;
    const minimal = value.minimal as Record<string, unknown> | undefined;
    const parsed = typeof minimal?.problem === 'string' ? tryParseExpr(minimal.problem) : undefined;
    if (parsed?.ok) signatures.set(i, signature(parsed.expr));
  });
  return signatures;
}

/** An archive line with its shrink, or only its new signature, or as it was. */
function rewrittenLine(
  text: string,
  value: Record<string, unknown> | undefined,
  shrunk: ShrunkLine | undefined,
  sig: string | undefined,
  redact: Redact,
): string {
  if (shrunk !== undefined && value !== undefined)
    return stringifyRedacted({ ...value, minimal: shrunk.minimal, signature: shrunk.signature, shrink: shrunk.shrink }, redact);
  if (sig !== undefined && value !== undefined) return stringifyRedacted({ ...value, signature: sig }, redact);
  return text;
}

/** The run's settings that shape a shrink. */
interface ShrinkConfig {
  readonly k: number;
  readonly rngSeed: string;
  readonly candidateLimits: CandidateLimits;
  /** `settings.shrinkCalls` of the run: 0 means its lines' `minimal` is the problem itself, never shrunk. */
  readonly shrinkCalls: number | null;
}

/** The seed of a run directory without config.json (an archive merge's output). */
const FALLBACK_SEED = 'archive-shrink';

/** Answers per probe a shrink asks for at most; a run recording more is shrunk with 1. */
const MAX_K = 100;

/** The settings of the run that shape a shrink; defaults for a directory without config.json (an archive merge's output). */
function shrinkConfig(config: RunConfig | null): ShrinkConfig {
  if (config === null) return { k: 1, rngSeed: FALLBACK_SEED, candidateLimits: DEFAULT_CANDIDATE_LIMITS, shrinkCalls: null };
  const { k, shrinkCalls } = config.settings;
  return { k: k <= MAX_K ? k : 1, rngSeed: config.rng_seed, candidateLimits: config.candidate_limits, shrinkCalls: shrinkCalls ?? null };
}

/**
 * Has the line been shrunk already? It has a `minimal`, written by `archive shrink` (with `shrink`)
 * or by a search that shrank its failures; a search made with `--shrink-calls 0` writes the problem
 * itself as `minimal`, which is not a shrink.
 */
function isShrunk(line: Record<string, unknown>, runShrinkCalls: number | null): boolean {
  if (typeof line.minimal !== 'object' || line.minimal === null) return false;
  return typeof line.shrink === 'object' || runShrinkCalls !== 0;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function nodesOf(problem: unknown): number {
  const parsed = typeof problem === 'string' ? tryParseExpr(problem) : undefined;
  return parsed?.ok ? countNodes(parsed.expr).nodes : 0;
}

/**
 * The name a target's lines carry for `spec` (`Target.name`, redacted): the spec with the part after
 * `cmd:` or `openai:` trimmed, as the registry reads it.
 */
function recordedTargetName(spec: string): string {
  const s = spec.trim();
  const colon = s.indexOf(':');
  return redactSecrets(colon < 0 ? s : `${s.slice(0, colon + 1)}${s.slice(colon + 1).trim()}`);
}

/** The answers of one reference to one problem (k = 1). */
/** Run `task` over `items` with at most `limit` at once. */
async function forEachAtMost<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
