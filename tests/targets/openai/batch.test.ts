import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import type { BatchJobIntent, BatchJobRecord } from '../../../src/targets/targetOptions.js';
import { openAICacheFile, openaiTarget, type OpenAITargetOptions } from '../../../src/targets/openai/openaiTarget.js';
import type { ProblemOutcome, TargetProblem } from '../../../src/targets/types.js';
import { sameFunction } from '../../answer/helpers/sameExpression.js';
import { reply, type FakeOpenAIServer, type FakeRequest } from '../../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';
import { errorOf, exprOf } from '../answerParts.js';

function problem(i: number): TargetProblem {
  return { id: `p${i}`, expr: parseExpr(`x^${i}`), infix: `x^${i}`, latex: `x^{${i}}` };
}

function problemIndex(req: FakeRequest): number {
  return Number(/x\^\{(\d+)\}/.exec(req.prompt)![1]);
}

const good = (req: FakeRequest) => {
  const i = problemIndex(req);
  return reply.answer(String.raw`\boxed{\frac{x^{${i + 1}}}{${i + 1}} + C}`, { usage: { prompt_tokens: 9 + i, completion_tokens: 4 + i } });
};

function expectCorrect(outcome: ProblemOutcome): void {
  const i = Number(outcome.id.slice(1));
  for (const a of outcome.answers) {
    expect(a.status, `${outcome.id}: ${errorOf(a) ?? ''}`).toBe('ok');
    expect(sameFunction(exprOf(a)!, parseExpr(`x^${i + 1}/${i + 1}`)).same).toBe(true);
  }
}

const calls = (s: FakeOpenAIServer, method: string, path: RegExp): number => s.apiCalls.filter((c) => c.method === method && path.test(c.path)).length;

