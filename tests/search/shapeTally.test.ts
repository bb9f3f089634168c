import { describe, expect, it } from 'vitest';
import { keyShape, ShapeTally } from '../../src/search/shapeTally.js';

describe('keyShape', () => {
  it('erases every number of a key, signed, decimal or with an exponent, and keeps names', () => {
    const shapes: Array<[key: string, shape: string]> = [
      ['*(-39423,x)', '*(#,x)'],
      ['^(469,^(x,2))', '^(#,^(x,#))'],
      ['*(0.5,x)', '*(#,x)'],
      ['*(1e+21,x)', '*(#,x)'],
      ['+(C1,*(3,log2(x)))', '+(C1,*(#,log2(x)))'],
      ['*(A,x)', '*(A,x)'],
    ];
    for (const [key, shape] of shapes) expect(keyShape(key), key).toBe(shape);
  });
});

describe('ShapeTally', () => {
  it('is full for a shape once cap problems of it were asked, whatever their numbers', () => {
    const tally = new ShapeTally(2);
    tally.add('*(-78,x)');
    expect(tally.isFull('*(5,x)')).toBe(false);
    tally.add('*(3,x)');
    expect(tally.isFull('*(5,x)')).toBe(true);
    expect(tally.isFull('^(5,x)')).toBe(false);
  });

  it('is never full without a cap', () => {
    const tally = new ShapeTally(0, ['*(1,x)', '*(2,x)', '*(3,x)']);
    expect(tally.isFull('*(4,x)')).toBe(false);
  });

  it('counts the keys it starts from as asked (a resumed run)', () => {
    const live = new ShapeTally(2);
    for (const key of ['*(1,x)', '*(2,x)', '^(2,x)']) live.add(key);
    const resumed = new ShapeTally(2, ['*(1,x)', '*(2,x)', '^(2,x)']);
    for (const key of ['*(9,x)', '^(9,x)', '+(9,x)']) expect(resumed.isFull(key)).toBe(live.isFull(key));
    expect(resumed.isFull('*(9,x)')).toBe(true);
  });
});
