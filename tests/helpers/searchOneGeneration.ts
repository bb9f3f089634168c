import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { sagga } from './cliInProcess.js';

/** A task test's search: which task, against what, and what it changes of the small defaults below. */
export interface OneGenerationSearch {
  readonly task: string;
  readonly target: string;
  /** The run directory; a fresh one under the system's temporary directory when absent. */
  readonly out?: string;
  readonly generationSize?: number;
  readonly clusters?: number;
  readonly shrinkCalls?: number;
  readonly concurrency?: number;
  /** Further flags (`--reference`, `--rng-seed` …). */
  readonly extra?: readonly string[];
}

/**
 * `sagga search --task …` as the task tests run it: one generation of 20 candidates from 10 seeds,
 * each failure shrunk with a few calls, as small as what the tests assert allows. The CLI's program
 * runs in this process (a spawned one costs a second and a half of module loading, for each of the
 * many searches the task tests run; tests/cli spawns it). It must exit 0; returns the run directory.
 */
export async function searchOneGeneration(search: OneGenerationSearch): Promise<string> {
  const out = search.out ?? join(mkdtempSync(join(tmpdir(), `sagga-${search.task}-`)), 'run');
  const run = await sagga([
    'search',
    '--task',
    search.task,
    '--target',
    search.target,
    '--out',
    out,
    '--generation-size',
    String(search.generationSize ?? 20),
    '--max-generations',
    '1',
    '--seed-size',
    '10',
    '--clusters',
    String(search.clusters ?? 4),
    '--shrink-calls',
    String(search.shrinkCalls ?? 8),
    '--concurrency',
    String(search.concurrency ?? 2),
    '--json',
    ...(search.extra ?? []),
  ]);
  expect(run.status, run.stderr).toBe(0);
  return out;
}
