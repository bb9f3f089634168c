import { describe, expect, it } from 'vitest';
import { verifyBatch } from '../../src/verify/verifyBatch.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

function pairs(n: number): { id: string; problem: string; answer: string }[] {
  return Array.from({ length: n }, (_, i) => {
    const k = (i % 17) + 2;
    // Every third answer is off by a factor; others are exact antiderivatives.
    const answer = i % 3 === 0 ? `sin(${k}*x)` : `sin(${k}*x)/${k}`;
    return { id: String(i), problem: `cos(${k}*x) + ${i}`, answer: `${answer} + ${i}*x` };
  });
}

describe('verifyBatch', () => {
  it('returns one verdict per pair, in order, the same as verifying each in turn (worker pool)', async () => {
    const input = pairs(1000);
    const results = await verifyBatch(input, { workers: 2 });
    expect(results).toHaveLength(input.length);
    expect(results.map((r) => r.reason)).toEqual(input.map((p) => verifyStrings(p.problem, p.answer).reason));
    expect(results.filter((r) => r.verdict === 'incorrect')).toHaveLength(334);
  });

  it('verifies small batches in-process and reports progress', async () => {
    const seen: number[] = [];
    const results = await verifyBatch(pairs(100), { onProgress: (done) => seen.push(done) });
    expect(results.filter((r) => r.verdict === 'correct')).toHaveLength(66);
    expect(seen.at(-1)).toBe(100);
  });

  it("passes each pair's domain and the work budget to the worker threads", async () => {
    const onInterval = { problem: 'sqrt(csc(x) - sin(x))', answer: '2*sqrt(sin(x))', domain: { lo: 0, hi: Math.PI / 2 } };
    const input = Array.from({ length: 450 }, (_, i) => (i % 2 === 0 ? onInterval : { problem: onInterval.problem, answer: onInterval.answer }));
    const results = await verifyBatch(input, { workers: 2 });
    expect(results.filter((r, i) => r.verdict === (i % 2 === 0 ? 'correct' : 'incorrect'))).toHaveLength(450);
    const starved = await verifyBatch(input, { workers: 2, work: 10 });
    expect(starved.every((r) => /^work budget of 10 units/.test(r.reason))).toBe(true);
  });

  it('marks what an aborted batch did not reach as unknown', async () => {
    const controller = new AbortController();
    controller.abort();
    const results = await verifyBatch(pairs(50), { signal: controller.signal });
    expect(results.every((r) => r.verdict === 'unknown' && /aborted/.test(r.reason))).toBe(true);
  });
});
