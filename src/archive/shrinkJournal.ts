import { closeSync, existsSync, fstatSync, fsyncSync, openSync, readFileSync, truncateSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Judgement } from '../judge/judgeTypes.js';
import type { ProbeCache, ProbeRecord } from '../shrink/types.js';
import { stringifyRedacted, type Redact } from '../util/redactSecrets.js';

/** The journal of `sagga archive shrink`, beside archive.jsonl (docs/FORMATS.md). */
export const SHRINK_JOURNAL = 'shrink.jsonl';

/** What a probe's answer depends on besides the problem: who was asked, how many answers, which references. */
export interface ShrinkJournalContext {
  /** The target's spec, redacted as it is recorded. */
  readonly target: string;
  readonly k: number;
  readonly references: readonly string[];
}

/** The last step of a shrink: the archive rewritten, and the checkpoint offset that moves with it. */
export interface ShrinkCommit {
  /** sha256 of archive.jsonl before and after the rewrite. */
  readonly before_sha256: string;
  readonly after_sha256: string;
  /** checkpoint.json `offsets.archive` before and after (null: the run has no checkpoint to move). */
  readonly checkpoint_offset: { readonly from: number; readonly to: number } | null;
}

interface ProbeEntry {
  readonly type: 'probe';
  readonly context: ShrinkJournalContext;
  /** Which cache the probe belongs to: the failure kind it was made for, or `proof` for proving an archived problem. */
  readonly cache: string;
  readonly key: string;
  readonly problem: string;
  readonly judgement: Judgement;
  readonly calls: number;
}

interface CommitEntry {
  readonly type: 'commit';
  readonly commit: ShrinkCommit;
}

export interface ShrinkJournal {
  readonly path: string;
  /** Probes of this context loaded from an earlier, unfinished shrink. */
  readonly replayable: number;
  /** The commit an earlier shrink recorded before it was stopped, if any. */
  readonly commit: ShrinkCommit | undefined;
  /** The probes of one cache; `set` appends each new probe to the file (flushed) before returning. */
  cache(name: string, problemOf: (key: string) => string): ProbeCache;
  writeCommit(commit: ShrinkCommit): void;
  /** Delete the journal: the shrink is complete and written. */
  remove(): void;
  close(): void;
}

/**
 * Open (or create) the shrink journal of run directory `dir`. Each probe's result is appended and
 * flushed as soon as it is known, so a shrink killed at any moment is run again without asking any
 * answered problem twice: the probes of the same context (target, k, references) are replayed from
 * here. A torn last line (a kill while writing) is cut off; lines of another context are kept but
 * not used.
 */
export function openShrinkJournal(dir: string, context: ShrinkJournalContext, redact: Redact): ShrinkJournal {
  const path = join(dir, SHRINK_JOURNAL);
  const contextText = JSON.stringify(context);
  const caches = new Map<string, Map<string, ProbeRecord>>();
  let commit: ShrinkCommit | undefined;
  let replayable = 0;
  if (existsSync(path)) {
    const text = readFileSync(path, 'utf8');
    const complete = text.lastIndexOf('\n') + 1;
    for (const line of text.slice(0, complete).split('\n')) {
      const entry = parseEntry(line);
      if (entry === undefined) continue;
      if (entry.type === 'commit') commit = entry.commit;
      else if (JSON.stringify(entry.context) === contextText) {
        const cache = cacheNamed(caches, entry.cache);
        if (!cache.has(entry.key)) replayable++;
        cache.set(entry.key, { judgement: entry.judgement, calls: entry.calls });
      }
    }
    if (complete < Buffer.byteLength(text)) truncateSync(path, Buffer.byteLength(text.slice(0, complete)));
  }
  const fd = openSync(path, 'a');
  let open = true;
  const close = (): void => {
    if (!open) return;
    open = false;
    const empty = fstatSync(fd).size === 0;
    closeSync(fd);
    // A shrink that asked nothing leaves nothing behind.
    if (empty) unlinkQuietly(path);
  };
  const append = (entry: ProbeEntry | CommitEntry): void => {
    const buffer = Buffer.from(stringifyRedacted(entry, redact) + '\n', 'utf8');
    let written = 0;
    while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
    fsyncSync(fd);
  };
  return {
    path,
    replayable,
    commit,
    cache(name, problemOf) {
      const records = cacheNamed(caches, name);
      return {
        get: (key) => records.get(key),
        set(key, record) {
          if (records.has(key)) return;
          records.set(key, record);
          append({ type: 'probe', context, cache: name, key, problem: problemOf(key), judgement: record.judgement, calls: record.calls });
        },
      };
    },
    writeCommit(c) {
      append({ type: 'commit', commit: c });
    },
    remove() {
      close();
      unlinkQuietly(path);
    },
    close,
  };
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function cacheNamed(caches: Map<string, Map<string, ProbeRecord>>, name: string): Map<string, ProbeRecord> {
  let cache = caches.get(name);
  if (cache === undefined) caches.set(name, (cache = new Map()));
  return cache;
}

/** A journal line, or undefined for one that is not (a hand edit, an older format): it is ignored. */
function parseEntry(line: string): ProbeEntry | CommitEntry | undefined {
  if (line.trim() === '') return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const e = raw as Record<string, unknown>;
  if (e.type === 'commit' && isCommit(e.commit)) return { type: 'commit', commit: e.commit };
  if (e.type !== 'probe' || typeof e.cache !== 'string' || typeof e.key !== 'string' || typeof e.problem !== 'string') return undefined;
  if (typeof e.calls !== 'number' || !Number.isFinite(e.calls) || e.calls < 0 || !isJudgement(e.judgement)) return undefined;
  if (typeof e.context !== 'object' || e.context === null) return undefined;
  return e as unknown as ProbeEntry;
}

function isCommit(c: unknown): c is ShrinkCommit {
  if (typeof c !== 'object' || c === null) return false;
  const o = c as Record<string, unknown>;
  const offset = o.checkpoint_offset as Record<string, unknown> | null | undefined;
  return (
    typeof o.before_sha256 === 'string' &&
    typeof o.after_sha256 === 'string' &&
    (offset === null || (typeof offset === 'object' && offset !== undefined && typeof offset.from === 'number' && typeof offset.to === 'number'))
  );
}

/** The shape `judgeOutcome` writes; a replayed judgement is only ever compared and copied into the archive. */
function isJudgement(j: unknown): j is Judgement {
  if (typeof j !== 'object' || j === null) return false;
  const o = j as Record<string, unknown>;
  if (!['pass', 'fail', 'undecided', 'error'].includes(o.status as string) || typeof o.reason !== 'string' || !Array.isArray(o.answers)) return false;
  if (o.status !== 'fail') return true;
  return ['wrong', 'unparseable', 'no-answer', 'timeout'].includes(o.kind as string) && (o.proof === null || (typeof o.proof === 'object' && o.proof !== null));
}
