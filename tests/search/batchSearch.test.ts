import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { reply, startFakeOpenAIServer } from '../../testkit/fakeOpenAIServer.js';
import { startCli, waitFor } from '../helpers/processTree.js';
import type { CliRun } from '../helpers/runBuiltCli.js';
import { sagga } from '../helpers/cliInProcess.js';

/*
 * --batch: each generation goes out as one Batch API job against a local server that speaks the files
 * and batches protocol; a search killed (SIGKILL) while its job runs keeps the job's id in the run
 * directory and, resumed, waits for that job instead of creating a second one for the same generation.
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-batch-search-'));
const env = { ...process.env, OPENAI_API_KEY: 'sk-batch-search-0123456789' };

/** The resumed run: the CLI's program in this process (only the run to be killed needs one of its own). */
async function resumeHere(out: string, target: readonly string[]): Promise<CliRun> {
  vi.stubEnv('OPENAI_API_KEY', env.OPENAI_API_KEY);
  try {
    return await sagga(['search', '--resume', out, ...target, '--json']);
  } finally {
    vi.unstubAllEnvs();
  }
}

describe('sagga search --batch', () => {
  const servers: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('sends a generation as one job, and a run killed mid-job resumes with the same job', async () => {
    const server = await startFakeOpenAIServer(() => reply.answer('The answer is \\boxed{x^2}'), { end: 'never' });
    servers.push(server);
    const out = join(work, 'run');
    const target = ['--target', 'openai:batch-model', '--base-url', server.baseURL, '--batch'];
    const run = [
      '--no-canaries',
      '--reference',
      'none',
      '--shrink-calls',
      '0',
      '--generation-size',
      '12',
      '--seed-size',
      '4',
      '--clusters',
      '1',
      '--max-generations',
      '2',
      '--rng-seed',
      'batch',
      '--json',
    ];
    const first = startCli(['search', ...target, '--out', out, ...run], env);
    const jobsFile = join(out, 'batch-jobs.json');
    // The job's id is on record (it replaces the intent written before the create call).
    const recorded = (): boolean => existsSync(jobsFile) && /"id"/.test(readFileSync(jobsFile, 'utf8'));
    expect(await waitFor(() => server.batches.length === 1 && recorded(), 60_000), first.stderr()).toBe(true);
    first.child.kill('SIGKILL');
    await first.ended;
    const saved = JSON.parse(readFileSync(jobsFile, 'utf8')) as Array<{ id: string; requests: number }>;
    expect(saved.map((j) => j.id)).toEqual([server.batches[0].id]);
    const firstJobLines = server.batches[0].requests;
    expect(firstJobLines).toBeGreaterThan(1);

    // The job finishes while no sagga runs; the resumed run reads it instead of asking again.
    server.setBatchBehaviour({ end: 'completed' });
    await server.completeBatch(server.batches[0].id);
    const resumed = await resumeHere(out, target);
    expect(resumed.status, resumed.stderr).toBe(0);
    const generations = readFileSync(join(out, 'generations.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(generations).toHaveLength(2);
    // One job per generation: the first generation's job was not made twice.
    expect(server.batches).toHaveLength(2);
    expect(server.batchRequests.filter((r) => r.path === `batch:${server.batches[0].id}`)).toHaveLength(firstJobLines);
    // No chat request went out: everything went through the two jobs.
    expect(server.requests).toHaveLength(0);
    expect(JSON.parse(readFileSync(jobsFile, 'utf8'))).toEqual([]);
  }, 180_000);

  it('a run killed after creating its job but before the reply: resumed, it finds that job instead of creating a second one', async () => {
    // The create call makes the job, and its reply never comes: the kill lands while it is awaited.
    const server = await startFakeOpenAIServer(() => reply.answer('The answer is \\boxed{x^2}'), { end: 'never', createReply: 'hang' });
    servers.push(server);
    const out = join(work, 'killed-creating');
    const target = ['--target', 'openai:batch-model', '--base-url', server.baseURL, '--batch'];
    const run = [
      '--no-canaries',
      '--reference',
      'none',
      '--shrink-calls',
      '0',
      '--generation-size',
      '12',
      '--seed-size',
      '4',
      '--clusters',
      '1',
      '--max-generations',
      '2',
      '--rng-seed',
      'batch',
      '--json',
    ];
    const first = startCli(['search', ...target, '--out', out, ...run], env);
    const jobsFile = join(out, 'batch-jobs.json');
    expect(await waitFor(() => server.batches.length === 1, 60_000), first.stderr()).toBe(true);
    first.child.kill('SIGKILL');
    await first.ended;
    // What the killed run left: the intent (its input file), no job id.
    const left = JSON.parse(readFileSync(jobsFile, 'utf8')) as Array<{ id?: string; inputFileId: string }>;
    expect(left).toEqual([expect.objectContaining({ inputFileId: server.batches[0].inputFileId })]);
    expect(left[0].id).toBeUndefined();

    server.setBatchBehaviour({ end: 'completed' });
    await server.completeBatch(server.batches[0].id);
    const resumed = await resumeHere(out, target);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(readFileSync(join(out, 'generations.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    // One job per generation: the first generation's job, found again, was not made twice.
    expect(server.batches).toHaveLength(2);
    expect(server.batchRequests.filter((r) => r.path === `batch:${server.batches[0].id}`)).toHaveLength(server.batches[0].requests);
    expect(server.requests).toHaveLength(0);
    expect(JSON.parse(readFileSync(jobsFile, 'utf8'))).toEqual([]);
  }, 180_000);
});
