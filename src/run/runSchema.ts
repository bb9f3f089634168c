import type { CandidateLimits } from '../../constraints/candidateLimits.js';
import type { DistanceKind, LengthMeasure } from '../../fitness/types.js';
import type { MutationConfig } from '../../mutations/types.js';
import type { Expr } from '../expr/types.js';
import type { AnswerRecord, FailureKind } from '../judge/judgeTypes.js';
import type { TargetAnswer, TargetSettings } from '../targets/types.js';

/**
 * The run directory's one schema: config.json, archive.jsonl, evaluated.jsonl, generations.jsonl,
 * journal.jsonl and checkpoint.json, in their on-disk (snake_case) shape. `RunFiles` writes these
 * types; the readers (`readRun`) return them too, through `AsRead`: the same fields, with what an
 * older run, an export or a merge may lack set to null.
 */

/** The file names of a run directory. */
export const RUN_FILES = {
  config: 'config.json',
  checkpoint: 'checkpoint.json',
  archive: 'archive.jsonl',
  evaluated: 'evaluated.jsonl',
  generations: 'generations.jsonl',
  journal: 'journal.jsonl',
  /** Held by the one sagga writing the run (acquireRunLock). */
  lock: 'run.lock',
} as const;

/** `format` of checkpoint.json. */
export const CHECKPOINT_FORMAT = 1;

/** How the next seeds are chosen: k-means clusters' fittest, or simply the fittest. */
export type SeedSelection = 'kmeans' | 'fitness';

/**
 * Every setting of a run, defaults applied. This is what config.json records under `settings`
 * and what `--resume` compares.
 */
export interface SearchSettings {
  readonly target: string;
  /** Seed set name or file. */
  readonly seeds: string;
  /** Mutation preset name. */
  readonly mutations: string;
  /** `--mutation-params`: overrides of the preset (a JSON object), null for none. */
  readonly mutationParams: Readonly<Record<string, unknown>> | null;
  /** `--ops`: the operation set mutations may introduce, null for the preset's. */
  readonly ops: readonly string[] | null;
  readonly fitness: string;
  readonly distance: DistanceKind;
  readonly lengthMeasure: LengthMeasure;
  readonly requireOps: readonly string[];
  readonly tau: number;
  readonly seedSize: number;
  readonly generationSize: number;
  readonly clusters: number;
  readonly archiveSize: number;
  /** null: no limit. */
  readonly maxGenerations: number | null;
  /** Answers per problem (Fail@k). */
  readonly k: number;
  readonly embedder: string;
  readonly rngSeed: string;
  readonly concurrency: number;
  readonly seedSelection: SeedSelection;
  /** Keep the initial seeds in every seed set (as the reference does). */
  readonly keepInitialSeeds: boolean;
  /** How often a problem whose answers failed in transport (`error`) is asked again before it is skipped. */
  readonly maxRetries: number;
  /**
   * Check the target on a few easy problems before the run (`checkCanaries`); `--no-canaries` gives
   * false. Absent in runs made before the check existed, which counts as true.
   */
  readonly canaries: boolean;
}

/** A setting that differs between a saved run and a resume (config.json `resumes[].changed`). */
export interface SettingDifference {
  readonly setting: keyof SearchSettings;
  readonly saved: unknown;
  readonly requested: unknown;
}

/** config.json of a run. */
export interface RunConfig {
  readonly sagga: { readonly version: string; readonly node: string; readonly dependencies: Readonly<Record<string, string>> };
  readonly created: string;
  readonly settings: SearchSettings;
  readonly rng_seed: string;
  readonly mutation_config: MutationConfig;
  readonly fitness: { readonly spec: string; readonly description: string };
  readonly embedder: { readonly name: string; readonly dim: number };
  readonly seeds: RunSeeds;
  readonly candidate_limits: CandidateLimits;
  /** `settings`: the target's `describe()` (absent in runs made before it was recorded). */
  readonly target: { readonly name: string; readonly settings?: TargetSettings };
  readonly files: typeof RUN_FILES;
  readonly resumes: ReadonlyArray<{ readonly at: string; readonly after_generation: number; readonly changed: readonly SettingDifference[]; readonly forced: boolean }>;
  /**
   * sha256 of the canonical JSON of the fields that shape the run (`settingsHash`), written by
   * `RunFiles.writeConfig`; `--resume` refuses a config.json that no longer matches it. Absent in
   * runs made before it was recorded.
   */
  readonly settings_sha256?: string;
}

