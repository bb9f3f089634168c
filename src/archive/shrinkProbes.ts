import { canonicalKey } from '../expr/canonicalKey.js';
import { toInfix } from '../expr/toInfix.js';
import { toLatex } from '../expr/toLatex.js';
import type { Expr } from '../expr/types.js';
import type { VerifyPair } from '../judge/judgeOutcome.js';
import type { FailureKind, Judgement } from '../judge/judgeTypes.js';
import { proveByReference } from '../judge/proveByReference.js';
import type { JournaledProbes, ShrinkJournal } from '../run/shrinkJournal.js';
import { targetProbe } from '../shrink/targetProbe.js';
import type { ProbeRecord, ShrinkProbe } from '../shrink/types.js';
import type { Target } from '../targets/types.js';

export interface ShrinkProbesOptions {
  /** The target's spec, for the message when it cannot be reached. */
  readonly targetSpec: string;
  readonly openTarget: () => Promise<Target>;
  readonly references: readonly string[];
  readonly openReference: (spec: string) => Promise<Target>;
  readonly verify: VerifyPair;
  /** Answers asked per probe. */
  readonly k: number;
  readonly journal: ShrinkJournal;
  /** Every target opened is pushed here, so that the caller closes it whatever happens. */
  readonly opened: Promise<Target>[];
}

/**
 * The questions an archive shrink puts to the target and the references, shared by the lines it
 * shrinks at once: the targets are opened when first needed (a shrink with nothing to ask starts
 * none), a problem is asked at most once per cache however many lines reach it, and `paid` counts
 * the calls actually made. An unreachable target throws, since it would make every candidate look
 * like a pass.
 */
export class ShrinkProbes {
  /** Target calls made. */
  paid = 0;
  private target: Promise<Target> | undefined;
  private referenceTargets: Promise<readonly Target[]> | undefined;
  /** Probes in flight by cache, key and text, so two lines shrunk at once never pay for one problem twice. */
  private readonly inflight = new Map<string, Promise<ProbeRecord>>();
  private readonly probes = new Map<FailureKind, ShrinkProbe>();
  private readonly proofCache: JournaledProbes;

  constructor(private readonly options: ShrinkProbesOptions) {
    this.proofCache = options.journal.cache('proof');
  }

  /** The probe of candidates for a failure of `kind`. */
  probeFor = (kind: FailureKind): ShrinkProbe => {
    let probe = this.probes.get(kind);
    if (probe === undefined) {
      let inner: ShrinkProbe | undefined;
      probe = (candidate) =>
        this.once(kind, candidate, async () => {
          inner ??= targetProbe({ target: await this.theTarget(), k: this.options.k, verify: this.options.verify, kind, references: this.theReferences });
          return inner(candidate);
        });
      this.probes.set(kind, probe);
    }
    return probe;
  };

  /** The journaled probes of one failure kind. */
  cacheFor = (kind: FailureKind): JournaledProbes => this.options.journal.cache(kind);

  /** A failure without a wrong answer proven (or not) by a reference that solves `problem`. */
  prove = async (problem: Expr, judgement: Judgement): Promise<ProbeRecord> => {
    const key = canonicalKey(problem);
    const text = toInfix(problem);
    const cached = this.proofCache.get(key, text);
    if (cached !== undefined) return cached;
    const record = await this.once('proof', problem, async () => {
      const refs = (await this.theReferences()).map((reference) => ({ name: reference.name, ask: () => askOnce(reference, problem) }));
      const proven = await proveByReference(problem, judgement, refs, this.options.verify);
      return { judgement: proven.judgement, calls: proven.calls };
    });
    this.proofCache.set(key, record, text);
    return record;
  };

  private theTarget(): Promise<Target> {
    if (this.target === undefined) this.options.opened.push((this.target = this.options.openTarget()));
    return this.target;
  }

  private readonly theReferences = (): Promise<readonly Target[]> => {
    if (this.referenceTargets === undefined) {
      const each = this.options.references.map((spec) => this.options.openReference(spec));
      this.options.opened.push(...each);
      this.referenceTargets = Promise.all(each);
    }
    return this.referenceTargets;
  };

  private once(cache: string, expr: Expr, ask: () => Promise<ProbeRecord>): Promise<ProbeRecord> {
    const key = canonicalKey(expr);
    const text = toInfix(expr);
    // One call in flight per text: the same key written otherwise is another question.
    const id = `${cache}/${key}/${text}`;
    let pending = this.inflight.get(id);
    if (pending === undefined) {
      pending = ask().then((record) => {
        this.paid += record.calls;
        if (record.judgement.status === 'error') {
          throw new Error(
            `${this.options.targetSpec} did not answer ${toInfix(expr)} (${record.judgement.reason}); the archive is unchanged and every answer before is journaled: run the same command again once it works`,
          );
        }
        return record;
      });
      this.inflight.set(id, pending);
    }
    return pending;
  }
}

async function askOnce(target: Target, problem: Expr) {
  const [outcome] = await target.solve([{ id: 'proof', expr: problem, infix: toInfix(problem), latex: toLatex(problem) }], 1);
  return outcome?.answers ?? [];
}
