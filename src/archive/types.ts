/**
 * The archive as the report and the `sagga archive` commands see it: lines of a run directory
 * (DESIGN.md: config.json, archive.jsonl, generations.jsonl, checkpoint.json) read tolerantly and
 * normalised to a fixed shape, so that every consumer handles missing optional fields the same way.
 */

/** One of the model's answers to an archived problem. Absent optional fields are null. */
export interface ArchiveAnswer {
  readonly text: string;
  readonly verdict: string | null;
  readonly reason: string | null;
  /** How the answer was read (`ok`, `unparseable`, `no-answer`, `timeout`, `error`), when recorded. */
  readonly status: string | null;
  /** The parsed answer in canonical infix, when the run recorded one. */
  readonly answer: string | null;
}

/** Where an entry of a merged archive came from. */
export interface ArchiveSource {
  /** Name of the run (its directory's base name, or the merge's label for it). */
  readonly run: string;
  /** The entry's id in that run. */
  readonly id: string;
}

/**
 * One line of archive.jsonl. The first block is required by DESIGN.md; the rest is what runs
 * usually add, null when a line does not have it.
 */
export interface ArchiveEntry {
  readonly id: string;
  readonly problem: string;
  readonly generation: number;
  readonly fitness: number;
  readonly length: number;
  readonly nodes: number;
  readonly depth: number;
  readonly target: string;
  readonly kind: string;
  readonly answers: readonly ArchiveAnswer[];

  readonly latex: string | null;
  readonly key: string | null;
  readonly terms: number | null;
  readonly chars: number | null;
  readonly tokens: number | null;
  readonly reason: string | null;
  readonly parent: string | null;
  /** Provenance, for merged archives; null in a run's own archive. */
  readonly sources: readonly ArchiveSource[] | null;
}

/** The field order of an exported or merged line (and of ArchiveEntry). */
export const ARCHIVE_FIELDS = [
  'id',
  'problem',
  'latex',
  'key',
  'generation',
  'fitness',
  'length',
  'chars',
  'tokens',
  'nodes',
  'depth',
  'terms',
  'target',
  'kind',
  'reason',
  'parent',
  'answers',
  'sources',
] as const satisfies readonly (keyof ArchiveEntry)[];

/** The fields of ARCHIVE_FIELDS that hold one value (all but the lists `answers` and `sources`). */
export type ScalarField = Exclude<(typeof ARCHIVE_FIELDS)[number], 'answers' | 'sources'>;

/** The scalar fields, in ARCHIVE_FIELDS order: the plain columns of the CSV and Parquet exports. */
export const SCALAR_FIELDS: readonly ScalarField[] = ARCHIVE_FIELDS.filter((f): f is ScalarField => f !== 'answers' && f !== 'sources');

/** One line of generations.jsonl. Fields DESIGN.md does not require are null when missing. */
export interface GenerationRow {
  readonly generation: number;
  readonly candidates: number | null;
  readonly valid: number | null;
  readonly evaluated: number | null;
  readonly failures: number | null;
  readonly meetingTau: number | null;
  readonly novel: number | null;
  readonly archiveSize: number | null;
  readonly meanLength: number | null;
  /** Problems put to the target (`asked`), when recorded. */
  readonly asked: number | null;
  /** Tokens spent on the target this generation, when the run records them. */
  readonly tokens: number | null;
  readonly seconds: { readonly target: number | null; readonly verify: number | null; readonly engine: number | null };
}

/** A parsed line checked and normalised, or why it was rejected. */
export type Converted<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** A line or file that could not be read, named so that the user can find it (`file:line`). */
export interface ReadWarning {
  readonly file: string;
  /** 1-based line number, null for a whole-file problem. */
  readonly line: number | null;
  readonly message: string;
}

/** Totals a run keeps across resumes (checkpoint.json), when present. */
export interface RunTotalsView {
  readonly candidates: number | null;
  readonly asked: number | null;
  readonly evaluated: number | null;
  readonly failures: number | null;
  readonly tokens: number | null;
  readonly seconds: { readonly target: number | null; readonly verify: number | null; readonly engine: number | null; readonly wall: number | null };
}

/** Everything readable in one run directory. */
export interface RunData {
  /** The directory as given. */
  readonly dir: string;
  /** Short name for legends: the directory's base name. */
  readonly name: string;
  /** config.json as parsed (untrusted content), null when missing or unreadable. */
  readonly config: Readonly<Record<string, unknown>> | null;
  readonly entries: readonly ArchiveEntry[];
  readonly generations: readonly GenerationRow[];
  readonly totals: RunTotalsView | null;
  /** Why the run stopped, from checkpoint.json, when recorded. */
  readonly stopReason: string | null;
  /** Completed generations according to the checkpoint, when recorded. */
  readonly checkpointGeneration: number | null;
  readonly warnings: readonly ReadWarning[];
}
