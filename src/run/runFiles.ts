import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHECKPOINT_FORMAT,
  RUN_FILES,
  type ArchiveRecord,
  type Checkpoint,
  type EvaluatedRecord,
  type GenerationRecord,
  type JournalEntry,
  type RunConfig,
  type RunTotals,
} from './runSchema.js';
import { createRedactor, redactDeep, stringifyRedacted, type Redact } from '../util/redactSecrets.js';
import { RunDirError } from './runDirError.js';
import { writeFileAtomic } from '../util/writeFileAtomic.js';
import { settingsHash } from './settingsHash.js';
import { JsonLinesJournal } from './jsonLinesJournal.js';
import { parseRunConfig } from './parseRunConfig.js';
import { readCheckpointFile, writeCheckpointFile, type CheckpointFile } from './checkpointFile.js';
import { finishArchiveRewrite } from './finishArchiveRewrite.js';

export { CHECKPOINT_FORMAT, RUN_FILES } from './runSchema.js';

type LogName = 'archive' | 'evaluated' | 'generations' | 'journal';

export const ZERO_TOTALS: RunTotals = { candidates: 0, asked: 0, evaluated: 0, failures: 0, errors: 0, seconds: { target: 0, verify: 0, engine: 0, wall: 0 } };

/** The endpoints' counts config.json records (`endpoints`). */
export type EndpointCounts = NonNullable<RunConfig['endpoints']>;

/** What `reconcile` keeps of a run for the search to rebuild its state. */
export interface RunSurvivors {
  /** The committed lines of evaluated.jsonl. */
  readonly evaluated: readonly EvaluatedRecord[];
  /** How many lines archive.jsonl has committed. */
  readonly archiveLines: number;
  /** journal.jsonl's entries, in file order (a line that is not one is left out: its problem is asked again). */
  readonly journal: readonly JournalEntry[];
}

/**
 * The files of a run directory and the only code that writes them. Every append is written in full
 * and fsynced before the call returns (the logs are `JsonLinesJournal`s); the checkpoint is replaced
 * atomically (temporary file, fsync, rename, fsync of the directory). A generation is committed by
 * appending its archive, evaluated and generations lines and then replacing the checkpoint, so a
 * kill at any moment leaves either the old or the new checkpoint, and `reconcile` cuts the logs
 * back to match it. config.json and checkpoint.json are read back checked (`parseRunConfig`,
 * `readCheckpointFile`).
 *
 * journal.jsonl holds the target's answers for the generation in progress, chunk by chunk, so
 * that a resumed run does not ask the target again for problems it already answered; it is
 * emptied when the generation is committed.
 */
export class RunFiles<S = unknown> {
  readonly dir: string;
  private readonly logs = new Map<LogName, JsonLinesJournal>();

  /** Every line and config.json pass through it (default: the API key of the environment, key-shaped strings). */
  private readonly redact: Redact;

  constructor(dir: string, options: { readonly redact?: Redact } = {}) {
    this.dir = dir;
    this.redact = options.redact ?? createRedactor();
  }

  path(name: keyof typeof RUN_FILES): string {
    return join(this.dir, RUN_FILES[name]);
  }

  /** Does the directory hold (the start of) a run? */
  hasRun(): boolean {
    return existsSync(this.path('config')) || existsSync(this.path('checkpoint'));
  }

  /** config.json, checked (`parseRunConfig`: a NotARunError naming the field that is wrong); null when there is none. */
  readConfig(): RunConfig | null {
    const raw = readJson(this.path('config'));
    return raw === null ? null : parseRunConfig(raw, this.path('config'));
  }

  /** The last committed checkpoint; null before the first generation is committed (`engine` null) or when there is none. */
  readCheckpoint(): Checkpoint<S> | null {
    const stored = readCheckpointFile<S>(this.path('checkpoint'));
    if (stored === null || stored.engine === null) return null;
    return stored as Checkpoint<S>;
  }

  /**
   * What the run has spent, from checkpoint.json: its totals, also before the first generation is
   * committed (a run's start-up calls are recorded there at once).
   */
  readTotals(): RunTotals {
    return readCheckpointFile<S>(this.path('checkpoint'))?.totals ?? ZERO_TOTALS;
  }

  /** Replace the checkpoint's totals, everything else as it is (the start-up calls of a session). */
  writeTotals(totals: RunTotals): void {
    const stored = readCheckpointFile<S>(this.path('checkpoint'));
    if (stored === null) return;
    this.writeCheckpoint({ ...stored, totals, updated: new Date().toISOString() });
  }

