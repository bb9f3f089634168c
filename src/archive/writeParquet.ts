import { parquetWriteFile } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet-writer';
import { ANSWER_FIELDS, toExportRecord } from './toExportRecord.js';
import type { ArchiveLine } from '../run/runSchema.js';
import { SCALAR_FIELDS, type ScalarField } from './types.js';

/** Scalar columns stored as text; the others are numbers. */
const STRING_COLUMNS: readonly ScalarField[] = ['id', 'problem', 'latex', 'key', 'target', 'kind', 'reason', 'parent'];
const REQUIRED: ReadonlySet<ScalarField> = new Set<ScalarField>(['id', 'problem', 'target', 'kind', 'generation', 'fitness', 'length', 'nodes', 'depth']);

/**
 * Write the entries as Parquet with an explicit schema: the archive's fields in ARCHIVE_FIELDS order,
 * integer columns as INT32 (DOUBLE when a value is not a 32-bit integer), `answers` as
 * LIST<STRUCT<text, status, verdict, reason, answer>> and `sources` as an optional LIST<STRUCT<run, id>>,
 * the same shape as the JSON Lines export.
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
      const integral = name !== 'fitness' && data.every((v) => v === null || (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31));
      schema.push({ name, type: integral ? 'INT32' : 'DOUBLE', repetition_type });
    }
    columns.push({ name, data });
  }
  schema.push(
    { name: 'answers', repetition_type: 'REQUIRED', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { name: 'element', repetition_type: 'REQUIRED', num_children: ANSWER_FIELDS.length },
    ...ANSWER_FIELDS.map((f): SchemaElement => ({ name: f, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: f === 'text' ? 'REQUIRED' : 'OPTIONAL' })),
  );
  columns.push({ name: 'answers', data: records.map((r) => r.answers) });
  schema.push(
    { name: 'sources', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { name: 'element', repetition_type: 'REQUIRED', num_children: 2 },
    { name: 'run', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
    { name: 'id', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  );
  columns.push({ name: 'sources', data: records.map((r) => r.sources) });
  schema[0] = { name: 'root', num_children: columns.length };
  parquetWriteFile({ filename, schema, columnData: columns, kvMetadata: [{ key: 'sagga.format', value: 'archive-v1' }] });
}
