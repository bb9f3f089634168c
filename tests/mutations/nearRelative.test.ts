import { describe, expect, it } from 'vitest';
import { NEAR_RELATIVE_SHIFT, nearRelative } from '../../mutations/nearRelative.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { createRng } from '../../src/util/rng.js';

const relatives = (source: string, count: number, mutateCopy: (e: ReturnType<typeof parseExpr>) => ReturnType<typeof parseExpr>): string[] =>
  Array.from({ length: count }, (_, i) => toInfix(nearRelative(parseExpr(source), createRng(`rel-${source}-${i}`), mutateCopy)));

describe('nearRelative', () => {
  it('moves one number by 1 to NEAR_RELATIVE_SHIFT either way about half the time, else takes the given mutation', () => {
    const out = relatives('(x + 30)^2', 400, () => parseExpr('x + 999'));
    const moved = out.filter((r) => r !== 'x + 999');
    const mutated = out.length - moved.length;
    // Either the shift (30 ± k) or the exponent (2 ± k) moved; never both, never by 0 or by more than the shift.
    for (const r of moved) {
      const m = /^\(x ([+-]) (\d+)\)\^\(?(-?\d+)\)?$/.exec(r);
      expect(m, r).not.toBeNull();
      const shift = (m![1] === '-' ? -1 : 1) * Number(m![2]);
      const power = Number(m![3]);
      const moves = [Math.abs(shift - 30), Math.abs(power - 2)].filter((d) => d !== 0);
      expect(moves, r).toHaveLength(1);
      expect(moves[0]).toBeLessThanOrEqual(NEAR_RELATIVE_SHIFT);
    }
    expect(moved.length).toBeGreaterThan(150);
    expect(mutated).toBeGreaterThan(150);
  });

  it('always takes the given mutation when the part has no number', () => {
    expect(new Set(relatives('x', 50, () => parseExpr('x^3')))).toEqual(new Set(['x^3']));
  });
});
