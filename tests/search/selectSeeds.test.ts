import { describe, expect, it } from 'vitest';
import { structuralVector } from '../../src/embed/structuralEmbedder.js';
import { parseExpr } from '../../src/expr/parse.js';
import { selectSeeds } from '../../src/search/selectSeeds.js';
import { createRng } from '../../src/util/rng.js';

interface Member {
  key: string;
  family: string;
  fitness: number;
  embedding: Float64Array;
}

function family(name: string, texts: string[], baseFitness: number): Member[] {
  return texts.map((text, i) => ({ key: text, family: name, fitness: baseFitness - i * 0.01, embedding: structuralVector(parseExpr(text)) }));
}

// Three clearly different kinds of problem; the polynomials are all fitter than everything else.
const polynomials = family('poly', ['x^2+3*x+1', 'x^2+4*x+1', 'x^3+3*x+2', 'x^2+7*x+9', 'x^3+x^2+5', 'x^2+2*x+8'], 0.9);
const trig = family('trig', ['sin(cos(x))', 'cos(sin(x))', 'sin(sin(x))', 'cos(cos(x))', 'tan(sin(x))', 'sin(tan(x))'], 0.5);
const explog = family('explog', ['exp(log(x))', 'log(exp(x))', 'exp(exp(x))', 'log(log(x))', 'exp(log(log(x)))', 'log(exp(exp(x)))'], 0.3);
const pool = [...trig, ...polynomials, ...explog];

describe('selectSeeds', () => {
  it('fitness: the seedSize fittest, fittest first, earlier member first on ties', () => {
    const tied = [
      { key: 'a', fitness: 0.5 },
      { key: 'b', fitness: 0.7 },
      { key: 'c', fitness: 0.5 },
      { key: 'd', fitness: 0.1 },
    ];
    const result = selectSeeds(tied, { seedSize: 3, clusters: 2, method: 'fitness' }, createRng(1));
    expect(result.seeds.map((s) => s.key)).toEqual(['b', 'a', 'c']);
  });

  it('kmeans: takes the best of every cluster instead of only the fittest kind', () => {
    const byFitness = selectSeeds(pool, { seedSize: 6, clusters: 3, method: 'fitness' }, createRng(7));
    expect(new Set(byFitness.seeds.map((s) => s.family))).toEqual(new Set(['poly']));

    const result = selectSeeds(pool, { seedSize: 6, clusters: 3, method: 'kmeans' }, createRng(7));
    expect(result.clusters).toBe(3);
    const counts = new Map<string, number>();
    for (const s of result.seeds) counts.set(s.family, (counts.get(s.family) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ poly: 2, trig: 2, explog: 2 });
    // Within each family, the two fittest members (the first two listed) are chosen.
    expect(result.seeds.map((s) => s.key).sort()).toEqual([polynomials, trig, explog].flatMap((f) => f.slice(0, 2).map((m) => m.key)).sort());
    // Clusters coincide with families.
    for (const f of [polynomials, trig, explog]) {
      const ids = new Set(f.map((m) => result.clusterOf[pool.indexOf(m)]));
      expect(ids.size).toBe(1);
    }
  });

  it('is deterministic for a fixed generator seed', () => {
    const options = { seedSize: 5, clusters: 4, method: 'kmeans' as const };
    const a = selectSeeds(pool, options, createRng('s'));
    const b = selectSeeds(pool, options, createRng('s'));
    expect(a.seeds.map((s) => s.key)).toEqual(b.seeds.map((s) => s.key));
    expect(a.clusterOf).toEqual(b.clusterOf);
  });

  it('fills the slots of a small cluster with the fittest of the rest', () => {
    const lonely = family('lonely', ['sqrt(x)'], 0.01);
    const result = selectSeeds([...polynomials, ...lonely], { seedSize: 6, clusters: 2, method: 'kmeans' }, createRng(3));
    expect(result.seeds).toHaveLength(6);
    expect(result.seeds.map((s) => s.key)).toContain('sqrt(x)');
    expect(result.seeds.filter((s) => s.family === 'poly')).toHaveLength(5);
  });

  it('keeps the whole pool when it is no larger than the seed size, and copes with identical points', () => {
    expect(selectSeeds(polynomials.slice(0, 3), { seedSize: 10, clusters: 10, method: 'kmeans' }, createRng(1)).seeds).toHaveLength(3);
    const same = Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, fitness: i, embedding: structuralVector(parseExpr('x+1')) }));
    const result = selectSeeds(same, { seedSize: 4, clusters: 10, method: 'kmeans' }, createRng(1));
    expect(result.clusters).toBe(1);
    expect(result.seeds.map((s) => s.key)).toEqual(['k19', 'k18', 'k17', 'k16']);
  });
});
