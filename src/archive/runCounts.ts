import { sumGenerations } from './sumGenerations.js';
import type { RunData } from '../run/runData.js';
import type { CountsLine, GenerationLine, TokensLine } from '../run/runSchema.js';

/** The failure kinds of the contract, in the order tables list them; other kinds follow by name. */
const KIND_ORDER = ['wrong', 'unparseable', 'no-answer', 'timeout'];

/** One failure kind: every failure of the run, the proven and unproven ones, and the archive lines. */
export interface KindCounts {
  readonly kind: string;
  readonly failures: number | null;
  readonly proven: number | null;
  readonly unproven: number | null;
  readonly archived: number;
}

/**
 * What a run found and what it spent, with proven and unproven failures apart. Run-wide counts
 * come from the checkpoint's totals (which survive resumes) or generations.jsonl; what only the
 * archive holds (its lines by kind and proof, distinct signatures, variants of an export or merge)
 * from the archive lines. Each is null where the run does not record it (older runs, archive files).
 */
export interface RunCounts {
  /** Problems with a decision (pass, fail or undecided). */
  readonly evaluated: number | null;
  /** Every failure, proven or not, archived or not. */
  readonly failures: number | null;
  readonly proven: number | null;
  readonly unproven: number | null;
  /** proven / evaluated and unproven / evaluated. */
  readonly provenRate: number | null;
  readonly unprovenRate: number | null;
  /** Proven failures by proof. */
  readonly proofs: { readonly verifier: number; readonly reference: number } | null;
  /** Failures by kind, the contract's kinds first; a kind is listed when anything counts it. */
  readonly kinds: readonly KindCounts[];
  /** Failures whose signature an archive line already had (they took no seat). */
  readonly variants: number | null;
  /** Distinct signatures among the archive lines; null when no line has one. */
  readonly signatures: number | null;
  /** The archive lines by proof: by the verifier, by a reference, or none (unproven, or written before proofs). */
  readonly archived: { readonly lines: number; readonly verifier: number; readonly reference: number; readonly none: number };
  /**
   * Calls made to targets: every call (`recorded`), or in runs that did not count them, the
   * problems asked (`asked`: one call each, as nothing else called a target then).
   */
  readonly targetCalls: number | null;
  readonly targetCallsFrom: 'recorded' | 'asked' | null;
  /** The calls by purpose (`problems`, `references`, `shrinking`, `health`), when recorded. */
  readonly calls: CountsLine | null;
  readonly tokens: TokensLine | null;
  /** USD; null when the run set no prices. */
  readonly cost: number | null;
  /** Tokens / proven failures, when the run counted tokens (more than 0) and proved a failure. */
  readonly tokensPerProven: number | null;
  /** Cost / proven failures, when the run priced its tokens and proved a failure. */
  readonly costPerProven: number | null;
  /** Distinct signatures per 1,000 target calls over the whole run. */
  readonly signaturesPerThousandCalls: number | null;
  /** The population at the end of the run: cells holding an elite and their QD-score (runs that record it). */
  readonly cells: number | null;
  readonly qdScore: number | null;
  /** The escalation level the search ended at, and the generations since its last new signature. */
  readonly escalationLevel: number | null;
  readonly staleGenerations: number | null;
}

