import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reply, startFakeOpenAIServer, type FakeOpenAIServer } from '../../testkit/fakeOpenAIServer.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

/*
 * A search over two OpenAI-compatible endpoints, one of which goes down halfway through the run (its
 * kill switch): the run completes on the other, nothing from the outage is archived (a request the
 * dead replica dropped is sent on, never judged), and the summary gives both endpoints' counts, which
 * match the servers' own logs. Then a replica that answers every request at once with an empty
 * completion: its answers are faults sent on to the other replica, it is taken out of service, and
 * nothing it said reaches the archive.
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-endpoints-'));

describe('sagga search over two endpoints, one stopped halfway', () => {
  const servers: FakeOpenAIServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('completes, archives nothing from the outage, and reports both endpoints', async () => {
    // Assigned below, once the server exists: its own script refers to it.
    let a!: FakeOpenAIServer;
    // The model answers x·f: right only for constants, so most problems are proven wrong.
    const answer = 'The answer is \\boxed{x}';
    a = await startFakeOpenAIServer((r) => {
      if (r.index === 40) void a.stop();
      return reply.answer(answer, { delayMs: 5 });
    });
    const b = await startFakeOpenAIServer(() => reply.answer(answer, { delayMs: 5 }));
    servers.push(a, b);
    const out = join(work, 'run');
    const r = await runBuiltCli(
      [
        'search',
        '--target',
        'openai:m',
        '--base-url',
        `${a.baseURL},${b.baseURL}`,
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
        '--max-generations',
        '3',
        '--rng-seed',
        'endpoints',
        '--concurrency',
        '4',
        '--json',
      ],
      { env: { OPENAI_API_KEY: 'sk-endpoints-0123456789' } },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(a.stopped).toBe(true);
    const generations = readFileSync(join(out, 'generations.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { errors: number; skipped: number });
    expect(generations).toHaveLength(3);
    expect(generations.every((g) => g.skipped === 0)).toBe(true);
    // Every archived line is a verified wrong answer: no transport fault became a failure.
    const archive = existsSync(join(out, 'archive.jsonl'))
      ? readFileSync(join(out, 'archive.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { kind: string; proof: { by: string } | null })
      : [];
    expect(archive.length).toBeGreaterThan(0);
    for (const line of archive) expect(line).toMatchObject({ kind: 'wrong', proof: { by: 'verifier' } });
    // The summary names both endpoints: the live one with exactly the requests it logged; the stopped
    // one with at least those it logged (attempts refused once it was down never reached it), some
    // errors, and time out of service.
    expect(r.stderr).toContain(`${b.baseURL}: ${b.requests.length} requests, 0 errors`);
    const down = new RegExp(`${a.baseURL.replace(/[.:/]/g, (c) => `\\${c}`)}: (\\d+) requests, (\\d+) errors, ([\\d.]+) s out of service`).exec(r.stderr);
    expect(down, r.stderr).not.toBeNull();
    expect(Number(down![1])).toBeGreaterThanOrEqual(a.requests.length);
    expect(Number(down![2])).toBeGreaterThan(0);
    expect(Number(down![3])).toBeGreaterThan(0);
    expect(b.requests.length).toBeGreaterThan(a.requests.length);
    // config.json keeps the same counts.
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { endpoints: Array<{ url: string; requests: number; errors: number }> };
    expect(config.endpoints.map((e) => e.url)).toEqual([a.baseURL, b.baseURL]);
    expect(config.endpoints[1]).toMatchObject({ requests: b.requests.length, errors: 0 });
    expect(config.endpoints[0].requests).toBe(Number(down![1]));
  }, 180_000);

  it('a replica answering empty completions fastest: nothing of it is archived, and it is taken out of service', async () => {
    // The faulty replica answers at once, so it has the fewest requests in flight and is chosen first.
    const empty = await startFakeOpenAIServer(() => reply.answer('', { usage: { prompt_tokens: 12, completion_tokens: 0 } }));
    const sound = await startFakeOpenAIServer(() => reply.answer('The answer is \\boxed{x}', { delayMs: 5 }));
    servers.push(empty, sound);
    const out = join(work, 'empty-replica');
    // The default references stay on: an empty answer read as a decline would be "proven" by them.
    const r = await runBuiltCli(
      [
        'search',
        '--target',
        'openai:m',
        '--base-url',
        `${empty.baseURL},${sound.baseURL}`,
        '--out',
        out,
        '--no-canaries',
        '--shrink-calls',
        '0',
        '--generation-size',
        '40',
        '--seed-size',
        '10',
        '--clusters',
        '2',
        '--max-generations',
        '2',
        '--rng-seed',
        'empty-replica',
        '--concurrency',
        '4',
        '--json',
      ],
      { env: { OPENAI_API_KEY: 'sk-endpoints-0123456789' } },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(empty.requests.length).toBeGreaterThan(0);
    const archive = existsSync(join(out, 'archive.jsonl'))
      ? readFileSync(join(out, 'archive.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { kind: string; proof: { by: string } | null; answers: Array<{ text: string }> })
      : [];
    expect(archive.length).toBeGreaterThan(0);
    for (const line of archive) {
      expect(line).toMatchObject({ kind: 'wrong', proof: { by: 'verifier' } });
      for (const a of line.answers) expect(a.text).toContain('boxed{x}');
    }
    // Not one problem went without its answer: each empty completion was sent on to the sound replica.
    const generations = readFileSync(join(out, 'generations.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { errors: number });
    expect(generations.map((g) => g.errors)).toEqual([0, 0]);
    // Three empty answers in a row took it out of service; it was not given the run's requests.
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as {
      endpoints: Array<{ url: string; requests: number; errors: number; out_of_service_ms: number }>;
    };
    expect(config.endpoints[0]).toMatchObject({ url: empty.baseURL, requests: empty.requests.length, errors: empty.requests.length });
    expect(config.endpoints[0].out_of_service_ms).toBeGreaterThan(0);
    expect(empty.requests.length).toBeLessThan(10);
    expect(config.endpoints[1]).toMatchObject({ requests: sound.requests.length, errors: 0 });
  }, 180_000);
});
