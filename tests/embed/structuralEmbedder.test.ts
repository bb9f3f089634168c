import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { STRUCTURAL_DIM, structuralEmbedder, structuralVector } from '../../src/embed/structuralEmbedder.js';

const norm = (v: Float64Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const cosine = (a: Float64Array, b: Float64Array) => a.reduce((s, x, i) => s + x * b[i], 0) / (norm(a) * norm(b));
const vec = (text: string) => structuralVector(parseExpr(text));

describe('structuralEmbedder', () => {
  it('returns one unit vector of the advertised size per problem, in order', async () => {
    const embedder = structuralEmbedder();
    const texts = ['1', 'x', 'x+1', 'x^2+x+1', 'sin(x)*exp(-3*x)/(x^2-7)', 'log(log(log(x)))'];
    const vectors = await embedder.embed(texts.map((t) => parseExpr(t)));
    expect(embedder.dim).toBe(STRUCTURAL_DIM);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) {
      expect(v).toHaveLength(STRUCTURAL_DIM);
      expect(norm(v)).toBeCloseTo(1, 12);
      expect(v.every(Number.isFinite)).toBe(true);
    }
    expect(Array.from(vectors[3])).toEqual(Array.from(vec('x^2+x+1')));
  });

  it('is deterministic and depends on the tree, not on object identity', () => {
    expect(Array.from(vec('3*x^2 - 5*cos(x)'))).toEqual(Array.from(vec('3*x^2 - 5*cos(x)')));
  });

  it('puts polynomials that differ in one constant closer together than a polynomial and a trigonometric tower', () => {
    const p1 = vec('x^2 + 3*x + 1');
    const p2 = vec('x^2 + 5*x + 1');
    const trig = vec('sin(cos(tan(x)))');
    expect(cosine(p1, p2)).toBeGreaterThan(0.95);
    expect(cosine(p1, trig)).toBeLessThan(cosine(p1, p2) - 0.3);
  });

  it('tells apart the sign and the magnitude of constants', () => {
    expect(Array.from(vec('x + 5'))).not.toEqual(Array.from(vec('x - 5')));
    expect(Array.from(vec('x + 5'))).not.toEqual(Array.from(vec('x + 500')));
    // A change of magnitude by two decades moves the vector more than a change within a decade.
    expect(cosine(vec('x + 5'), vec('x + 7'))).toBeGreaterThan(cosine(vec('x + 5'), vec('x + 700')));
  });

  it('tells apart which function is applied and where operands sit in a power', () => {
    expect(cosine(vec('sin(x)'), vec('cos(x)'))).toBeLessThan(0.999);
    expect(Array.from(vec('x^2'))).not.toEqual(Array.from(vec('2^x')));
  });

  it('embeds thousands of problems quickly enough for a generation', async () => {
    const exprs = Array.from({ length: 2000 }, (_, i) => parseExpr(`${i}*x^${(i % 7) + 2} + sin(${i % 13}*x) - ${i % 97}`));
    const vectors = await structuralEmbedder().embed(exprs);
    expect(vectors).toHaveLength(2000);
    expect(new Set(vectors.map((v) => Array.from(v).join(','))).size).toBeGreaterThan(100);
  });
});
