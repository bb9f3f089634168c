import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchJobHooks, BatchJobRecord } from '../targets/targetOptions.js';
import { writeFileAtomic } from '../util/writeFileAtomic.js';
import { RUN_FILES } from './runSchema.js';

/**
 * The Batch API jobs of a run whose results were not read yet, kept in the run directory
 * (`batch-jobs.json`, replaced whole on every change) so that a run killed while a job runs waits
 * for that job when resumed instead of paying for a second one. The hooks a `--batch` target calls.
 */
export function batchJobsFile(dir: string): BatchJobHooks {
  const path = join(dir, RUN_FILES.batchJobs);
  const read = (): BatchJobRecord[] => {
    if (!existsSync(path)) return [];
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
      return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
    } catch {
      return [];
    }
  };
  const write = (jobs: readonly BatchJobRecord[]): void => writeFileAtomic(path, JSON.stringify(jobs, null, 2) + '\n');
  return {
    resume: read(),
    onCreated: (job) => write([...read().filter((j) => j.id !== job.id), job]),
    onFinished: (job) => write(read().filter((j) => j.id !== job.id)),
  };
}

function isRecord(v: unknown): v is BatchJobRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.endpoint === 'string' && typeof r.id === 'string' && typeof r.requests === 'number' && typeof r.created === 'string';
}
