import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { NEAR_EPSILON } from '../../fitness/nearFitness.js';
import { parseFitnessSpec } from '../../fitness/parseFitnessSpec.js';
import type { Expr } from '../../src/expr/types.js';
import { ctxOf, ctxWith } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'sagga-fitness-'));

describe('parseFitnessSpec', () => {
  test('short is failure × 1/|x|', async () => {
    const f = await parseFitnessSpec('short');
    expect(f.describe()).toBe('failure × short(chars)');
    expect(f.score(ctxWith({ chars: 25 }))).toBe(0.04);
    expect(f.score(ctxWith({ chars: 25 }, { failed: false }))).toBe(0);
    const byTokens = await parseFitnessSpec('short', { lengthMeasure: 'tokens' });
    expect(byTokens.score(ctxWith({ chars: 25, tokens: 4 }))).toBe(0.25);
  });

  test('length:<L> is failure × 1/(|len − L| + 1)', async () => {
    const f = await parseFitnessSpec('length:40');
    expect(f.score(ctxWith({ chars: 37 }))).toBe(0.25);
    expect(f.describe()).toBe('failure × length(40, chars)');
  });

  test('--require-ops multiplies by the presence of those functions', async () => {
    const f = await parseFitnessSpec('short', { requireOps: 'sin, cos,tan' });
    expect(f.describe()).toBe('failure × short(chars) × require-ops(sin|cos|tan)');
    const withCos = ctxOf('cos(x)');
    expect(f.score(withCos)).toBe(1 / withCos.metrics.chars);
    expect(f.score(ctxOf('exp(x)'))).toBe(0);
    const g = await parseFitnessSpec('short', { requireOps: ['sin', 'cos'] });
    expect(g.terms.length).toBe(3);
  });

  test('near:<expr> with tree distance', async () => {
    const f = await parseFitnessSpec('near:x^2 + 1', { distance: 'tree' });
    expect(f.score(ctxOf('x^2 + 3'))).toBe(1);
    expect(f.score(ctxOf('x^2 + 1'))).toBe(1 / NEAR_EPSILON);
    expect(f.score(ctxOf('x^2 + 3', false))).toBe(0);
  });

  test('near:<FILE> reads one expression per line with comments; relative to baseDir', async () => {
    writeFileSync(join(dir, 'targets.txt'), '# targets\nsin(x)\n\nx^3  # cubic\n');
    const f = await parseFitnessSpec('near:targets.txt', { distance: 'tree', baseDir: dir });
    expect(f.score(ctxOf('cos(x)'))).toBe(1);
    expect(f.score(ctxOf('x^4'))).toBe(1);
    expect(f.score(ctxOf('x'))).toBe(1); // sin(x) minus the sin node
    expect(f.score(ctxOf('7'))).toBe(1 / 2); // relabel x → 7 and delete sin
  });

  test('near:<seed set> uses a built-in set, e.g. the reference targets', async () => {
    const f = await parseFitnessSpec('near:target', { distance: 'tree' });
    expect(f.score(ctxOf('4*x^5'))).toBe(1 / NEAR_EPSILON);
    expect(f.score(ctxOf('4*x^6'))).toBe(1);
  });

  test('near:<FILE> may leave out .txt, as in near:seeds/target', async () => {
    writeFileSync(join(dir, 'cubes.txt'), 'x^3\n');
    const f = await parseFitnessSpec('near:cubes', { distance: 'tree', baseDir: dir });
    expect(f.score(ctxOf('x^3'))).toBe(1 / NEAR_EPSILON);
    expect(f.score(ctxOf('x^4'))).toBe(1);
  });

  test('near with cosine distance embeds the targets through the callback', async () => {
    const seen: Expr[][] = [];
    const embed = async (exprs: readonly Expr[]) => {
      seen.push([...exprs]);
      return exprs.map((_, i) => Float64Array.from(i === 0 ? [1, 0] : [0, 1]));
    };
    writeFileSync(join(dir, 'two.txt'), 'x\nx + 1\n');
    const f = await parseFitnessSpec('near:two.txt', { embed, baseDir: dir });
    expect(seen.length).toBe(1);
    expect(seen[0].length).toBe(2);
    expect(f.score(ctxOf('x^2', true, Float64Array.from([3, 4])))).toBeCloseTo(5, 9);
    await expect(parseFitnessSpec('near:x')).rejects.toThrow(/needs an embedder/);
    await expect(parseFitnessSpec('near:x', { embed: () => [] })).rejects.toThrow(/0 embeddings for 1 targets/);
  });

  test('terms joined by * multiply: length:20*near:seeds/target.txt scores the product of its terms', async () => {
    const root = new URL('../..', import.meta.url).pathname;
    const both = await parseFitnessSpec('length:20*near:seeds/target.txt', { distance: 'tree', baseDir: root });
    const length = await parseFitnessSpec('length:20', { distance: 'tree', baseDir: root });
    const near = await parseFitnessSpec('near:seeds/target.txt', { distance: 'tree', baseDir: root });
    expect(both.describe()).toBe(`failure × length(20, chars) × ${near.terms[1].name}`);
    for (const text of ['x^2 + 3*x', 'sin(x)*cos(x)', 'exp(2*x) + 17', 'x']) {
      const ctx = ctxOf(text);
      expect(both.score(ctx)).toBeCloseTo(length.score(ctx) * near.score(ctx), 12);
      expect(both.score(ctx)).toBeGreaterThan(0);
      expect(both.score(ctxOf(text, false))).toBe(0);
    }
    // A * inside a near: expression is multiplication; a * that a term's name follows is a product.
    const inside = await parseFitnessSpec('near:3*x^2', { distance: 'tree' });
    expect(inside.terms).toHaveLength(2);
    const product = await parseFitnessSpec('near:3*x^2*short', { distance: 'tree' });
    expect(product.terms.map((t) => t.name)).toEqual(['failure', product.terms[1].name, 'short(chars)']);
    expect(product.score(ctxOf('3*x^2'))).toBeCloseTo(inside.score(ctxOf('3*x^2')) / 5, 9);
    await expect(parseFitnessSpec('short*longest')).rejects.toThrow(/invalid fitness spec 'short\*longest'/);
  });

  test('errors name the problem and list the valid specs', async () => {
    const valid = /valid ones: short, length:<L>, near:<FILE\|seed set\|expr>/;
    await expect(parseFitnessSpec('longest')).rejects.toThrow(valid);
    await expect(parseFitnessSpec('short:3')).rejects.toThrow(valid);
    await expect(parseFitnessSpec('length:')).rejects.toThrow(/positive number/);
    await expect(parseFitnessSpec('length:-4')).rejects.toThrow(/positive number/);
    await expect(parseFitnessSpec('length:abc')).rejects.toThrow(/positive number/);
    await expect(parseFitnessSpec('near:', { distance: 'tree' })).rejects.toThrow(/near: needs/);
    await expect(parseFitnessSpec('near:nothing_here(x', { distance: 'tree' })).rejects.toThrow(/not a file, nor a built-in seed set .*nor an expression/);
    await expect(parseFitnessSpec('short', { distance: 'euclid' as never })).rejects.toThrow(/valid ones: cosine, tree/);
    await expect(parseFitnessSpec('short', { lengthMeasure: 'words' as never })).rejects.toThrow(/valid ones: chars, tokens, nodes/);
    await expect(parseFitnessSpec('short', { requireOps: 'sin,foo' })).rejects.toThrow(/unknown function 'foo'/);
    writeFileSync(join(dir, 'bad.txt'), 'x\nsin(x\n');
    await expect(parseFitnessSpec('near:bad.txt', { distance: 'tree', baseDir: dir })).rejects.toThrow(/bad\.txt:2:/);
  });
});
