import { isRecord } from './toArchiveLine.js';

/**
 * `status` of the one answer a dataset row carries when the run kept none: variants and unproven
 * failures (evaluated.jsonl does not record answers) and the minimal form of a line that has none.
 */
export const NOT_RECORDED = 'not-recorded';

/**
 * A row of `sagga archive export` (it has a `role`) as the archive line it was made from, for the
 * readers of archive files: null for a row that is no archive line (`variant`, `unproven`); for a
 * `bug` row, the line with what the export fills in taken out again (the empty strings and empty
 * proof and minimal form that stand for "not recorded", the placeholder answers). A value that is
 * not a dataset row is returned as it is.
 */
export function fromDatasetRow(value: unknown): unknown {
  if (!isRecord(value) || typeof value.role !== 'string') return value;
  if (value.role !== 'bug') return null;
  const line: Record<string, unknown> = { ...value };
  for (const key of ['role', 'variant_of', 'proof_by', 'proof_reference', 'minimal_problem', 'minimal_nodes']) delete line[key];
  for (const key of ['latex', 'key', 'reason', 'parent', 'signature']) if (line[key] === '') delete line[key];
  line.answers = answers(value.answers);
  line.proof = proof(value.proof);
  const minimal = value.minimal;
  line.minimal =
    isRecord(minimal) && typeof minimal.problem === 'string' && minimal.problem !== ''
      ? { ...minimal, answers: answers(minimal.answers), proof: proof(minimal.proof) }
      : null;
  return line;
}

function answers(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  return v
    .filter((a) => !(isRecord(a) && a.status === NOT_RECORDED))
    .map((a) => (isRecord(a) ? Object.fromEntries(Object.entries(a).filter(([k, x]) => k === 'text' || x !== '')) : a));
}

function proof(v: unknown): unknown {
  if (!isRecord(v) || v.by === '') return null;
  return Object.fromEntries(Object.entries(v).filter(([k, x]) => k === 'by' || x !== ''));
}
