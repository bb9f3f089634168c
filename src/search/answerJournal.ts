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
  private readonly entries = new Map<string, readonly TargetAnswer[]>();
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
      const id = slot(e.key, e.reference);
      if (e.answers.length > 0) this.entries.set(id, e.answers);
      else this.entries.delete(id);
      if (e.probe !== undefined && e.answers.length > 0) this.probes.set(id, { entry: e, generation: e.probe });
    }
    for (const id of this.entries.keys()) if ((this.probes.get(id)?.generation ?? Infinity) > committed) this.uncharged.add(id);
  }

  get(key: string, reference?: string): readonly TargetAnswer[] | undefined {
    return this.entries.get(slot(key, reference));
  }

  /** Are these answers read back from journal.jsonl and not used yet (`chargeReplay` will charge them)? */
  isUnpaid(key: string, reference?: string): boolean {
    return this.uncharged.has(slot(key, reference));
  }

  /**
   * Is this the first use of answers read back from journal.jsonl? Then it stands for the call that
   * paid for them before the run was stopped, and is charged like one (so a generation's calls come
   * out the same however often the run was resumed); later uses, like uses of answers got in this
   * session, cost nothing.
   */
  chargeReplay(key: string, reference?: string): boolean {
    return this.uncharged.delete(slot(key, reference));
  }

  /** `probe`: a shrinking probe's answers, paid for in that generation, kept for the rest of the run. */
  put(key: string, answers: readonly TargetAnswer[], reference?: string, probe?: number): void {
    const entry: JournalEntry = { key, answers, ...(reference !== undefined ? { reference } : {}), ...(probe !== undefined ? { probe } : {}) };
    this.write(entry);
    this.entries.set(slot(key, reference), answers);
    if (probe !== undefined) this.probes.set(slot(key, reference), { entry, generation: probe });
  }

  /**
   * Keep the target's answers to `key`, paid for in `generation`, for the rest of the run: the
   * problem is asked again in a later generation (its proof waits for the budget), and must not
   * be paid for twice.
   */
  keep(key: string, generation: number): void {
    const answers = this.entries.get(slot(key));
    if (answers !== undefined) this.put(key, answers, undefined, generation);
  }

  /** Forget the target's answers to `key` (not the references'). */
  drop(key: string): void {
    if (!this.entries.has(slot(key))) return;
    this.write({ key, answers: [] });
    this.entries.delete(slot(key));
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
    for (const [id, { entry }] of this.probes) this.entries.set(id, entry.answers);
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

function slot(key: string, reference?: string): string {
  return reference === undefined ? key : `${reference}\u0000${key}`;
}