export function runCounts(run: RunData): RunCounts {
  const t = run.totals;
  const gens = run.generations;
  const entries = run.entries;
  const evaluated = t?.evaluated ?? sumGenerations(gens, (g) => g.evaluated);
  const failures = t?.failures ?? sumGenerations(gens, (g) => g.failures);
  const proven = t?.proven ?? sumGenerations(gens, (g) => g.proven);
  const unproven = sumGenerations(gens, (g) => g.unproven) ?? (proven !== null && failures !== null ? failures - proven : null);
  const rate = (n: number | null) => (n !== null && evaluated !== null && evaluated > 0 ? n / evaluated : null);

  const kinds = sumCounts(gens, (g) => g.kinds);
  const provenKinds = sumCounts(gens, (g) => g.proven_kinds);
  const archivedKinds = new Map<string, number>();
  for (const e of entries) archivedKinds.set(e.kind, (archivedKinds.get(e.kind) ?? 0) + 1);
  const kindNames = [...new Set([...(kinds?.keys() ?? []), ...(provenKinds?.keys() ?? []), ...archivedKinds.keys()])].sort(byKindOrder);
  const kindCounts: KindCounts[] = kindNames
    .map((kind) => {
      const all = kinds === null ? null : (kinds.get(kind) ?? 0);
      const provenOfKind = provenKinds === null ? null : (provenKinds.get(kind) ?? 0);
      return {
        kind,
        failures: all,
        proven: provenOfKind,
        unproven: all !== null && provenOfKind !== null ? all - provenOfKind : null,
        archived: archivedKinds.get(kind) ?? 0,
      };
    })
    .filter((k) => (k.failures ?? 0) > 0 || (k.proven ?? 0) > 0 || k.archived > 0);

  const proofs = sumCounts(gens, (g) => g.proofs);
  const calls = sumCounts(gens, (g) => g.calls);
  const archived = { lines: entries.length, verifier: 0, reference: 0, none: 0 };
  for (const e of entries) {
    const by = e.proof?.by;
    if (by === 'verifier') archived.verifier++;
    else if (by === 'reference') archived.reference++;
    else archived.none++;
  }
  const signed = entries.filter((e) => e.signature !== null);
  const recordedVariants = entries.filter((e) => e.variants !== null);

  const recordedCalls = t?.target_calls ?? sumGenerations(gens, (g) => g.target_calls);
  const lastPopulation = [...gens].reverse().find((g) => g.population !== null)?.population;
  const lastEscalation = [...gens].reverse().find((g) => g.escalation !== null)?.escalation;
  const asked = recordedCalls === null ? (t?.asked ?? sumGenerations(gens, (g) => g.asked)) : null;
  const tokens = t?.tokens ?? sumTokens(gens);
  const priced = gens.some((g) => g.cost !== null);
  const cost = priced ? (t?.cost ?? sumGenerations(gens, (g) => g.cost)) : null;
  return {
    evaluated,
    failures,
    proven,
    unproven,
    provenRate: rate(proven),
    unprovenRate: rate(unproven),
    proofs: proofs === null ? null : { verifier: proofs.get('verifier') ?? 0, reference: proofs.get('reference') ?? 0 },
    kinds: kindCounts,
    variants: sumGenerations(gens, (g) => g.variants) ?? (recordedVariants.length > 0 ? recordedVariants.reduce((n, e) => n + (e.variants ?? 0), 0) : null),
    signatures: signed.length > 0 ? new Set(signed.map((e) => e.signature)).size : null,
    archived,
    targetCalls: recordedCalls ?? asked,
    targetCallsFrom: recordedCalls !== null ? 'recorded' : asked !== null ? 'asked' : null,
    calls: calls === null ? null : Object.fromEntries(calls),
    tokens,
    cost,
    tokensPerProven: tokens !== null && tokens.total > 0 && proven !== null && proven > 0 ? tokens.total / proven : null,
    costPerProven: cost !== null && proven !== null && proven > 0 ? cost / proven : null,
    signaturesPerThousandCalls: signed.length > 0 && (recordedCalls ?? 0) > 0 ? (1000 * new Set(signed.map((e) => e.signature)).size) / recordedCalls! : null,
    cells: lastPopulation?.cells ?? null,
    qdScore: lastPopulation?.qd_score ?? null,
    escalationLevel: lastEscalation?.level ?? null,
    staleGenerations: lastEscalation?.stale_generations ?? null,
  };
}

function byKindOrder(a: string, b: string): number {
  const rank = (k: string) => (KIND_ORDER.includes(k) ? KIND_ORDER.indexOf(k) : KIND_ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** Counts by name summed over the generations that record them; null when none does. */
function sumCounts(rows: readonly GenerationLine[], pick: (g: GenerationLine) => CountsLine | null): Map<string, number> | null {
  let total: Map<string, number> | null = null;
  for (const g of rows) {
    const counts = pick(g);
    if (counts === null) continue;
    total ??= new Map();
    for (const [name, n] of Object.entries(counts)) total.set(name, (total.get(name) ?? 0) + n);
  }
  return total;
}

/** Tokens summed over the generations; a direction is null unless every generation with tokens records it. */
function sumTokens(rows: readonly GenerationLine[]): TokensLine | null {
  const recorded = rows.map((g) => g.tokens).filter((x): x is TokensLine => x !== null);
  if (recorded.length === 0) return null;
  const direction = (pick: (x: TokensLine) => number | null) => (recorded.every((x) => pick(x) !== null) ? recorded.reduce((n, x) => n + pick(x)!, 0) : null);
  return { input: direction((x) => x.input), output: direction((x) => x.output), total: recorded.reduce((n, x) => n + x.total, 0) };
}
