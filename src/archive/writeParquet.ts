import { parquetWriteFile } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet-writer';
import { ANSWER_FIELDS, PROOF_FIELDS, toExportRecord } from './toExportRecord.js';
import type { ArchiveLine } from '../run/runSchema.js';
import { SCALAR_FIELDS, type ScalarField } from './types.js';

/** Scalar columns stored as text; the others are numbers. */
const STRING_COLUMNS: readonly ScalarField[] = ['id', 'problem', 'latex', 'key', 'target', 'kind', 'reason', 'parent', 'proof_by', 'proof_reference', 'signature', 'minimal_problem'];
const REQUIRED: ReadonlySet<ScalarField> = new Set<ScalarField>(['id', 'problem', 'target', 'kind', 'generation', 'fitness', 'length', 'nodes', 'depth']);

/**
 * Write the entries as Parquet with an explicit schema: the export's columns in EXPORT_FIELDS order,
 * integer columns as INT32 (DOUBLE when a value is not a 32-bit integer), `answers` as
 * LIST<STRUCT<text, status, verdict, reason, answer>>, `proof` as an optional STRUCT<by, reason,
 * reference, answer>, `minimal` as an optional STRUCT<problem, answers, proof, nodes> and `sources`
 * as an optional LIST<STRUCT<run, id>>: the same shape as the JSON Lines export.
 */
export function writeParquet(entries: readonly ArchiveLine[], filename: string): void {
  const columns: { name: string; data: unknown[] }[] = [];
  const schema: SchemaElement[] = [{ name: 'root', num_children: 0 }];
  const records = entries.map(toExportRecord);
  for (const name of SCALAR_FIELDS) {
    const data = records.map((r) => r[name]);
    const repetition_type = REQUIRED.has(name) ? 'REQUIRED' : 'OPTIONAL';
    if (STRING_COLUMNS.includes(name)) {
      schema.push({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type });
    } else {
      schema.push({ name, type: name !== 'fitness' && integral(data) ? 'INT32' : 'DOUBLE', repetition_type });
    }
    columns.push({ name, data });
  }
  schema.push(...answerList('answers', 'REQUIRED'));
  columns.push({ name: 'answers', data: records.map((r) => r.answers) });
  schema.push(...proofStruct('proof'));
  columns.push({ name: 'proof', data: records.map((r) => r.proof) });
  const minimalNodes = integral(records.map((r) => r.minimal?.nodes ?? null));
  schema.push(
    { name: 'minimal', repetition_type: 'OPTIONAL', num_children: 4 },
    { name: 'problem', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
    ...answerList('answers', 'REQUIRED'),
    ...proofStruct('proof'),
    { name: 'nodes', type: minimalNodes ? 'INT32' : 'DOUBLE', repetition_type: 'OPTIONAL' },
  );
  columns.push({ name: 'minimal', data: records.map((r) => r.minimal) });
  schema.push(
    { name: 'sources', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { name: 'element', repetition_type: 'REQUIRED', num_children: 2 },
    { name: 'run', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
    { name: 'id', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  );
  columns.push({ name: 'sources', data: records.map((r) => r.sources) });
  schema[0] = { name: 'root', num_children: columns.length };
  parquetWriteFile({ filename, schema, columnData: columns, kvMetadata: [{ key: 'sagga.format', value: 'archive-v2' }] });
}

function integral(values: readonly unknown[]): boolean {
  return values.every((v) => v === null || (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31));
}

/** A list of answer structs, as the schema elements of one field. */
function answerList(name: string, repetition_type: 'REQUIRED' | 'OPTIONAL'): SchemaElement[] {
  return [
    { name, repetition_type, converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { name: 'element', repetition_type: 'REQUIRED', num_children: ANSWER_FIELDS.length },
    ...ANSWER_FIELDS.map((f): SchemaElement => ({ name: f, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: f === 'text' ? 'REQUIRED' : 'OPTIONAL' })),
  ];
}

/** An optional proof struct, as the schema elements of one field. */
function proofStruct(name: string): SchemaElement[] {
  return [
    { name, repetition_type: 'OPTIONAL', num_children: PROOF_FIELDS.length },
    ...PROOF_FIELDS.map((f): SchemaElement => ({ name: f, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: f === 'by' ? 'REQUIRED' : 'OPTIONAL' })),
  ];
}
