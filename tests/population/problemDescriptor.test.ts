import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { simplify } from '../../src/expr/simplify.js';
import { cellKey, describeProblem } from '../../src/population/problemDescriptor.js';

const describeText = (text: string, outcome: Parameters<typeof describeProblem>[1] = 'pass') => describeProblem(simplify(parseExpr(text)), outcome);

describe('describeProblem', () => {
  it('names each power by the classes of its base and exponent', () => {
    expect(describeText('2^x^2').features).toEqual(['pow(number,power)', 'pow(x,number)']);
    expect(describeText('(x + x^2)^2').features).toEqual(['add', 'pow(sum,number)', 'pow(x,number)']);
    expect(describeText('x^2^x').features).toContain('pow(x,power)');
    expect(describeText('x^(-3)').features).toEqual(['pow(x,-number)']);
    expect(describeText('sin(3*x)').features).toEqual(['mul', 'sin']);
  });

  it('puts problems an integrator treats alike in one cell, and different structures, sizes, numbers or outcomes apart', () => {
    expect(cellKey(describeText('3^x^2'))).toBe(cellKey(describeText('7^x^2')));
    expect(cellKey(describeText('2^x^2'))).not.toBe(cellKey(describeText('(x + 2)^2')));
    expect(cellKey(describeText('2^x^2'))).not.toBe(cellKey(describeText('2^x^2', 'wrong')));
    expect(cellKey(describeText('x + 3'))).not.toBe(cellKey(describeText('x + 300')));
    expect(describeText('x').magnitudeBin).toBe(0);
    expect(describeText('x + 1').magnitudeBin).toBe(1);
    expect(describeText('x + 5000').magnitudeBin).toBe(5);
    expect(describeText('x').sizeBin).toBeLessThan(describeText('x^2 + 3*x + 7*x^5 + 2^x').sizeBin);
  });
});