/**
 * config.json `seeds`: the seed set the run started from. A seed file is recorded by its path,
 * hashes and count (whatever its size); a built-in set also by its expressions, keys and trees.
 * Runs made before the hashes were recorded hold the expressions, keys and trees of every set.
 */
export interface RunSeeds {
  readonly name: string;
  readonly source: string;
  /** sha256 (hex) of the seed file's bytes. */
  readonly sha256?: string;
  /** sha256 (hex) of the seeds' canonical keys, one a line: what `--resume` compares. */
  readonly keys_sha256?: string;
  /** Number of seed expressions. */
  readonly count?: number;
  readonly exprs?: readonly string[];
  readonly keys?: readonly string[];
  readonly trees?: readonly Expr[];
}

/**
 * Why a run ended. `target-broken`: the target stopped working (see `runSearch`); like `interrupted`,
 * the run resumes once the target is fixed.
 */
export type StopReason = 'archive-full' | 'max-generations' | 'no-seeds' | 'stalled' | 'interrupted' | 'target-broken';

export const STOP_REASON_TEXT: Readonly<Record<StopReason, string>> = {
  'archive-full': 'the archive reached --archive-size',
  'max-generations': 'the run reached --max-generations',
  'no-seeds': 'no seed was left (no candidate of the last generation reached τ and the initial seeds are not kept)',
  stalled: 'generations stopped producing new valid problems (every mutant was invalid or already evaluated)',
  interrupted: 'the run was interrupted',
  'target-broken': 'the target stopped working (its program was given up, or whole generations came back with nothing but transport errors)',
};

/** Where a line of a merged archive came from. */
export interface ArchiveSource {
  /** Name of the run (its directory's base name, or the merge's label for it). */
  readonly run: string;
  /** The line's id in that run. */
  readonly id: string;
}

/** A line of archive.jsonl (and of an exported or merged archive, which may add `sources`). */
export interface ArchiveRecord {
  readonly id: string;
  readonly problem: string;
  readonly latex: string;
  readonly key: string;
  readonly generation: number;
  readonly fitness: number;
  /** In the run's length measure (settings.lengthMeasure). */
  readonly length: number;
  readonly chars: number;
  readonly tokens: number;
  readonly nodes: number;
  readonly depth: number;
  readonly terms: number;
  readonly target: string;
  readonly kind: FailureKind;
  readonly reason: string;
  readonly parent: string;
  readonly answers: readonly AnswerRecord[];
  /** Provenance, in a merged archive only. */
  readonly sources?: readonly ArchiveSource[];
}

/** A line of evaluated.jsonl: every problem the target was asked, so that none is asked twice. */
export interface EvaluatedRecord {
  readonly key: string;
  readonly generation: number;
  readonly status: 'pass' | 'fail' | 'undecided' | 'skipped';
  readonly fitness: number | null;
  readonly problem: string;
  readonly kind?: FailureKind;
  /** Why it is not a failure (undecided) or was skipped. */
  readonly reason?: string;
}

/** Tokens spent on a target: a count, or a usage record. */
export type TokenUsage = number | { readonly prompt?: number; readonly completion?: number; readonly total: number };

