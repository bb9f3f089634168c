/** The file formats `sagga archive export` writes; apart from archiveExport so the CLI lists them without loading the writers. */
export type ExportFormat = 'jsonl' | 'csv' | 'parquet';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['jsonl', 'csv', 'parquet'];
