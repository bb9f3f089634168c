import { describe, expect, it } from 'vitest';
import { crossover } from '../../mutations/crossover.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { createRng } from '../../src/util/rng.js';

describe('crossover', () => {
  it('puts a part of the donor into the receiver, deterministically for a seed', () => {
    const receiver = parseExpr('x^2 + 3*x');
    const donor = parseExpr('sin(x)');
    const children = Array.from({ length: 40 }, (_, i) => toInfix(crossover(receiver, donor, createRng(`c${i}`))));
    expect(children.some((c) => c.includes('sin(x)') && c.includes('x^2'))).toBe(true);
    expect(children.every((c) => c !== '')).toBe(true);
    expect(toInfix(crossover(receiver, donor, createRng('c7')))).toBe(children[7]);
    // The inputs are not modified.
    expect(toInfix(receiver)).toBe('x^2 + 3*x');
  });
});