  /**
   * Write config.json (atomically) with `settings_sha256`, the hash of the fields that shape the
   * run as written (see settingsHash). A new run's first config.json is followed by a checkpoint
   * with no engine state and zero offsets: from then on a missing checkpoint.json means it was lost,
   * and `reconcile` refuses to cut lines it cannot account for.
   */
  writeConfig(config: RunConfig): void {
    const fresh = !existsSync(this.path('config'));
    const hint = fresh ? 'then start the run again' : `then resume with: sagga search --resume ${this.dir}`;
    this.guard(this.dir, hint, () => mkdirSync(this.dir, { recursive: true }));
    const { settings_sha256: _previous, ...written } = redactDeep(config, this.redact);
    const text = JSON.stringify({ ...written, settings_sha256: settingsHash(written) }, null, 2) + '\n';
    this.guard(this.path('config'), hint, () => writeFileAtomic(this.path('config'), text));
    if (fresh && !existsSync(this.path('checkpoint'))) {
      const empty: CheckpointFile<S> = {
        format: CHECKPOINT_FORMAT,
        engine: null,
        rngState: null,
        totals: ZERO_TOTALS,
        offsets: { archive: 0, evaluated: 0, generations: 0 },
        updated: new Date().toISOString(),
      };
      this.guard(this.path('checkpoint'), hint, () => writeCheckpointFile(this.path('checkpoint'), empty));
    }
  }

  /** Record the endpoints' counts of the session that ends (config.json `endpoints`), everything else as it is. */
  recordEndpoints(endpoints: EndpointCounts): void {
    const config = this.readConfig();
    if (config !== null) this.writeConfig({ ...config, endpoints });
  }

  /**
   * An `archive shrink` stopped between replacing archive.jsonl and moving checkpoint.json's archive
   * offset is finished (`finishArchiveRewrite`), so that `reconcile` cuts the archive at the offset
   * of the file it has. Called before a resumed run reads its checkpoint; true when it moved it.
   */
  finishArchiveRewrite(): boolean {
    return finishArchiveRewrite(this.dir);
  }

  /**
   * Bring the logs in line with the checkpoint (or with an empty run when there is none) and open
   * them for appending. Returns what survives, for the caller to rebuild its state.
   */
  reconcile(checkpoint: Checkpoint<S> | null): RunSurvivors {
    this.guard(this.dir, this.resumeHint(), () => mkdirSync(this.dir, { recursive: true }));
    if (checkpoint === null) this.checkLinesAccountedFor();
    let evaluated: EvaluatedRecord[] = [];
    let archiveLines = 0;
    for (const log of ['archive', 'evaluated', 'generations'] as const) {
      const path = this.path(log);
      const keep = checkpoint ? checkpoint.offsets[log] : 0;
      const size = existsSync(path) ? statSync(path).size : 0;
      if (size < keep)
        throw new Error(`${path} is shorter (${size} bytes) than the checkpoint records (${keep}): the run directory was modified; cannot resume safely`);
      const opened = JsonLinesJournal.open(path, { keep, guard: (write) => this.guard(path, this.resumeHint(), write) });
      this.logs.set(log, opened.journal);
      if (log === 'archive') archiveLines = opened.lines.length;
      if (log === 'evaluated') evaluated = opened.lines.map((line, i) => evaluatedRecord(line, `${path}:${i + 1}`));
    }
    // The journal only ever holds the generation in progress; a torn last line is cut off.
    const journalPath = this.path('journal');
    const opened = JsonLinesJournal.open(journalPath, { guard: (write) => this.guard(journalPath, this.resumeHint(), write) });
    this.logs.set('journal', opened.journal);
    return { evaluated, archiveLines, journal: opened.lines.flatMap((line) => journalEntry(line) ?? []) };
  }

  /**
   * With no checkpoint at all (not even the one written with a new run's config.json), lines in
   * the logs cannot be told from committed ones: refuse rather than cut them. Torn last lines
   * alone are nothing to lose.
   */
  checkLinesAccountedFor(): void {
    if (existsSync(this.path('checkpoint'))) return;
    const found: string[] = [];
    for (const log of ['archive', 'evaluated', 'generations'] as const) {
      const path = this.path(log);
      if (!existsSync(path) || statSync(path).size === 0) continue;
      const count = JsonLinesJournal.readLines(path).length;
      if (count > 0) found.push(`${RUN_FILES[log]} (${count} line${count === 1 ? '' : 's'})`);
    }
    if (found.length === 0) return;
    throw new Error(
      `refusing to resume ${this.dir}: ${RUN_FILES.checkpoint} is missing, but ${found.join(', ')} hold lines that no checkpoint accounts for; ` +
        `resuming would have to cut them off. Nothing was changed. Restore ${RUN_FILES.checkpoint} (from a backup or a copy of the run), ` +
        `or keep these files as the run's result and start a new run with another --out`,
    );
  }

  private resumeHint(): string {
    return `then resume with: sagga search --resume ${this.dir}`;
  }

  /**
   * Run a write and turn its failure (a full disk, a read-only mount …) into one line naming the
   * file, saying that what was committed is safe and how to go on (exit 73 in the CLI).
   */
  private guard<T>(path: string, hint: string, write: () => T): T {
    try {
      return write();
    } catch (err) {
      if (err instanceof RunDirError) throw err;
      const e = err as NodeJS.ErrnoException;
      const cause = `${e.code ? e.code + ': ' : ''}${String(e.message ?? err).split('\n')[0]}`;
      throw new RunDirError(
        `cannot write ${path} (${cause}); every generation committed before is safe: free space or fix the cause, ${hint}`,
        'cantCreate',
        e.code,
      );
    }
  }

