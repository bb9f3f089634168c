import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOST_GENERATIONS_LIMIT } from '../../src/search/lostGenerations.js';
import { searchExitCode } from '../../src/cli/searchWithProcessEffects.js';
import { silentProgress } from '../../src/search/progressReporter.js';
import { searchWithServices } from '../../src/search/searchWithServices.js';
import type { Target, TargetAnswer, TargetProblem } from '../../src/targets/types.js';
import { createCmdTarget } from '../../src/targets/cmd/cmdTarget.js';
import { endedWithin, startCli } from '../helpers/processTree.js';
import { REPO_ROOT } from '../helpers/runBuiltCli.js';

/*
 * A run that makes no progress stops (issue 18, finding 1): a target whose every answer is a
 * transport error, or that has given up on its program, ends the run as `target-broken` with exit
 * status 70 and the target's last words; and the loop yields to the event loop every generation, so
 * a signal (here: an abort from a timer) is handled even when the target answers without waiting.
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-target-broken-'));
let runs = 0;

function scripted(answer: (p: TargetProblem) => TargetAnswer, extra: Partial<Target> = {}): Target {
  return {
    name: 'scripted',
    // Answers at once: a promise resolved without any I/O, as a given-up process pool does.
    solve: async (problems) => problems.map((p) => ({ id: p.id, answers: [answer(p)] })),
    stats: () => ({ requests: 0, errors: 0, timeouts: 0, restarts: 0, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } }),
    close: async () => {},
    describe: () => ({}),
    ...extra,
  };
}

const lost = (): TargetAnswer => ({ status: 'error', text: '', error: 'connection refused by 127.0.0.1:9', latencyMs: 0 });

async function search(target: Target, options: Record<string, unknown> = {}, signal?: AbortSignal) {
  const out = join(work, `run-${++runs}`);
  const stderr: string[] = [];
  const result = await searchWithServices(
    { target: 'scripted', out, canaries: false, generationSize: 10, seedSize: 3, clusters: 1, rngSeed: 'broken', concurrency: 1, ...options },
    { createTarget: () => target, verify: () => Promise.reject(new Error('nothing to verify here')) },
    { progress: silentProgress(), signal, notify: (t: string) => stderr.push(t + '\n') },
  );
  return { ...result, exitCode: searchExitCode(result, undefined), stderr: stderr.join(''), out };
}

describe('a run that makes no progress stops', () => {
  it(`stops as target-broken after ${LOST_GENERATIONS_LIMIT} generations of nothing but transport errors, exit 70, with the last error and the diagnosis`, async () => {
    const target = scripted(lost, { diagnose: async () => 'the endpoint said nothing at all' });
    const r = await search(target);
    expect(r.summary.stopReason).toBe('target-broken');
    expect(r.summary.generations).toBe(LOST_GENERATIONS_LIMIT);
    expect(r.exitCode).toBe(70);
    expect(r.summary.targetTrouble).toMatch(/connection refused by 127\.0\.0\.1:9/);
    expect(r.summary.targetTrouble).toMatch(/the endpoint said nothing at all/);
    expect(r.stderr).toMatch(/the target stopped working after generation 2: .*connection refused/);
    expect(r.stderr).toContain(`sagga search --resume ${r.out}`);
    // The stop is recorded with the run, which resumes once the target works again.
    expect(JSON.parse(readFileSync(join(r.out, 'checkpoint.json'), 'utf8')).engine.stopReason).toBe('target-broken');
    const resumed = await searchWithServices(
      { resume: r.out, maxGenerations: 3 },
      {
        createTarget: () => scripted(() => ({ status: 'no-answer', text: '', error: 'declined', latencyMs: 0 })),
        verify: () => Promise.reject(new Error('unused')),
      },
      { progress: silentProgress(), signal: new AbortController().signal },
    );
    expect(resumed.summary.stopReason).toBe('max-generations');
    expect(searchExitCode(resumed, undefined)).toBe(0);
  });

  it('stops after one generation when the target has given up on its program', async () => {
    const target = scripted(lost, { gaveUp: () => 'gave up on the program: it exited with code 3; its stderr ended with: fatal: no model' });
    const r = await search(target);
    expect(r.summary.stopReason).toBe('target-broken');
    expect(r.summary.generations).toBe(1);
    expect(r.exitCode).toBe(70);
    expect(r.stderr).toMatch(/exited with code 3; its stderr ended with: fatal: no model/);
  });

  it('goes on while some answers still come back', async () => {
    let n = 0;
    const target = scripted(() => (++n % 3 === 0 ? { status: 'no-answer', text: '', error: 'declined', latencyMs: 0 } : lost()));
    const r = await search(target, { maxGenerations: 4 });
    expect(r.summary.stopReason).toBe('max-generations');
    expect(r.exitCode).toBe(0);
  });

  it('stops when a cmd: program that exits at once is given up: exit 70, with its exit code and stderr', async () => {
    // A real program in the process pool, its restarts backed off from 20 ms rather than 250 ms
    // (at most 100 ms rather than 4 s): the same eight failures in a row before it is given up,
    // without the 16 s of waiting between them.
    const command = [process.execPath, join(REPO_ROOT, 'tests/fixtures/cmd/exit-immediately.mjs')];
    const r = await search(await createCmdTarget({ command, restartBackoffMs: 20, maxRestartBackoffMs: 100 }));
    expect(r.summary.stopReason).toBe('target-broken');
    expect(r.exitCode).toBe(70);
    expect(r.stderr).toMatch(/the target stopped working after generation \d+: .*exited with code 3/);
    expect(r.stderr).toContain('fatal: cannot load model weights from ./model.bin');
    expect(r.stderr).toContain(`sagga search --resume ${r.out}`);
  });

  it('handles an abort from a timer although the target answers at once and nothing limits the run', async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 300);
    const target = scripted(() => ({ status: 'no-answer', text: '', error: 'declined', latencyMs: 0 }));
    // The generation limit only makes a regression fail rather than hang: the abort comes long before.
    const r = await search(target, { archiveSize: 1_000_000, maxGenerations: 500, patience: 0 }, controller.signal);
    clearTimeout(timer);
    expect(r.summary.stopReason).toBe('interrupted');
    expect(r.summary.generations).toBeGreaterThan(0);
  });
});

describe('sagga search against a target that does not work (built CLI)', () => {
  it('an unreachable endpoint with --retries 0: the run ends by itself, exit 70, with the transport error', async () => {
    const port = await closedPort();
    const out = join(work, 'unreachable');
    // Generations of 20 problems: two of them lost are as many as two of 1,000.
    const small = ['--generation-size', '20', '--seed-size', '5', '--clusters', '2'];
    const cli = startCli(
      ['search', '--target', 'openai:m', '--base-url', `http://127.0.0.1:${port}/v1`, '--retries', '0', '--no-canaries', '--out', out, ...small],
      { ...process.env, OPENAI_API_KEY: 'x' },
    );
    const end = await endedWithin(cli, 120_000);
    expect(end.killed, cli.stderr()).toBe(false);
    expect(end.code, cli.stderr()).toBe(70);
    expect(cli.stderr()).toMatch(
      /the target stopped working after generation 2: 2 generations in a row came back with nothing but transport errors; the last: transport error: /,
    );
    // The underlying cause, not just fetch's "fetch failed".
    expect(cli.stderr()).toMatch(new RegExp(`ECONNREFUSED 127\\.0\\.0\\.1:${port}`));
  }, 180_000);
});

/** A local port nothing listens on (it was free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
