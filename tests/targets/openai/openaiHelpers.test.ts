import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { equals } from '../../../src/expr/types.js';
import { answerFromCompletion } from '../../../src/targets/openai/answerFromCompletion.js';
import { DEFAULT_BACKOFF, parseRetryAfter, retryDelayMs } from '../../../src/targets/openai/backoff.js';
import { createLimiter } from '../../../src/util/limiter.js';
import { checkTemplate, PROMPT_TEMPLATES, renderPrompt } from '../../../src/targets/openai/promptTemplates.js';
import { cacheKey, openResponseCache } from '../../../src/targets/openai/responseCache.js';
import { createRng } from '../../../src/util/rng.js';
import { exprOf } from '../answerParts.js';

const headers = (h: Record<string, string>): Headers => new Headers(h);

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads delta seconds, HTTP dates and retry-after-ms', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '5' }), now)).toBe(5000);
    expect(parseRetryAfter(headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }), now)).toBe(7000);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
  });
  it('a date in the past is zero; garbage and absence are undefined', () => {
    expect(parseRetryAfter(headers({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': '-3' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({}), now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('grows exponentially within [half, full] of the step, up to the ceiling', () => {
    const rng = createRng('t');
    const opts = { initialDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };
    for (let retry = 0; retry < 8; retry++) {
      const step = Math.min(1000, 100 * 2 ** retry);
      for (let k = 0; k < 20; k++) {
        const d = retryDelayMs(retry, undefined, opts, rng);
        expect(d).toBeGreaterThanOrEqual(step / 2);
        expect(d).toBeLessThanOrEqual(step);
      }
    }
  });
  it('honours Retry-After up to the cap', () => {
    const rng = createRng('t');
    expect(retryDelayMs(0, 1500, DEFAULT_BACKOFF, rng)).toBe(1500);
    expect(retryDelayMs(3, 10 * 60_000, DEFAULT_BACKOFF, rng)).toBe(DEFAULT_BACKOFF.maxRetryAfterMs);
  });
  it('is reproducible from the seed', () => {
    const a = createRng('s');
    const b = createRng('s');
    const da = [0, 1, 2].map((r) => retryDelayMs(r, undefined, DEFAULT_BACKOFF, a));
    const db = [0, 1, 2].map((r) => retryDelayMs(r, undefined, DEFAULT_BACKOFF, b));
    expect(da).toEqual(db);
  });
});

describe('createLimiter', () => {
  it('never runs more than the limit at once and runs everything', async () => {
    const limiter = createLimiter(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiter.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 2 + (i % 3)));
          running--;
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
    expect(limiter.active).toBe(0);
  });
  it('releases the slot when a task throws', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 7)).toBe(7);
  });
  it('refuses a bad concurrency', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
    expect(() => createLimiter(1.5)).toThrow(RangeError);
  });
});

describe('response cache', () => {
  const base = { model: 'm', baseURL: 'http://h/v1', messages: [{ role: 'user', content: 'q' }], params: { temperature: 0.5, maxTokens: 10 }, sample: 0 };
  it('keys depend on every input, not on key order', () => {
    const k = cacheKey(base);
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey({ ...base, params: { maxTokens: 10, temperature: 0.5 } })).toBe(k);
    expect(cacheKey({ ...base, params: { maxTokens: 10, temperature: 0.5, extra: undefined } })).toBe(k);
    for (const changed of [
      { ...base, model: 'm2' },
      { ...base, baseURL: 'http://other/v1' },
      { ...base, messages: [{ role: 'user', content: 'q2' }] },
      { ...base, params: { temperature: 0.6, maxTokens: 10 } },
      { ...base, sample: 1 },
    ]) {
      expect(cacheKey(changed)).not.toBe(k);
    }
  });

  it('persists, reloads, skips torn lines, and keeps the last entry for a key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sagga-cache-'));
    try {
      const file = join(dir, 'cache', 'openai.jsonl');
      const k1 = cacheKey(base);
      const k2 = cacheKey({ ...base, sample: 1 });
      const c1 = await openResponseCache(file);
      c1.put({ key: k1, content: 'first', finishReason: 'stop', usage: { prompt: 1, completion: 2, total: 3 } });
      c1.put({ key: k2, content: 'second', reasoning: 'thought' });
      c1.put({ key: k1, content: 'first again' });
      await c1.close();
      await writeFile(file, (await readFile(file, 'utf8')) + '{"key":"' + k2.slice(0, 10));
      const c2 = await openResponseCache(file);
      expect(c2.size).toBe(2);
      expect(c2.skippedLines).toBe(1);
      expect(c2.get(k1)?.content).toBe('first again');
      expect(c2.get(k2)).toEqual({ key: k2, content: 'second', reasoning: 'thought' });
      const k3 = cacheKey({ ...base, sample: 2 });
      c2.put({ key: k3, content: 'third' });
      await c2.close();
      const c3 = await openResponseCache(file);
      expect(c3.get(k3)?.content).toBe('third'); // not glued to the torn line
      await c3.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('prompt templates', () => {
  it('substitutes placeholders once, without re-expanding inserted text', () => {
    expect(renderPrompt('f = {latex}; infix {problem}; again {latex}', { latex: 'x^{2}', infix: 'x^2' })).toBe('f = x^{2}; infix x^2; again x^{2}');
    expect(renderPrompt('{latex}', { latex: '{problem}', infix: 'EVIL' })).toBe('{problem}');
  });
  it('built-ins carry a placeholder and the AntiderivBench wording', () => {
    for (const t of Object.values(PROMPT_TEMPLATES)) expect(checkTemplate(t.user)).toBeUndefined();
    expect(renderPrompt(PROMPT_TEMPLATES.antiderivbench.user, { latex: '\\sin x', infix: 'sin(x)' })).toBe(
      'Compute the integral of the following function: $\\sin x$ Think step by step. Put the final answer in \\boxed{} using LaTeX notation.',
    );
    expect(checkTemplate('no placeholder')).toMatch(/placeholder/);
    expect(checkTemplate('  ')).toMatch(/empty/);
  });
});

describe('answerFromCompletion', () => {
  it('reads the content, and the reasoning only when the content is empty', () => {
    const a = answerFromCompletion({ content: String.raw`\boxed{x^2}`, reasoning: String.raw`\boxed{x^3}` }, 5, undefined);
    expect(a.status).toBe('ok');
    expect(equals(exprOf(a)!, parseExpr('x^2'))).toBe(true);
    expect(a.extracted).toBe('x^2');
    const b = answerFromCompletion({ content: ' \n', reasoning: String.raw`so \boxed{x^3}` }, 5, { prompt: 1, completion: 2, total: 3 });
    expect(equals(exprOf(b)!, parseExpr('x^3'))).toBe(true);
    expect(b.text).toBe(String.raw`so \boxed{x^3}`);
    expect(b.tokenUsage).toEqual({ prompt: 1, completion: 2, total: 3 });
  });
  it('content filter and truncation', () => {
    // Withheld by the provider's filter: not the model declining, so not judged.
    expect(answerFromCompletion({ content: '', finishReason: 'content_filter' }, 1, undefined).status).toBe('unjudged');
    const cut = answerFromCompletion({ content: 'Let $u = x^2$, so', finishReason: 'length' }, 1, undefined);
    expect(cut.status).toBe('unparseable');
    const boxedCut = answerFromCompletion({ content: String.raw`\boxed{\sin x} and to check`, finishReason: 'length' }, 1, undefined);
    expect(boxedCut.status).toBe('ok');
  });
});
