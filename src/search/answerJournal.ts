import type { JournalEntry } from '../run/runSchema.js';
import type { TargetAnswer } from '../targets/types.js';

/**
 * The answers of the generation in progress — the target's, and the references' — by problem key:
 * what a resumed run replays instead of paying for them again. Each entry is written to journal.jsonl
 * before its answers are used (so a process killed at any moment has recorded every answer it acted
 * on, and a resumed run neither asks nor pays for one again); the disk is made to hold them in
 * batches (at most FLUSH_MS later, and always before the generation is committed or the run stops),
 * since one fsync per answer would cost more than a fast target's answer. A `drop` appends an empty
 * entry, which replaces the earlier one when the journal is read back (answers revoked by a failed
 * health check are asked again).
 */
export class AnswerJournal {
  /** The entry holding the answers of each slot: key, reference and the problem's text (entries of older runs have none). */
  private readonly entries = new Map<string, JournalEntry>();
  /** Entries read back from journal.jsonl and not used yet: their first use stands for the call that paid for them. */
  private readonly uncharged = new Set<string>();
  /** Shrinking probes' answers, kept for the whole run, with the generation that paid for each. */
  private readonly probes = new Map<string, { readonly entry: JournalEntry; readonly generation: number }>();
  private readonly append: (entries: readonly JournalEntry[], durable: boolean) => void;
  private readonly sync: () => void;
  private unsynced = false;
  private timer: NodeJS.Timeout | undefined;
  /** A write that failed on the timer, thrown to the next caller (a timer has no one to throw to). */
  private failure: unknown;

  /**
   * `saved`: journal.jsonl's entries, in file order; `committed`: the last committed generation (the
   * probes it and earlier ones paid for are not charged again); `append` writes lines (`durable`:
   * and waits for the disk), `sync` waits for the disk to hold every line written.
   */
  constructor(saved: readonly JournalEntry[], committed: number, append: (entries: readonly JournalEntry[], durable: boolean) => void, sync: () => void) {
    this.append = append;
    this.sync = sync;
    for (const e of saved) {
      const id = slot(e.key, e.reference, e.problem);
      if (e.answers.length > 0) this.entries.set(id, e);
      else for (const other of this.slotsOf(e.key, e.reference)) this.entries.delete(other);
      if (e.probe !== undefined && e.answers.length > 0) this.probes.set(id, { entry: e, generation: e.probe });
    }
    for (const id of this.entries.keys()) if ((this.probes.get(id)?.generation ?? Infinity) > committed) this.uncharged.add(id);
  }

  /**
   * The answers journaled for `key` written as `problem`, or undefined: a problem with the same key
   * written differently was another question (a model reads text). An entry of an older run, which
   * has no text, answers any.
   */
  get(key: string, reference?: string, problem?: string): readonly TargetAnswer[] | undefined {
    const id = this.find(key, reference, problem);
    return id === undefined ? undefined : this.entries.get(id)?.answers;
  }

  /** Are these answers read back from journal.jsonl and not used yet (`chargeReplay` will charge them)? */
  isUnpaid(key: string, reference?: string, problem?: string): boolean {
    const id = this.find(key, reference, problem);
    return id !== undefined && this.uncharged.has(id);
  }

  /**
   * Is this the first use of answers read back from journal.jsonl? Then it stands for the call that
   * paid for them before the run was stopped, and is charged like one (so a generation's calls come
   * out the same however often the run was resumed); later uses, like uses of answers got in this
   * session, cost nothing.
   */
  chargeReplay(key: string, reference?: string, problem?: string): boolean {
    const id = this.find(key, reference, problem);
    return id !== undefined && this.uncharged.delete(id);
  }

  /**
   * Journal answers just paid for, to the problem written as `problem`; `probe`: a shrinking probe's
   * answers, paid for in that generation, kept for the rest of the run.
   */
  put(key: string, answers: readonly TargetAnswer[], reference?: string, probe?: number, problem?: string): void {
    this.record({
      key,
      answers,
      ...(reference !== undefined ? { reference } : {}),
      ...(probe !== undefined ? { probe } : {}),
      ...(problem !== undefined ? { problem } : {}),
    });
  }

  /**
   * Keep the target's answers to `key` (however it was written), paid for in `generation`, for the
   * rest of the run: the problem is asked again in a later generation (its proof waits for the
   * budget), and must not be paid for twice.
   */
  keep(key: string, generation: number): void {
    for (const id of this.slotsOf(key, undefined)) {
      const { answers, problem } = this.entries.get(id)!;
      this.record({ key, answers, probe: generation, ...(problem !== undefined ? { problem } : {}) });
    }
  }

  /** Forget the target's answers to `key`, however it was written (not the references'). */
  drop(key: string): void {
    const ids = this.slotsOf(key, undefined);
    if (ids.length === 0) return;
    this.write({ key, answers: [] });
    for (const id of ids) this.entries.delete(id);
  }

  /** Make every entry written so far durable now. */
  flush(): void {
    if (this.failure !== undefined) throw this.failure;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.unsynced) return;
    this.unsynced = false;
    this.sync();
  }

  /** The entries a commit carries over into the next generation's journal: the shrinking probes' answers, kept for the rest of the run. */
  carried(): JournalEntry[] {
    return [...this.probes.values()].map((p) => p.entry);
  }

  /**
   * After a commit (which replaced the journal file with the `carried` entries): forget the
   * generation's answers, pending entries too, but for the probes'.
   */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unsynced = false;
    this.entries.clear();
    this.uncharged.clear();
    for (const [id, { entry }] of this.probes) this.entries.set(id, entry);
  }

  private record(entry: JournalEntry): void {
    this.write(entry);
    const id = slot(entry.key, entry.reference, entry.problem);
    this.entries.set(id, entry);
    if (entry.probe !== undefined) this.probes.set(id, { entry, generation: entry.probe });
  }

  /** The slot holding answers to `key` written as `problem`, else its entry of an older run (no text). */
  private find(key: string, reference: string | undefined, problem: string | undefined): string | undefined {
    const exact = slot(key, reference, problem);
    if (this.entries.has(exact)) return exact;
    const untexted = slot(key, reference, undefined);
    return this.entries.has(untexted) ? untexted : undefined;
  }

  /** Every slot of `key` and `reference`, whatever the text. */
  private slotsOf(key: string, reference: string | undefined): string[] {
    const prefix = slot(key, reference, undefined);
    return [...this.entries.keys()].filter((id) => id === prefix || id.startsWith(`${prefix}\u0000`));
  }

  private write(entry: JournalEntry): void {
    if (this.failure !== undefined) throw this.failure;
    this.append([entry], false);
    this.unsynced = true;
    this.timer ??= setTimeout(() => {
      try {
        this.flush();
      } catch (err) {
        this.failure = err;
      }
    }, FLUSH_MS);
  }
}

const FLUSH_MS = 200;

/** A slot: reference, key, and the problem's text when known. */
function slot(key: string, reference: string | undefined, problem: string | undefined): string {
  const base = `${reference ?? ''}\u0000${key}`;
  return problem === undefined ? base : `${base}\u0000${problem}`;
}