  /**
   * Append journal entries. `durable` false writes them to the file (a killed process loses nothing
   * written) without waiting for the disk; `syncJournal` makes them durable later, in one go.
   */
  appendJournal(entries: readonly JournalEntry[], durable = true): void {
    if (entries.length > 0)
      this.append(
        'journal',
        entries.map((e) => stringifyRedacted(e, this.redact)),
        durable,
      );
  }

  /** Wait for the disk to hold every journal entry written so far. */
  syncJournal(): void {
    this.logs.get('journal')?.sync();
  }

  /**
   * Commit a generation: its lines, then the new checkpoint, then a journal holding only `carried`
   * (answers kept for the rest of the run), written in place of the old one at once. The checkpoint
   * is computed from the log sizes after the appends. A kill before the journal is replaced leaves
   * the old one, which holds the carried answers too; its other answers are the committed
   * generation's, for problems that are decided and never asked again.
   */
  commit(
    lines: { archive: readonly ArchiveRecord[]; evaluated: readonly EvaluatedRecord[]; generation: GenerationRecord },
    state: Omit<Checkpoint<S>, 'format' | 'offsets' | 'updated'>,
    carried: readonly JournalEntry[] = [],
  ): Checkpoint<S> {
    this.append(
      'archive',
      lines.archive.map((l) => stringifyRedacted(l, this.redact)),
    );
    this.append(
      'evaluated',
      lines.evaluated.map((l) => stringifyRedacted(l, this.redact)),
    );
    this.append('generations', [stringifyRedacted(lines.generation, this.redact)]);
    const checkpoint: Checkpoint<S> = {
      format: CHECKPOINT_FORMAT,
      ...state,
      offsets: { archive: this.log('archive').size(), evaluated: this.log('evaluated').size(), generations: this.log('generations').size() },
      updated: new Date().toISOString(),
    };
    this.writeCheckpoint(checkpoint);
    this.logs.get('journal')?.replace(carried.map((e) => stringifyRedacted(e, this.redact)));
    return checkpoint;
  }

  /** Rewrite the checkpoint with new totals or stop reason, logs unchanged. */
  rewriteCheckpoint(checkpoint: Checkpoint<S>): void {
    this.writeCheckpoint({ ...checkpoint, updated: new Date().toISOString() });
  }

  close(): void {
    for (const log of this.logs.values()) log.close();
    this.logs.clear();
  }

  private writeCheckpoint(checkpoint: CheckpointFile<S>): void {
    this.guard(this.path('checkpoint'), this.resumeHint(), () => writeCheckpointFile(this.path('checkpoint'), checkpoint));
  }

  private log(log: LogName): JsonLinesJournal {
    const opened = this.logs.get(log);
    if (opened === undefined) throw new Error(`${RUN_FILES[log]} is not open (reconcile() first)`);
    return opened;
  }

  private append(log: LogName, lines: readonly string[], durable = true): void {
    if (lines.length > 0) this.log(log).append(lines, durable);
  }
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const EVALUATED_STATUSES: readonly string[] = ['pass', 'fail', 'undecided', 'skipped'];

/**
 * A committed line of evaluated.jsonl (`where`: file:line). The search rebuilds which problems it
 * asked from these, so one that is not an evaluated record stops the resume rather than being skipped.
 */
function evaluatedRecord(line: string, where: string): EvaluatedRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = undefined;
  }
  const r = value as Partial<Record<keyof EvaluatedRecord, unknown>> | undefined;
  if (typeof r !== 'object' || r === null || typeof r.key !== 'string' || typeof r.status !== 'string' || !EVALUATED_STATUSES.includes(r.status)) {
    throw new Error(`${where}: a committed line that is not an evaluated record (no key or status); the run directory was modified; cannot resume safely`);
  }
  return value as EvaluatedRecord;
}

const ANSWER_STATUSES: readonly string[] = ['ok', 'unparseable', 'no-answer', 'timeout', 'unjudged', 'error'];

/** A line of journal.jsonl, or undefined for one that is not an entry (a line cut by a kill): its problem is simply asked again. */
function journalEntry(line: string): JournalEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const e = value as Partial<Record<keyof JournalEntry, unknown>> | null;
  if (typeof e !== 'object' || e === null || typeof e.key !== 'string' || !Array.isArray(e.answers)) return undefined;
  if (e.reference !== undefined && typeof e.reference !== 'string') return undefined;
  if (e.probe !== undefined && (typeof e.probe !== 'number' || !Number.isSafeInteger(e.probe))) return undefined;
  if (e.problem !== undefined && typeof e.problem !== 'string') return undefined;
  const answersOk = e.answers.every((a: unknown) => {
    const x = a as Record<string, unknown> | null;
    if (typeof x !== 'object' || x === null || typeof x.status !== 'string' || !ANSWER_STATUSES.includes(x.status) || typeof x.text !== 'string') return false;
    return x.status === 'ok' ? typeof x.expr === 'object' && x.expr !== null : typeof x.error === 'string';
  });
  return answersOk ? (value as JournalEntry) : undefined;
}
