import { describe, expect, it } from 'vitest';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { parseExpr } from '../../src/expr/parse.js';
import type { Expr } from '../../src/expr/types.js';
import type { BugLean } from '../../src/population/bugLean.js';
import { EliteArchive } from '../../src/population/eliteArchive.js';
import { describeProblem } from '../../src/population/problemDescriptor.js';
import { escalationPlan } from '../../src/search/escalationPlan.js';
import { selectParents, type ParentSources } from '../../src/search/selectParents.js';
import { SPREAD_PRESSURE, TARGETED_PRESSURE } from '../../src/search/selectionPressure.js';
import { createRng } from '../../src/util/rng.js';

function sources(overrides: Partial<ParentSources> = {}): ParentSources {
  const elites = new EliteArchive<Expr>(100);
  for (const t of ['x^3', 'x^5 + x', '2^x', 'x*3^x', '(x + 1)^4', 'x^(-2)']) {
    const expr = parseExpr(t);
    elites.add({ key: canonicalKey(expr), descriptor: describeProblem(expr, 'pass'), objective: 1 / t.length, generation: 1, value: expr });
  }
  const pool = ['x^7', 'x^9 + 1', '5^x^2'].map((t, i) => ({ key: t, fitness: 0.1 * (i + 1), embedding: new Float64Array([i, 1]), expr: parseExpr(t) }));
  return {
    method: 'elites',
    seedSize: 10,
    clusters: 2,
    pool,
    elites,
    bugs: [{ id: 'g1-3', signature: 'S', problem: parseExpr('7^x^2 + x'), minimal: parseExpr('2^x^2') }],
    initialSeeds: [parseExpr('1'), parseExpr('x')],
    keepInitialSeeds: true,
    plan: escalationPlan(0),
    level: 0,
    ...overrides,
  };
}

