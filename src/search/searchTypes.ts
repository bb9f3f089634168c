import type { Expr } from '../expr/types.js';
import type { Judgement } from '../judge/judgeTypes.js';
import type { TaskParams } from '../tasks/task.js';
import type { Rng } from '../util/rng.js';

/** A problem put to the target. */
export interface AskedProblem {
  /** `g<generation>-<index>`, or `g<generation>-r<index>` for a retried one. */
  readonly id: string;
  readonly key: string;
  readonly expr: Expr;
  readonly infix: string;
  readonly latex: string;
  /** The task's parameters (bounds, point …); absent for a problem without any (integrate). */
  readonly params?: TaskParams;
  /** The seed it was mutated from (canonical infix of its tree). */
  readonly parent: string;
  /** 0 the first time, then the number of earlier transport failures. */
  readonly attempt: number;
}

/** A failure's smallest failing form and what finding it took (recorded on its archive line). */
export interface ShrunkFailure {
  readonly expr: Expr;
  readonly judgement: Judgement;
  readonly calls: number;
  readonly probes: number;
  readonly steps: number;
  /**
   * `minimal`: nothing smaller fails the same way; `budget`: --shrink-calls ran out first; `stopped`:
   * the run stopped before the shrink was done (the failure is then decided in a later generation).
   */
  readonly stopped: string;
  /** Smaller failures the symptom guard refused (they failed, but another way: another bug). */
  readonly refused?: number;
}

/** What a probe of the shrinker learns about one candidate, and the target calls that cost. */
export interface ShrinkProbeResult {
  readonly judgement: Judgement;
  readonly calls: number;
  /** Not asked at all: the run is stopping. */
  readonly unasked?: boolean;
}

/**
 * Shrinks one proven failure (src/shrink, bound by the caller): the smallest problem that still fails
 * the same way with a proof, found by asking `probe` about candidates, within `maxCalls`.
 */
export type Shrinker = (
  problem: Expr,
  judgement: Judgement,
  probe: (candidate: Expr, attempt?: number) => Promise<ShrinkProbeResult>,
  options: {
    readonly maxCalls: number;
    readonly rng: Rng;
    readonly confirmations: number;
    readonly knownSignature: (signature: string) => boolean;
    /** The problem's parameters, which every candidate keeps (a shrink moves on the tree alone); absent: none. */
    readonly params?: TaskParams;
  },
) => Promise<ShrunkFailure>;
