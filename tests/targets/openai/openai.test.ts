import { readdir, readFile, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { judgeOutcome } from '../../../src/judge/judgeOutcome.js';
import type { Judgement } from '../../../src/judge/judgeTypes.js';
import { loadPromptTemplate, PROMPT_TEMPLATES } from '../../../src/targets/openai/promptTemplates.js';
import { openAICacheFile, openaiTarget, type OpenAITargetOptions } from '../../../src/targets/openai/openaiTarget.js';
import type { ProblemOutcome, TargetProblem } from '../../../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../../../src/verify/types.js';
import { verifyPair } from '../../../src/verify/verifyPair.js';
import { sameFunction } from '../../answer/helpers/sameExpression.js';
import { reply, type FakeRequest } from '../../../testkit/fakeOpenAIServer.js';
import { errorOf, exprOf } from '../answerParts.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';

/** Problem i is ∫ x^i dx; its LaTeX `x^{i}` lets the fake server tell problems apart. */
function problem(i: number): TargetProblem {
  return { id: `p${i}`, expr: parseExpr(`x^${i}`), infix: `x^${i}`, latex: `x^{${i}}` };
}

function problemIndex(req: FakeRequest): number {
  const m = /x\^\{(\d+)\}/.exec(req.prompt) ?? /x\^(\d+)/.exec(req.prompt);
  if (m === null) throw new Error(`no problem in prompt: ${req.prompt}`);
  return Number(m[1]);
}

/** A correct, AntiderivBench-style answer to problem i. */
function goodAnswer(i: number): string {
  return (
    String.raw`Using the power rule, $\int x^{${i}}\,dx = \frac{x^{${i + 1}}}{${i + 1}} + C$.` + '\n\n' + String.raw`\boxed{\frac{x^{${i + 1}}}{${i + 1}} + C}`
  );
}

function expectCorrect(outcome: ProblemOutcome, i: number): void {
  for (const a of outcome.answers) {
    expect(a.status, `${outcome.id}: ${errorOf(a) ?? ''}`).toBe('ok');
    expect(sameFunction(exprOf(a)!, parseExpr(`x^${i + 1}/${i + 1}`)).same).toBe(true);
  }
}

const { server, tempDir } = fakeServerFixtures('sagga-openai-');

const FAST: Partial<OpenAITargetOptions> = { backoff: { initialDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 5_000 }, requestTimeoutMs: 5_000 };

describe('openaiTarget over real HTTP', () => {
  it('sends the AntiderivBench prompt and parameters, and reads every answer', async () => {
    const key = 'sk-test-happy-0123456789';
    const s = await server((req) => reply.answer(goodAnswer(problemIndex(req)), { usage: { prompt_tokens: 30, completion_tokens: 40 } }));
    const target = openaiTarget({
      ...FAST,
      model: 'fake-model',
      baseURL: s.baseURL,
      apiKey: key,
      temperature: 0.2,
      maxTokens: 512,
      concurrency: 3,
      extraBody: { top_p: 0.9, seed: 7, n: 5, model: 'other' },
    });
    const problems = [1, 2, 3, 4, 5, 6].map(problem);
    const outcomes = await target.solve(problems, 1);
    expect(outcomes.map((o) => o.id)).toEqual(problems.map((p) => p.id));
    outcomes.forEach((o, k) => expectCorrect(o, k + 1));
    expect(outcomes[0].answers[0].extracted).toBe(String.raw`\frac{x^{2}}{2}`);

    expect(s.requests).toHaveLength(6);
    const req = s.requests.find((r) => problemIndex(r) === 3)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${key}`);
    expect(req.body.model).toBe('fake-model');
    expect(req.body.temperature).toBe(0.2);
    expect(req.body.max_tokens).toBe(512);
    expect(req.body.n).toBeUndefined(); // k = 1; an `n` in extraBody is not taken
    expect(req.body.top_p).toBe(0.9);
    expect(req.body.seed).toBe(7);
    expect(req.body.messages).toEqual([
      {
        role: 'user',
        content: 'Compute the integral of the following function: $x^{3}$ Think step by step. Put the final answer in \\boxed{} using LaTeX notation.',
      },
    ]);
    const stats = target.stats();
    expect(stats.requests).toBe(6);
    expect(stats.tokens).toEqual({ prompt: 180, completion: 240, total: 420 });
    expect(outcomes.reduce((sum, o) => sum + (o.answers[0].tokenUsage?.total ?? 0), 0)).toBe(420);
    expect(target.name).toBe('openai:fake-model');
    await target.close();
    await target.close(); // idempotent
  });

  it('survives every kind of transport fault; no fault becomes a model failure', async () => {
    const attempts = new Map<number, number>();
    const s = await server((req) => {
      const i = problemIndex(req);
      const n = (attempts.get(i) ?? 0) + 1;
      attempts.set(i, n);
      const good = reply.answer(goodAnswer(i));
      switch (i) {
        case 1:
          return n === 1 ? reply.status(429, { retryAfter: '1' }) : good;
        case 2:
          return n <= 2 ? reply.status(n === 1 ? 500 : 503) : good;
        case 3:
          return n === 1 ? reply.drop() : good;
        case 4:
          return n === 1 ? reply.malformed() : good;
        // Slower than the client's request time limit (1.5 s, below) by far, so it always times out.
        case 5:
          return n === 1 ? reply.slow(goodAnswer(5), 4_000) : good;
        case 6:
          return n === 1 ? reply.cut() : good;
        case 7:
          return reply.status(500);
        case 8:
          return reply.drop();
        case 9:
          return reply.hang();
        case 10:
          return reply.answer('I am sorry, but I cannot solve this integral.');
        case 11:
          return reply.answer('');
        case 12:
          return reply.answer('', { nullContent: true, reasoning: goodAnswer(12) });
        case 13:
          return reply.status(400, { message: 'bad request' });
        // The date is taken when the request arrives, so that it is 1.5 to 2.5 s ahead of it (one-second
        // resolution) however long the request took to come: a date fixed before the batch started
        // could be less than a second ahead by then on a loaded machine.
        case 14:
          return n === 1 ? reply.status(429, { retryAfter: new Date(Date.now() + 2_500).toUTCString() }) : good;
        case 15:
          return n === 1 ? reply.malformed('<html>Bad Gateway</html>', 'text/html') : good;
        // No box: the last display formula is the answer; prose without any formula is unparseable.
        case 16:
          return reply.answer(String.raw`Raising the power by one, we obtain $$\frac{x^{17}}{17}$$ and that is all.`);
        case 17:
          return reply.answer('The antiderivative follows from the power rule; I will not write it down.');
        default:
          return good;
      }
    });
    // The request time limit has to outlast the fake server's immediate replies (a 400 must not time
    // out and be retried): 1.5 s is far more than that even on a loaded machine, and far less than
    // the slow reply's 4 s; the hanging server costs 4 × 1.5 s.
    const target = openaiTarget({
      ...FAST,
      model: 'm',
      baseURL: s.baseURL,
      apiKey: 'sk-test-faults-0000000',
      retries: 3,
      requestTimeoutMs: 1_500,
      concurrency: 4,
    });
    const problems = Array.from({ length: 17 }, (_, k) => problem(k + 1));
    const outcomes = await target.solve(problems, 1);

    // Every problem gets a recorded outcome: its own id, one answer, a status and, unless ok, a reason.
    expect(outcomes.map((o) => o.id)).toEqual(problems.map((p) => p.id));
    for (const o of outcomes) {
      expect(o.answers).toHaveLength(1);
      expect(['ok', 'unparseable', 'no-answer', 'timeout', 'error']).toContain(o.answers[0].status);
      if (o.answers[0].status !== 'ok') expect(errorOf(o.answers[0]), o.id).toBeTruthy();
    }
    const status = (i: number): string => outcomes[i - 1].answers[0].status;
    for (const i of [1, 2, 3, 4, 5, 6, 12, 14, 15, 16]) expectCorrect(outcomes[i - 1], i);
    expect(status(17)).toBe('unparseable');
    // An empty completion is the server's fault like a 500: asked again, then an error.
    for (const i of [7, 8, 11, 13]) expect(status(i)).toBe('error');
    // A request that keeps timing out is a transport fault too: status error, counted as a timeout.
    expect(status(9)).toBe('error');
    expect(errorOf(outcomes[8].answers[0])).toMatch(/timed out/);
    expect(status(10)).toBe('no-answer');
    expect(errorOf(outcomes[10].answers[0])).toMatch(/empty completion/);
    for (const i of [7, 8, 9, 11, 13]) {
      expect(errorOf(outcomes[i - 1].answers[0])).toBeTruthy();
      // A failed answer carries no expression at all (the union has none to give).
      expect('expr' in outcomes[i - 1].answers[0]).toBe(false);
    }

    // Bounded retries: 1 + 3 attempts for a server that always fails; none for a 400.
    expect(attempts.get(7)).toBe(4);
    expect(attempts.get(8)).toBe(4);
    expect(attempts.get(9)).toBe(4);
    expect(attempts.get(11)).toBe(4);
    expect(attempts.get(13)).toBe(1);
    // Retry-After honoured: in seconds, and as an HTTP date (one-second resolution).
    const times = (i: number): number[] => s.requests.filter((r) => problemIndex(r) === i).map((r) => r.at);
    expect(times(1)[1] - times(1)[0]).toBeGreaterThanOrEqual(1_000);
    expect(times(14)[1] - times(14)[0]).toBeGreaterThanOrEqual(1_000);

    // Judged as the search judges them: a transport fault is never a failure to archive; the
    // model's own decline or unreadable answer is.
    const judgements = await Promise.all(
      problems.map(async (p, k) => (await judgeOutcome(p.expr, outcomes[k].answers, (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS))).judgement),
    );
    const judged = (i: number): Judgement => judgements[i - 1];
    for (const i of [7, 8, 9, 11, 13]) expect(judged(i).status, `problem ${i}`).toBe('error');
    for (const i of [1, 2, 3, 4, 5, 6, 12, 14, 15, 16]) expect(judged(i).status, `problem ${i}`).toBe('pass');
    expect(judged(10)).toMatchObject({ status: 'fail', kind: 'no-answer' });
    expect(judged(17)).toMatchObject({ status: 'fail', kind: 'unparseable' });

    const stats = target.stats();
    expect(stats.requests).toBe(s.requests.length);
    expect(stats.errors).toBe(4);
    expect(stats.timeouts).toBe(1);
    expect(stats.retries).toBe(s.requests.length - 17);
    await target.close();
  });

  it('caps a long Retry-After', async () => {
    let n = 0;
    const s = await server((req) => (++n === 1 ? reply.status(429, { retryAfter: '3600' }) : reply.answer(goodAnswer(problemIndex(req)))));
    const target = openaiTarget({ model: 'm', baseURL: s.baseURL, apiKey: 'k-local', backoff: { initialDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 300 } });
    const [out] = await target.solve([problem(2)], 1);
    expectCorrect(out, 2);
    expect(s.requests[1].at - s.requests[0].at).toBeGreaterThanOrEqual(300);
    await target.close();
  });

  it('asks for k samples with n in one request when the server honours n', async () => {
    const s = await server(() => ({ kind: 'answer', texts: [String.raw`\boxed{x}`, String.raw`\boxed{x^2}`, String.raw`\boxed{\sin x}`] }));
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local' });
    const outcomes = await target.solve([problem(1), problem(2)], 3);
    expect(s.requests).toHaveLength(2);
    expect(s.requests.every((r) => r.body.n === 3)).toBe(true);
    for (const o of outcomes) {
      expect(o.answers).toHaveLength(3);
      ['x', 'x^2', 'sin(x)'].forEach((want, j) => expect(sameFunction(exprOf(o.answers[j])!, parseExpr(want)).same).toBe(true));
    }
    expect(target.stats().nUnsupported).toBe(false);
    await target.close();
  });

  it('falls back to one request per sample when the server ignores n', async () => {
    let count = 0;
    const s = await server((req) => reply.answer(String.raw`\boxed{${++count} x^{${problemIndex(req)}}}`, { ignoreN: true }));
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', concurrency: 1 });
    const outcomes = await target.solve([problem(1), problem(2)], 3);
    for (const o of outcomes) {
      expect(o.answers).toHaveLength(3);
      expect(o.answers.every((a) => a.status === 'ok')).toBe(true);
      // Three different samples, not one answer copied three times.
      expect(new Set(o.answers.map((a) => a.text)).size).toBe(3);
    }
    expect(target.stats().nUnsupported).toBe(true);
    // Problem 1: one n=3 request giving 1 sample, then 2 single ones; problem 2: 3 single ones.
    expect(s.requests).toHaveLength(6);
    expect(s.requests.filter((r) => r.body.n === 3)).toHaveLength(1);
    await target.close();
  });

  it('falls back to one request per sample when the server refuses n', async () => {
    const s = await server((req) =>
      (req.body.n ?? 1) > 1 ? reply.status(400, { message: 'n must be 1', param: 'n' }) : reply.answer(goodAnswer(problemIndex(req))),
    );
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', concurrency: 2 });
    const outcomes = await target.solve([problem(3)], 4);
    expectCorrect(outcomes[0], 3);
    expect(outcomes[0].answers).toHaveLength(4);
    expect(target.stats().errors).toBe(0);
    expect(target.stats().nUnsupported).toBe(true);
    await target.close();
  });

  it('switches to max_completion_tokens when the server asks for it', async () => {
    const s = await server((req) =>
      req.body.max_tokens !== undefined
        ? reply.status(400, {
            message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
            param: 'max_tokens',
          })
        : reply.answer(goodAnswer(problemIndex(req))),
    );
    const target = openaiTarget({ ...FAST, model: 'o-fake', baseURL: s.baseURL, apiKey: 'k-local', maxTokens: 1000, concurrency: 1 });
    const outcomes = await target.solve([problem(1), problem(2)], 1);
    outcomes.forEach((o, k) => expectCorrect(o, k + 1));
    expect(s.requests.at(-1)!.body.max_completion_tokens).toBe(1000);
    expect(s.requests).toHaveLength(3); // one refusal, then both with the other field
    await target.close();
  });

  it('uses the content, and the reasoning field only when the content is empty', async () => {
    const s = await server((req) => {
      const i = problemIndex(req);
      if (i === 1) return reply.answer(goodAnswer(1), { reasoning: String.raw`maybe \boxed{x^5}`, reasoningField: 'reasoning_content' });
      return reply.answer('   ', { reasoning: goodAnswer(2), reasoningField: 'reasoning' });
    });
    const target = openaiTarget({ ...FAST, model: 'r1', baseURL: s.baseURL, apiKey: 'k-local' });
    const outcomes = await target.solve([problem(1), problem(2)], 1);
    expectCorrect(outcomes[0], 1);
    expectCorrect(outcomes[1], 2);
    await target.close();
  });

  it('a response cut at the token limit without a box is unparseable, not an answer', async () => {
    const s = await server(() => reply.answer('Let $u = x^2$. Then the integral becomes', { finishReason: 'length' }));
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local' });
    const [out] = await target.solve([problem(1)], 1);
    expect(out.answers[0].status).toBe('unparseable');
    expect(errorOf(out.answers[0])).toMatch(/truncated/);
    await target.close();
  });

  it('ASyMOB and file prompt templates', async () => {
    const s = await server((req) =>
      reply.answer(`Integrating term by term.\n\nThe final answer is: $\\frac{x^{${problemIndex(req) + 1}}}{${problemIndex(req) + 1}}$`),
    );
    const asymob = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', prompt: PROMPT_TEMPLATES.asymob });
    expectCorrect((await asymob.solve([problem(4)], 1))[0], 4);
    expect(s.requests[0].prompt).toContain('The final answer is:');
    expect(s.requests[0].prompt).toContain('$x^{4}$');

    const dir = await tempDir();
    const file = join(dir, 'prompt.txt');
    await writeFile(file, 'Integrate {problem} with respect to x (LaTeX: {latex}). Box the result.');
    const template = await loadPromptTemplate(file);
    const custom = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', prompt: template });
    expectCorrect((await custom.solve([problem(5)], 1))[0], 5);
    expect(s.requests[1].prompt).toBe('Integrate x^5 with respect to x (LaTeX: x^{5}). Box the result.');

    await writeFile(file, 'No placeholder here.');
    await expect(loadPromptTemplate(file)).rejects.toThrow(/placeholder/);
    await expect(loadPromptTemplate(join(dir, 'missing.txt'))).rejects.toThrow(/neither a built-in/);
    await asymob.close();
    await custom.close();
  });

  it('serves a repeated run from the cache file without any request', async () => {
    let count = 0;
    const s = await server((req) =>
      reply.answer(`${goodAnswer(problemIndex(req))}\n(sample ${++count})`, { usage: { prompt_tokens: 5, completion_tokens: 7 } }),
    );
    const dir = await tempDir();
    const cacheFile = openAICacheFile(dir);
    const problems = [1, 2, 3, 4].map(problem);

    const first = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', temperature: 0.7, cacheFile });
    const run1 = await first.solve(problems, 2);
    await first.close();
    const paid = s.requests.length;
    expect(paid).toBe(4);
    expect(first.stats().cacheHits).toBe(0);

    // A torn last line (a run killed mid-write) must not break the next load.
    await appendFile(cacheFile, '{"key": "abc", "content": "tor');

    const second = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', temperature: 0.7, cacheFile });
    const run2 = await second.solve(problems, 2);
    expect(s.requests.length).toBe(paid);
    expect(second.stats().cacheHits).toBe(8);
    expect(second.stats().requests).toBe(0);
    expect(second.stats().tokens.total).toBe(0);
    expect(run2.map((o) => o.answers.map((a) => a.text))).toEqual(run1.map((o) => o.answers.map((a) => a.text)));
    run2.forEach((o, k) => expectCorrect(o, k + 1));
    // More samples than cached: only the missing ones are asked for.
    const more = await second.solve([problem(1)], 3);
    expect(more[0].answers.slice(0, 2).map((a) => a.text)).toEqual(run1[0].answers.map((a) => a.text));
    expect(s.requests.length).toBe(paid + 1);
    await second.close();

    // Different parameters are a different call.
    const third = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', temperature: 0, cacheFile });
    await third.solve([problem(1)], 1);
    expect(third.stats().cacheHits).toBe(0);
    expect(s.requests.length).toBe(paid + 2);
    await third.close();
  });

  it('never writes the API key, and redacts it from errors', async () => {
    const secret = 'sk-sagga-SECRET-7f3a9c1e5b2d';
    const s = await server((req) => {
      const i = problemIndex(req);
      if (i === 1) return reply.status(401, { message: `Incorrect API key provided: ${secret}. You can find your API key at https://example.invalid.` });
      if (i === 2) return reply.status(500, { message: `upstream said Authorization: Bearer ${secret}` });
      return reply.answer(goodAnswer(i));
    });
    const dir = await tempDir();
    // Key and base URL from the environment, as on the command line.
    const target = openaiTarget({
      ...FAST,
      model: 'm',
      env: { OPENAI_API_KEY: secret, OPENAI_BASE_URL: s.baseURL },
      retries: 1,
      cacheFile: openAICacheFile(dir),
    });
    const outcomes = await target.solve([1, 2, 3].map(problem), 2);
    await target.close();
    expect(s.requests.every((r) => r.headers.authorization === `Bearer ${secret}`)).toBe(true);
    expect(outcomes[0].answers[0].status).toBe('error');
    expect(outcomes[1].answers[0].status).toBe('error');
    expectCorrect(outcomes[2], 3);
    for (const o of outcomes) for (const a of o.answers) expect(JSON.stringify(a)).not.toContain(secret);
    expect(errorOf(outcomes[0].answers[0])).toContain('Incorrect API key provided: ***.');
    expect(errorOf(outcomes[1].answers[0])).toContain('Authorization: Bearer ***');

    // Everything a run would keep: the cache plus the outcomes, settings and stats.
    await writeFile(join(dir, 'outcomes.json'), JSON.stringify({ outcomes, settings: target.settings, stats: target.stats() }));
    const files = await listFiles(dir);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const f of files) expect(await readFile(f, 'utf8'), f).not.toContain(secret);
    expect(await readFile(openAICacheFile(dir), 'utf8')).toContain('boxed');
  });

  it('refuses to start against the OpenAI API without a key', () => {
    expect(() => openaiTarget({ model: 'gpt-4o-mini', env: {} })).toThrow(/OPENAI_API_KEY/);
  });

  it('an abort ends the run promptly with error answers', async () => {
    const s = await server(() => reply.hang());
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, apiKey: 'k-local', requestTimeoutMs: 60_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const outcomes = await target.solve([1, 2, 3].map(problem), 1, controller.signal);
    expect(outcomes.every((o) => o.answers[0].status === 'error' && /abort/.test(errorOf(o.answers[0]) ?? ''))).toBe(true);
    await target.close();
  });

  it('the fake server answers on /chat/completions too and 404s elsewhere', async () => {
    const s = await server(() => reply.answer(String.raw`\boxed{x}`));
    const ok = await fetch(s.baseURL.replace(/\/v1$/, '') + '/chat/completions', {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { choices: { message: { content: string } }[]; usage: { total_tokens: number } };
    expect(body.choices[0].message.content).toBe(String.raw`\boxed{x}`);
    expect(body.usage.total_tokens).toBe(30);
    const missing = await fetch(s.baseURL + '/models');
    expect(missing.status).toBe(404);
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(p)));
    else out.push(p);
  }
  return out;
}
