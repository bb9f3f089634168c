import type { ArchiveLine, FailureLine, GenerationLine, TotalsLine } from './runSchema.js';

/**
 * What the report and the `sagga archive` commands get from a run directory: its lines read
 * tolerantly into the run schema (`ArchiveLine`, `GenerationLine`: the written types, with what a
 * line lacks set to null), so that every consumer handles missing optional fields the same way.
 */

/** A parsed line checked and normalised, or why it was rejected. */
export type Converted<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** A line or file that could not be read, named so that the user can find it (`file:line`). */
export interface ReadWarning {
  readonly file: string;
  /** 1-based line number, null for a whole-file problem. */
  readonly line: number | null;
  readonly message: string;
}

/** Everything readable in one run directory. */
export interface RunData {
  /** The directory as given. */
  readonly dir: string;
  /** Short name for legends: the directory's base name. */
  readonly name: string;
  /** config.json as parsed (untrusted content), null when missing or unreadable. */
  readonly config: Readonly<Record<string, unknown>> | null;
  readonly entries: readonly ArchiveLine[];
  readonly generations: readonly GenerationLine[];
  /**
   * Every failure of evaluated.jsonl, in file order (archived, variants, unproven); null when the
   * run has no evaluated.jsonl (an archive file, or a run made before it was written).
   */
  readonly failures: readonly FailureLine[] | null;
  readonly totals: TotalsLine | null;
  /** Why the run stopped, from checkpoint.json, when recorded. */
  readonly stopReason: string | null;
  /** Completed generations according to the checkpoint, when recorded. */
  readonly checkpointGeneration: number | null;
  readonly warnings: readonly ReadWarning[];
}
