import { TASK_REGISTRY } from '../tasks/registry.js';
import { isRecord } from './toArchiveLine.js';

/** Between the items of a list a dataset column holds as text (defined with the reader that splits them): no condition or assumption has one. */
export const LIST_SEPARATOR = '; ';
/** Between a parameter's name and what is assumed of it, in the dataset's `parameters` column (`A: positive`). */
export const ASSUMPTION_SEPARATOR = ': ';

/** Every task's parameters: the dataset has a column for each, empty on the rows of other tasks. */
const TASK_FIELD_NAMES = new Set(TASK_REGISTRY.flatMap((t) => t.fields.map((f) => f.name)));

/**
 * `status` of the one answer a dataset row carries when the run kept none: variants and unproven
 * failures (evaluated.jsonl does not record answers) and the minimal form of a line that has none.
 */
export const NOT_RECORDED = 'not-recorded';

/**
 * A row of `sagga archive export` (it has a `role`) as the archive line it was made from, for the
 * readers of archive files: null for a row that is no archive line (`variant`, `unproven`); for a
 * `bug` row, the line with what the export fills in taken out again (the empty strings and empty
 * proof and minimal form that stand for "not recorded", the placeholder answers, the columns of
 * parameters its task does not have, `task` on an integrate row, an empty list of parameters). A
 * value that is not a dataset row is returned as it is.
 */
export function fromDatasetRow(value: unknown): unknown {
  if (!isRecord(value) || typeof value.role !== 'string') return value;
  if (value.role !== 'bug') return null;
  const line: Record<string, unknown> = { ...value };
  for (const key of ['role', 'variant_of', 'proof_by', 'proof_reference', 'minimal_problem', 'minimal_nodes']) delete line[key];
  for (const key of ['latex', 'key', 'reason', 'parent', 'signature']) if (line[key] === '') delete line[key];
  if (typeof value.task === 'string') {
    const own = new Set(TASK_REGISTRY.find((t) => t.name === value.task)?.fields.map((f) => f.name) ?? []);
    for (const key of TASK_FIELD_NAMES) if (!own.has(key)) delete line[key];
    if (value.task === 'integrate') delete line.task;
    if (own.has('conditions') && typeof value.conditions === 'string') line.conditions = items(value.conditions);
  }
  if (typeof value.parameters === 'string') {
    const pairs = items(value.parameters).map((item) => item.split(ASSUMPTION_SEPARATOR));
    if (pairs.length === 0) delete line.parameters;
    else line.parameters = Object.fromEntries(pairs.map(([name, assumption]) => [name, assumption ?? '']));
  }
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

/** A list held as text, `''` being the empty list. */
function items(text: string): string[] {
  return text === '' ? [] : text.split(LIST_SEPARATOR);
}
