import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { formatWarning, readRun } from '../run/readRun.js';
import type { RunData } from '../run/runData.js';
import { searchCommandLine } from '../run/searchCommandLine.js';
import { datasetCard, DATASET_CARD_MARK } from './datasetCard.js';
import { datasetJsonLine } from './datasetJsonLine.js';
import { EXPORT_FORMATS, type ExportFormat } from './exportFormats.js';
import { toCsv } from './toCsv.js';
import type { DatasetInclude } from './datasetIncludes.js';
import { toDatasetRows } from './toDatasetRows.js';
import { writeParquet } from './writeParquet.js';

export { EXPORT_FORMATS, type ExportFormat };

export interface ArchiveExportOptions {
  readonly format: ExportFormat;
  /** File to write; `-` writes JSON Lines or CSV to `stdout` (not Parquet). */
  readonly out: string;
  /** Rows besides one per archived bug: `variants`, `unproven`. */
  readonly include?: readonly DatasetInclude[];
  /** CSV: write every value as it is, without the guard against spreadsheet formulas. */
  readonly csvRaw?: boolean;
  /** Where `-` goes: the caller's standard output (the library owns no stream). */
  readonly stdout?: { write(text: string): unknown };
}

export interface ArchiveExportResult {
  readonly out: string;
  readonly rows: number;
  /** The dataset card written beside the export (null for stdout). */
  readonly card: string | null;
  readonly warnings: readonly string[];
}

/**
 * `sagga archive export DIR --format F --out FILE [--include variants,unproven]`: the run (or an
 * archive file) as a dataset, one row per archived bug and, with `include`, per variant and
 * unproven failure, each row with every column of DATASET_COLUMNS in one type (`toDatasetRows`):
 * JSON Lines, CSV or Parquet; a row of any task carries the task and its parameters. Beside a
 * file, a dataset card (README.md) gives the schema; an existing README.md that sagga did not write
 * is left alone and the card is `<file>.README.md`.
 */
export function archiveExport(dir: string, options: ArchiveExportOptions): ArchiveExportResult {
  if (!EXPORT_FORMATS.includes(options.format))
    throw new Error(`archive export: unknown format '${String(options.format)}' (expected ${EXPORT_FORMATS.join(', ')})`);
  const run = readRun(dir);
  const warnings = run.warnings.map(formatWarning);
  const include = options.include ?? [];
  if (include.length > 0 && run.failures === null) {
    warnings.push(`${dir}: no evaluated.jsonl, so no ${include.join(' or ')} rows (an archive file holds archived failures only)`);
  }
  const rows = toDatasetRows(run, include);
  if (options.format === 'parquet') {
    if (options.out === '-') throw new Error('archive export: Parquet cannot go to stdout; give --out FILE');
    mkdirSync(dirname(options.out), { recursive: true });
    writeParquet(rows, options.out);
  } else {
    const text = options.format === 'csv' ? toCsv(rows, { raw: options.csvRaw }) : rows.map((row) => datasetJsonLine(row) + '\n').join('');
    if (options.out === '-') {
      if (options.stdout === undefined) throw new Error('archive export: --out - needs a stream to write to (options.stdout)');
      options.stdout.write(text);
    } else {
      mkdirSync(dirname(options.out), { recursive: true });
      writeFileSync(options.out, text);
    }
  }
  const card = options.out === '-' ? null : writeCard(run, rows, options, include);
  return { out: options.out, rows: rows.length, card, warnings };
}

function writeCard(run: RunData, rows: ReturnType<typeof toDatasetRows>, options: ArchiveExportOptions, include: readonly DatasetInclude[]): string {
  const count = (role: string) => rows.filter((r) => r.role === role).length;
  const target = run.config?.target as Record<string, unknown> | undefined;
  const sagga = run.config?.sagga as Record<string, unknown> | undefined;
  const text = datasetCard({
    file: basename(options.out),
    format: options.format,
    run: run.name,
    target: typeof target?.name === 'string' ? target.name : (rows[0]?.target ?? null),
    include,
    tasks: [...new Set(rows.map((r) => r.task))],
    rows: { bug: count('bug'), variant: count('variant'), unproven: count('unproven') },
    command: searchCommandLine(run.config),
    saggaVersion: typeof sagga?.version === 'string' ? sagga.version : null,
  });
  const beside = join(dirname(options.out), 'README.md');
  const path =
    !existsSync(beside) || readFileSync(beside, 'utf8').includes(DATASET_CARD_MARK)
      ? beside
      : `${join(dirname(options.out), basename(options.out, extname(options.out)))}.README.md`;
  writeFileSync(path, text);
  return path;
}
