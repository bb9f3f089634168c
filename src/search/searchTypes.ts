import type { DistanceKind, LengthMeasure } from '../../fitness/types.js';
import type { Expr } from '../expr/types.js';
import type { AnswerStatus } from '../targets/types.js';
import type { Verdict } from '../verify/types.js';
import type { SeedSelection } from './selectSeeds.js';

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

/** Why a run ended. */
export type StopReason = 'archive-full' | 'max-generations' | 'no-seeds' | 'stalled' | 'interrupted';

export const STOP_REASON_TEXT: Readonly<Record<StopReason, string>> = {
  'archive-full': 'the archive reached --archive-size',
  'max-generations': 'the run reached --max-generations',
  'no-seeds': 'no seed was left (no candidate of the last generation reached τ and the initial seeds are not kept)',
  stalled: 'generations stopped producing new valid problems (every mutant was invalid or already evaluated)',
  interrupted: 'the run was interrupted',
};

/** Archive kinds: why the model's answers count as a failure. */
export type FailureKind = 'wrong' | 'unparseable' | 'no-answer' | 'timeout';

/** One of the model's answers, as the archive and the journal record it. */
export interface AnswerRecord {
  readonly text: string;
  readonly status: AnswerStatus;
  /**
   * The verifier's verdict for a parsed answer; null when the answer was not verified (not parsed,
   * declined, timed out, or an earlier answer was already correct). Always present, as the
   * archive contract lists it for every answer.
   */
  readonly verdict: Verdict | null;
  readonly reason: string;
  /** The parsed answer in canonical infix, when there was one. */
  readonly answer?: string;
}

/**
 * The decision on one problem under Fail@k.
 * - `pass`: an answer was verified correct.
 * - `fail`: no answer correct and the verifier decided every parsed answer is wrong.
 * - `undecided`: no answer correct, but the verifier could not decide (or found the pair invalid)
 *   for at least one answer; the paper's generous rule counts this as no failure.
 * - `error`: an answer was lost in transport; the problem is asked again later, or skipped.
 */
export type Judgement =
  | { readonly status: 'pass'; readonly reason: string; readonly answers: readonly AnswerRecord[] }
  | { readonly status: 'fail'; readonly kind: FailureKind; readonly reason: string; readonly answers: readonly AnswerRecord[] }
  | { readonly status: 'undecided'; readonly reason: string; readonly answers: readonly AnswerRecord[] }
  | { readonly status: 'error'; readonly reason: string; readonly answers: readonly AnswerRecord[] };

/** A problem put to the target. */
export interface AskedProblem {
  /** `g<generation>-<index>`, or `g<generation>-r<index>` for a retried one. */
  readonly id: string;
  readonly key: string;
  readonly expr: Expr;
  readonly infix: string;
  readonly latex: string;
  /** The seed it was mutated from (canonical infix). */
  readonly parent: string;
  /** 0 the first time, then the number of earlier transport failures. */
  readonly attempt: number;
}

/** A line of archive.jsonl. */
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
}
