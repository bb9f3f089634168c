import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatWarning, readRun } from '../run/readRun.js';
import { toCsv } from './toCsv.js';
import { toExportRecord } from './toExportRecord.js';
import { writeParquet } from './writeParquet.js';

import { EXPORT_FORMATS, type ExportFormat } from './exportFormats.js';

export { EXPORT_FORMATS, type ExportFormat };

export interface ArchiveExportOptions {
  readonly format: ExportFormat;
  /** File to write; `-` writes JSON Lines or CSV to `stdout` (not Parquet). */
  readonly out: string;
  /** Where `-` goes. Default process.stdout. */
  readonly stdout?: NodeJS.WritableStream;
}

export interface ArchiveExportResult {
  readonly out: string;
  readonly rows: number;
  readonly warnings: readonly string[];
}

/**
 * `sagga archive export DIR --format F --out FILE`: the readable archive lines of a run (or of an
 * archive file) as JSON Lines for Hugging Face `datasets` (same keys on every line, answers a list
 * of structs), CSV, or Parquet.
 */
export function archiveExport(dir: string, options: ArchiveExportOptions): ArchiveExportResult {
  if (!EXPORT_FORMATS.includes(options.format)) throw new Error(`archive export: unknown format '${String(options.format)}' (expected ${EXPORT_FORMATS.join(', ')})`);
  const run = readRun(dir);
  const warnings = run.warnings.map(formatWarning);
  if (options.format === 'parquet') {
    if (options.out === '-') throw new Error('archive export: Parquet cannot go to stdout; give --out FILE');
    mkdirSync(dirname(options.out), { recursive: true });
    writeParquet(run.entries, options.out);
    return { out: options.out, rows: run.entries.length, warnings };
  }
  const text = options.format === 'csv' ? toCsv(run.entries) : run.entries.map((e) => JSON.stringify(toExportRecord(e)) + '\n').join('');
  if (options.out === '-') (options.stdout ?? process.stdout).write(text);
  else {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, text);
  }
  return { out: options.out, rows: run.entries.length, warnings };
}
