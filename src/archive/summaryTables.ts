import { MISSING, fixed, percent, usd } from './formatNumbers.js';
import type { SummaryRow } from './summaryRow.js';

/** One table of the summary: shared by `sagga archive stats` (Markdown) and the report (HTML). */
export interface SummaryTable {
  /** `summary` (the paper's Table 15), `failures`, `kinds`, `archived`, `spending`. */
  readonly id: string;
  readonly title: string;
  readonly headers: readonly string[];
  readonly cells: readonly (readonly string[])[];
  /** Right-aligned (numeric) columns. */
  readonly numeric: readonly boolean[];
  /** Sentences under the table, about particular runs. */
  readonly notes: readonly string[];
}

/**
 * The summary of runs as tables: the paper's Table-15 row; failures proven and unproven (rates of
 * the problems evaluated, proofs, variants, distinct signatures); the search's yield and population
 * (signatures per 1,000 calls, cells, QD-score, escalation); failures by kind; the archive by
 * proof; and what the run spent (target calls, tokens, cost, per proven failure). A number a run
 * does not record is `—`.
 */
export function summaryTables(rows: readonly SummaryRow[]): SummaryTable[] {
  const table15 = table15Columns(rows);
  return [
    {
      id: 'summary',
      title: 'Table 15',
      ...table15,
      notes: rows
        .filter((r) => r.unknownTerms > 0)
        .map((r) => `${r.run}: ${r.unknownTerms} problem(s) without a term count (no "terms" field and not parseable) are left out of the term shares.`),
    },
    failuresTable(rows),
    searchTable(rows),
    kindsTable(rows),
    archivedTable(rows),
    spendingTable(rows),
  ];
}

const numericAfterFirst = (headers: readonly string[], text = 1) => headers.map((_, i) => i >= text);

/** Failures, proven and unproven: counts and rates of the problems evaluated. */
function failuresTable(rows: readonly SummaryRow[]): SummaryTable {
  const failureHeaders = [
    'Run',
    'Evaluated',
    'Failures',
    'Proven',
    'Proven rate',
    'By verifier',
    'By reference',
    'Unproven',
    'Unproven rate',
    'Variants',
    'Signatures',
  ];
  const failures = rows.map((r) => [
    r.run,
    count(r.evaluated),
    count(r.failures),
    count(r.proven),
    percent(r.provenRate),
    count(r.proofs?.verifier ?? null),
    count(r.proofs?.reference ?? null),
    count(r.unproven),
    percent(r.unprovenRate),
    count(r.variants),
    count(r.signatures),
  ]);
  return {
    id: 'failures',
    title: 'Failures, proven and unproven',
    headers: failureHeaders,
    cells: failures,
    numeric: numericAfterFirst(failureHeaders),
    notes: [
      'Rates are of the problems evaluated. A failure is proven by the verifier (an answer verified wrong) or by a reference target that solved the problem; variants are failures whose signature the archive already had.',
    ],
  };
}

/** The search's yield and population. */
function searchTable(rows: readonly SummaryRow[]): SummaryTable {
  const searchHeaders = ['Run', 'Signatures', 'Per 1,000 calls', 'Cells', 'QD-score', 'Escalation level', 'Generations without a new signature'];
  const search = rows.map((r) => [
    r.run,
    count(r.signatures),
    r.signaturesPerThousandCalls === null ? MISSING : fixed(r.signaturesPerThousandCalls, 2),
    count(r.cells),
    r.qdScore === null ? MISSING : fixed(r.qdScore, 2),
    count(r.escalationLevel),
    count(r.staleGenerations),
  ]);
  return {
    id: 'search',
    title: 'Search: distinct bugs and the population',
    headers: searchHeaders,
    cells: search,
    numeric: numericAfterFirst(searchHeaders),
    notes: [
      'Signatures per 1,000 calls count every target call of the run. Cells: cells of the problem grid holding an elite at the end of the run; QD-score: the sum of their objectives. The escalation level rises while no new signature comes (0: 1–2 mutations per child; 4: 2–6, with more crossover, restarts from known bugs and wider constants).',
    ],
  };
}

