import { canonicalKey } from '../expr/canonicalKey.js';
import { countNodes } from '../expr/metrics.js';
import { signature } from '../expr/signature.js';
import { toInfix } from '../expr/toInfix.js';
import type { Expr } from '../expr/types.js';
import type { Judgement } from '../judge/judgeTypes.js';
import { failsSameWay } from './failsSameWay.js';
import { failureSymptom, sameSymptom, type FailureSymptom } from './failureSymptom.js';
import { isProvenFailure } from './isProvenFailure.js';
import { shrinkCandidates, type CheckedCandidate } from './shrinkCandidates.js';
import { shrinkSize, type ShrinkSize } from './shrinkSize.js';
import type { ProbeRecord, ShrinkOptions, ShrinkProbe, ShrinkResult, ShrinkStep, ShrinkStop } from './types.js';

/**
 * The smallest problem near `problem` that still fails the way it does, with a proof. Greedy, in the
 * manner of C-Reduce: from the current problem, every candidate one move away that passes the
 * candidate check is probed in `shrinkCandidates`' order (big steps first, top down), and the first
 * one that fails the same way becomes the current problem; the shrink ends when none does or when
 * the next probe would pass `options.maxCalls`. Since the big steps of each round come first, a
 * shrink that ends on its budget has usually already tried every deletion of the last form.
 *
 * "The same way" is a proven failure of the same kind (`failsSameWay`) with the same symptom
 * (`failureSymptom`: for a wrong answer, how it relates to the problem). A smaller problem that
 * fails otherwise is most likely another bug; the guard refuses it and counts it (`refused`), so
 * that two bugs are not shrunk into one signature.
 *
 * Where the target is not known to be deterministic (`options.confirmations` > 0), a step is taken
 * only when that many more asks of the candidate fail the same way too: one unlucky answer must not
 * shrink a failure into a problem the model usually solves.
 *
 * One exception to the order: a candidate whose signature (numbers erased) is that of a candidate
 * already probed without failing the same way waits until every candidate of its stride with a new
 * signature has been probed (`sin(x) + 1` passing makes `sin(x) + 2` an unlikely failure).
 *
 * Deterministic: the same problem, judgement, seed, budget and probe answers give the same result
 * and the same calls. A candidate found in `options.cache` is not asked again but is charged what it
 * cost when it was asked, so a shrink replayed from a cache after a kill takes exactly the path (and
 * stops at exactly the budget) of one that was never killed, without paying twice.
 */
export async function shrinkFailure(problem: Expr, probe: ShrinkProbe, options: ShrinkOptions): Promise<ShrinkResult> {
  const state = new ShrinkState(problem, probe, options);
  if (!isProvenFailure(options.judgement)) return state.result('not-proven');
  const order = options.rng.fork('shrink-order');
  for (;;) {
    const known = options.knownSignature;
    const sign = options.signature ?? signature;
    const pending = shrinkCandidates(
      state.current.expr,
      state.current.size,
      options.checkCandidate,
      order,
      (key) => state.probed.has(key),
      known && ((e) => known(sign(e))),
    );
    let accepted = false;
    while (pending.length > 0) {
      const candidate = pending.splice(state.nextIndex(pending), 1)[0];
      const outcome = await state.try(candidate);
      if (outcome === 'budget' || outcome === 'stopped') return state.result(outcome);
      if (outcome === 'accepted') {
        accepted = true;
        break;
      }
    }
    if (!accepted) return state.result('minimal');
  }
}

/** A shrink under way: the current form, the probes made, the budget spent, the steps taken and refused. */
class ShrinkState {
  current: { expr: Expr; infix: string; size: ShrinkSize; judgement: Judgement };
  /** Every problem probed in this shrink (and the original): never probed twice, whatever it answered. */
  readonly probed: Map<string, ProbeRecord>;
  private calls = 0;
  private paidCalls = 0;
  private probes = 0;
  private refused = 0;
  private readonly steps: ShrinkStep[] = [];
  /** Signatures of candidates that did not fail the same way; a candidate's is computed only when asked for. */
  private readonly rejected = new Set<string>();
  private readonly shapes = new Map<string, string>();
  private readonly symptom: FailureSymptom | null;
  private readonly probeCost: number;
  private readonly confirmations: number;

