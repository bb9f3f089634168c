import { describe, expect, test } from 'vitest';
import { composeFitness } from '../../fitness/composeFitness.js';
import { failureFitness } from '../../fitness/failureFitness.js';
import { nearFitness } from '../../fitness/nearFitness.js';
import { shortFitness } from '../../fitness/shortFitness.js';
import { targetLengthFitness } from '../../fitness/targetLengthFitness.js';
import type { FitnessTerm } from '../../fitness/types.js';
import { parseExpr } from '../../src/expr/parse.js';
import { ctxWith } from './helpers.js';

describe('composeFitness', () => {
  test('multiplies its terms', () => {
    const f = composeFitness([failureFitness, shortFitness('chars'), targetLengthFitness(10, 'nodes')]);
    // 1 · 1/8 · 1/(|6 − 10| + 1)
    expect(f.score(ctxWith({ chars: 8, nodes: 6 }))).toBe(1 / 40);
    expect(f.score(ctxWith({ chars: 8, nodes: 6 }, { failed: false }))).toBe(0);
    expect(f.describe()).toBe('failure × short(chars) × length(10, nodes)');
  });

  test('stops at the first zero factor', () => {
    let calls = 0;
    const counting: FitnessTerm = { name: 'count', score: () => (calls++, 2) };
    const f = composeFitness([failureFitness, counting]);
    f.score(ctxWith({}, { failed: false }));
    expect(calls).toBe(0);
    expect(f.score(ctxWith({}, { failed: true }))).toBe(2);
    expect(calls).toBe(1);
  });

  test('is targeting when any of its terms asks for a place', () => {
    expect(composeFitness([failureFitness, shortFitness('chars')]).targeting).toBe(false);
    expect(composeFitness([failureFitness, targetLengthFitness(20, 'chars')]).targeting).toBe(true);
    expect(composeFitness([failureFitness, shortFitness('chars'), nearFitness([{ expr: parseExpr('x^2') }], 'tree')]).targeting).toBe(true);
    expect(composeFitness([]).targeting).toBe(false);
  });

  test("carries near:'s given problems, which the search grafts children with", () => {
    expect(composeFitness([failureFitness, targetLengthFitness(20, 'chars')]).targets).toEqual([]);
    const targets = [parseExpr('x^2'), parseExpr('sin(x)')];
    const fitness = composeFitness([
      failureFitness,
      targetLengthFitness(20, 'chars'),
      nearFitness(
        targets.map((expr) => ({ expr })),
        'tree',
      ),
    ]);
    expect(fitness.targets).toEqual(targets);
  });
});