describe('selectParents', () => {
  it('elites: the initial seeds, a share of the last generation, bugs, and elites for the rest', () => {
    const { parents } = selectParents(sources(), createRng('p'));
    const origins = parents.map((p) => p.origin);
    expect(origins.filter((o) => o === 'initial')).toHaveLength(2);
    const bugs = Math.round(10 * escalationPlan(0).bugShare);
    const pool = Math.round((10 - bugs) * SPREAD_PRESSURE.poolShare);
    expect(origins.filter((o) => o === 'bug')).toHaveLength(bugs);
    expect(origins.filter((o) => o === 'pool')).toHaveLength(Math.min(pool, 3));
    expect(origins.filter((o) => o === 'elite')).toHaveLength(10 - bugs - Math.min(pool, 3));
    expect(parents).toHaveLength(12);
  });

  it('elites: parents remain when the last generation gave nothing and no bug is known', () => {
    const { parents } = selectParents(sources({ pool: [], bugs: [], keepInitialSeeds: false }), createRng('p'));
    expect(parents).toHaveLength(10);
    expect(parents.every((p) => p.origin === 'elite')).toBe(true);
  });

  it('draws more parents from known bugs at higher escalation levels', () => {
    const calm = selectParents(sources(), createRng('p')).parents.filter((p) => p.origin === 'bug').length;
    const escalated = selectParents(sources({ plan: escalationPlan(4), level: 4 }), createRng('p')).parents.filter((p) => p.origin === 'bug').length;
    expect(escalated).toBeGreaterThan(calm);
  });

  it('kmeans: the paper selection alone (bugs only once escalated); random: the initial seeds alone', () => {
    const paper = selectParents(sources({ method: 'kmeans' }), createRng('p')).parents;
    expect(paper.map((p) => p.origin).sort()).toEqual(['initial', 'initial', 'pool', 'pool', 'pool']);
    const random = selectParents(sources({ method: 'random' }), createRng('p')).parents;
    expect(random.map((p) => canonicalKey(p.expr))).toEqual(['1', 'x'].map((t) => canonicalKey(parseExpr(t))));
  });

  it("under a targeting fitness, more of the generation just judged, and the asked fitness decides the bugs' forms", () => {
    const bugs = ['2^x^2', '(x + x^2)^2', '3^x^x', 'x^x'].map((t, i) => ({
      id: `g1-${i}`,
      signature: `S${i}`,
      problem: parseExpr(`${t} + 12*x^3 - 7`),
      minimal: parseExpr(t),
    }));
    const pool = Array.from({ length: 12 }, (_, i) => ({
      key: `p${i}`,
      fitness: 0.05 * (i + 1),
      embedding: new Float64Array([i % 3, 1]),
      expr: parseExpr(`x^${i + 2}`),
    }));
    // A fitness that likes long forms: the original problems, never the minimal ones.
    const formFitness = (form: { expr: Expr }) => canonicalKey(form.expr).length;
    const base = sources({ bugs, pool, seedSize: 40, keepInitialSeeds: false, formFitness });
    const spread = selectParents(base, createRng('b')).parents;
    const targeted = selectParents({ ...base, pressure: TARGETED_PRESSURE }, createRng('b')).parents;
    const count = (parents: typeof spread, origin: string) => parents.filter((p) => p.origin === origin).length;
    expect(count(targeted, 'pool')).toBeGreaterThan(count(spread, 'pool'));
    expect(count(targeted, 'bug')).toBe(count(spread, 'bug'));
    const long = new Set(bugs.map((b) => canonicalKey(b.problem)));
    const longShare = (parents: typeof spread) => parents.filter((p) => p.origin === 'bug' && long.has(canonicalKey(p.expr))).length / count(parents, 'bug');
    // Uniform over the eight forms: about half long; fittest of four: about 15/16.
    expect(longShare(spread)).toBeLessThan(0.75);
    expect(longShare(targeted)).toBeGreaterThan(0.8);
  });

  it('leans bug parents toward the bugs found last: by recency rank (the default), newest first, or not at all', () => {
    const bugs = ['2^x^2', '(x + x^2)^2', '3^x^x', 'x^x'].map((t, i) => ({
      id: `g${i + 1}-0`,
      signature: `S${i}`,
      problem: parseExpr(t),
      minimal: parseExpr(t),
    }));
    const base = sources({ bugs, seedSize: 400, keepInitialSeeds: false, plan: escalationPlan(4), level: 4 });
    const shares = (bugLean: BugLean | undefined) => {
      const pressure = bugLean === undefined ? undefined : { ...SPREAD_PRESSURE, bugLean };
      const drawn = selectParents({ ...base, pressure }, createRng('newest'))
        .parents.filter((p) => p.origin === 'bug')
        .map((p) => canonicalKey(p.expr));
      return ['2^x^2', '(x + x^2)^2', '3^x^x', 'x^x'].map((t) => drawn.filter((k) => k === canonicalKey(parseExpr(t))).length / drawn.length);
    };
    // By rank (the default spread pressure's): weights 1/4, 1/3, 1/2, 1, so 0.12, 0.16, 0.24, 0.48.
    const rank = shares(undefined);
    expect(rank).toEqual(shares({ kind: 'rank' }));
    expect(rank[3]).toBeGreaterThan(0.38);
    expect(rank[3]).toBeGreaterThan(rank[2]);
    expect(rank[2]).toBeGreaterThan(rank[0]);
    expect(rank[0]).toBeGreaterThan(0.06);
    // Newest first with odds 0.5: 1/8, 1/8, 1/4, 1/2.
    const newest = shares({ kind: 'newest', odds: 0.5 });
    expect(newest[3]).toBeGreaterThan(0.4);
    expect(newest[3]).toBeGreaterThan(newest[2]);
    expect(newest[2]).toBeGreaterThan(newest[0]);
    // Without a lean, every bug alike.
    const even = shares({ kind: 'none' });
    for (const share of even) expect(share).toBeLessThan(0.35);
  });

  it('is deterministic for its generator', () => {
    const a = selectParents(sources(), createRng('same')).parents.map((p) => canonicalKey(p.expr));
    const b = selectParents(sources(), createRng('same')).parents.map((p) => canonicalKey(p.expr));
    expect(b).toEqual(a);
  });
});
