import type { CandidateLimits } from '../../constraints/candidateLimits.js';
import type { DistanceKind, LengthMeasure } from '../../fitness/types.js';
import type { MutationConfig } from '../../mutations/types.js';
import type { Expr } from '../expr/types.js';
import type { AnswerRecord, FailureKind, Proof } from '../judge/judgeTypes.js';
import type { TargetAnswer, TargetSettings } from '../targets/types.js';
import type { LineFields } from '../tasks/task.js';
import type { LineParameters } from '../tasks/readLineParameters.js';

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
  /** `--batch`: the Batch API jobs whose results were not read yet (batchJobsFile). */
  batchJobs: 'batch-jobs.json',
} as const;

/**
 * Files beside a run's own that other commands write (not listed in config.json `files`):
 * `archive shrink`'s journal, and the provenance of an `archive merge` directory.
 */
export const ARCHIVE_FILES = {
  shrinkJournal: 'shrink.jsonl',
  merge: 'merge.json',
} as const;

/**
 * A rewrite of archive.jsonl (`rewriteArchive`), journaled before the new file replaces the old
 * (shrink.jsonl's `commit`): the sha256 of the archive before and after, and checkpoint.json's
 * `offsets.archive` before and after (null: the run has no checkpoint to move).
 */
export interface ArchiveRewrite {
  readonly before_sha256: string;
  readonly after_sha256: string;
  readonly checkpoint_offset: { readonly from: number; readonly to: number } | null;
}

/** `format` of checkpoint.json. */
export const CHECKPOINT_FORMAT = 1;

/** `proven`: only proven failures are archived and scored; `all`: every failure, the paper's rule. */
export type FailuresMode = 'proven' | 'all';

/** `signature`: one archive line per signature (repeats are counted as variants); `exact`: one per problem. */
export type NoveltyMode = 'signature' | 'exact';

/** How the next seeds are chosen: k-means clusters' fittest, or simply the fittest. */
export type SeedSelection = 'elites' | 'kmeans' | 'fitness' | 'random';

/**
 * Every setting of a run, defaults applied. This is what config.json records under `settings`
 * and what `--resume` compares.
 */
