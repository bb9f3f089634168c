import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { PRECISIONS } from '../../src/verify/compareDecimals.js';
import { emptyPointTally, type PointTally } from '../../src/verify/comparePointsInDoubles.js';
import { createDecimalEvaluator } from '../../src/verify/evalDecimal.js';
import { recheckInDecimals } from '../../src/verify/recheckInDecimals.js';
import { compileTape } from '../../src/verify/tape.js';

const decimal = (text: string) => {
  const tape = compileTape(parseExpr(text));
  return (level: number) => createDecimalEvaluator(tape, PRECISIONS[level]);
};
const unlimited = () => ({ left: Number.MAX_SAFE_INTEGER, deadline: Infinity });
const tallyWith = (suspects: number[], queued: number[]): PointTally => {
  const tally = emptyPointTally();
  tally.suspects.push(...suspects);
  tally.queued.push(...queued);
  return tally;
};

describe('recheckInDecimals', () => {
  it('adds the points that agree in decimals to the tally', () => {
    const tally = tallyWith([0.5], [2, -3]);
    expect(recheckInDecimals(tally, false, decimal('x^2'), decimal('x*x'), unlimited())).toEqual({ kind: 'done', undecided: 0, vanishing: 0 });
    expect(tally.agree).toBe(3);
    expect([tally.lo, tally.hi]).toEqual([-3, 2]);
  });

  it('finds a difference below double resolution', () => {
    // 1e-20 is far below the double resolution at 0.5 and far above that of 32 digits.
    const result = recheckInDecimals(tallyWith([0.5], []), false, decimal('x'), decimal('x + 1/10^20'), unlimited());
    expect(result).toMatchObject({ kind: 'differs', x: 0.5 });
  });

  it('once settled, re-checks only a few suspects, smallest |x| first, and leaves the rest undecided', () => {
    const tally = tallyWith([-100, 0.1, 50, -0.2, 3, 7], [1.5, 2.5, 3.5]);
    const result = recheckInDecimals(tally, true, decimal('x'), decimal('x'), unlimited());
    expect(result.kind).toBe('done');
    const rechecked = tally.agree;
    expect(rechecked).toBeGreaterThan(0);
    expect(rechecked).toBeLessThan(6);
    const bySize = [0.1, -0.2, 3, 7, 50, -100].slice(0, rechecked);
    expect([tally.lo, tally.hi]).toEqual([Math.min(...bySize), Math.max(...bySize)]);
    if (result.kind === 'done') expect(result.undecided).toBe(9 - rechecked);
  });

  it('stops the pair when the budget ends an unsettled re-check, and only notes it for a settled one', () => {
    const empty = () => ({ left: 0, deadline: Infinity });
    expect(recheckInDecimals(tallyWith([0.5, 0.7], []), false, decimal('x'), decimal('x'), empty())).toEqual({ kind: 'stopped', stop: 'exhausted', x: 0.5 });
    const settled = recheckInDecimals(tallyWith([0.5, 0.7], []), true, decimal('x'), decimal('x'), empty());
    expect(settled).toEqual({ kind: 'done', undecided: 0, vanishing: 0, cutShort: { stop: 'exhausted', left: 2 } });
  });
});
