import type { Expr } from '../expr/types.js';
import type { NoveltyMode } from '../run/runSchema.js';
import { paramsField } from '../tasks/storedProblem.js';
import type { TaskParams } from '../tasks/task.js';

/** A counted failure offered to the archive. */
export interface FailureOffer {
  /** Id of the line it would become (the asked problem's id). */
  readonly id: string;
  /** Signature of its minimal form. */
  readonly signature: string;
  /** Signature of the problem as asked (equal to `signature` when it was not shrunk). */
  readonly shape: string;
  /** Its fitness before the variant rule. */
  readonly fitness: number;
  readonly length: number;
  /** The problem as asked, and its minimal form: parents for new bugs. */
  readonly problem: Expr;
  readonly minimal: Expr;
  /** The task's parameters of both (absent: none). */
  readonly params?: TaskParams;
}

/**
 * What the archive did with a failure: `new` took a seat (a new bug); `variant` is a known bug found
 * again (no seat; its fitness is divided by one more than the times the bug was seen); `below-tau`
 * and `full` are new bugs that took no seat because of τ or --archive-size.
 */
export type FailureAdmission =
  | { readonly status: 'new'; readonly fitness: number }
  | { readonly status: 'variant'; readonly fitness: number; readonly variantOf: string }
  | { readonly status: 'below-tau'; readonly fitness: number }
  | { readonly status: 'full'; readonly fitness: number };

/** An archived bug, kept as a parent for new ones. */
export interface KnownBug {
  readonly id: string;
  readonly signature: string;
  readonly problem: Expr;
  readonly minimal: Expr;
  /** The task's parameters of both forms (a shrink keeps them); absent: none. */
  readonly params?: TaskParams;
}

/** What a checkpoint keeps of the failure archive (the fields of the engine state that predate it keep their names). */
export interface FailureArchiveState {
  readonly archiveCount: number;
  readonly archiveLengthSum: number;
  /** Signatures of archived lines (minimal form's and problem's) → line id. */
  readonly signatures: Readonly<Record<string, string>>;
  /** Repeats seen per archive line id. */
  readonly variants: Readonly<Record<string, number>>;
  readonly distinctSignatures: number;
  readonly bugs: readonly KnownBug[];
}

export const EMPTY_FAILURE_ARCHIVE: FailureArchiveState = {
  archiveCount: 0,
  archiveLengthSum: 0,
  signatures: {},
  variants: {},
  distinctSignatures: 0,
  bugs: [],
};

/**
 * The archive's admission policy in one place: which counted failure takes a seat, which is a
 * variant of a known bug, and the bookkeeping a resumed run needs to decide the same way.
 */
export class FailureArchive {
  private archiveCount: number;
  private archiveLengthSum: number;
  private readonly signatures: Record<string, string>;
  private readonly variants: Record<string, number>;
  private distinctSignatures: number;
  private readonly bugs: KnownBug[];

  constructor(
    private readonly policy: { readonly tau: number; readonly archiveSize: number; readonly novelty: NoveltyMode },
    state: FailureArchiveState = EMPTY_FAILURE_ARCHIVE,
  ) {
    this.archiveCount = state.archiveCount;
    this.archiveLengthSum = state.archiveLengthSum;
    this.signatures = { ...state.signatures };
    this.variants = { ...state.variants };
    this.distinctSignatures = state.distinctSignatures;
    this.bugs = [...state.bugs];
  }

  /** The archive line a signature belongs to, if any. */
  lineOf(signature: string): string | undefined {
    return this.signatures[signature];
  }

  add(offer: FailureOffer): FailureAdmission {
    const variantOf = this.policy.novelty === 'signature' ? (this.signatures[offer.signature] ?? this.signatures[offer.shape]) : undefined;
    if (variantOf !== undefined) {
      const seen = (this.variants[variantOf] ?? 0) + 1;
      this.variants[variantOf] = seen;
      // A later failure of the same shape, left unshrunk because this one was being shrunk, is the same bug.
      this.signatures[offer.shape] ??= variantOf;
      // The more often a bug is found again, the less its repeats breed: a new bug of the same size is preferred.
      return { status: 'variant', fitness: offer.fitness / (1 + seen), variantOf };
    }
    if (offer.fitness < this.policy.tau) return { status: 'below-tau', fitness: offer.fitness };
    if (this.archiveCount >= this.policy.archiveSize) return { status: 'full', fitness: offer.fitness };
    this.archiveCount++;
    this.archiveLengthSum += offer.length;
    if (this.signatures[offer.signature] === undefined) this.distinctSignatures++;
    this.signatures[offer.signature] ??= offer.id;
    this.signatures[offer.shape] ??= offer.id;
    this.bugs.push({ id: offer.id, signature: offer.signature, problem: offer.problem, minimal: offer.minimal, ...paramsField(offer.params) });
    return { status: 'new', fitness: offer.fitness };
  }

  get count(): number {
    return this.archiveCount;
  }

  get distinct(): number {
    return this.distinctSignatures;
  }

  knownBugs(): readonly KnownBug[] {
    return this.bugs;
  }

  state(): FailureArchiveState {
    return {
      archiveCount: this.archiveCount,
      archiveLengthSum: this.archiveLengthSum,
      signatures: { ...this.signatures },
      variants: { ...this.variants },
      distinctSignatures: this.distinctSignatures,
      bugs: [...this.bugs],
    };
  }
}
