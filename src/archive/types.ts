import type { ArchiveLine } from '../run/runSchema.js';

/** The field order of an exported or merged archive line (the order `sagga search` writes them in, plus `sources`). */
export const ARCHIVE_FIELDS = [
  'id',
  'problem',
  'latex',
  'key',
  'generation',
  'fitness',
  'length',
  'chars',
  'tokens',
  'nodes',
  'depth',
  'terms',
  'target',
  'kind',
  'reason',
  'parent',
  'answers',
  'sources',
] as const satisfies readonly (keyof ArchiveLine)[];

/** The fields of ARCHIVE_FIELDS that hold one value (all but the lists `answers` and `sources`). */
export type ScalarField = Exclude<(typeof ARCHIVE_FIELDS)[number], 'answers' | 'sources'>;

/** The scalar fields, in ARCHIVE_FIELDS order: the plain columns of the CSV and Parquet exports. */
export const SCALAR_FIELDS: readonly ScalarField[] = ARCHIVE_FIELDS.filter((f): f is ScalarField => f !== 'answers' && f !== 'sources');