/** Resolves once `check` holds, looking every few milliseconds (at most 20 s). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 2_000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('condition never held');
}

const { server, tempDir } = fakeServerFixtures('sagga-batch-');

const BATCH: Partial<OpenAITargetOptions> = {
  apiKey: 'sk-batch-test-key-0123456789',
  backoff: { initialDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 100 },
  requestTimeoutMs: 10_000,
};
const POLL = { initialMs: 10, maxMs: 40 };

describe('the OpenAI target in Batch API mode, over real HTTP', () => {
  it('one solve is one job: uploaded, created, polled, read back by custom id; faults are errors; cached afterwards', async () => {
    const s = await server((req) => {
      const i = problemIndex(req);
      if (i === 3) return reply.status(500, { message: 'replica fell over' });
      if (i === 5) return reply.drop();
      if (i === 7) return reply.answer('I cannot integrate this.', { usage: { prompt_tokens: 16, completion_tokens: 5 } });
      return good(req);
    });
    const created: BatchJobRecord[] = [];
    const finished: BatchJobRecord[] = [];
    const dir = await tempDir();
    const prices = { inputPerMillion: 1, outputPerMillion: 2 };
    const target = openaiTarget({
      ...BATCH,
      model: 'batch-model',
      baseURL: s.baseURL,
      temperature: 0.5,
      maxTokens: 256,
      prices,
      cacheFile: openAICacheFile(dir),
      batch: { poll: POLL, hooks: { onCreated: (job) => void created.push(job), onFinished: (job) => void finished.push(job) } },
    });
    expect(target.describe()).toMatchObject({ batch: true });
    const problems = Array.from({ length: 12 }, (_, i) => problem(i + 1));
    const outcomes = await target.solve(problems, 2);

    // One job of 24 requests (one per sample), nothing sent as chat requests.
    expect(s.batches).toHaveLength(1);
    expect(s.batches[0].requests).toBe(24);
    expect(s.requests).toHaveLength(0);
    expect(calls(s, 'POST', /\/files$/)).toBe(1);
    expect(s.apiCalls.every((c) => c.headers.authorization === `Bearer ${BATCH.apiKey}`)).toBe(true);
    const line = s.batchRequests.find((r) => problemIndex(r) === 2)!;
    expect(line.body).toMatchObject({ model: 'batch-model', temperature: 0.5, max_tokens: 256 });
    expect(line.body.n).toBeUndefined();
    expect(line.prompt).toContain('$x^{2}$');

    for (const o of outcomes) {
      const i = Number(o.id.slice(1));
      if (i === 3 || i === 5) {
        for (const a of o.answers) expect(a.status).toBe('error');
        expect(errorOf(o.answers[0])).toMatch(i === 3 ? /HTTP 500 in batch: replica fell over/ : /batch request failed: server_error/);
      } else if (i === 7) {
        expect(o.answers.map((a) => a.status)).toEqual(['no-answer', 'no-answer']);
      } else {
        expectCorrect(o);
      }
    }
    expect(created).toEqual([{ endpoint: s.baseURL, id: s.batches[0].id, requests: 24, created: expect.any(String), inputFileId: s.batches[0].inputFileId }]);
    expect(finished.map((j) => j.id)).toEqual([s.batches[0].id]);
    expect(target.batchJobsInFlight()).toEqual([]);

    // Tokens and cost are the server's own count of what it answered.
    const stats = target.stats();
    expect(stats.tokens).toEqual({ prompt: s.tokens.prompt, completion: s.tokens.completion, total: s.tokens.prompt + s.tokens.completion });
    expect(stats.cost).toBeCloseTo((s.tokens.prompt * 1 + s.tokens.completion * 2) / 1e6, 12);
    expect(stats.batchJobs).toBe(1);
    expect(stats.requests).toBe(24);
    expect(stats.errors).toBe(4);
    expect(stats.endpoints[0]).toMatchObject({ requests: 24, errors: 4, peakInFlight: 1 });

    // The answers are cached: the same problems again need no job.
    const again = await target.solve(
      problems.filter((p) => p.id !== 'p3' && p.id !== 'p5'),
      2,
    );
    again.filter((o) => o.id !== 'p7').forEach(expectCorrect);
    expect(s.batches).toHaveLength(1);
    await target.close();
  });

  it('a solve aborted mid-batch and restarted with the saved job does not create a second job', async () => {
    const s = await server(good);
    // The job does not end by itself: the first run is stopped while it waits.
    s.setBatchBehaviour({ end: 'never' });
    const saved: BatchJobRecord[] = [];
    const problems = Array.from({ length: 8 }, (_, i) => problem(i + 1));
    const first = openaiTarget({ ...BATCH, model: 'm', baseURL: s.baseURL, batch: { poll: POLL, hooks: { onCreated: (job) => void saved.push(job) } } });
    const stop = new AbortController();
    const running = first.solve(problems, 1, stop.signal);
    // Ctrl-C once the job is being waited for (two looks at it so far).
    await until(() => calls(s, 'GET', /\/batches\/batch_1$/) >= 2);
    stop.abort();
    const aborted = await running;
    for (const o of aborted) expect(errorOf(o.answers[0])).toBe('aborted');
    expect(saved).toHaveLength(1);
    expect(first.batchJobsInFlight().map((j) => j.id)).toEqual([saved[0].id]);
    await first.close();
    // Stopping sagga never cancels the job: it goes on at the endpoint, and finishes later.
    expect(calls(s, 'POST', /\/cancel$/)).toBe(0);
    expect(s.batches[0].status).toBe('in_progress');
    await s.completeBatch('batch_1');
    s.setBatchBehaviour({});

    // A new target (a resumed run) given the saved job: first other problems, which need their own
    // job and must not wait for the saved one; then the run's problems, from the saved job.
    const finished: string[] = [];
    const second = openaiTarget({
      ...BATCH,
      model: 'm',
      baseURL: s.baseURL,
      batch: { poll: POLL, hooks: { resume: saved, onFinished: (job) => void finished.push(job.id) } },
    });
    const other = await second.solve([problem(40)], 1);
    expectCorrect(other[0]);
    expect(s.batches.map((b) => b.id)).toEqual(['batch_1', 'batch_2']);
    expect(finished).toEqual(['batch_2']);
    const resumed = await second.solve(problems, 1);
    resumed.forEach(expectCorrect);
    expect(s.batches).toHaveLength(2); // no second job for these problems
    expect(finished).toEqual(['batch_2', 'batch_1']);
    expect(s.batchRequests.filter((r) => r.path === 'batch:batch_1')).toHaveLength(8);
    expect(second.stats().batchJobs).toBe(1);
    expect(second.batchJobsInFlight()).toEqual([]);
    await second.close();
  });

  it('a create call whose reply is lost (cut, or never sent within the time limit): the job is found from its input file, not made again', async () => {
    for (const createReply of ['drop', 'hang'] as const) {
      const s = await server(good);
      s.setBatchBehaviour({ createReply });
      const intents: BatchJobIntent[] = [];
      const created: BatchJobRecord[] = [];
      const target = openaiTarget({
        ...BATCH,
        // The hung create call is given up after 1 s (a reply that never comes, on purpose).
        requestTimeoutMs: 1_000,
        model: 'm',
        baseURL: s.baseURL,
        batch: { poll: POLL, hooks: { onCreating: (i) => void intents.push(i), onCreated: (j) => void created.push(j) } },
      });
      const outcomes = await target.solve([1, 2, 3].map(problem), 1);
      outcomes.forEach(expectCorrect);
      expect(s.batches, createReply).toHaveLength(1);
      expect(calls(s, 'POST', /\/batches$/)).toBe(1);
      expect(calls(s, 'GET', /\/batches$/)).toBeGreaterThanOrEqual(1);
      // The intent went on record before the create call; the job found replaced it.
      expect(intents).toEqual([{ endpoint: s.baseURL, inputFileId: s.batches[0].inputFileId, requests: 3, created: expect.any(String) }]);
      expect(created.map((j) => [j.id, j.inputFileId])).toEqual([[s.batches[0].id, s.batches[0].inputFileId]]);
      await target.close();
    }
  });

  it('a run that stopped before the create reply: given the intent back, it waits for that job; an intent that made nothing is dropped', async () => {
    const s = await server(good);
    // The first run's create reply never comes, and its job does not end by itself.
    s.setBatchBehaviour({ createReply: 'hang', end: 'never' });
    const intents: BatchJobIntent[] = [];
    const problems = [1, 2, 3, 4].map(problem);
    const first = openaiTarget({ ...BATCH, model: 'm', baseURL: s.baseURL, batch: { poll: POLL, hooks: { onCreating: (i) => void intents.push(i) } } });
    const stop = new AbortController();
    const running = first.solve(problems, 1, stop.signal);
    await until(() => s.batches.length === 1);
    // Stopped (as a kill would leave it) while the create call waits for its reply.
    stop.abort();
    await running;
    await first.close();
    await s.completeBatch('batch_1');
    s.setBatchBehaviour({});
    expect(intents.map((i) => i.inputFileId)).toEqual([s.batches[0].inputFileId]);

    // A second intent, for an uploaded file the endpoint never made a job of.
    const orphan: BatchJobIntent = { endpoint: s.baseURL, inputFileId: 'file-never-made-into-a-job', requests: 1, created: new Date().toISOString() };
    const found: BatchJobRecord[] = [];
    const abandoned: BatchJobIntent[] = [];
    const second = openaiTarget({
      ...BATCH,
      model: 'm',
      baseURL: s.baseURL,
      batch: { poll: POLL, hooks: { resumeIntents: [orphan, ...intents], onCreated: (j) => void found.push(j), onAbandoned: (i) => void abandoned.push(i) } },
    });
    const outcomes = await second.solve(problems, 1);
    outcomes.forEach(expectCorrect);
    expect(s.batches).toHaveLength(1);
    expect(s.batchRequests.filter((r) => r.path === 'batch:batch_1')).toHaveLength(4);
    expect(found).toEqual([{ endpoint: s.baseURL, id: 'batch_1', requests: 4, created: intents[0].created, inputFileId: intents[0].inputFileId }]);
    expect(abandoned).toEqual([orphan]);
    expect(second.stats().batchJobs).toBe(0);
    await second.close();
  });

  it('a failed job, an expired one and one that never ends give errors that say why, never failures', async () => {
    const s = await server(good);
    const target = openaiTarget({ ...BATCH, model: 'm', baseURL: s.baseURL, batch: { poll: { ...POLL, maxWaitMs: 300 } } });
    s.setBatchBehaviour({ end: 'failed' });
    const failed = await target.solve([problem(1), problem(2)], 1);
    for (const o of failed)
      expect(errorOf(o.answers[0])).toMatch(/batch batch_1 ended failed: invalid_request: the fake server was told to fail this batch \(line 1\)/);

    s.setBatchBehaviour({ end: 'expired' });
    const expired = await target.solve(
      [1, 2, 3, 4].map((i) => problem(i + 10)),
      1,
    );
    // The server answers the first half of an expired job's lines.
    expect(expired.filter((o) => o.answers[0].status === 'ok')).toHaveLength(2);
    expect(target.stats().endpoints[0]).toMatchObject({ requests: 2 + 4, errors: 2 + 2 });
    for (const o of expired.filter((x) => x.answers[0].status !== 'ok')) expect(errorOf(o.answers[0])).toMatch(/batch batch_2 ended expired/);

    s.setBatchBehaviour({ end: 'never' });
    const stuck = await target.solve([problem(30)], 1);
    expect(stuck[0].answers[0].status).toBe('error');
    expect(errorOf(stuck[0].answers[0])).toMatch(/batch batch_3 was still in_progress after 300 ms of waiting; it goes on/);
    // The job is still the target's to wait for, not forgotten.
    expect(target.batchJobsInFlight().map((j) => j.id)).toEqual(['batch_3']);
    await target.close();
  });

  it('requests refused for the token-limit field go once more, in a second job, with the other field', async () => {
    const s = await server((req) =>
      req.body.max_tokens !== undefined
        ? reply.status(400, { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." })
        : good(req),
    );
    const target = openaiTarget({ ...BATCH, model: 'm', baseURL: s.baseURL, maxTokens: 100, batch: { poll: POLL } });
    const outcomes = await target.solve([1, 2, 3].map(problem), 1);
    outcomes.forEach(expectCorrect);
    expect(s.batches).toHaveLength(2);
    expect(s.batchRequests.filter((r) => r.path === 'batch:batch_2').every((r) => r.body.max_completion_tokens === 100)).toBe(true);
    await target.close();
  });

  it('solves called together (one problem each, as a pipeline makes them) share one job', async () => {
    const s = await server(good);
    const target = openaiTarget({ ...BATCH, model: 'm', baseURL: s.baseURL, batch: { poll: POLL } });
    const problems = Array.from({ length: 10 }, (_, i) => problem(i + 1));
    // Problem 1 twice: asked once, answered for both.
    const outcomes = await Promise.all([...problems, problem(1)].map((p) => target.solve([p], 1)));
    outcomes.flat().forEach(expectCorrect);
    expect(s.batches).toHaveLength(1);
    expect(s.batches[0].requests).toBe(10);
    // Paid once, so carried once: the answers' usage adds up to what the server billed.
    const billed = outcomes.flat().reduce((n, o) => n + (o.answers[0].tokenUsage?.prompt ?? 0), 0);
    expect(billed).toBe(s.tokens.prompt);
    // One caller stopping gets its answer at once; the job goes on for the others.
    s.setBatchBehaviour({ end: 'never' });
    const stop = new AbortController();
    const stopped = target.solve([problem(20)], 1, stop.signal);
    const other = target.solve([problem(21)], 1);
    await until(() => s.batches.length === 2);
    stop.abort();
    expect(errorOf((await stopped)[0].answers[0])).toBe('aborted');
    await s.completeBatch('batch_2');
    expectCorrect((await other)[0]);
    expect(s.batches).toHaveLength(2);
    await target.close();
  });

  it('a hook that throws (a checkpoint that cannot be written) does not stop the job', async () => {
    const s = await server(good);
    const target = openaiTarget({
      ...BATCH,
      model: 'm',
      baseURL: s.baseURL,
      batch: {
        poll: POLL,
        hooks: {
          onCreated: () => {
            throw new Error('disk full');
          },
          onFinished: () => Promise.reject(new Error('disk full')),
        },
      },
    });
    const outcomes = await target.solve([1, 2].map(problem), 1);
    outcomes.forEach(expectCorrect);
    expect(target.stats()).toMatchObject({ batchJobs: 1, requests: 2 });
    await target.close();
  });

  it('a job goes to an endpoint in service: with the first endpoint gone, to the second', async () => {
    const dead = await server(good);
    await dead.stop();
    const alive = await server(good);
    const created: BatchJobRecord[] = [];
    const target = openaiTarget({
      ...BATCH,
      retries: 1,
      model: 'm',
      baseURL: `${dead.baseURL},${alive.baseURL}`,
      batch: { poll: POLL, hooks: { onCreated: (j) => void created.push(j) } },
    });
    const outcomes = await target.solve([1, 2].map(problem), 1);
    outcomes.forEach(expectCorrect);
    expect(created.map((j) => j.endpoint)).toEqual([alive.baseURL]);
    expect(target.stats().endpoints.map((e) => e.requests)).toEqual([0, 2]);
    await target.close();
  });
});
