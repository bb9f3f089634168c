import { canonicalKey } from '../expr/canonicalKey.js';
import { countNodes } from '../expr/metrics.js';
import { signature } from '../expr/signature.js';
import { toInfix } from '../expr/toInfix.js';
import type { Expr } from '../expr/types.js';
import type { Judgement } from '../judge/judgeTypes.js';
import { failsSameWay } from './failsSameWay.js';
import { isProvenFailure } from './isProvenFailure.js';
import { shrinkCandidates, type CheckedCandidate } from './shrinkCandidates.js';
import { shrinkSize, type ShrinkSize } from './shrinkSize.js';
import type { ProbeRecord, ShrinkOptions, ShrinkProbe, ShrinkResult, ShrinkStep, ShrinkStop } from './types.js';

/**
 * The smallest problem near `problem` that still fails the way it does, with a proof. Greedy, in the
 * manner of C-Reduce: from the current problem, every candidate one move away (delete a term or
 * factor, replace a subtree by a child, by x or by a small constant, simplify a number) that passes
 * the candidate check is probed smallest first (fewest nodes, then shortest infix, then simplest
 * numbers; equal sizes in an order drawn from `options.rng`), and the first one that fails the same
 * way (`failsSameWay`) becomes the current problem; the shrink ends when none does or when the next
 * probe would pass `options.maxCalls`. One exception to the order: a candidate whose signature
 * (numbers erased) is that of a candidate already probed without failing the same way waits until
 * every candidate of a new signature has been probed. Changing one number for another rarely turns
 * a passing problem into a failing one, and the budget is small (`sin(x) + 1` passing makes
 * `sin(x) + 2`, `sin(x) + 3` … unlikely failures, so a deletion elsewhere is probed first).
 *
 * Deterministic: the same problem, judgement, seed, budget and probe answers give the same result
 * and the same calls. A candidate found in `options.cache` is not asked again but is charged what it
 * cost when it was asked, so a shrink replayed from a cache after a kill takes exactly the path (and
 * stops at exactly the budget) of one that was never killed, without paying twice.
 */
export async function shrinkFailure(problem: Expr, probe: ShrinkProbe, options: ShrinkOptions): Promise<ShrinkResult> {
  const original = options.judgement;
  let calls = 0;
  let paidCalls = 0;
  let probes = 0;
  const steps: ShrinkStep[] = [];
  let current: { expr: Expr; infix: string; size: ShrinkSize; judgement: Judgement } = {
    expr: problem,
    infix: toInfix(problem),
    size: shrinkSize(problem),
    judgement: original,
  };
  const result = (stopped: ShrinkStop): ShrinkResult => ({
    problem: current.expr,
    infix: current.infix,
    judgement: current.judgement,
    nodes: countNodes(current.expr).nodes,
    calls,
    paidCalls,
    probes,
    steps,
    stopped,
  });
  if (!isProvenFailure(original)) return result('not-proven');

  const order = options.rng.fork('shrink-order');
  const probeCost = Math.max(0, options.maxProbeCalls ?? 1);
  // Every problem probed in this shrink (and the original): never probed twice, whatever it answered.
  const probed = new Map<string, ProbeRecord>([[canonicalKey(problem), { judgement: original, calls: 0 }]]);
  // Signatures of candidates that did not fail the same way; a candidate's is computed only when asked for.
  const rejected = new Set<string>();
  const shapes = new Map<string, string>();
  const shapeOf = (c: CheckedCandidate): string => {
    let shape = shapes.get(c.key);
    if (shape === undefined) shapes.set(c.key, (shape = signature(c.expr)));
    return shape;
  };
  for (;;) {
    const pending = shrinkCandidates(current.expr, current.size, options.checkCandidate, order, (key) => probed.has(key));
    let accepted = false;
    while (pending.length > 0) {
      const fresh = rejected.size === 0 ? 0 : pending.findIndex((c) => !rejected.has(shapeOf(c)));
      const [candidate] = pending.splice(Math.max(0, fresh), 1);
      // The same rule whether the answer is cached or not, so a replay stops where the first run did.
      if (calls + probeCost > options.maxCalls) return result('budget');
      let record = options.cache?.get(candidate.key);
      if (record === undefined) {
        options.onProbe?.(candidate.expr, candidate.key);
        record = await probe(candidate.expr);
        paidCalls += record.calls;
        // An answer lost in transport says nothing about the model: it is not kept for a replay.
        if (record.judgement.status !== 'error') options.cache?.set(candidate.key, record);
      }
      probed.set(candidate.key, record);
      probes++;
      calls += record.calls;
      if (failsSameWay(original, record.judgement)) {
        current = { expr: candidate.expr, infix: candidate.infix, size: candidate.size, judgement: record.judgement };
        steps.push({ move: candidate.move, problem: candidate.infix, nodes: candidate.size.nodes, calls });
        accepted = true;
        break;
      }
      rejected.add(shapeOf(candidate));
    }
    if (!accepted) return result('minimal');
  }
}
