import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { createEndpointPool, type EndpointLease, type EndpointRefusal } from '../../../src/targets/openai/endpointPool.js';
import { openaiTarget, type OpenAITargetOptions } from '../../../src/targets/openai/openaiTarget.js';
import { parseEndpointList } from '../../../src/targets/openai/parseEndpointList.js';
import type { ProblemOutcome, TargetProblem } from '../../../src/targets/types.js';
import { sameFunction } from '../../answer/helpers/sameExpression.js';
import { reply, type FakeRequest } from '../../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';
import { errorOf, exprOf } from '../answerParts.js';

/** Problem i is ∫ x^i dx; its LaTeX `x^{i}` lets a server tell problems apart. */
function problem(i: number): TargetProblem {
  return { id: `p${i}`, expr: parseExpr(`x^${i}`), infix: `x^${i}`, latex: `x^{${i}}` };
}

function problemIndex(req: FakeRequest): number {
  const m = /x\^\{(\d+)\}/.exec(req.prompt);
  if (m === null) throw new Error(`no problem in prompt: ${req.prompt}`);
  return Number(m[1]);
}

function goodAnswer(i: number): string {
  return String.raw`By the power rule, \boxed{\frac{x^{${i + 1}}}{${i + 1}} + C}`;
}

const answerEach = (req: FakeRequest) => reply.answer(goodAnswer(problemIndex(req)));

