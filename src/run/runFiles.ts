import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKPOINT_FORMAT, RUN_FILES, type Checkpoint, type JournalEntry, type RunTotals } from './runSchema.js';
import { createRedactor, redactDeep, stringifyRedacted, type Redact } from '../util/redactSecrets.js';
import { RunDirError } from './runDirError.js';
import { writeFileAtomic } from '../util/writeFileAtomic.js';
import { settingsHash } from './settingsHash.js';

export { CHECKPOINT_FORMAT, RUN_FILES } from './runSchema.js';

type LogName = 'archive' | 'evaluated' | 'generations' | 'journal';
const LOGS: readonly LogName[] = ['archive', 'evaluated', 'generations', 'journal'];

export const ZERO_TOTALS: RunTotals = { candidates: 0, asked: 0, evaluated: 0, failures: 0, errors: 0, seconds: { target: 0, verify: 0, engine: 0, wall: 0 } };

/**
 * The files of a run directory and the only code that writes them. Every append is written in full
 * and fsynced before the call returns; the checkpoint is replaced atomically (temporary file,
 * fsync, rename, fsync of the directory). A generation is committed by appending its archive,
 * evaluated and generations lines and then replacing the checkpoint, so a kill at any moment
 * leaves either the old or the new checkpoint, and `reconcile` cuts the logs back to match it.
 *
 * journal.jsonl holds the target's answers for the generation in progress, chunk by chunk, so
 * that a resumed run does not ask the target again for problems it already answered; it is
 * emptied when the generation is committed.
 */
export class RunFiles<S = unknown> {
  readonly dir: string;
  private readonly fds = new Map<LogName, number>();

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

  readConfig(): unknown {
    return readJson(this.path('config'));
  }

  /** The last committed checkpoint; null before the first generation is committed (`engine` null) or when there is none. */
  readCheckpoint(): Checkpoint<S> | null {
    const raw = readJson(this.path('checkpoint')) as Checkpoint<S> | null;
    if (raw === null) return null;
    if (raw.format !== CHECKPOINT_FORMAT) throw new Error(`${this.path('checkpoint')}: checkpoint format ${String(raw.format)}, this sagga reads ${CHECKPOINT_FORMAT}`);
    if (raw.engine === null) return null;
    return raw;
  }

  /**
   * What the run has spent, from checkpoint.json: its totals, also before the first generation is
   * committed (a run's start-up calls are recorded there at once).
   */
  readTotals(): RunTotals {
    const raw = readJson(this.path('checkpoint')) as Checkpoint<S> | { totals?: RunTotals } | null;
    return raw?.totals ?? ZERO_TOTALS;
  }

  /** Replace the checkpoint's totals, everything else as it is (the start-up calls of a session). */
  writeTotals(totals: RunTotals): void {
    const raw = readJson(this.path('checkpoint')) as Record<string, unknown> | null;
    if (raw === null) return;
    this.guard(this.path('checkpoint'), this.resumeHint(), () => writeFileAtomic(this.path('checkpoint'), JSON.stringify({ ...raw, totals, updated: new Date().toISOString() }) + '\n'));
  }

  /**
   * Write config.json (atomically) with `settings_sha256`, the hash of the fields that shape the
   * run as written (see settingsHash). A new run's first config.json is followed by a checkpoint
   * with no engine state and zero offsets: from then on a missing checkpoint.json means it was lost,
   * and `reconcile` refuses to cut lines it cannot account for.
   */
  writeConfig(config: unknown): void {
    const fresh = !existsSync(this.path('config'));
    const hint = fresh ? 'then start the run again' : `then resume with: sagga search --resume ${this.dir}`;
    this.guard(this.dir, hint, () => mkdirSync(this.dir, { recursive: true }));
    const { settings_sha256: _previous, ...written } = redactDeep(config as Record<string, unknown>, this.redact);
    const text = JSON.stringify({ ...written, settings_sha256: settingsHash(written) }, null, 2) + '\n';
    this.guard(this.path('config'), hint, () => writeFileAtomic(this.path('config'), text));
    if (fresh && !existsSync(this.path('checkpoint'))) {
      const empty = { format: CHECKPOINT_FORMAT, engine: null, rngState: null, totals: ZERO_TOTALS, offsets: { archive: 0, evaluated: 0, generations: 0 }, updated: new Date().toISOString() };
      this.guard(this.path('checkpoint'), hint, () => writeFileAtomic(this.path('checkpoint'), JSON.stringify(empty) + '\n'));
    }
  }

