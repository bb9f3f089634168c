import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { comparePointsInDoubles, emptyPointTally, ENOUGH_AGREEING_POINTS } from '../../src/verify/comparePointsInDoubles.js';
import { createComplexEvaluator } from '../../src/verify/evalComplex.js';
import { samplePointsIn } from '../../src/verify/samplePointsIn.js';
import { compileTape } from '../../src/verify/tape.js';

const evaluator = (text: string) => createComplexEvaluator(compileTape(parseExpr(text)));
const unlimited = () => ({ left: Number.MAX_SAFE_INTEGER, deadline: Infinity });
const points = samplePointsIn();

describe('comparePointsInDoubles', () => {
  it('stops looking once enough points agree and none differs', () => {
    const tally = emptyPointTally();
    expect(comparePointsInDoubles(points, 0, tally, evaluator('cos(x)'), evaluator('cos(x)'), 1, unlimited())).toBeNull();
    expect(points.length).toBeGreaterThan(ENOUGH_AGREEING_POINTS);
    expect(tally.agree).toBe(ENOUGH_AGREEING_POINTS);
    expect(tally.agreeing).toHaveLength(ENOUGH_AGREEING_POINTS);
    expect(tally.differences).toEqual([]);
    expect(tally.lo).toBe(Math.min(...tally.agreeing));
    expect(tally.hi).toBe(Math.max(...tally.agreeing));
  });

  it('takes an answer wrong at every one of the first points as wrong everywhere, without visiting the rest', () => {
    const tally = emptyPointTally();
    expect(comparePointsInDoubles(points, 0, tally, evaluator('x'), evaluator('x + 1'), 1, unlimited())).toBeNull();
    expect(tally.agree).toBe(0);
    expect(tally.differences.length).toBeGreaterThan(0);
    expect(tally.differences.length).toBeLessThan(points.length);
    expect(tally.real).toEqual(tally.differences.map((d) => d.x));
    for (const d of tally.differences) expect(d.re).toBeCloseTo(d.x + 1, 12);
  });

  it('maps an answer right somewhere over every point', () => {
    const tally = emptyPointTally();
    // F' = |x| agrees with f = x for x > 0 only.
    comparePointsInDoubles(points, 0, tally, evaluator('x'), evaluator('abs(x)'), 1, unlimited());
    expect(tally.agreeing.every((x) => x > 0)).toBe(true);
    expect(tally.differences.every((d) => d.x < 0)).toBe(true);
    expect(tally.real).toHaveLength(points.length);
  });

  it('counts the points where f is not real apart, and keeps them for spreading more points', () => {
    const tally = emptyPointTally();
    comparePointsInDoubles(points, 0, tally, evaluator('sqrt(x)'), evaluator('sqrt(x)'), 1, unlimited());
    expect(tally.fUndefined).toBeGreaterThan(0);
    expect(tally.notReal).toHaveLength(tally.fUndefined);
    expect(tally.notReal.every((x) => x < 0)).toBe(true);
    expect(tally.real.every((x) => x > 0)).toBe(true);
  });

  it('reports how many points of the pair were visited when the budget ends it', () => {
    const tally = emptyPointTally();
    const meter = { left: 3 * 10 + 5, deadline: Infinity };
    expect(comparePointsInDoubles(points, 7, tally, evaluator('x'), evaluator('x'), 10, meter)).toEqual({ stop: 'exhausted', points: 7 + 3 });
    expect(tally.agree).toBe(3);
  });

  it('stops on the backstop, unless a difference is already found', () => {
    const past = () => ({ left: Number.MAX_SAFE_INTEGER, deadline: performance.now() - 1 });
    expect(comparePointsInDoubles(points, 0, emptyPointTally(), evaluator('x'), evaluator('x'), 1, past())).toEqual({ stop: 'timeout', points: 0 });
    const tally = emptyPointTally();
    comparePointsInDoubles(points.slice(0, 1), 0, tally, evaluator('x'), evaluator('x + 1'), 1, unlimited());
    expect(tally.differences).toHaveLength(1);
    expect(comparePointsInDoubles(points, 1, tally, evaluator('x'), evaluator('x + 1'), 1, past())).toBeNull();
  });
});
