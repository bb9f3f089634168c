import { DATASET_COLUMNS, type DatasetColumn, type DatasetType } from './datasetSchema.js';
import type { DatasetRow } from './toDatasetRows.js';

/**
 * A row as one JSON line, its keys in DATASET_COLUMNS order and each value written as its column's
 * type reads in JSON: a double always with a decimal point or an exponent (`1.0`, not `1`), so that a
 * reader inferring types from the data (Arrow, DuckDB) gets the same type from every file.
 */
export function datasetJsonLine(row: DatasetRow): string {
  return object(DATASET_COLUMNS, row as unknown as Record<string, unknown>);
}

function object(columns: readonly DatasetColumn[], value: Record<string, unknown>): string {
  return `{${columns.map((c) => `${JSON.stringify(c.name)}:${valueText(c.type, value[c.name])}`).join(',')}}`;
}

function valueText(type: DatasetType, value: unknown): string {
  if (type === 'float64') {
    const n = value as number;
    return Number.isInteger(n) ? n.toFixed(1) : JSON.stringify(n);
  }
  if (type === 'string' || type === 'int64') return JSON.stringify(value);
  if ('struct' in type) return object(type.struct, value as Record<string, unknown>);
  return `[${(value as Record<string, unknown>[]).map((v) => object(type.list, v)).join(',')}]`;
}
