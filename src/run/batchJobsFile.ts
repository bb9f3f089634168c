import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchJobHooks, BatchJobIntent, BatchJobRecord } from '../targets/targetOptions.js';
import { writeFileAtomic } from '../util/writeFileAtomic.js';
import { RUN_FILES } from './runSchema.js';

type Entry = BatchJobRecord | BatchJobIntent;

/**
 * The Batch API jobs of a run whose results were not read yet, kept in the run directory
 * (`batch-jobs.json`, replaced whole on every change) so that a run killed while a job runs waits
 * for that job when resumed instead of paying for a second one: each job as soon as it exists, and
 * before that, from just before its create call, its intent (the input file it is made from), so
 * that a run killed before the endpoint's reply finds the job again. The hooks a `--batch` target calls.
 */
export function batchJobsFile(dir: string): BatchJobHooks {
  const path = join(dir, RUN_FILES.batchJobs);
  const read = (): Entry[] => {
    if (!existsSync(path)) return [];
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
      return Array.isArray(parsed) ? parsed.filter((v): v is Entry => isRecord(v) || isIntent(v)) : [];
    } catch {
      return [];
    }
  };
  const write = (entries: readonly Entry[]): void => writeFileAtomic(path, JSON.stringify(entries, null, 2) + '\n');
  const isJob = (e: Entry): e is BatchJobRecord => 'id' in e;
  const entries = read();
  return {
    resume: entries.filter(isJob),
    resumeIntents: entries.filter((e): e is BatchJobIntent => !isJob(e)),
    onCreating: (intent) => write([...read(), intent]),
    // The job replaces its intent (same input file) and any earlier record of itself.
    onCreated: (job) => write([...read().filter((e) => (isJob(e) ? e.id !== job.id : e.inputFileId !== job.inputFileId)), job]),
    onAbandoned: (intent) => write(read().filter((e) => isJob(e) || e.inputFileId !== intent.inputFileId)),
    onFinished: (job) => write(read().filter((e) => !isJob(e) || e.id !== job.id)),
  };
}

function isRecord(v: unknown): v is BatchJobRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.endpoint === 'string' &&
    typeof r.id === 'string' &&
    typeof r.requests === 'number' &&
    typeof r.created === 'string' &&
    (r.inputFileId === undefined || typeof r.inputFileId === 'string')
  );
}

function isIntent(v: unknown): v is BatchJobIntent {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    r.id === undefined && typeof r.endpoint === 'string' && typeof r.inputFileId === 'string' && typeof r.requests === 'number' && typeof r.created === 'string'
  );
}
