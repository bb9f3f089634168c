import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toInfix } from '../../src/expr/toInfix.js';
import type { Expr } from '../../src/expr/types.js';
import { exponentProblems } from '../../src/suite/exponentProblems.js';
import { operatorProblems } from '../../src/suite/operatorProblems.js';
import { runSuite } from '../../src/suite/runSuite.js';
import { createTarget } from '../../src/targets/registry.js';
import type { Target } from '../../src/targets/types.js';
import { createRng } from '../../src/util/rng.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

const verify = (p: Parameters<typeof verifyPair>[0], a: Parameters<typeof verifyPair>[1]) => verifyPair(p, a, SEARCH_VERIFY_OPTIONS);

/** Operators counted the way a prefix printer spells them out: n-ary sums and products as binary chains. */
function operators(e: Expr): number {
  switch (e.type) {
    case 'num':
    case 'sym':
      return 0;
    case 'add':
    case 'mul':
      return e.args.length - 1 + e.args.reduce((s, a) => s + operators(a), 0);
    default:
      return 1 + e.args.reduce((s, a) => s + operators(a), 0);
  }
}

describe("the paper's Table 8: exponent primitives", () => {
  test('x^k and x^(1/k) for distinct k from [1, 1000] and [10000, 11000), all of a range when n covers it', () => {
    const problems = exponentProblems(createRng('e'), 6);
    expect(problems).toHaveLength(24);
    for (const p of problems) {
      const m = /^x\^(?:(\d+)|\(1\/(\d+)\))$/.exec(toInfix(p.expr));
      expect(m, toInfix(p.expr)).not.toBeNull();
      const k = Number(m![1] ?? m![2]);
      expect(p.row[1]).toBe(m![1] !== undefined ? 'x^k' : 'x^(1/k)');
      if (p.row[0] === '[1, 1001)') expect(k >= 1 && k <= 1000).toBe(true);
      else expect(p.row[0] === '[10000, 11000)' && k >= 10000 && k < 11000).toBe(true);
    }
    expect(new Set(problems.map((p) => toInfix(p.expr))).size).toBe(24);
    expect(exponentProblems(createRng('e'), 6).map((p) => p.id)).toEqual(problems.map((p) => p.id));
    expect(exponentProblems(createRng('e'), 1000).filter((p) => p.row[0] === '[1, 1001)' && p.row[1] === 'x^k')).toHaveLength(1000);
  });
});

describe("the paper's Table 9: extrapolation by operator count", () => {
  test('every problem has as many operators as its row says, and its known antiderivative verifies', () => {
    const notes: string[] = [];
    const buckets = [
      [1, 3],
      [8, 8],
      [20, 24],
    ] as const;
    const problems = operatorProblems(createRng('o'), 5, buckets, notes);
    expect(notes).toEqual([]);
    expect(problems).toHaveLength(15);
    expect(new Set(problems.map((p) => toInfix(p.expr))).size).toBe(15);
    for (const p of problems) {
      const ops = operators(p.expr);
      const bucket = buckets.find(([lo, hi]) => p.row[0] === (lo === hi ? String(lo) : `${lo}–${hi}`))!;
      expect(ops).toBeGreaterThanOrEqual(bucket[0]);
      expect(ops).toBeLessThanOrEqual(bucket[1]);
      expect(verify(p.expr, p.antiderivative!).verdict, `${toInfix(p.expr)} ← ${toInfix(p.antiderivative!)}`).toBe('correct');
    }
  });

  describe('against nerdamer', () => {
    let nerdamer: Target;
    beforeAll(async () => {
      nerdamer = await createTarget('nerdamer', { concurrency: 2 });
    });
    afterAll(() => nerdamer.close());

    test('the table has one row per operator count, counted from the verdicts', async () => {
      const { table, judged } = await runSuite(
        'operators',
        {
          ks: [1],
          n: 4,
          rngSeed: 's',
          operators: [
            [1, 4],
            [10, 12],
          ],
        },
        { target: nerdamer, verify },
      );
      expect(table.rows.map((r) => [r.labels[0], r.problems])).toEqual([
        ['1–4', 4],
        ['10–12', 4],
      ]);
      for (const row of table.rows) {
        const mine = judged.filter((j) => j.row[0] === row.labels[0]);
        expect(row.byK[0].failures).toBe(mine.filter((j) => j.status['1'] === 'fail').length);
        expect(row.byK[0].unknown).toBe(mine.filter((j) => j.status['1'] === 'undecided').length);
      }
      expect(table.settings).toMatchObject({
        operators: [
          [1, 4],
          [10, 12],
        ],
      });
    });

    test('exponents: a row per range and template, with subtotals', async () => {
      const { table } = await runSuite('exponents', { ks: [1], n: 3, rngSeed: 's' }, { target: nerdamer, verify });
      expect(table.rows.map((r) => [...r.labels, r.problems])).toEqual([
        ['[1, 1001)', 'x^k', 3],
        ['[1, 1001)', 'x^(1/k)', 3],
        ['[1, 1001)', 'all', 6],
        ['[10000, 11000)', 'x^k', 3],
        ['[10000, 11000)', 'x^(1/k)', 3],
        ['[10000, 11000)', 'all', 6],
      ]);
    });
  });
});