export interface SearchSettings {
  readonly target: string;
  /**
   * The task searched (`--task`): `integrate`, `definite`, `series`, `limit` … Absent in runs made
   * before tasks, which are integrate runs.
   */
  readonly task?: string;
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
  /** Absent in runs made before proofs existed, which counts as `all`. */
  readonly failures: FailuresMode;
  /** Reference targets that may prove a failure without a verified-wrong answer (`[]`: none). Absent in older runs: none. */
  readonly reference: readonly string[];
  /** Absent in older runs: `exact`. */
  readonly novelty: NoveltyMode;
  /**
   * Generations in a row without a new signature after which the run stops as `stagnated` (0:
   * never). Absent in older runs: 0.
   */
  readonly patience: number;
  /** Target calls one failure's shrinking may spend (0: no shrinking). Absent in older runs: 0. */
  readonly shrinkCalls: number;
  /**
   * Target calls per node of the failing problem its shrinking may spend where that is more than
   * `shrinkCalls` (src/shrink/shrinkBudget.ts). Absent in older runs: 0.
   */
  readonly shrinkCallsPerNode: number;
  /**
   * How bug parents lean toward the bugs found last (`--bug-lean`): `none` (every known bug alike),
   * `rank` (the bug of recency rank r with weight 1/r) or `newest:p` (the newest bug's with odds
   * p, else the one before's, and so on); a targeting fitness draws them by tournament whatever it
   * is. Absent in older runs: `newestBugOdds`'s lean.
   */
  readonly bugLean: string;
  /** Written by runs made before `bugLean`: `newest:p` for odds p above 0, else `none`. */
  readonly newestBugOdds?: number;
  /**
   * Problems of one shape (the problem with its numbers erased) asked before later generations ask
   * no more of it (`--shape-cap`); 0: no cap. Absent in older runs: 0.
   */
  readonly shapeCap: number;
  /** Budgets: the run stops before spending more (null: no limit). Absent in older runs: null. */
  readonly maxTargetCalls: number | null;
  readonly maxTokensTotal: number | null;
  /** USD, priced by the target's prices (`--price-input` / `--price-output`, recorded with its settings). */
  readonly maxCost: number | null;
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
  /** The task and the settings that shape its verdicts and mutations (`Task.settings`); absent in runs made before tasks. */
  readonly task?: { readonly name: string; readonly settings: Readonly<Record<string, string | number | boolean>> };
  /** The reference targets (`settings.reference`) and their settings (absent in runs made before references). */
  readonly references?: ReadonlyArray<{ readonly name: string; readonly settings: TargetSettings }>;
  /** Several OpenAI endpoints: each one's requests, errors and time out of service in the last session of the run. */
  readonly endpoints?: ReadonlyArray<{ readonly url: string; readonly requests: number; readonly errors: number; readonly out_of_service_ms: number }>;
  readonly files: typeof RUN_FILES;
  readonly resumes: ReadonlyArray<{
    readonly at: string;
    readonly after_generation: number;
    readonly changed: readonly SettingDifference[];
    readonly forced: boolean;
  }>;
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
 * Why a run ended. `target-broken`: the target stopped working (see `runGenerations`); like `interrupted`,
 * the run resumes once the target is fixed.
 */
export type StopReason = 'archive-full' | 'max-generations' | 'no-seeds' | 'stalled' | 'exhausted' | 'stagnated' | 'interrupted' | 'target-broken' | 'budget';

export const STOP_REASON_TEXT: Readonly<Record<StopReason, string>> = {
  'archive-full': 'the archive reached --archive-size',
  'max-generations': 'the run reached --max-generations',
  'no-seeds': 'no seed was left (no candidate of the last generation reached τ and the initial seeds are not kept)',
  stalled: 'generations stopped producing new valid problems (every mutant was invalid or already evaluated)',
  exhausted: 'nothing new was left to ask: every child drawn, at every escalation level, was invalid, already evaluated or of a shape asked --shape-cap times',
  stagnated: 'no new signature came for --patience generations, the last of them at the highest escalation level',
  interrupted: 'the run was interrupted',
  'target-broken':
    'the target stopped working (its program was given up, failed its health check, or whole generations came back with nothing but transport errors)',
  budget: 'a budget was spent (--max-target-calls, --max-tokens-total or --max-cost)',
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
  /** The problem's tree (the integrand, the function …) in canonical infix. */
  readonly problem: string;
  /**
   * The task, on the lines of a run of any task but integrate (whose lines have no `task`), followed
   * by its parameters as the verify contract names them (`lower`, `upper`, `point`, `order`,
   * `direction`): see `Task.lineFields`.
   */
  readonly task?: string;
  /** A problem with parameters (`A`, `B` …): what is assumed of each (`{"A": "positive"}`), after the task's fields. */
  readonly parameters?: LineParameters;
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
  /** Why this is the model's failure; null only in a run made with `--failures all` (or before proofs existed). */
  readonly proof: Proof | null;
  /** The number-erased canonical form of `minimal.problem` (src/expr/signature.ts). */
  readonly signature: string;
  /** The smallest problem found that still fails the same way with a proof (the problem itself when nothing smaller does). */
  readonly minimal: MinimalFailure;
  /**
   * Other failures with this signature seen before this line was written: 0. Later repeats are
   * recorded in evaluated.jsonl (`variant_of`); readers (`readRun`) return the current count.
   */
  readonly variants: number;
  /** How the minimal form was found: target calls charged, candidates probed, steps taken, why it stopped. Absent when not shrunk. */
  readonly shrink?: { readonly calls: number; readonly probes: number; readonly steps: number; readonly stopped: string; readonly refused?: number };
  /** Provenance, in a merged archive only. */
  readonly sources?: readonly ArchiveSource[];
}

/** `minimal` of an archive line. */
export interface MinimalFailure {
  readonly problem: string;
  readonly answers: readonly AnswerRecord[];
  readonly proof: Proof | null;
  readonly nodes: number;
}

/** A line of evaluated.jsonl: every problem the target was asked, so that none is asked twice. */
export interface EvaluatedRecord {
  readonly key: string;
  readonly generation: number;
  readonly status: 'pass' | 'fail' | 'undecided' | 'skipped';
  readonly fitness: number | null;
  readonly problem: string;
  /** As in `ArchiveRecord`: the task and its parameters, on lines of a task other than integrate. */
  readonly task?: string;
  /** As in `ArchiveRecord`: what is assumed of the problem's parameters, when it has any. */
  readonly parameters?: LineParameters;
  readonly kind?: FailureKind;
  /** Why it is not a failure (undecided), was skipped, or is an unproven failure. */
  readonly reason?: string;
  /** On a failure: its proof, or null when unproven (then `reason` says why). */
  readonly proof?: Proof | null;
  /** On a failure: its signature. */
  readonly signature?: string;
  /** On a failure whose signature an archive line already has: that line's id (it takes no seat). */
  readonly variant_of?: string;
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
  /**
   * New problems drawn but not asked, because a targeting fitness asks one child of each slot's
   * brood, its fittest shape. Present only when some were.
   */
  readonly screened?: number;
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
  /** Proven failures (any kind), those left unproven, and the proven ones by kind and by proof. */
  readonly proven: number;
  readonly unproven: number;
  readonly proven_kinds: Readonly<Record<FailureKind, number>>;
  readonly proofs: Readonly<Record<Proof['by'], number>>;
  /** Failures whose signature was already archived (they take no seat). */
  readonly variants: number;
  /** Distinct signatures in the archive after this generation. */
  readonly signatures: number;
  /** Every call made to a target this generation (`calls` breaks it down). */
  readonly target_calls: number;
  readonly calls: CallCounts;
  readonly invalid_reasons: Readonly<Record<string, number>>;
  /** Size of the next seed set and how many clusters chose it. */
  readonly seeds: number;
  readonly clusters: number;
  /**
   * The next generation's parents by origin: initial seeds, the generation just judged (the paper's
   * selection), the population's elites, archived bugs. Absent in older runs.
   */
  readonly parents?: Readonly<Record<'initial' | 'pool' | 'elite' | 'bug', number>>;
  /** The population after this generation: cells holding an elite, QD-score, cells this generation filled or improved. Absent in older runs. */
  readonly population?: { readonly cells: number; readonly qd_score: number; readonly new_cells: number; readonly improved_cells: number };
  /**
   * The escalation level this generation was drawn at, the level the next one starts at, and the
   * generations and target calls since the last new signature. Absent in older runs.
   */
  readonly escalation?: { readonly drawn_at: number; readonly level: number; readonly stale_generations: number; readonly stale_calls: number };
  readonly seconds: { readonly target: number; readonly verify: number; readonly engine: number };
  /** Tokens the target under test reported this generation (0 for targets that count none). */
  readonly tokens: { readonly input: number; readonly output: number };
  /** USD, from --price-input / --price-output; null when no prices are set. */
  readonly cost: number | null;
}

/** Target calls by purpose: the problems of the generation, references proving failures, shrinking, health checks. */
export interface CallCounts {
  readonly problems: number;
  readonly references: number;
  readonly shrinking: number;
  readonly health: number;
}

/** Totals over the whole run, carried across resumes (checkpoint.json `totals`). */
export interface RunTotals {
  readonly candidates: number;
  readonly asked: number;
  readonly evaluated: number;
  readonly failures: number;
  readonly errors: number;
  readonly seconds: { readonly target: number; readonly verify: number; readonly engine: number; readonly wall: number };
  /**
   * Every call made to a target so far (absent in runs made before budgets existed: 0);
   * `--max-target-calls` counts them less `startup_calls` (src/search/budgetSpent.ts).
   */
  readonly target_calls?: number;
  /**
   * Of `target_calls`, those made before a session's first generation (the canary check at the
   * start of a run and of each resume), which no generation line counts. Absent: 0.
   */
  readonly startup_calls?: number;
  readonly proven?: number;
  readonly tokens?: { readonly input: number; readonly output: number };
  readonly cost?: number;
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
  /** A reference target's answers (its name); absent for the target under test. */
  readonly reference?: string;
  /**
   * A shrinking probe's answers, kept for the rest of the run (carried over when a generation is
   * committed) so that a candidate met again is not asked again: the generation that paid for them.
   */
  readonly probe?: number;
  /**
   * The problem as it was written to the target (its infix). Absent in older runs. Answers are used
   * again only for the same text: two problems with one key written differently (`1 + x`, `x + 1`)
   * are two questions to a model that reads text.
   */
  readonly problem?: string;
}

// ---- The same schema as the readers return it ----

/** Enumerations widened to string: a line written by another version or tool may hold values this sagga does not know. */
type Loose<T> = T extends string ? string : T;

/**
 * A schema line as the readers return it: the fields in `Required` are checked to be there, every
 * other field is null when the line lacks it (older runs, exports, merges, other tools).
 */
export type AsRead<T, Required extends keyof T> = { readonly [K in Required]-?: Loose<T[K]> } & {
  readonly [K in Exclude<keyof T, Required>]-?: Loose<Exclude<T[K], undefined>> | null;
};

/** An answer of an archive line as read: only `text` is required. */
export type AnswerLine = AsRead<AnswerRecord, 'text'>;

/** A proof as read: `by` required (`verifier` or `reference`), the rest null when missing. */
export type ProofLine = { readonly by: string; readonly reason: string | null; readonly reference: string | null; readonly answer: string | null };

/** `minimal` as read. */
export type MinimalLine = {
  readonly problem: string;
  readonly answers: readonly AnswerLine[];
  readonly proof: ProofLine | null;
  readonly nodes: number | null;
};

/**
 * A failure of evaluated.jsonl as read (a line with `status: "fail"`): every problem the target
 * failed, archived or not, with its proof (null: unproven, `reason` says why), its signature and,
 * for a repeat of an archived bug, the archive line it repeats (`variant_of`).
 */
export type FailureLine = {
  readonly key: string;
  readonly problem: string;
  readonly generation: number;
  readonly kind: string;
  readonly fitness: number | null;
  readonly reason: string | null;
  readonly proof: ProofLine | null;
  readonly signature: string | null;
  readonly variant_of: string | null;
  /** The task and its parameters as the line writes them; null for integrate's lines. */
  readonly task: string | null;
  readonly params: LineFields | null;
  /** What the problem assumes of its parameters (`{"A": "positive"}`); null when it has none. */
  readonly parameters: LineParameters | null;
};

/** The fields of an archive line the contract (docs/FORMATS.md) requires. */
export type ArchiveContractField = 'id' | 'problem' | 'generation' | 'fitness' | 'length' | 'nodes' | 'depth' | 'target' | 'kind';

/** An archive line as read: the contract's fields, the rest null when missing; unknown fields dropped. */
export type ArchiveLine = AsRead<Omit<ArchiveRecord, 'answers' | 'sources' | 'proof' | 'minimal' | 'shrink'>, ArchiveContractField> & {
  readonly answers: readonly AnswerLine[];
  /** null: unproven (`--failures all`), or a run made before proofs existed. */
  readonly proof: ProofLine | null;
  readonly minimal: MinimalLine | null;
  /** Provenance, for merged archives; null in a run's own archive. */
  readonly sources: readonly ArchiveSource[] | null;
  /** A task's parameters as the line writes them (`{"lower": "0", "upper": "1"}`, an ODE's `conditions` list); null for integrate (no `task`). */
  readonly params: LineFields | null;
};

/**
 * Tokens as read: `{input, output}` in runs that count them per direction, a plain count or a usage
 * record `{prompt, completion, total}` in older runs. `total` is always there; a direction the run
 * did not record is null.
 */
export type TokensLine = { readonly input: number | null; readonly output: number | null; readonly total: number };

/** Counts by name (failure kinds, proofs, call purposes) as read: only finite numbers are kept. */
export type CountsLine = Readonly<Record<string, number>>;

/** The generations.jsonl fields the readers use: `generation` required, the others null when missing. */
export type GenerationLine = AsRead<
  Pick<
    GenerationRecord,
    | 'generation'
    | 'candidates'
    | 'valid'
    | 'evaluated'
    | 'failures'
    | 'meeting_tau'
    | 'novel'
    | 'archive_size'
    | 'mean_length'
    | 'asked'
    | 'proven'
    | 'unproven'
    | 'variants'
    | 'signatures'
    | 'target_calls'
    | 'cost'
  >,
  'generation'
> & {
  /** Failures by kind (every failure, proven or not), and the proven ones by kind. */
  readonly kinds: CountsLine | null;
  readonly proven_kinds: CountsLine | null;
  /** Proven failures by proof (`verifier`, `reference`). */
  readonly proofs: CountsLine | null;
  /** Target calls by purpose (`problems`, `references`, `shrinking`, `health`). */
  readonly calls: CountsLine | null;
  /** Tokens spent on the target this generation, when recorded. */
  readonly tokens: TokensLine | null;
  /** The population after the generation (`cells`, `qd_score`, `new_cells`, `improved_cells`), when recorded. */
  readonly population: CountsLine | null;
  /** Escalation (`drawn_at`, `level`, `stale_generations`, `stale_calls`), when recorded. */
  readonly escalation: CountsLine | null;
  /** The next generation's parents by origin, when recorded. */
  readonly parents: CountsLine | null;
  readonly seconds: AsRead<GenerationRecord['seconds'], never>;
};

/** checkpoint.json `totals` as read, each null when missing. */
export type TotalsLine = AsRead<Pick<RunTotals, 'candidates' | 'asked' | 'evaluated' | 'failures' | 'target_calls' | 'proven' | 'cost'>, never> & {
  readonly tokens: TokensLine | null;
  readonly seconds: AsRead<RunTotals['seconds'], never>;
};
