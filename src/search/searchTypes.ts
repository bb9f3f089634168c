import type { Expr } from '../expr/types.js';

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