  constructor(
    problem: Expr,
    private readonly probe: ShrinkProbe,
    private readonly options: ShrinkOptions,
  ) {
    const original = options.judgement;
    this.current = { expr: problem, infix: toInfix(problem), size: shrinkSize(problem), judgement: original };
    this.probed = new Map([[canonicalKey(problem), { judgement: original, calls: 0 }]]);
    this.symptom = failureSymptom(problem, original, options.errorShape);
    this.probeCost = Math.max(0, options.maxProbeCalls ?? 1);
    this.confirmations = Math.max(0, Math.floor(options.confirmations ?? 0));
  }

  /** The next candidate to probe: the first, unless its shape was rejected and one of its stride with a new shape is left. */
  nextIndex(pending: readonly CheckedCandidate[]): number {
    if (this.rejected.size === 0 || pending[0].known) return 0;
    const stride = pending[0].stride;
    const fresh = pending.findIndex((c) => c.stride === stride && !this.rejected.has(this.shapeOf(c)));
    return Math.max(0, fresh);
  }

  /** Probe one candidate (and confirm it), and take the step when it fails the same way. */
  async try(candidate: CheckedCandidate): Promise<'accepted' | 'rejected' | 'budget' | 'stopped'> {
    const record = await this.ask(candidate.expr, candidate.key, 0);
    if (record === null) return 'budget';
    if (record.unasked) return 'stopped';
    this.probed.set(candidate.key, record);
    this.probes++;
    let same = this.failsLikeOriginal(candidate.expr, record.judgement);
    for (let attempt = 1; same === 'yes' && attempt <= this.confirmations; attempt++) {
      const again = await this.ask(candidate.expr, candidate.key, attempt);
      if (again === null) return 'budget';
      if (again.unasked) return 'stopped';
      same = this.failsLikeOriginal(candidate.expr, again.judgement) === 'yes' ? 'yes' : 'no';
    }
    if (same !== 'yes') {
      if (same === 'other-symptom') this.refused++;
      this.rejected.add(this.shapeOf(candidate));
      return 'rejected';
    }
    this.current = { expr: candidate.expr, infix: candidate.infix, size: candidate.size, judgement: record.judgement };
    this.steps.push({ move: candidate.move, problem: candidate.infix, nodes: candidate.size.nodes, calls: this.calls });
    return 'accepted';
  }

  result(stopped: ShrinkStop): ShrinkResult {
    const c = this.current;
    return {
      problem: c.expr,
      infix: c.infix,
      judgement: c.judgement,
      nodes: countNodes(c.expr).nodes,
      calls: this.calls,
      paidCalls: this.paidCalls,
      probes: this.probes,
      steps: this.steps,
      refused: this.refused,
      stopped,
    };
  }

  /** One ask (attempt 0) or confirmation (attempt ≥ 1) of a candidate, from the cache when it was made before; null when the budget has no room for it. */
  private async ask(expr: Expr, key: string, attempt: number): Promise<ProbeRecord | null> {
    // The same rule whether the answer is cached or not, so a replay stops where the first run did.
    if (this.calls + this.probeCost > this.options.maxCalls) return null;
    const cacheKey = attempt === 0 ? key : `${key}#${attempt}`;
    const text = toInfix(expr);
    let record = this.options.cache?.get(cacheKey, text);
    if (record === undefined) {
      if (attempt === 0) this.options.onProbe?.(expr, key);
      record = await this.probe(expr, attempt);
      this.paidCalls += record.calls;
      // An answer lost in transport (or never asked) says nothing about the model: it is not kept for a replay.
      if (record.judgement.status !== 'error' && !record.unasked) this.options.cache?.set(cacheKey, record, text);
    }
    this.calls += record.calls;
    return record;
  }

  private failsLikeOriginal(expr: Expr, judgement: Judgement): 'yes' | 'no' | 'other-symptom' {
    if (!failsSameWay(this.options.judgement, judgement)) return 'no';
    return sameSymptom(failureSymptom(expr, judgement, this.options.errorShape), this.symptom) ? 'yes' : 'other-symptom';
  }

  private shapeOf(c: CheckedCandidate): string {
    let shape = this.shapes.get(c.key);
    if (shape === undefined) this.shapes.set(c.key, (shape = (this.options.signature ?? signature)(c.expr)));
    return shape;
  }
}
