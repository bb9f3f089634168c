import { join } from 'node:path';
import type { Judgement } from '../judge/judgeTypes.js';
import { stringifyRedacted, type Redact } from '../util/redactSecrets.js';
import { JsonLinesJournal } from './jsonLinesJournal.js';
import { ARCHIVE_FILES, type ArchiveRewrite } from './runSchema.js';

/** What a probe's answer depends on besides the problem: who was asked, how many answers, which references. */
export interface ShrinkJournalContext {
  /** The target's spec, redacted as it is recorded. */
  readonly target: string;
  readonly k: number;
  readonly references: readonly string[];
}

/** A probe as the journal keeps it: its judgement and the target calls it cost (a `ProbeRecord` of src/shrink). */
export interface JournaledProbe {
  readonly judgement: Judgement;
  readonly calls: number;
}

/**
 * The probes of one cache by canonical key and the text the problem was asked as (a `ProbeCache` of
 * src/shrink): `get` answers only a probe of that text (or one journaled without a text), `set`
 * journals a new one.
 */
export interface JournaledProbes {
  get(key: string, problem: string): JournaledProbe | undefined;
  set(key: string, probe: JournaledProbe, problem: string): void;
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
  readonly commit: ArchiveRewrite;
}

export interface ShrinkJournal {
  readonly path: string;
  /** Probes of this context loaded from an earlier, unfinished shrink. */
  readonly replayable: number;
  /** The rewrite of the archive an earlier shrink journaled before it was stopped, if any. */
  readonly commit: ArchiveRewrite | undefined;
  /** The probes of one cache; `set` appends each new probe to the file (flushed) before returning. */
  cache(name: string): JournaledProbes;
  /** Journal the rewrite about to replace the archive (flushed). */
  writeCommit(commit: ArchiveRewrite): void;
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
  const contextText = JSON.stringify(context);
  const caches = new Map<string, Map<string, JournaledProbe>>();
  let commit: ArchiveRewrite | undefined;
  let replayable = 0;
  const { journal, lines } = JsonLinesJournal.open(join(dir, ARCHIVE_FILES.shrinkJournal));
  for (const line of lines) {
    const entry = parseEntry(line);
    if (entry === undefined) continue;
    if (entry.type === 'commit') commit = entry.commit;
    else if (JSON.stringify(entry.context) === contextText) {
      const cache = cacheNamed(caches, entry.cache);
      const id = probeId(entry.key, entry.problem);
      if (!cache.has(id)) replayable++;
      cache.set(id, { judgement: entry.judgement, calls: entry.calls });
    }
  }
  let open = true;
  const close = (): void => {
    if (!open) return;
    open = false;
    // A shrink that asked nothing leaves nothing behind.
    if (journal.size() === 0) journal.remove();
    else journal.close();
  };
  const append = (entry: ProbeEntry | CommitEntry): void => journal.append([stringifyRedacted(entry, redact)]);
  return {
    path: journal.path,
    replayable,
    commit,
    cache(name) {
      const records = cacheNamed(caches, name);
      const get = (key: string, problem: string): JournaledProbe | undefined => records.get(probeId(key, problem)) ?? records.get(probeId(key, ''));
      return {
        get,
        set(key, record, problem) {
          if (get(key, problem) !== undefined) return;
          records.set(probeId(key, problem), { judgement: record.judgement, calls: record.calls });
          append({ type: 'probe', context, cache: name, key, problem, judgement: record.judgement, calls: record.calls });
        },
      };
    },
    writeCommit(c) {
      append({ type: 'commit', commit: c });
    },
    remove() {
      open = false;
      journal.remove();
    },
    close,
  };
}

/**
 * The rewrite of the archive that the shrink journal of run directory `dir` records last, if any:
 * read without opening the journal for appending (a resumed search finishes it, `finishArchiveRewrite`).
 */
export function pendingArchiveRewrite(dir: string): ArchiveRewrite | undefined {
  let commit: ArchiveRewrite | undefined;
  for (const line of JsonLinesJournal.readLines(join(dir, ARCHIVE_FILES.shrinkJournal))) {
    const entry = parseEntry(line);
    if (entry?.type === 'commit') commit = entry.commit;
  }
  return commit;
}

/** A probe's place in its cache: the key, and the text it was asked as when known. */
function probeId(key: string, problem: string): string {
  return problem === '' ? key : `${key}\u0000${problem}`;
}

function cacheNamed(caches: Map<string, Map<string, JournaledProbe>>, name: string): Map<string, JournaledProbe> {
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

function isCommit(c: unknown): c is ArchiveRewrite {
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
