import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reply, startFakeOpenAIServer, type FakeOpenAIServer } from '../../testkit/fakeOpenAIServer.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

/*
 * --max-cost with prices set, and --max-tokens-total: the search stops once the target has spent the
 * budget, by at most what the requests in flight spend, and what it counted is the server's own count.
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-cost-'));

describe('--max-cost', () => {
  let server: FakeOpenAIServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it("stops within the budget plus what was in flight, with the server's count of tokens", async () => {
    // Each request: 1,000 input and 500 output tokens; at $2 and $4 per million, $0.004.
    server = await startFakeOpenAIServer(() =>
      reply.answer('The answer is \\boxed{x}', { delayMs: 5, usage: { prompt_tokens: 1000, completion_tokens: 500 } }),
    );
    const out = join(work, 'run');
    const concurrency = 3;
    const r = await runBuiltCli(
      [
        'search',
        '--target',
        'openai:m',
        '--base-url',
        server.baseURL,
        '--price-input',
        '2',
        '--price-output',
        '4',
        '--max-cost',
        '0.2',
        '--out',
        out,
        '--no-canaries',
        '--reference',
        'none',
        '--shrink-calls',
        '0',
        '--generation-size',
        '60',
        '--seed-size',
        '10',
        '--clusters',
        '2',
        '--rng-seed',
        'cost',
        '--concurrency',
        String(concurrency),
        '--json',
      ],
      { env: { OPENAI_API_KEY: 'sk-cost-0123456789' } },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/stopped by the --max-cost budget/);
    const checkpoint = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')) as {
      engine: { stopReason: string };
      totals: { target_calls: number; tokens: { input: number; output: number }; cost: number };
    };
    expect(checkpoint.engine.stopReason).toBe('budget');
    const perRequest = (1000 * 2 + 500 * 4) / 1e6;
    expect(checkpoint.totals.cost).toBeGreaterThanOrEqual(0.2);
    expect(checkpoint.totals.cost).toBeLessThanOrEqual(0.2 + concurrency * perRequest + 1e-9);
    // What the search counted is what the server billed, request for request.
    expect(checkpoint.totals.target_calls).toBe(server.requests.length);
    expect(checkpoint.totals.tokens).toEqual({ input: server.tokens.prompt, output: server.tokens.completion });
    expect(checkpoint.totals.cost).toBeCloseTo((server.tokens.prompt * 2 + server.tokens.completion * 4) / 1e6, 9);
  }, 180_000);
});

describe('--max-tokens-total', () => {
  let server: FakeOpenAIServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('stops within the token budget plus what was in flight, counting what the server counted', async () => {
    server = await startFakeOpenAIServer(() =>
      reply.answer('The answer is \\boxed{x}', { delayMs: 5, usage: { prompt_tokens: 1000, completion_tokens: 500 } }),
    );
    const out = join(work, 'tokens');
    const concurrency = 3;
    const r = await runBuiltCli(
      [
        'search',
        '--target',
        'openai:m',
        '--base-url',
        server.baseURL,
        '--max-tokens-total',
        '60000',
        '--out',
        out,
        '--no-canaries',
        '--reference',
        'none',
        '--shrink-calls',
        '0',
        '--generation-size',
        '60',
        '--seed-size',
        '10',
        '--clusters',
        '2',
        '--rng-seed',
        'tokens',
        '--concurrency',
        String(concurrency),
        '--json',
      ],
      { env: { OPENAI_API_KEY: 'sk-tokens-0123456789' } },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/stopped by the --max-tokens-total budget/);
    const totals = (
      JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')) as { totals: { target_calls: number; tokens: { input: number; output: number } } }
    ).totals;
    const spent = totals.tokens.input + totals.tokens.output;
    expect(spent).toBeGreaterThanOrEqual(60000);
    expect(spent).toBeLessThanOrEqual(60000 + concurrency * 1500);
    expect(totals.tokens).toEqual({ input: server.tokens.prompt, output: server.tokens.completion });
    expect(totals.target_calls).toBe(server.requests.length);
  }, 180_000);
});
