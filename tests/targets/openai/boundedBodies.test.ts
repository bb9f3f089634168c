import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { openaiTarget, type OpenAITargetOptions } from '../../../src/targets/openai/openaiTarget.js';
import { cacheKey, openResponseCache } from '../../../src/targets/openai/responseCache.js';
import type { TargetProblem } from '../../../src/targets/types.js';
import { REPO_ROOT, SAGGA_BIN } from '../../helpers/runBuiltCli.js';
import { reply } from '../../../testkit/fakeOpenAIServer.js';
import { errorOf } from '../answerParts.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';

/** Finding 4 of issue 18: response bodies, the response cache and stored answers are bounded. */

const MB = 1_000_000;
const { server, tempDir } = fakeServerFixtures('sagga-bounded-');

const problem: TargetProblem = { id: 'p1', expr: parseExpr('x'), infix: 'x', latex: 'x' };
const FAST: Partial<OpenAITargetOptions> = { backoff: { initialDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 1_000 }, requestTimeoutMs: 60_000 };

describe('OpenAI response bodies are cut at --max-response-bytes', () => {
  it('a 100 MB body (chunked or with its length declared) is a transport error, retried, never read whole', async () => {
    for (const declareLength of [false, true]) {
      const s = await server(() => reply.huge(100 * MB, { declareLength }));
      const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k', retries: 1 });
      const started = Date.now();
      const [outcome] = await target.solve([problem], 1);
      await target.close();
      expect(outcome.answers[0].status).toBe('error');
      expect(errorOf(outcome.answers[0])).toMatch(/response body larger than 2000000 bytes \(--max-response-bytes\).*after 2 attempts/);
      expect(s.requests.length).toBe(2);
      expect(target.stats().errors).toBe(1);
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  }, 60_000);

  it('the limit is configurable and recorded by describe(); bodies under it are read as before', async () => {
    const s = await server(() => reply.answer(`${'a'.repeat(5_000)} \\boxed{x^2/2}`));
    const small = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k', retries: 0, maxResponseBytes: 4_000 });
    expect(small.describe().max_response_bytes).toBe(4_000);
    expect((await small.solve([problem], 1))[0].answers[0].status).toBe('error');
    await small.close();
    const normal = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k', retries: 0 });
    expect(normal.describe().max_response_bytes).toBe(2_000_000);
    expect((await normal.solve([problem], 1))[0].answers[0].status).toBe('ok');
    await normal.close();
    expect(() => openaiTarget({ model: 'm', baseURL: s.baseURL, apiKey: 'k', maxResponseBytes: 0 })).toThrow(/positive/);
  });
});

describe('the response cache is read line by line', () => {
  it('skips oversized and unreadable lines without reading them whole, and never writes an entry over the limit', async () => {
    const dir = await tempDir();
    const file = join(dir, 'cache', 'openai.jsonl');
    const key = (i: number): string => cacheKey({ model: 'm', baseURL: 'u', messages: [{ role: 'user', content: String(i) }], params: {}, sample: 0 });
    await openResponseCache(file).then((c) => c.close());
    await writeFile(file, JSON.stringify({ key: key(1), content: 'one' }) + '\n');
    // A 50 MB line, written in pieces.
    await appendFile(file, `{"key":"${key(2)}","content":"`);
    const block = 'y'.repeat(MB);
    for (let i = 0; i < 50; i++) await appendFile(file, block);
    await appendFile(file, '"}\nnot json\n' + JSON.stringify({ key: key(3), content: 'three' }) + '\n');
    const cache = await openResponseCache(file, { maxLineBytes: 1_000 });
    expect(cache.get(key(1))?.content).toBe('one');
    expect(cache.get(key(2))).toBeUndefined();
    expect(cache.get(key(3))?.content).toBe('three');
    expect(cache.skippedLines).toBe(2);
    const before = (await stat(file)).size;
    cache.put({ key: key(4), content: 'z'.repeat(2_000) });
    cache.put({ key: key(5), content: 'five' });
    expect(cache.get(key(4))?.content).toHaveLength(2_000);
    await cache.close();
    const added = (await readFile(file, 'utf8')).slice(before);
    expect(added).toBe(JSON.stringify({ key: key(5), content: 'five' }) + '\n');
  }, 60_000);
});

/** `sagga <args>` in a child process, reporting its peak resident memory (bytes). */
function saggaWithRss(args: readonly string[], dir: string): Promise<{ status: number | null; stderr: string; stdout: string; maxRss: number }> {
  const preload = join(dir, 'rss.cjs');
  const rssFile = join(dir, `rss-${Date.now()}.txt`);
  return writeFile(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(process.env.SAGGA_RSS_FILE, String(process.resourceUsage().maxRSS * 1024)));\n`,
  ).then(
    () =>
      new Promise((done, fail) => {
        const child = spawn(process.execPath, ['--require', preload, SAGGA_BIN, ...args], {
          cwd: REPO_ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, SAGGA_RSS_FILE: rssFile, OPENAI_API_KEY: 'k-local' },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
        child.on('error', fail);
        child.on('close', (status) => {
          readFile(rssFile, 'utf8').then(
            (rss) => done({ status, stdout, stderr, maxRss: Number(rss) }),
            () => done({ status, stdout, stderr, maxRss: Number.NaN }),
          );
        });
      }),
  );
}

describe('a search against a model that sends 100 MB bodies', () => {
  it('completes with bounded memory, stores no huge answer or cache line, and resumes', async () => {
    // One problem in three gets a 100 MB body; the others a (wrong) short answer.
    const s = await server((req) => (createHash('sha1').update(req.prompt).digest()[0] % 3 === 0 ? reply.huge(100 * MB) : reply.answer('\\boxed{x}')));
    const dir = await tempDir();
    const run = join(dir, 'run');
    const common = ['--no-canaries', '--base-url', s.baseURL, '--retries', '1', '--concurrency', '4', '--rng-seed', '5'];
    const first = await saggaWithRss(
      [
        'search',
        '--target',
        'openai:fake',
        '--out',
        run,
        ...common,
        '--generation-size',
        '12',
        '--seed-size',
        '4',
        '--clusters',
        '2',
        '--archive-size',
        '200',
        '--max-generations',
        '1',
      ],
      dir,
    );
    expect(first.status, first.stderr).toBe(0);
    expect(s.requests.length).toBeGreaterThan(0);
    expect(first.maxRss).toBeLessThan(500 * MB);
    const hugeRequests = s.requests.filter((r) => createHash('sha1').update(r.prompt).digest()[0] % 3 === 0).length;
    expect(hugeRequests).toBeGreaterThan(0);

    const resumed = await saggaWithRss(['search', '--resume', run, ...common, '--max-generations', '2'], dir);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.maxRss).toBeLessThan(500 * MB);
    const generations = (await readFile(join(run, 'generations.jsonl'), 'utf8')).trim().split('\n');
    expect(generations).toHaveLength(2);
    const evaluated = (await readFile(join(run, 'evaluated.jsonl'), 'utf8')).split('\n').filter(Boolean);
    expect(evaluated.length).toBeGreaterThan(0);
    for (const name of ['archive.jsonl', 'evaluated.jsonl', 'generations.jsonl', 'cache/openai.jsonl']) {
      const size = (await stat(join(run, name))).size;
      expect(size, name).toBeLessThan(5 * MB);
    }
  }, 240_000);
});
