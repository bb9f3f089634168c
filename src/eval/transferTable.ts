import type { Rng } from '../util/rng.js';
import { bootstrapIntervals, type BootstrapOptions } from './bootstrapIntervals.js';
import type { EvalProblem, EvalProblemResult, TransferRow, TransferTable } from './evalTypes.js';

/**
 * Of an archive's failures (model A's), how many the evaluated target (model B) fails too: a
 * problem transfers when B's n answers fail it under Fail@n (none verified correct, none the
 * verifier could not decide) and that failure is proven, by the search's rule: a wrong answer, or
 * no usable answer to a problem a reference target solves (`proof`). B declining an integral no
 * reference can do (`2^x^2`, with no elementary antiderivative) is `unproven`, not a transfer.
 * Counted per archive kind and in all; the rate over the measured problems gets a bootstrap
 * interval. Problems B was never fully asked (transport errors, the call budget) are
 * `not_measured`, never failures.
 */
export function transferTable(
  problems: readonly EvalProblem[],
  results: readonly EvalProblemResult[],
  target: string,
  rng: Rng,
  options: BootstrapOptions = {},
): TransferTable | null {
  const archived = problems.filter((p) => p.archived !== undefined);
  if (archived.length === 0) return null;
  const byId = new Map(results.map((r) => [r.id, r]));
  const empty = (): {
    failures: number;
    also_fail: number;
    unproven: number;
    fail_kinds: Record<string, number>;
    solved: number;
    undecided: number;
    not_measured: number;
  } => ({
    failures: 0,
    also_fail: 0,
    unproven: 0,
    fail_kinds: {},
    solved: 0,
    undecided: 0,
    not_measured: 0,
  });
  const all = empty();
  const byKind = new Map<string, ReturnType<typeof empty>>();
  const measured: number[] = [];
  for (const p of archived) {
    const kind = p.archived!.kind;
    if (!byKind.has(kind)) byKind.set(kind, empty());
    const rows = [all, byKind.get(kind)!];
    const result = byId.get(p.id);
    const status = result?.status.N;
    // A result without `proof` comes from a report made before proofs were recorded: its failure stands.
    const proven = status === 'fail' && (result?.proof === undefined || result.proof !== null);
    for (const row of rows) {
      row.failures++;
      if (status === undefined || status === 'error') row.not_measured++;
      else if (proven) {
        row.also_fail++;
        const how = result?.kind ?? 'wrong';
        row.fail_kinds[how] = (row.fail_kinds[how] ?? 0) + 1;
      } else if (status === 'fail') row.unproven++;
      else if (status === 'pass') row.solved++;
      else row.undecided++;
    }
    if (status !== undefined && status !== 'error') measured.push(proven ? 1 : 0);
  }
  const [ci] = bootstrapIntervals([measured], rng, options);
  const sources = [...new Set(archived.map((p) => p.archived!.target))];
  const kinds = [...byKind.keys()].sort();
  return {
    source_target: sources.join(', '),
    target,
    all: all as TransferRow,
    rate: { value: measured.length === 0 ? null : measured.reduce((s, v) => s + v, 0) / measured.length, ci },
    by_kind: Object.fromEntries(kinds.map((k) => [k, byKind.get(k)! as TransferRow])),
  };
}
