import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigFraction, fractionToNumber } from '../../src/eval/bigFraction.js';
import { passAtK } from '../../src/eval/passAtK.js';
import { readEvalProblems } from '../../src/eval/readEvalProblems.js';
import { runEval } from '../../src/eval/runEval.js';
import { createTarget } from '../../src/targets/registry.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

const verify = (p: Parameters<typeof verifyPair>[0], a: Parameters<typeof verifyPair>[1]) => verifyPair(p, a, SEARCH_VERIFY_OPTIONS);

/** C(n, k) as a BigInt, from factorials: the closed form, computed another way than `passAtK`. */
function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const fact = (m: number): bigint => (m <= 1 ? 1n : BigInt(m) * fact(m - 1));
  return fact(n) / (fact(k) * fact(n - k));
}

/** 1 − C(n−c, k)/C(n, k), exactly. */
function closedForm(n: number, c: number, k: number): { p: bigint; q: bigint } {
  const q = binomial(n, k);
  return { p: q - binomial(n - c, k), q };
}

describe('pass@k, the unbiased estimator', () => {
  test('equals 1 − C(n−c, k)/C(n, k) exactly for every n ≤ 14, c ≤ n, k ≤ n', () => {
    for (let n = 1; n <= 14; n++) {
      for (let c = 0; c <= n; c++) {
        for (let k = 1; k <= n; k++) {
          const expected = closedForm(n, c, k);
          const got = passAtK(n, c, k);
          // Cross-multiplied: the same rational, whatever its reduction.
          expect(got.p * expected.q).toBe(expected.p * got.q);
        }
      }
    }
  });

  test('is c/n at k = 1, 1 when fewer than k answers are wrong, 0 without a correct answer', () => {
    expect(passAtK(10, 3, 1)).toEqual(bigFraction(3n, 10n));
    expect(passAtK(10, 8, 3)).toEqual(bigFraction(1n));
    expect(passAtK(10, 0, 5)).toEqual(bigFraction(0n));
    expect(() => passAtK(4, 2, 5)).toThrow(/k ≤ n/);
  });
});

describe('sagga eval on a scripted target with known success counts', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-passk-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test('pass@k, Fail@k, PASS@N and ALL@N equal what the known counts give, exactly', async () => {
    const n = 8;
    const ks = [1, 2, 4, 8];
    const powers = Array.from({ length: 27 }, (_, i) => i + 2);
    const file = join(work, 'powers.txt');
    writeFileSync(file, powers.map((m) => `x^${m}`).join('\n') + '\n');
    const target = await createTarget('cmd:node tests/fixtures/cmd/known-successes.mjs', { concurrency: 2 });
    try {
      const report = await runEval(readEvalProblems(file), { n, ks, rngSeed: 't' }, { target, verify });
      expect(report.problems).toBe(powers.length);
      // What the fixture does, written out: c = m mod (n + 1) right answers, sample j right when (5j + m) mod n < c.
      const correctCount = (m: number): number => m % (n + 1);
      const isRight = (m: number, j: number): boolean => (5 * j + m) % n < correctCount(m);
      expect(report.results.map((r) => r.correct)).toEqual(powers.map(correctCount));
      for (const k of ks) {
        let sum = { p: 0n, q: 1n };
        for (const m of powers) {
          const f = closedForm(n, correctCount(m), k);
          sum = { p: sum.p * f.q + f.p * sum.q, q: sum.q * f.q };
        }
        const mean = bigFraction(sum.p, sum.q * BigInt(powers.length));
        expect(report.metrics[`pass@${k}`].value).toBe(Number(mean.p) / Number(mean.q));
        const failures = powers.filter((m) => Array.from({ length: k }, (_, j) => j).every((j) => !isRight(m, j))).length;
        expect(report.metrics[`fail@${k}`].value).toBe(failures / powers.length);
      }
      expect(report.metrics['PASS@N'].value).toBe(powers.filter((m) => correctCount(m) > 0).length / powers.length);
      expect(report.metrics['ALL@N'].value).toBe(powers.filter((m) => correctCount(m) === n).length / powers.length);
      // Each interval holds its estimate and lies in [0, 1].
      for (const m of Object.values(report.metrics)) {
        expect(m.ci![0]).toBeLessThanOrEqual(m.value!);
        expect(m.ci![1]).toBeGreaterThanOrEqual(m.value!);
        expect(m.ci![0]).toBeGreaterThanOrEqual(0);
        expect(m.ci![1]).toBeLessThanOrEqual(1);
      }
      // n answers each, in one call each (the program gives k answers per call).
      expect(report.budget.target_calls).toBe(powers.length);
    } finally {
      await target.close();
    }
  });

  test('fractions convert to the nearest double', () => {
    expect(fractionToNumber(bigFraction(1n, 3n))).toBe(1 / 3);
    const big = bigFraction(10n ** 30n + 1n, 3n * 10n ** 30n);
    expect(fractionToNumber(big)).toBeCloseTo(1 / 3, 15);
  });
});
