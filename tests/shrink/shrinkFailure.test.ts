import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { hasX, type Expr } from '../../src/expr/types.js';
import { judgeOutcome } from '../../src/judge/judgeOutcome.js';
import type { Judgement } from '../../src/judge/judgeTypes.js';
import { shrinkFailure } from '../../src/shrink/shrinkFailure.js';
import { targetProbe } from '../../src/shrink/targetProbe.js';
import type { ProbeRecord, ShrinkOptions, ShrinkProbe } from '../../src/shrink/types.js';
import { createTarget } from '../../src/targets/registry.js';
import type { Target } from '../../src/targets/types.js';
import { createRng } from '../../src/util/rng.js';
import { verifyPair } from '../../src/verify/verifyPair.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';

/** Wrong exactly when the problem contains c^(x^2) for a whole number c ≥ 2; declines everything else but the canaries. */
const FIXTURE = fileURLToPath(new URL('../fixtures/cmd/wrong-on-power-of-square.mjs', import.meta.url));
const verify = (f: Expr, F: Expr) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS);
const check = (e: Expr) => checkCandidate(e, { requireX: true });

describe('shrinkFailure against a scripted target whose bug is known', () => {
  let target: Target;
  let probe: ShrinkProbe;
  /** Every problem the probe asked the target, in order. */
  let asked: string[];

  beforeAll(async () => {
    target = await createTarget(`cmd:node ${FIXTURE}`, { concurrency: 1 });
    const inner = targetProbe({ target, k: 1, verify, kind: 'wrong', references: async () => [] });
    probe = async (candidate) => {
      asked.push(toInfix(candidate));
      return inner(candidate);
    };
  });
  afterAll(() => target?.close());

  async function failureOf(text: string): Promise<{ problem: Expr; judgement: Judgement }> {
    const problem = parseExpr(text);
    const [outcome] = await target.solve([{ id: 'original', expr: problem, infix: toInfix(problem), latex: '' }], 1);
    const { judgement } = await judgeOutcome(problem, outcome.answers, verify);
    return { problem, judgement };
  }

  async function shrink(text: string, options: Partial<ShrinkOptions> = {}) {
    const { problem, judgement } = await failureOf(text);
    asked = [];
    const result = await shrinkFailure(problem, probe, { judgement, rng: createRng('shrink-test'), maxCalls: 24, checkCandidate: check, ...options });
    return { result, asked: asked.slice() };
  }

  test('x + 544^x^2 + 628*x shrinks to 2^x^2, proven wrong by the verifier', async () => {
    const { result, asked } = await shrink('x + 544^x^2 + 628*x');
    expect(result.infix).toBe('2^x^2');
    expect(result.nodes).toBe(5);
    expect(result.stopped).toBe('minimal');
    expect(result.judgement).toMatchObject({ status: 'fail', kind: 'wrong', proof: { by: 'verifier' } });
    expect(result.judgement.answers[0]).toMatchObject({ verdict: 'incorrect', answer: 'x*2^x^2' });
    // Big steps first: a term at a time, then the number.
    expect(result.steps.map((s) => s.problem)).toEqual(['x + 544^x^2', '544^x^2', '2^x^2']);
    expect(result.steps.map((s) => s.move)).toEqual(['delete-operand', 'delete-operand', 'simplify-constant']);
    expect(result.refused).toBe(0);
    // Every probe is one call to the target; none is asked twice; every candidate has x and passes the check.
    expect(result.calls).toBe(asked.length);
    expect(result.paidCalls).toBe(asked.length);
    expect(result.probes).toBe(asked.length);
    expect(new Set(asked.map((p) => canonicalKey(parseExpr(p)))).size).toBe(asked.length);
    for (const p of asked) expect(hasX(parseExpr(p)) && check(parseExpr(p)).ok, p).toBe(true);
    expect(result.calls).toBeLessThanOrEqual(24);
  });

  test('other variants of the same bug reach the same minimal form', async () => {
    for (const text of ['-340 + 544^x^2', '612^x^2', 'x*cos(x)^2 + 3^x^2/sin(x) - 12']) {
      const { result } = await shrink(text);
      expect(result.infix, text).toBe('2^x^2');
    }
  });

  test('reproducible: the same seed gives the same result, steps, calls and probes; another seed the same minimal form', async () => {
    const a = await shrink('x + 544^x^2 + 628*x + cos(x)', { rng: createRng('seed-1') });
    const b = await shrink('x + 544^x^2 + 628*x + cos(x)', { rng: createRng('seed-1') });
    expect(b.result).toEqual(a.result);
    expect(b.asked).toEqual(a.asked);
    const c = await shrink('x + 544^x^2 + 628*x + cos(x)', { rng: createRng('seed-2') });
    expect(c.result.infix).toBe(a.result.infix);
  });

  test('the budget bounds the calls; the shrink keeps the smallest failure found within it', async () => {
    const { result, asked } = await shrink('x + 544^x^2 + 628*x', { maxCalls: 3 });
    expect(asked).toEqual(['x + 628*x', 'x + 544^x^2', 'x']);
    expect(result).toMatchObject({ infix: 'x + 544^x^2', calls: 3, stopped: 'budget' });
    const none = await shrink('x + 544^x^2 + 628*x', { maxCalls: 0 });
    expect(none.asked).toEqual([]);
    expect(none.result).toMatchObject({ infix: 'x + 544^x^2 + 628*x', calls: 0, stopped: 'budget', steps: [] });
  });

  test('a probe that may cost more than what is left is not started', async () => {
    // Each probe here costs 1, but may cost 2: the fifth would start at 4 calls of 5.
    const { result, asked } = await shrink('x + 544^x^2 + 628*x', { maxCalls: 5, maxProbeCalls: 2 });
    expect(asked).toEqual(['x + 628*x', 'x + 544^x^2', 'x', '544^x^2']);
    expect(result).toMatchObject({ infix: '544^x^2', calls: 4, stopped: 'budget' });
  });

  test("a candidate with a known bug's signature is probed first: a known bug in disguise is reached in a probe or two", async () => {
    const known = signature(parseExpr('2^x^2'));
    const { result, asked } = await shrink('x + 544^x^2 + 628*x', { knownSignature: (s) => s === known });
    expect(asked.slice(0, 2)).toEqual(['544^x^2', '2^x^2']);
    expect(result.infix).toBe('2^x^2');
    const without = await shrink('x + 544^x^2 + 628*x');
    expect(result.calls).toBeLessThan(without.result.calls);
  });

  test('deletions come first: the first probes keep most of the problem', async () => {
    const { result, asked } = await shrink('sin(x) + 186^x^2*x');
    expect(result.infix).toBe('2^x^2');
    expect(asked.slice(0, 2)).toEqual(['sin(x)', '186^x^2*x']);
    expect(result.steps[0]).toMatchObject({ move: 'delete-operand', problem: '186^x^2*x' });
    expect(result.calls).toBeLessThanOrEqual(12);
  });

  test('after one number fails to fail, other numbers in the same place wait for every new shape of the same stride', async () => {
    // Scripted: wrong exactly when the problem is x*sin(x) plus a number of 5 or more.
    const shape = /^(?:x\*sin\(x\)|sin\(x\)\*x) \+ (\d+)$/;
    const failing = (e: Expr) => Number(shape.exec(toInfix(e))?.[1] ?? 0) >= 5;
    const judgementOf = (e: Expr): Judgement =>
      failing(e)
        ? {
            status: 'fail',
            kind: 'wrong',
            reason: 'scripted',
            answers: [{ text: 'x', status: 'ok', verdict: 'incorrect', reason: 'scripted' }],
            proof: { by: 'verifier', reason: 'scripted' },
          }
        : { status: 'pass', reason: 'scripted', answers: [] };
    const seen: string[] = [];
    const scripted: ShrinkProbe = async (candidate) => {
      seen.push(toInfix(candidate));
      return { judgement: judgementOf(candidate), calls: 1 };
    };
    const problem = parseExpr('x*sin(x) + 7');
    expect(failing(problem)).toBe(true);
    const result = await shrinkFailure(problem, scripted, { judgement: judgementOf(problem), rng: createRng('wait'), maxCalls: 40, checkCandidate: check });
    expect(result).toMatchObject({ infix: toInfix(problem), stopped: 'minimal' });
    // The first number tried in place of 7 passed: the other numbers there, of the same shape, come
    // after every small step of a new shape.
    const sameShape = seen.filter((t) => shape.test(t));
    expect(sameShape.length).toBeGreaterThanOrEqual(3);
    const firstTried = seen.indexOf(sameShape[0]);
    const shapes = seen.map((t) => signature(parseExpr(t)));
    const firstOfItsShape = seen.filter((_, i) => i > firstTried && shapes.indexOf(shapes[i]) === i);
    expect(firstOfItsShape.length).toBeGreaterThan(0);
    for (const t of firstOfItsShape) expect(seen.indexOf(t)).toBeLessThan(seen.indexOf(sameShape[1]));
  });

  test('a failure without a proof, or no failure at all, is not shrunk and nothing is asked', async () => {
    const unproven = await failureOf('sin(x)*544^x');
    expect(unproven.judgement).toMatchObject({ status: 'fail', kind: 'no-answer', proof: null });
    asked = [];
    const result = await shrinkFailure(unproven.problem, probe, { judgement: unproven.judgement, rng: createRng('x'), maxCalls: 24, checkCandidate: check });
    expect(result).toMatchObject({ infix: 'sin(x)*544^x', stopped: 'not-proven', calls: 0, probes: 0 });
    expect(asked).toEqual([]);
  });

  test('an answer lost in transport is charged but not cached, so a replay asks it again', async () => {
    const { problem, judgement } = await failureOf('x + 544^x^2 + 628*x');
    const cache = new Map<string, ProbeRecord>();
    const lossy: ShrinkProbe = async (candidate) =>
      toInfix(candidate) === 'x + 628*x'
        ? { judgement: { status: 'error', reason: 'transport error: connection reset', answers: [] }, calls: 1 }
        : probe(candidate);
    const result = await shrinkFailure(problem, lossy, { judgement, rng: createRng('shrink-test'), maxCalls: 24, checkCandidate: check, cache });
    expect(result.infix).toBe('2^x^2');
    const lost = check(parseExpr('x + 628*x'));
    expect(lost.ok && cache.has(lost.key)).toBe(false);
    expect(cache.has(canonicalKey(parseExpr('x')))).toBe(true);
    expect(result.calls).toBe(cache.size + 1);
  });

  test('asks its cache for each candidate as it is written, and records it so', async () => {
    const { problem, judgement } = await failureOf('x + 544^x^2 + 628*x');
    const texts = new Map<string, string>();
    const records = new Map<string, ProbeRecord>();
    const cache = {
      get: (key: string, problem?: string) => (texts.get(key) === problem ? records.get(key) : undefined),
      set(key: string, record: ProbeRecord, problem?: string) {
        texts.set(key, problem ?? '');
        records.set(key, record);
      },
    };
    await shrinkFailure(problem, probe, { judgement, rng: createRng('shrink-test'), maxCalls: 24, checkCandidate: check, cache });
    expect(texts.size).toBeGreaterThan(2);
    for (const [key, text] of texts) expect(canonicalKey(parseExpr(text)), text).toBe(key.replace(/#\d+$/, ''));
  });

  test('resumable: a shrink killed mid-way and replayed from its cache ends as an uninterrupted one, paying for no probe twice', async () => {
    const text = 'x + 544^x^2 + 628*x + cos(x)';
    const whole = await shrink(text, { cache: new Map() });

    const cache = new Map<string, ProbeRecord>();
    const { problem, judgement } = await failureOf(text);
    const paid: string[] = [];
    const killAfter = 4;
    const dying: ShrinkProbe = async (candidate) => {
      if (paid.length === killAfter) throw new Error('killed');
      paid.push(toInfix(candidate));
      return probe(candidate);
    };
    const options = { judgement, rng: createRng('shrink-test'), maxCalls: 24, checkCandidate: check, cache };
    await expect(shrinkFailure(problem, dying, options)).rejects.toThrow('killed');
    expect(cache.size).toBe(killAfter);

    const again: string[] = [];
    const counting: ShrinkProbe = async (candidate) => {
      again.push(toInfix(candidate));
      return probe(candidate);
    };
    const resumed = await shrinkFailure(problem, counting, { ...options, rng: createRng('shrink-test') });
    expect({ ...resumed, paidCalls: 0 }).toEqual({ ...whole.result, paidCalls: 0 });
    expect(resumed.paidCalls).toBe(whole.result.calls - killAfter);
    expect(again.filter((p) => paid.includes(p))).toEqual([]);
    expect([...paid, ...again]).toEqual(whole.asked);
  });
});
