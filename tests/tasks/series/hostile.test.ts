import { describe, expect, it } from 'vitest';
import { verifySeriesStrings } from '../../../src/tasks/series/verifySeriesStrings.js';

const BUDGET = { work: 50_000_000, backstopMs: 60_000 };
const nested = (depth: number) => 'exp('.repeat(depth) + 'sin(x)' + ')'.repeat(depth);

// Problems and answers a hostile or broken model, or a careless problem file, could give. Each must
// end within the budget with a verdict and a reason; nothing may run away.
const corpus: readonly { name: string; problem: string; point: string; order: number | string; answer: string }[] = [
  { name: 'huge order', problem: 'exp(x)', point: '0', order: '999999999', answer: '1' },
  { name: 'answer of degree 10^6', problem: 'exp(x)', point: '0', order: 5, answer: '(x + 1)^1000000' },
  { name: 'answer of degree 200 at a rational point', problem: 'exp(x)', point: '1/3', order: 5, answer: '(x + 1)^200 - (x + 1)^200' },
  { name: 'deeply nested problem at high order', problem: nested(40), point: '0', order: 40, answer: '1' },
  { name: 'point far out', problem: 'exp(x)', point: '10^15', order: 3, answer: '1' },
  { name: 'tower of powers as a coefficient', problem: 'exp(x)', point: '0', order: 2, answer: '9^9^9^9*x' },
  { name: 'huge literal point', problem: 'sin(x)', point: '1' + '0'.repeat(30), order: 2, answer: 'x' },
  {
    name: 'answer with thousands of terms',
    problem: 'exp(x)',
    point: '0',
    order: 3,
    answer: Array.from({ length: 3000 }, (_, i) => `x^${i % 4}/${i + 1}`).join(' + '),
  },
  { name: 'remainder with a huge order', problem: 'sin(x)', point: '0', order: 3, answer: 'x + O(x**99999)' },
  { name: 'division by zero in a coefficient', problem: 'exp(x)', point: '0', order: 2, answer: '1 + x/0' },
  { name: 'non-real point', problem: 'log(x)', point: 'sqrt(-1)', order: 2, answer: 'x' },
  { name: 'mathjs injection', problem: 'exp(x)', point: '0', order: 2, answer: 'import({evil: 1})' },
];

describe('hostile series lines', () => {
  it.each(corpus.map((c) => [c.name, c] as const))('%s ends within its budget with a verdict and a reason', (_name, c) => {
    const r = verifySeriesStrings(c.problem, c.point, c.order, c.answer, BUDGET);
    expect(['correct', 'incorrect', 'unknown', 'invalid']).toContain(r.verdict);
    expect(r.reason.length).toBeGreaterThan(5);
    expect(r.work ?? 0).toBeLessThanOrEqual(BUDGET.work);
  });

  it('never calls a hostile answer correct', () => {
    for (const c of corpus) expect(verifySeriesStrings(c.problem, c.point, c.order, c.answer, BUDGET).verdict, c.name).not.toBe('correct');
  });
});