/** A line of generations.jsonl. */
export interface GenerationRecord {
  readonly generation: number;
  /** Mutants made (plus problems asked again after a transport error). */
  readonly candidates: number;
  /** Mutants that passed the candidate check. */
  readonly valid: number;
  /** Valid mutants dropped because the same problem was already evaluated or made earlier in this generation. */
  readonly duplicates: number;
  /** Problems the target was asked (new ones and retries). */
  readonly asked: number;
  /** Problems with a decision (pass, fail or undecided). */
  readonly evaluated: number;
  readonly failures: number;
  readonly undecided: number;
  /** Problems whose answers were lost in transport this generation. */
  readonly errors: number;
  /** Problems given up after too many transport errors. */
  readonly skipped: number;
  readonly meeting_tau: number;
  /** Failures meeting τ that were new to the archive and were added to it. */
  readonly novel: number;
  readonly archive_size: number;
  /** Mean length (settings.lengthMeasure) of the problems evaluated this generation. */
  readonly mean_length: number | null;
  /** Mean length of the problems archived this generation. */
  readonly archived_mean_length: number | null;
  readonly mean_fitness_archived: number | null;
  readonly kinds: Readonly<Record<FailureKind, number>>;
  readonly invalid_reasons: Readonly<Record<string, number>>;
  /** Size of the next seed set and how many clusters chose it. */
  readonly seeds: number;
  readonly clusters: number;
  readonly seconds: { readonly target: number; readonly verify: number; readonly engine: number };
  /** Tokens spent on the target, in runs that count them (sagga's own search does not write it). */
  readonly tokens?: TokenUsage;
}

/** Totals over the whole run, carried across resumes (checkpoint.json `totals`). */
export interface RunTotals {
  readonly candidates: number;
  readonly asked: number;
  readonly evaluated: number;
  readonly failures: number;
  readonly errors: number;
  readonly seconds: { readonly target: number; readonly verify: number; readonly engine: number; readonly wall: number };
  /** Tokens spent on the target, in runs that count them (sagga's own search does not write it). */
  readonly tokens?: TokenUsage;
}

/**
 * checkpoint.json: the state `S` of the search after the last completed generation (the engine's,
 * opaque here) and the byte length each log had then. Anything in a log beyond its recorded length
 * belongs to a generation that did not complete, and is cut off on resume.
 */
export interface Checkpoint<S> {
  readonly format: number;
  readonly engine: S;
  readonly offsets: Readonly<Record<'archive' | 'evaluated' | 'generations', number>>;
  readonly rngState: object;
  readonly totals: RunTotals;
  readonly updated: string;
}

/** A line of journal.jsonl: a target's answers to one problem, kept until its generation is committed. */
export interface JournalEntry {
  readonly key: string;
  readonly answers: readonly TargetAnswer[];
}

// ---- The same schema as the readers return it ----

/** Enumerations widened to string: a line written by another version or tool may hold values this sagga does not know. */
type Loose<T> = T extends string ? string : T;

/**
 * A schema line as the readers return it: the fields in `Required` are checked to be there, every
 * other field is null when the line lacks it (older runs, exports, merges, other tools).
 */
export type AsRead<T, Required extends keyof T> = { readonly [K in Required]-?: Loose<T[K]> } & { readonly [K in Exclude<keyof T, Required>]-?: Loose<Exclude<T[K], undefined>> | null };

/** An answer of an archive line as read: only `text` is required. */
export type AnswerLine = AsRead<AnswerRecord, 'text'>;

/** The fields of an archive line the contract (docs/FORMATS.md) requires. */
export type ArchiveContractField = 'id' | 'problem' | 'generation' | 'fitness' | 'length' | 'nodes' | 'depth' | 'target' | 'kind';

/** An archive line as read: the contract's fields, the rest null when missing; unknown fields dropped. */
export type ArchiveLine = AsRead<Omit<ArchiveRecord, 'answers' | 'sources'>, ArchiveContractField> & {
  readonly answers: readonly AnswerLine[];
  /** Provenance, for merged archives; null in a run's own archive. */
  readonly sources: readonly ArchiveSource[] | null;
};

/** The generations.jsonl fields the readers use: `generation` required, the others null when missing. */
export type GenerationLine = AsRead<Pick<GenerationRecord, 'generation' | 'candidates' | 'valid' | 'evaluated' | 'failures' | 'meeting_tau' | 'novel' | 'archive_size' | 'mean_length' | 'asked'>, 'generation'> & {
  /** Tokens spent on the target this generation (the total of a usage record), when recorded. */
  readonly tokens: number | null;
  readonly seconds: AsRead<GenerationRecord['seconds'], never>;
};

/** checkpoint.json `totals` as read, each null when missing. */
export type TotalsLine = AsRead<Pick<RunTotals, 'candidates' | 'asked' | 'evaluated' | 'failures'>, never> & {
  readonly tokens: number | null;
  readonly seconds: AsRead<RunTotals['seconds'], never>;
};
