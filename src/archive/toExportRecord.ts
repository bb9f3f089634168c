import type { AnswerLine, ArchiveLine, ArchiveSource, ProofLine } from '../run/runSchema.js';
import { EXPORT_FIELDS, type ExportField } from './types.js';

/** The keys of every exported answer, in order (the struct fields of the Parquet `answers` column). */
export const ANSWER_FIELDS = ['text', 'status', 'verdict', 'reason', 'answer'] as const satisfies readonly (keyof AnswerLine)[];

/** The keys of an exported proof, in order (`reference` and `answer` are null for the verifier's). */
export const PROOF_FIELDS = ['by', 'reason', 'reference', 'answer'] as const satisfies readonly (keyof ProofLine)[];

export type ExportAnswer = { readonly [K in (typeof ANSWER_FIELDS)[number]]: AnswerLine[K] };
export type ExportProof = { readonly [K in (typeof PROOF_FIELDS)[number]]: ProofLine[K] };
export interface ExportMinimal {
  readonly problem: string;
  readonly answers: readonly ExportAnswer[];
  readonly proof: ExportProof | null;
  readonly nodes: number | null;
}

/** What the export holds beyond the archive line's own scalar fields. */
interface ExportOnly {
  readonly proof_by: string | null;
  readonly proof_reference: string | null;
  readonly minimal_problem: string | null;
  readonly minimal_nodes: number | null;
  readonly answers: readonly ExportAnswer[];
  readonly proof: ExportProof | null;
  readonly minimal: ExportMinimal | null;
  readonly sources: readonly ArchiveSource[] | null;
}

/** A JSON Lines record: every field of EXPORT_FIELDS, in that order, null when absent. */
export type ExportRecord = { readonly [K in ExportField]: K extends keyof ExportOnly ? ExportOnly[K] : K extends keyof ArchiveLine ? ArchiveLine[K] : never };

/**
 * The entry as a flat record with the same keys in the same order on every line, nested fields with
 * the same keys too (answers as a list of structs, `proof` and `minimal` as structs or null), which
 * is what Hugging Face `datasets` (Arrow) needs to infer one schema for the whole file. The CSV and
 * Parquet exports and merged archives are made from this record too.
 */
export function toExportRecord(entry: ArchiveLine): ExportRecord {
  const only: ExportOnly = {
    proof_by: entry.proof?.by ?? null,
    proof_reference: entry.proof?.reference ?? null,
    minimal_problem: entry.minimal?.problem ?? null,
    minimal_nodes: entry.minimal?.nodes ?? null,
    answers: entry.answers.map(exportAnswer),
    proof: exportProof(entry.proof),
    minimal:
      entry.minimal === null
        ? null
        : {
            problem: entry.minimal.problem,
            answers: entry.minimal.answers.map(exportAnswer),
            proof: exportProof(entry.minimal.proof),
            nodes: entry.minimal.nodes,
          },
    sources: entry.sources === null ? null : entry.sources.map((s) => ({ run: s.run, id: s.id })),
  };
  const record: Record<string, unknown> = {};
  for (const field of EXPORT_FIELDS) record[field] = field in only ? only[field as keyof ExportOnly] : entry[field as keyof ArchiveLine];
  return record as ExportRecord;
}

function exportAnswer(a: AnswerLine): ExportAnswer {
  return { text: a.text, status: a.status, verdict: a.verdict, reason: a.reason, answer: a.answer };
}

function exportProof(p: ProofLine | null): ExportProof | null {
  return p === null ? null : { by: p.by, reason: p.reason, reference: p.reference, answer: p.answer };
}
