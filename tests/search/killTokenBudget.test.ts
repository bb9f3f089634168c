import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeOpenAIServer, type FakeOpenAIServer, type FakeRequest } from '../../testkit/fakeOpenAIServer.js';
import { createRng } from '../../src/util/rng.js';
import { REPO_ROOT, SAGGA_BIN, runBuiltCli } from '../helpers/runBuiltCli.js';

/*
 * A paid run with a token budget, killed with SIGKILL at many moments and resumed each time: what
 * the server billed stays within the budget plus what was in flight at each kill and at the end;
 * the run ends with the same archive and generations as an uninterrupted one; and no problem whose
 * answer came back is asked again (only a request cut off by a kill is sent twice).
 *
 * The budget runs out in the middle of the first generation's shrinking, where several failures
 * are shrunk at once: which of their probes the last tokens pay for must not depend on the order
 * the answers arrive in, nor on a kill and a resume.
 *
 * The kills are placed by the run's progress, not by the clock: a session is killed when the
 * server has received its n-th request, after a pause of 0 to 2 answers' delay, so that it dies
 * with requests in flight, answered but not yet recorded, or just recorded, however fast or slow
 * the machine is. Each trial's first kill falls in its own third of the uninterrupted run's
 * requests (the first problems asked; the middle, problems and shrinking probes; the last ones
 * before the budget runs out), so that three trials reach the whole run; most of a trial's time is
 * the CLI starting, once per session.
 */
const work = mkdtempSync(join(tmpdir(), 'sagga-kill-tokens-'));
const PER_REQUEST = 1500;
const BUDGET = 45_000;
const CONCURRENCY = 3;
const DELAY_MS = 15;
const KEY = 'sk-killtokens-0123456789';
const TRIALS = 3;
const KILLS_PER_TRIAL = 2;

function searchArgs(server: FakeOpenAIServer, out: string): string[] {
  return [
    'search',
    '--target',
    'openai:m',
    '--base-url',
    server.baseURL,
    '--max-tokens-total',
    String(BUDGET),
    '--out',
    out,
    '--no-canaries',
    '--reference',
    'none',
    '--generation-size',
    '30',
    '--seed-size',
    '6',
    '--clusters',
    '2',
    '--rng-seed',
    'kill-tokens',
    '--concurrency',
    String(CONCURRENCY),
    '--json',
  ];
}

function lines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
}

function generationRows(dir: string): unknown[] {
  return lines(join(dir, 'generations.jsonl')).map((l) => {
    const { seconds: _s, ...rest } = JSON.parse(l) as { seconds: unknown };
    return rest;
  });
}

/** Called with each request the server receives. */
let onRequest: (request: FakeRequest) => void = () => {};

/**
 * The CLI, killed with SIGKILL once the server has received `killAt` requests from it (and
 * `pauseMs` more have passed) unless it ends first; resolves with whether it was killed.
 */
function runUntilKilled(args: readonly string[], killAt: number | null, pauseMs: number): Promise<{ killed: boolean; code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [SAGGA_BIN, ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, OPENAI_API_KEY: KEY },
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    let received = 0;
    onRequest = () => {
      if (++received === killAt) setTimeout(() => child.kill('SIGKILL'), pauseMs);
    };
    child.on('error', fail);
    child.on('close', (code, signal) => {
      onRequest = () => {};
      done({ killed: signal === 'SIGKILL', code, stderr });
    });
  });
}

