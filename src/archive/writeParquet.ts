import { parquetWriteFile } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet-writer';
import { DATASET_COLUMNS, DATASET_FORMAT, type DatasetColumn, type DatasetType } from './datasetSchema.js';
import type { DatasetRow } from './toDatasetRows.js';

/**
 * Write dataset rows as Parquet with the schema of DATASET_COLUMNS, every column required: strings
 * as UTF8 byte arrays, int64 as INT64, float64 as DOUBLE, structs as groups and lists as LIST groups
 * of required structs. The same columns and types as the JSON Lines export and the dataset card.
 */
export function writeParquet(rows: readonly DatasetRow[], filename: string): void {
  const schema: SchemaElement[] = [{ name: 'root', num_children: DATASET_COLUMNS.length }];
  for (const column of DATASET_COLUMNS) schema.push(...elements(column));
  const columnData = DATASET_COLUMNS.map((column) => ({
    name: column.name,
    data: rows.map((row) => physical(column.type, (row as unknown as Record<string, unknown>)[column.name])),
  }));
  parquetWriteFile({ filename, schema, columnData, kvMetadata: [{ key: 'sagga.format', value: DATASET_FORMAT }] });
}

/** A column as the schema elements of Parquet's flattened tree. */
function elements(column: DatasetColumn): SchemaElement[] {
  const { name, type } = column;
  if (type === 'string') return [{ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' }];
  if (type === 'int64') return [{ name, type: 'INT64', repetition_type: 'REQUIRED' }];
  if (type === 'float64') return [{ name, type: 'DOUBLE', repetition_type: 'REQUIRED' }];
  if ('struct' in type) return [{ name, repetition_type: 'REQUIRED', num_children: type.struct.length }, ...type.struct.flatMap(elements)];
  return [
    { name, repetition_type: 'REQUIRED', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { name: 'element', repetition_type: 'REQUIRED', num_children: type.list.length },
    ...type.list.flatMap(elements),
  ];
}

/** A value as the writer takes it: int64 values as BigInt, all the way into structs and lists. */
function physical(type: DatasetType, value: unknown): unknown {
  if (type === 'int64') return BigInt(value as number);
  if (type === 'string' || type === 'float64') return value;
  const fields = 'struct' in type ? type.struct : type.list;
  const one = (v: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f.name, physical(f.type, v[f.name])]));
  return 'struct' in type ? one(value as Record<string, unknown>) : (value as Record<string, unknown>[]).map(one);
}
