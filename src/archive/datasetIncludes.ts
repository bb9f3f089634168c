/** Rows an export may add to the archive's own (one per bug); apart from the row builder so the CLI checks them without loading it. */
export type DatasetInclude = 'variants' | 'unproven';
export const DATASET_INCLUDES: readonly DatasetInclude[] = ['variants', 'unproven'];
