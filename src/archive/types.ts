import type { ArchiveLine } from '../run/runSchema.js';

/** The fields of an archive line that hold one value as `sagga search` writes them, in its order (up to `parent`). */
const LINE_SCALARS = [
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
] as const satisfies readonly (keyof ArchiveLine)[];

/** The field order of an archive line as `sagga search` writes it, plus `sources` (a merge's provenance): the lines of a merged archive. */
export const ARCHIVE_FIELDS = [
  ...LINE_SCALARS,
  'answers',
  'proof',
  'signature',
  'minimal',
  'variants',
  'sources',
] as const satisfies readonly (keyof ArchiveLine)[];

/**
 * The columns of an export, in order: the line's scalar fields; flat columns for what one filters
 * and groups by (`proof_by`, `proof_reference`, `signature`, `minimal_problem`, `minimal_nodes`,
 * `variants`); then the nested fields, whole (`answers`, `proof`, `minimal`, `sources`).
 */
export const EXPORT_FIELDS = [
  ...LINE_SCALARS,
  'proof_by',
  'proof_reference',
  'signature',
  'minimal_problem',
  'minimal_nodes',
  'variants',
  'answers',
  'proof',
  'minimal',
  'sources',
] as const;

export type ExportField = (typeof EXPORT_FIELDS)[number];
