import type { CandidateCheck } from '../../constraints/checkCandidate.js';
import type { NodePath } from '../expr/edit/nodePaths.js';
import type { Expr } from '../expr/types.js';
import type { Judgement } from '../judge/judgeTypes.js';
import type { ErrorShape } from '../tasks/task.js';
import type { Rng } from '../util/rng.js';

/**
 * Ask the model under test one candidate problem and judge it: the judgement (with a proof when the
 * failure is proven) and how many target calls that cost (1 for the target, plus any reference
 * asked to prove it). Faults are values: a probe resolves for every candidate. `attempt` > 0 asks
 * the same candidate again, as a new call (a confirmation): never answered from an earlier ask.
 */
export type ShrinkProbe = (candidate: Expr, attempt?: number) => Promise<ProbeRecord>;

/** What one probe found; also what a cache of probes holds. */
export interface ProbeRecord {
  readonly judgement: Judgement;
  readonly calls: number;
  /** The candidate was not asked at all: the run is stopping (a budget is spent, or it was interrupted). */
  readonly unasked?: boolean;
}

/**
 * Earlier probes by canonical key, so that a shrink killed part-way and run again replays them
 * instead of asking (and paying) again. A `Map<string, ProbeRecord>` is one; a caller that journals
 * probes to disk gives one that also appends on `set`. `problem` is the candidate as it is written
 * to the target: a cache that records it answers only the same text (one key written two ways is
 * two questions to a model that reads text).
 */
export interface ProbeCache {
  get(key: string, problem?: string): ProbeRecord | undefined;
  set(key: string, record: ProbeRecord, problem?: string): void;
}

/** The names of the shrinking moves (src/shrink/moves/). */
export type ShrinkMoveName = 'delete-operand' | 'replace-by-child' | 'replace-by-x' | 'replace-by-constant' | 'simplify-constant';

/** One smaller problem proposed by a move: the tree before the candidate check simplifies it. */
export interface ShrinkCandidate {
  readonly move: ShrinkMoveName;
  /** Where in the current problem the move was made. */
  readonly path: NodePath;
  readonly expr: Expr;
}

/** A move: every candidate it proposes for one tree, in a fixed order. */
export interface ShrinkMove {
  readonly name: ShrinkMoveName;
  candidates(tree: Expr): ShrinkCandidate[];
}

/** The run's candidate check (constraints/checkCandidate.ts): simplified tree and key, or why not. */
export type CheckCandidate = (e: Expr) => CandidateCheck;

export interface ShrinkOptions {
  /** The failure to shrink: a judgement with `status: 'fail'` and a non-null proof; anything else is not shrunk. */
  readonly judgement: Judgement;
  /** Tie-breaks between candidates of the same size; forked by name inside. */
  readonly rng: Rng;
  /** Target calls the shrink may charge in all (replayed probes count as when they were paid). */
  readonly maxCalls: number;
  /**
   * The most one probe may cost (default 1: the target only). A probe is started only when it fits
   * in what is left of `maxCalls`, so the bound holds even for probes that ask references.
   */
  readonly maxProbeCalls?: number;
  /** Every candidate must pass it (the run's check, which also simplifies) and still contain x. */
  readonly checkCandidate: CheckCandidate;
  /** Probes made before, by canonical key; new probes are added to it, except those lost in transport (`error`). */
  readonly cache?: ProbeCache;
  /**
   * Asks of a candidate beyond the first that must fail the same way before a step is taken (0 for
   * a target known to be deterministic). Confirmations are cached under `<key>#<attempt>`.
   */
  readonly confirmations?: number;
  /**
   * Signatures of bugs found before (the run's archive): candidates with one are probed first, so a
   * failure that is a known bug in disguise reaches that bug's form in a probe or two.
   */
  readonly knownSignature?: (signature: string) => boolean;
  /**
   * The signature of a candidate tree (the task's, with the problem's parameters, which a shrink
   * keeps); default src/expr/signature.ts. Known bugs and rejected shapes are told apart by it.
   */
  readonly signature?: (tree: Expr) => string;
  /** How a wrong answer errs (the task's `errorShape`), for the symptom guard; default integrate's F' − f. */
  readonly errorShape?: (problem: Expr, answer: Expr) => ErrorShape;
  /** Called before each probe that is not replayed from the cache (progress). */
  readonly onProbe?: (candidate: Expr, key: string) => void;
}

/** One accepted step: the move, and the smaller problem that still fails the same way. */
export interface ShrinkStep {
  readonly move: ShrinkMoveName;
  /** Canonical infix of the problem after the step. */
  readonly problem: string;
  readonly nodes: number;
  /** Calls charged up to and including this step. */
  readonly calls: number;
}

/**
 * Why the shrink ended. `minimal`: no smaller candidate fails the same way. `budget`: `maxCalls` did
 * not allow another probe. `not-proven`: the failure given was not a proven failure, so nothing was
 * asked. `stopped`: a probe could not be asked because the run is stopping; the shrink is not done.
 */
export type ShrinkStop = 'minimal' | 'budget' | 'not-proven' | 'stopped';

export interface ShrinkResult {
  /** The smallest problem found that fails the same way (the problem itself when nothing smaller does). */
  readonly problem: Expr;
  /** Its canonical infix. */
  readonly infix: string;
  /** Its judgement: the failure with its answers and proof. */
  readonly judgement: Judgement;
  readonly nodes: number;
  /** Target calls charged: paid now or replayed from the cache at what they cost when paid. */
  readonly calls: number;
  /** Target calls actually made by this shrink (not replayed). */
  readonly paidCalls: number;
  /** Candidates probed (from the cache or not). */
  readonly probes: number;
  readonly steps: readonly ShrinkStep[];
  /** Smaller candidates that failed, proven and of the same kind, but with another symptom: refused as another bug. */
  readonly refused: number;
  readonly stopped: ShrinkStop;
}