/** Failures by kind. */
function kindsTable(rows: readonly SummaryRow[]): SummaryTable {
  const kindHeaders = ['Run', 'Kind', 'Failures', 'Proven', 'Unproven', 'Archived'];
  const kinds = rows.flatMap((r) =>
    r.kinds.length === 0
      ? [[r.run, MISSING, MISSING, MISSING, MISSING, '0']]
      : r.kinds.map((k) => [r.run, k.kind, count(k.failures), count(k.proven), count(k.unproven), String(k.archived)]),
  );
  return { id: 'kinds', title: 'Failures by kind', headers: kindHeaders, cells: kinds, numeric: numericAfterFirst(kindHeaders, 2), notes: [] };
}

/** The archive by proof. */
function archivedTable(rows: readonly SummaryRow[]): SummaryTable {
  const archivedHeaders = ['Run', 'Archive', 'By verifier', 'By reference', 'No proof'];
  const archived = rows.map((r) => [r.run, String(r.archived.lines), String(r.archived.verifier), String(r.archived.reference), String(r.archived.none)]);
  return {
    id: 'archived',
    title: 'Archive by proof',
    headers: archivedHeaders,
    cells: archived,
    numeric: numericAfterFirst(archivedHeaders),
    notes: rows.some((r) => r.archived.none > 0) ? ['No proof: archived under --failures all without a proof, or written before proofs were recorded.'] : [],
  };
}

/** Target calls, tokens and cost, in all and per proven failure. */
function spendingTable(rows: readonly SummaryRow[]): SummaryTable {
  const spendingHeaders = ['Run', 'Target calls', 'Tokens in', 'Tokens out', 'Tokens', 'Cost (USD)', 'Tokens / proven', 'Cost / proven (USD)'];
  const spending = rows.map((r) => [
    r.run,
    count(r.targetCalls),
    count(r.tokens?.input ?? null),
    count(r.tokens?.output ?? null),
    count(r.tokens?.total ?? null),
    usd(r.cost),
    r.tokensPerProven === null ? MISSING : fixed(r.tokensPerProven, 0),
    usd(r.costPerProven),
  ]);
  return {
    id: 'spending',
    title: 'Spending',
    headers: spendingHeaders,
    cells: spending,
    numeric: numericAfterFirst(spendingHeaders),
    notes: rows.filter((r) => r.targetCallsFrom === 'asked').map((r) => `${r.run}: target calls are the problems asked (the run did not count calls).`),
  };
}

function count(v: number | null): string {
  return v === null ? MISSING : String(v);
}

/** The paper's Table-15 columns. */
function table15Columns(rows: readonly SummaryRow[]): { headers: string[]; cells: string[][]; numeric: boolean[] } {
  const measures = [...new Set(rows.map((r) => r.lengthMeasure).filter((m): m is string => m !== null))];
  const lengthHeader = measures.length === 1 ? `Length (${measures[0]})` : 'Length';
  const headers = ['Run', 'Target', 'Fitness', 'Iterations', 'Archive', lengthHeader, 'Nodes', 'Depth', '1-term', '2-term', '3-term', '4+-term'];
  const numeric = headers.map((_, i) => i >= 3);
  const cells = rows.map((r) => [
    r.run,
    r.target ?? MISSING,
    r.fitness ?? MISSING,
    r.iterations === null ? MISSING : String(r.iterations),
    String(r.archiveSize),
    fixed(r.meanLength, 1),
    fixed(r.meanNodes, 1),
    fixed(r.meanDepth, 1),
    percent(r.termShares.one),
    percent(r.termShares.two),
    percent(r.termShares.three),
    percent(r.termShares.fourOrMore),
  ]);
  return { headers, cells, numeric };
}