function expectCorrect(outcome: ProblemOutcome): void {
  const i = Number(outcome.id.slice(1));
  for (const a of outcome.answers) {
    expect(a.status, `${outcome.id}: ${errorOf(a) ?? ''}`).toBe('ok');
    expect(sameFunction(exprOf(a)!, parseExpr(`x^${i + 1}/${i + 1}`)).same).toBe(true);
  }
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The lease an acquire resolved with (a test fails when it was aborted or refused instead). */
async function leased<T>(acquired: Promise<EndpointLease<T> | EndpointRefusal | undefined>): Promise<EndpointLease<T>> {
  const got = await acquired;
  if (got === undefined || 'refused' in got) throw new Error(`expected a lease, got ${JSON.stringify(got)}`);
  return got;
}

const { server } = fakeServerFixtures('sagga-endpoints-');

const FAST: Partial<OpenAITargetOptions> = {
  apiKey: 'k-endpoints',
  backoff: { initialDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 100 },
  requestTimeoutMs: 20_000,
};

describe('parseEndpointList', () => {
  it('reads comma-separated and repeated URLs with optional caps', () => {
    expect(parseEndpointList(['http://a:8000/v1/,http://b:8000/v1#16', ' https://c/v1#2 '])).toEqual([
      { url: 'http://a:8000/v1' },
      { url: 'http://b:8000/v1', cap: 16 },
      { url: 'https://c/v1', cap: 2 },
    ]);
    expect(parseEndpointList('http://a/v1,')).toEqual([{ url: 'http://a/v1' }]);
  });
  it('refuses what is not an endpoint list, saying what to give, and never shows credentials', () => {
    expect(() => parseEndpointList('')).toThrow(/names no endpoint.*--base-url http/);
    expect(() => parseEndpointList('localhost:8000')).toThrow(/not an http or https URL|not a URL/);
    expect(() => parseEndpointList('http://a/v1#0')).toThrow(/positive whole number.*http:\/\/a\/v1#8/);
    expect(() => parseEndpointList('http://a/v1#x')).toThrow(/positive whole number/);
    expect(() => parseEndpointList('http://a/v1,http://a/v1/#4')).toThrow(/twice/);
    let message = '';
    try {
      parseEndpointList('http://user:hunter22@a/v1#-1');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/\[redacted\]@a/);
    expect(message).not.toContain('hunter22');
  });
});

describe('createEndpointPool', () => {
  it('takes an endpoint that keeps failing out for a cool-down that doubles, and counts its time out of service', async () => {
    let t = 1_000;
    const pool = createEndpointPool(
      [
        { url: 'http://a/v1', value: 'a' },
        { url: 'http://b/v1', value: 'b' },
      ],
      { failuresToCooldown: 2, cooldownMs: 100, maxCooldownMs: 1_000 },
      () => t,
    );
    const none = new Set<number>();
    const first = await leased(pool.acquire(none));
    expect(first.value).toBe('a');
    first.done({ health: 'fault' });
    expect(pool.stats()[0].inService).toBe(true);
    (await leased(pool.acquire(none))).done({ health: 'fault' });
    expect(pool.stats()[0]).toMatchObject({ inService: false, cooldowns: 1, errors: 2, requests: 2 });
    // Out of service: everything goes to b, however many are in flight there.
    const held = [await leased(pool.acquire(none)), await leased(pool.acquire(none))];
    expect(held.map((l) => l.value)).toEqual(['b', 'b']);
    held.forEach((l) => l.done({ health: 'ok' }));
    t += 100;
    // Back after its cool-down: one failure takes it out again, for twice as long.
    const probe = await leased(pool.acquire(none));
    expect(probe.value).toBe('a');
    probe.done({ health: 'fault' });
    expect(pool.stats()[0]).toMatchObject({ inService: false, cooldowns: 2 });
    t += 150;
    expect(pool.stats()[0].inService).toBe(false);
    t += 50;
    const back = await leased(pool.acquire(none));
    expect(back.value).toBe('a');
    back.done({ health: 'ok', usage: { prompt: 3, completion: 4, total: 7 } });
    expect(pool.stats()[0]).toMatchObject({ inService: true, outOfServiceMs: 300, tokens: { prompt: 3, completion: 4, total: 7 } });
    pool.close();
  });

  it('never takes the only endpoint out: there is nowhere else to send its requests', async () => {
    const pool = createEndpointPool([{ url: 'http://a/v1', value: 'a' }], { failuresToCooldown: 1 });
    for (let i = 0; i < 5; i++) (await leased(pool.acquire(new Set()))).done({ health: 'fault' });
    expect(pool.stats()[0]).toMatchObject({ inService: true, cooldowns: 0, errors: 5 });
    pool.close();
  });

  it('when every endpoint is cooling down, tries the one back soonest; waiters for a capped endpoint can be aborted', async () => {
    let t = 0;
    const pool = createEndpointPool(
      [
        { url: 'http://a/v1', value: 'a', cap: 1 },
        { url: 'http://b/v1', value: 'b', cap: 1 },
      ],
      { failuresToCooldown: 1, cooldownMs: 100 },
      () => t,
    );
    (await leased(pool.acquire(new Set()))).done({ health: 'fault' }); // a out until 100
    t = 10;
    (await leased(pool.acquire(new Set()))).done({ health: 'fault' }); // b out until 110
    expect((await leased(pool.acquire(new Set()))).value).toBe('a'); // held: a is at its cap now
    const aborter = new AbortController();
    const waiting = pool.acquire(new Set([1]), aborter.signal); // only a would do, and a is full
    aborter.abort();
    expect(await waiting).toBeUndefined();
    pool.close();
  });
});

describe('an endpoint back from its cool-down', () => {
  const twoDown = (t: () => number) => {
    const pool = createEndpointPool(
      [
        { url: 'http://a/v1', value: 'a' },
        { url: 'http://b/v1', value: 'b' },
      ],
      { failuresToCooldown: 1, cooldownMs: 100, maxCooldownMs: 1_000 },
      t,
    );
    return pool;
  };

  it('gets exactly one request, its probe; the others go elsewhere until the probe has answered', async () => {
    let t = 0;
    const pool = twoDown(() => t);
    const none = new Set<number>();
    (await leased(pool.acquire(none))).done({ health: 'fault' }); // a out until 100
    t = 100;
    const leases = [] as EndpointLease<string>[];
    for (let i = 0; i < 4; i++) leases.push(await leased(pool.acquire(none)));
    // a has none in flight and b has more, but a takes only its probe.
    expect(leases.map((l) => l.value)).toEqual(['a', 'b', 'b', 'b']);
    expect(pool.stats()[0]).toMatchObject({ probes: 1, inFlight: 1 });
    leases[0].done({ health: 'ok' });
    // Its probe answered: back in service, it takes requests as any other.
    const next = [await leased(pool.acquire(none)), await leased(pool.acquire(none))];
    expect(next.map((l) => l.value)).toEqual(['a', 'a']);
    expect(pool.stats()[0]).toMatchObject({ probes: 1, inService: true, cooldowns: 1 });
    pool.close();
  });

  it('with nowhere else to go, requests wait for the probe: refused together when it fails, sent when it succeeds', async () => {
    let t = 0;
    const pool = twoDown(() => t);
    const none = new Set<number>();
    (await leased(pool.acquire(none))).done({ health: 'fault' }); // a out until 100
    (await leased(pool.acquire(none))).done({ health: 'fault' }); // b out until 100
    t = 100;
    const probeA = await leased(pool.acquire(none));
    const probeB = await leased(pool.acquire(none));
    expect([probeA.value, probeB.value]).toEqual(['a', 'b']);
    let settled = 0;
    const waiting = [pool.acquire(none), pool.acquire(none)];
    waiting.forEach((w) => void w.then(() => settled++));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(0);
    // a's probe fails: b's probe is still out, so they go on waiting for it.
    probeA.done({ health: 'fault', error: 'connection refused' });
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(0);
    probeB.done({ health: 'fault', error: 'no response within 1000 ms' });
    const refused = (await Promise.all(waiting)) as EndpointRefusal[];
    expect(refused.map((r) => r.refused)).toEqual([true, true]);
    expect(refused[0].error).toMatch(/not sent: http:\/\/b\/v1 failed its probe after a cool-down \(no response within 1000 ms\)/);
    expect(pool.stats().map((e) => e.requests)).toEqual([2, 2]); // the refused ones sent nothing
    // Next round (after the second cool-downs, 200 ms): a takes one probe; a request that has
    // already tried b this round waits for it, and goes once it succeeds.
    t = 300;
    const probe = await leased(pool.acquire(none));
    expect(probe.value).toBe('a');
    const behind = pool.acquire(new Set([1]));
    probe.done({ health: 'ok' });
    expect((await leased(behind)).value).toBe('a');
    expect(pool.stats()[0]).toMatchObject({ probes: 2, cooldowns: 2, inService: true });
    pool.close();
  });
});

describe('an OpenAI target over several endpoints, over real HTTP', () => {
  it('one of two endpoints stopped halfway: every problem answered, none from the outage a failure, both counted', async () => {
    const a = await server(async (req) => {
      // The 25th request kills this replica: it and every request open on it are cut off.
      if (req.index === 24) void a.stop();
      return reply.answer(goodAnswer(problemIndex(req)), { delayMs: 5 });
    });
    const b = await server(async (req) => reply.answer(goodAnswer(problemIndex(req)), { delayMs: 5 }));
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: `${a.baseURL},${b.baseURL}`, concurrency: 6, retries: 1, health: { cooldownMs: 60_000 } });
    const problems = Array.from({ length: 120 }, (_, i) => problem(i + 1));
    const outcomes = await target.solve(problems, 1);
    expect(outcomes.map((o) => o.id)).toEqual(problems.map((p) => p.id));
    outcomes.forEach(expectCorrect);

    expect(a.stopped).toBe(true);
    expect(a.requests).toHaveLength(25); // nothing reached it after it died
    const stats = target.stats();
    const [sa, sb] = stats.endpoints;
    expect(stats.errors).toBe(0); // no answer was lost
    expect(stats.answers).toBe(120);
    expect(sa.url).toBe(a.baseURL);
    expect(sa.errors).toBeGreaterThanOrEqual(1);
    expect(sa.cooldowns).toBe(1);
    expect(sa.inService).toBe(false);
    expect(sa.outOfServiceMs).toBeGreaterThan(0);
    // Every attempt on A that did not fail reached A's log; B's count is B's own.
    expect(sa.requests - sa.errors).toBeLessThanOrEqual(a.requests.length);
    expect(sb.requests).toBe(b.requests.length);
    expect(sb.errors).toBe(0);
    expect(stats.failovers).toBe(sa.errors);
    expect(stats.retries).toBe(0);
    expect(stats.requests).toBe(sa.requests + sb.requests);
    await target.close();
  });

  it('both endpoints gone: the requests come back as errors after the retries, never as failures', async () => {
    const a = await server(answerEach);
    const b = await server(answerEach);
    await a.stop();
    await b.stop();
    const target = openaiTarget({
      ...FAST,
      model: 'm',
      baseURL: `${a.baseURL},${b.baseURL}`,
      concurrency: 4,
      retries: 2,
      health: { failuresToCooldown: 2, cooldownMs: 60_000 },
    });
    const outcomes = await target.solve([1, 2, 3, 4, 5, 6].map(problem), 1);
    for (const o of outcomes) {
      expect(o.answers[0].status).toBe('error');
      expect(errorOf(o.answers[0])).toMatch(/connection error.*ECONNREFUSED/);
    }
    const stats = target.stats();
    expect(stats.errors).toBe(6);
    expect(stats.endpoints.every((e) => e.cooldowns >= 1 && e.errors >= 2)).toBe(true);
    // Three rounds per request (retries 2), each trying every endpoint still in service: at most 2
    // attempts; a round that waited for a cooled-down endpoint's probe shares its failure and sends nothing.
    expect(stats.requests).toBeLessThanOrEqual(6 * 3 * 2);
    expect(stats.requests).toBe(stats.endpoints.reduce((n, e) => n + e.errors, 0));
    expect(stats.retries).toBe(6 * 2);
    await target.close();
  });

  it('sends each request to the endpoint with the fewest in flight', async () => {
    const b_done = gate();
    const N = 30;
    // A holds its requests until B has answered all the others; B answers at once.
    const a = await server(async (req) => {
      await b_done.opened;
      return answerEach(req);
    });
    const b = await server((req) => {
      if (b.requests.length === N - 2) b_done.open();
      return answerEach(req);
    });
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: `${a.baseURL},${b.baseURL}`, concurrency: 4 });
    const outcomes = await target.solve(
      Array.from({ length: N }, (_, i) => problem(i + 1)),
      1,
    );
    outcomes.forEach(expectCorrect);
    // The first four went A, B, A, B; from then on B always had fewer in flight than A's two.
    expect(a.requests).toHaveLength(2);
    expect(b.requests).toHaveLength(N - 2);
    const [sa, sb] = target.stats().endpoints;
    expect([sa.requests, sb.requests]).toEqual([a.requests.length, b.requests.length]);
    expect(sa.peakInFlight).toBe(2);
    expect(sb.peakInFlight).toBe(2);
    expect(a.peakInFlight).toBe(2);
    await target.close();
  });

  it('keeps each endpoint within its cap, and the counts match the servers’ own logs', async () => {
    const N = 40;
    const b_done = gate();
    const a = await server(async (req) => {
      await b_done.opened;
      return answerEach(req);
    });
    const b = await server(async (req) => {
      if (b.requests.length === N - 1) b_done.open();
      return reply.answer(goodAnswer(problemIndex(req)), { delayMs: 2 });
    });
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: `${a.baseURL}#1,${b.baseURL}#3`, concurrency: 16 });
    expect(target.describe()).toMatchObject({ base_url: `${a.baseURL},${b.baseURL}`, endpoint_caps: '1,3' });
    const outcomes = await target.solve(
      Array.from({ length: N }, (_, i) => problem(i + 1)),
      1,
    );
    outcomes.forEach(expectCorrect);
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(N - 1);
    const [sa, sb] = target.stats().endpoints;
    expect(sa).toMatchObject({ cap: 1, requests: 1, peakInFlight: 1, errors: 0 });
    expect(sb).toMatchObject({ cap: 3, requests: N - 1, peakInFlight: 3, errors: 0 });
    expect(a.peakInFlight).toBe(1);
    expect(b.peakInFlight).toBeLessThanOrEqual(3);
    await target.close();
  });

  it('an endpoint back from its cool-down takes one probe, not a share of the requests; a hung probe is cut at the request time limit', async () => {
    const N = 12;
    const backFromCooldown = gate();
    let returned = false;
    void backFromCooldown.opened.then(() => (returned = true));
    // A fails at once until it has been taken out (for 100 ms) and is back; from then on it hangs on
    // every request it is given.
    const a = await server(() => (returned ? reply.hang() : reply.status(500, { message: 'replica restarting' })));
    // B holds its answers until A is back in service, then answers at once; it notes how many
    // requests A has open whenever one arrives from then on.
    const openOnA: number[] = [];
    const b = await server(async (req) => {
      await backFromCooldown.opened;
      openOnA.push(a.inFlight);
      return answerEach(req);
    });
    const target = openaiTarget({
      ...FAST,
      requestTimeoutMs: 2_000,
      model: 'm',
      baseURL: `${a.baseURL},${b.baseURL}`,
      concurrency: 4,
      health: { cooldownMs: 100 },
    });
    const solving = target.solve(
      Array.from({ length: N }, (_, i) => problem(i + 1)),
      1,
    );
    while (!(target.stats().endpoints[0].cooldowns === 1 && target.stats().endpoints[0].inService)) await new Promise((r) => setTimeout(r, 10));
    backFromCooldown.open();
    const outcomes = await solving;
    outcomes.forEach(expectCorrect);
    // One request went to A after its return, and hung; no other was sent to it meanwhile.
    const failedFirst = a.requests.length - 1;
    expect(failedFirst).toBeGreaterThanOrEqual(3);
    expect(Math.max(...openOnA)).toBe(1);
    const [sa] = target.stats().endpoints;
    expect(sa).toMatchObject({ probes: 1, cooldowns: 2, requests: failedFirst + 1, errors: failedFirst + 1, inService: false });
    await target.close();
  });

  it('describes its endpoints without credentials, and keeps the one-endpoint description of older runs', () => {
    const two = openaiTarget({ model: 'm', apiKey: 'k', baseURL: 'http://user:s3cret-pass@a:1/v1#8,http://b:2/v1' });
    const described = two.describe();
    expect(described.base_url).toBe('http://[redacted]@a:1/v1,http://b:2/v1');
    expect(described.endpoint_caps).toBe('8,none');
    expect(JSON.stringify(described)).not.toContain('s3cret');
    expect(JSON.stringify(two.stats())).not.toContain('s3cret');
    const one = openaiTarget({ model: 'm', apiKey: 'k', baseURL: 'http://a:1/v1/' }).describe();
    expect(Object.keys(one).sort()).toEqual([
      'base_url',
      'cache',
      'max_response_bytes',
      'max_tokens',
      'model',
      'prompt_template',
      'request_timeout_ms',
      'retries',
      'temperature',
    ]);
    expect(one.base_url).toBe('http://a:1/v1');
  });
});