describe('a token budget across kills', () => {
  let server: FakeOpenAIServer;
  const reference = join(work, 'reference');
  /** How often the uninterrupted run asked each prompt (a shrink step is confirmed by asking again). */
  const referenceAsks = new Map<string, number>();
  beforeAll(async () => {
    // Every problem gets the same wrong answer after a short delay, 1,000 + 500 tokens a request.
    server = await startFakeOpenAIServer((request) => {
      onRequest(request);
      return reply.answer('The answer is \\boxed{x}', { delayMs: DELAY_MS, usage: { prompt_tokens: 1000, completion_tokens: 500 } });
    });
    const r = await runBuiltCli(searchArgs(server, reference), { env: { OPENAI_API_KEY: KEY } });
    expect(r.status, r.stderr).toBe(0);
    for (const request of server.requests) referenceAsks.set(request.prompt, (referenceAsks.get(request.prompt) ?? 0) + 1);
  }, 180_000);
  afterAll(() => server?.close());

  it(`killed ${KILLS_PER_TRIAL} times in each of ${TRIALS} runs: billed within the budget plus what was in flight, same files, no answered problem asked twice`, async () => {
    const uninterrupted = server.requests.length;
    // The budget stops the uninterrupted run while it shrinks, or there is no edge to decide.
    const [row] = generationRows(reference) as { calls: { shrinking: number } }[];
    expect(row.calls.shrinking).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(reference, 'checkpoint.json'), 'utf8')).engine.stopReason).toBe('budget');
    const rng = createRng('kill-token-moments');
    // The uninterrupted run's requests cut into TRIALS parts, one per trial, its first kill drawn within it.
    const firstKill = (trial: number, requests: number): number =>
      rng.int(1 + Math.floor((trial * requests) / TRIALS), Math.max(1, Math.floor(((trial + 1) * requests) / TRIALS)));
    for (let trial = 0; trial < TRIALS; trial++) {
      const out = join(work, `trial-${trial}`);
      const first = server.requests.length;
      /** The session each request of this trial came from, and whether that session was killed. */
      const sessionOf: number[] = [];
      const killed: boolean[] = [];
      let session = 0;
      let run = { killed: true, code: null as number | null, stderr: '' };
      for (; session <= KILLS_PER_TRIAL && run.killed; session++) {
        const args = session === 0 ? searchArgs(server, out) : ['search', '--resume', out, '--json'];
        const from = server.requests.length;
        // The first session is killed in the trial's part of the run; a resumed one within its first requests.
        const killAt = session >= KILLS_PER_TRIAL ? null : session === 0 ? firstKill(trial, uninterrupted) : rng.int(1, CONCURRENCY * 4);
        run = await runUntilKilled(args, killAt, rng.int(0, 2 * DELAY_MS));
        for (let i = from; i < server.requests.length; i++) sessionOf.push(session);
        killed.push(run.killed);
      }
      expect(run.code, `trial ${trial}: ${run.stderr}`).toBe(0);
      const kills = killed.filter(Boolean).length;
      expect(kills, `trial ${trial}`).toBeGreaterThanOrEqual(1);

      const billed = server.requests.slice(first);
      // In flight at each kill and at the end: at most the concurrency each time.
      expect(billed.length * PER_REQUEST, `trial ${trial}`).toBeLessThanOrEqual(BUDGET + (kills + 1) * CONCURRENCY * PER_REQUEST);
      const totals = (JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')) as { totals: { tokens: { input: number; output: number } } }).totals;
      expect(totals.tokens.input + totals.tokens.output).toBeLessThanOrEqual(BUDGET + CONCURRENCY * PER_REQUEST);

      expect(lines(join(out, 'archive.jsonl')), `trial ${trial}`).toEqual(lines(join(reference, 'archive.jsonl')));
      expect(generationRows(out), `trial ${trial}`).toEqual(generationRows(reference));

      // A prompt asked more often than in the uninterrupted run repeats requests cut off by kills:
      // as many asks of it were made by killed sessions, and the sessions killed could not have
      // had more requests cut off than they had in flight, the concurrency each.
      const asks = new Map<string, number[]>();
      billed.forEach((r, i) => asks.set(r.prompt, [...(asks.get(r.prompt) ?? []), sessionOf[i]]));
      let extras = 0;
      for (const [prompt, sessions] of asks) {
        const expected = referenceAsks.get(prompt) ?? 0;
        expect(expected, `trial ${trial}: the uninterrupted run never asked ${prompt.slice(0, 80)}`).toBeGreaterThan(0);
        const extra = sessions.length - expected;
        if (extra <= 0) continue;
        extras += extra;
        const byKilled = sessions.filter((s) => killed[s]).length;
        expect(byKilled, `trial ${trial}: asked ${sessions.length} times, by sessions ${sessions.join(', ')}: ${prompt.slice(0, 80)}`).toBeGreaterThanOrEqual(
          extra,
        );
      }
      expect(extras, `trial ${trial}`).toBeLessThanOrEqual(kills * CONCURRENCY);
    }
  }, 900_000);
});
