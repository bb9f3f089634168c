import type { AnswerLine, ArchiveLine, ProofLine } from '../run/runSchema.js';
import { lineStatement } from '../tasks/lineStatement.js';
import { ANSWER_TEXT_LIMIT } from './answerSummary.js';

/** The archive's failures of one signature: one bug, however many constants it was found with. */
export interface SignatureGroup {
  readonly signature: string;
  /**
   * The smallest failing problem of the group (the fewest nodes; the first line's on a tie), and the
   * whole problem it poses for people: the problem itself for integrate, else the task's statement
   * with its parameters (`∫[0, 1] x^x dx`, `lim x→oo atan(x)`).
   */
  readonly minimal: { readonly problem: string; readonly nodes: number | null; readonly statement: string };
  /**
   * The model's answer to it: `text` is the parsed form, else the raw text, on one line and clipped;
   * `parsed` the parsed form whole (null when none was read). Null when there is no answer. Untrusted.
   */
  readonly answer: {
    readonly text: string;
    readonly parsed: string | null;
    readonly status: string | null;
    readonly verdict: string | null;
    readonly reason: string | null;
  } | null;
  /** Why it is the model's failure; null when unproven or not recorded. */
  readonly proof: ProofLine | null;
  readonly kind: string;
  /** Archive lines with this signature (several only under `--novelty exact`, or in a merge). */
  readonly archived: number;
  /** Failures with this signature that took no seat (the lines' `variants`); null when no line records it. */
  readonly variants: number | null;
  /** The first one or two distinct original problems of the group, in archive order. */
  readonly originals: readonly string[];
  /** Ids of the group's archive lines, in archive order. */
  readonly ids: readonly string[];
}

export interface SignatureGroups {
  /** Most failures first (archived lines plus variants), then the smallest minimal problem. */
  readonly groups: readonly SignatureGroup[];
  /** Archive lines without a signature (written before signatures; `sagga archive shrink` adds them). */
  readonly unsigned: number;
}

/** Originals shown per group. */
const ORIGINALS = 2;

/** The archive's lines grouped by signature, each group shown by its smallest failing problem. */
export function signatureGroups(entries: readonly ArchiveLine[]): SignatureGroups {
  const bySignature = new Map<string, ArchiveLine[]>();
  let unsigned = 0;
  for (const e of entries) {
    if (e.signature === null) {
      unsigned++;
      continue;
    }
    const group = bySignature.get(e.signature);
    if (group) group.push(e);
    else bySignature.set(e.signature, [e]);
  }
  const groups = [...bySignature].map(([signature, lines]) => toGroup(signature, lines));
  groups.sort((a, b) => seen(b) - seen(a) || (a.minimal.nodes ?? Infinity) - (b.minimal.nodes ?? Infinity) || compare(a.signature, b.signature));
  return { groups, unsigned };
}

function toGroup(signature: string, lines: readonly ArchiveLine[]): SignatureGroup {
  const nodesOf = (e: ArchiveLine) => e.minimal?.nodes ?? (e.minimal === null ? e.nodes : null) ?? Infinity;
  let representative = lines[0];
  for (const e of lines) if (nodesOf(e) < nodesOf(representative)) representative = e;
  const minimal = representative.minimal;
  // A line never shrunk is its own minimal form.
  const shown = minimal ?? representative;
  const recorded = lines.filter((e) => e.variants !== null);
  return {
    signature,
    minimal: { problem: shown.problem, nodes: shown.nodes, statement: statementOf(shown.problem, representative) },
    answer: answerOf(shown.answers[0]),
    proof: minimal ? (minimal.proof ?? representative.proof) : representative.proof,
    kind: representative.kind,
    archived: lines.length,
    variants: recorded.length > 0 ? recorded.reduce((n, e) => n + (e.variants ?? 0), 0) : null,
    originals: [...new Set(lines.map((e) => e.problem))].slice(0, ORIGINALS),
    ids: lines.map((e) => e.id),
  };
}

/** A problem of a line's task, with the line's parameters (a minimal form keeps them), for people. */
function statementOf(problem: string, line: ArchiveLine): string {
  if (line.task === null || line.task === 'integrate') return problem;
  return lineStatement(problem, line.task, { ...line.params, ...(line.parameters === null ? {} : { parameters: line.parameters }) });
}

function answerOf(answer: AnswerLine | undefined): SignatureGroup['answer'] {
  if (answer === undefined) return null;
  const oneLine = (answer.answer ?? answer.text).replace(/\s+/g, ' ').trim();
  return {
    text: oneLine.length > ANSWER_TEXT_LIMIT ? `${oneLine.slice(0, ANSWER_TEXT_LIMIT)}…` : oneLine,
    parsed: answer.answer,
    status: answer.status,
    verdict: answer.verdict,
    reason: answer.reason,
  };
}

function seen(g: SignatureGroup): number {
  return g.archived + (g.variants ?? 0);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