  /**
   * Bring the logs in line with the checkpoint (or with an empty run when there is none) and open
   * them for appending. Returns the lines that survive, for the caller to rebuild its state.
   */
  reconcile(checkpoint: Checkpoint<S> | null): { evaluated: string[]; archive: string[]; journal: JournalEntry[] } {
    this.guard(this.dir, this.resumeHint(), () => mkdirSync(this.dir, { recursive: true }));
    if (checkpoint === null) this.checkLinesAccountedFor();
    const result = { evaluated: [] as string[], archive: [] as string[], journal: [] as JournalEntry[] };
    for (const log of ['archive', 'evaluated', 'generations'] as const) {
      const path = this.path(log);
      const keep = checkpoint ? checkpoint.offsets[log] : 0;
      const size = existsSync(path) ? statSync(path).size : 0;
      if (size < keep) throw new Error(`${path} is shorter (${size} bytes) than the checkpoint records (${keep}): the run directory was modified; cannot resume safely`);
      if (size > keep) this.guard(path, this.resumeHint(), () => truncateSync(path, keep));
      if (log !== 'generations' && keep > 0) result[log] = completeLines(readFileSync(path, 'utf8'));
    }
    // The journal only ever holds the generation in progress; a torn last line is dropped.
    const journalPath = this.path('journal');
    if (existsSync(journalPath)) {
      const text = readFileSync(journalPath, 'utf8');
      for (const line of completeLines(text)) {
        try {
          const entry = JSON.parse(line) as JournalEntry;
          if (typeof entry.key === 'string' && Array.isArray(entry.answers)) result.journal.push(entry);
        } catch {
          // A line cut by the kill; its problem is simply asked again.
        }
      }
      const complete = text.lastIndexOf('\n') + 1;
      if (complete < Buffer.byteLength(text)) this.guard(journalPath, this.resumeHint(), () => truncateSync(journalPath, Buffer.byteLength(text.slice(0, complete))));
    }
    for (const log of LOGS) this.open(log);
    return result;
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
      const count = completeLines(readFileSync(path, 'utf8')).length;
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
      throw new RunDirError(`cannot write ${path} (${cause}); every generation committed before is safe: free space or fix the cause, ${hint}`, 'cantCreate', e.code);
    }
  }

  /**
   * Append journal entries. `durable` false writes them to the file (a killed process loses nothing
   * written) without waiting for the disk; `syncJournal` makes them durable later, in one go.
   */
  appendJournal(entries: readonly JournalEntry[], durable = true): void {
    if (entries.length > 0) this.append('journal', entries.map((e) => stringifyRedacted(e, this.redact)), durable);
  }

  /** Wait for the disk to hold every journal entry written so far. */
  syncJournal(): void {
    const fd = this.fds.get('journal');
    if (fd !== undefined) this.guard(this.path('journal'), this.resumeHint(), () => fsyncSync(fd));
  }

  /**
   * Commit a generation: its lines, then the new checkpoint, then an empty journal. The checkpoint
   * is computed from the log sizes after the appends.
   */
  commit(lines: { archive: readonly unknown[]; evaluated: readonly unknown[]; generation: unknown }, state: Omit<Checkpoint<S>, 'format' | 'offsets' | 'updated'>): Checkpoint<S> {
    this.append('archive', lines.archive.map((l) => stringifyRedacted(l, this.redact)));
    this.append('evaluated', lines.evaluated.map((l) => stringifyRedacted(l, this.redact)));
    this.append('generations', [stringifyRedacted(lines.generation, this.redact)]);
    const checkpoint: Checkpoint<S> = {
      format: CHECKPOINT_FORMAT,
      ...state,
      offsets: { archive: this.size('archive'), evaluated: this.size('evaluated'), generations: this.size('generations') },
      updated: new Date().toISOString(),
    };
    this.guard(this.path('checkpoint'), this.resumeHint(), () => writeFileAtomic(this.path('checkpoint'), JSON.stringify(checkpoint) + '\n'));
    this.clearJournal();
    return checkpoint;
  }

  /** Rewrite the checkpoint with new totals or stop reason, logs unchanged. */
  rewriteCheckpoint(checkpoint: Checkpoint<S>): void {
    this.guard(this.path('checkpoint'), this.resumeHint(), () => writeFileAtomic(this.path('checkpoint'), JSON.stringify({ ...checkpoint, updated: new Date().toISOString() }) + '\n'));
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }

  private clearJournal(): void {
    const fd = this.fds.get('journal');
    if (fd === undefined) return;
    // The journal is opened for appending, so truncating it makes the next append start at 0.
    this.guard(this.path('journal'), this.resumeHint(), () => {
      truncateSync(this.path('journal'), 0);
      fsyncSync(fd);
    });
  }

  private open(log: LogName): void {
    if (this.fds.has(log)) return;
    this.fds.set(log, this.guard(this.path(log), this.resumeHint(), () => openSync(this.path(log), 'a')));
  }

  private size(log: LogName): number {
    return statSync(this.path(log)).size;
  }

  private append(log: LogName, lines: readonly string[], durable = true): void {
    if (lines.length === 0) return;
    const fd = this.fds.get(log);
    if (fd === undefined) throw new Error(`${RUN_FILES[log]} is not open (reconcile() first)`);
    const buffer = Buffer.from(lines.join('\n') + '\n', 'utf8');
    this.guard(this.path(log), this.resumeHint(), () => {
      let written = 0;
      while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
      if (durable) fsyncSync(fd);
    });
  }
}

/** The lines of `text` that end in a newline (a torn last line is left out). */
function completeLines(text: string): string[] {
  const end = text.lastIndexOf('\n');
  if (end < 0) return [];
  return text
    .slice(0, end)
    .split('\n')
    .filter((l) => l.trim() !== '');
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


