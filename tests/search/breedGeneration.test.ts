import { describe, expect, it } from 'vitest';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { mutate } from '../../mutations/mutate.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { widenConstants } from '../../mutations/widenConstants.js';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { parseExpr } from '../../src/expr/parse.js';
import type { Expr } from '../../src/expr/types.js';
import { countNodes } from '../../src/expr/metrics.js';
import { breedGeneration, MAX_DRAW_FACTOR, type BreedingRequest } from '../../src/search/breedGeneration.js';
import { escalationPlan, RANDOM_SAMPLING_PLAN, TOP_LEVEL } from '../../src/search/escalationPlan.js';
import { createRng } from '../../src/util/rng.js';

const config = resolveMutationConfig('uniform');
const deps = (known: Set<string>) => ({
  mutate: (tree: Expr, rng: ReturnType<typeof createRng>, scale = 1) => mutate(tree, rng, widenConstants(config, scale)),
  checkCandidate: (e: Expr) => checkCandidate(e),
  isKnown: (key: string) => known.has(key),
});
const request = (overrides: Partial<BreedingRequest> = {}): BreedingRequest => ({
  generation: 3,
  parents: ['x + 1', 'x^2 + x + 1'].map((t) => ({ expr: parseExpr(t), origin: 'elite' as const })),
  partners: [parseExpr('2^x^2'), parseExpr('(x + x^2)^2')],
  generationSize: 40,
  level: 0,
  topLevel: TOP_LEVEL,
  planAt: escalationPlan,
  taken: new Set(),
  rng: createRng('breed'),
  ...overrides,
});

/**
 * How many of 1,000 children of `parent` (a known bug's form, no partners), bred at a level with
 * the plans of `planAt`, print matching `shape`.
 */
const childrenMatching =
  (parent: string, shape: RegExp) =>
  (level: number, planAt = escalationPlan): number =>
    breedGeneration(
      request({ parents: [{ expr: parseExpr(parent), origin: 'bug' }], partners: [], generationSize: 1000, level, topLevel: level, planAt }),
      deps(new Set()),
    ).problems.filter((p) => shape.test(p.infix)).length;

describe('breedGeneration', () => {
  it('draws generationSize children spread over the parents, new and valid, at level 0 when enough are new', () => {
    const bred = breedGeneration(request(), deps(new Set()));
    expect(bred.candidates).toBe(40);
    expect(bred.level).toBe(0);
    expect(bred.exhausted).toBe(false);
    expect(new Set(bred.problems.map((p) => p.key)).size).toBe(bred.problems.length);
    expect(new Set(bred.problems.map((p) => p.parent))).toEqual(new Set(['x + 1', 'x^2 + x + 1']));
  });

  it('when most children are known problems, draws more passes at higher levels instead of asking little or nothing', () => {
    // Everything one mutation from the parents is known already.
    // Every problem of up to 8 nodes is known already: one mutation of x + 1 rarely makes a larger one.
    const nodes = new Map<string, number>();
    const counting = {
      ...deps(new Set()),
      checkCandidate: (e: Expr) => {
        const c = checkCandidate(e);
        if (c.ok) nodes.set(c.key, countNodes(c.expr).nodes);
        return c;
      },
      isKnown: (key: string) => (nodes.get(key) ?? 0) <= 8,
    };
    const bred = breedGeneration(request({ parents: [{ expr: parseExpr('x + 1'), origin: 'elite' }] }), counting);
    expect(bred.level).toBeGreaterThan(0);
    expect(bred.candidates).toBeGreaterThan(40);
    expect(bred.candidates).toBeLessThanOrEqual(Math.max(MAX_DRAW_FACTOR, TOP_LEVEL + 1) * 40);
    expect(bred.problems.length).toBeGreaterThan(0);
    for (const p of bred.problems) expect(countNodes(p.expr).nodes).toBeGreaterThan(8);
  });

  it('builds products of related factors by duplication once escalated, and none at levels 0 and 1 or in the no-evolution plan', () => {
    const productsAt = childrenMatching('5/(x + 3)', /\(x \+ 3\)\*\(x [+-] \d+\)|\(x [+-] \d+\)\*\(x \+ 3\)/);
    expect(productsAt(TOP_LEVEL)).toBeGreaterThan(0);
    expect(productsAt(2)).toBeGreaterThan(0);
    // The calm levels breed as they did before duplication: mutations (and crossover) alone.
    expect(productsAt(0)).toBe(0);
    expect(productsAt(1)).toBe(0);
    expect(productsAt(0, () => RANDOM_SAMPLING_PLAN)).toBe(0);
  });

  it('builds quotients of related parts once escalated, and none at levels 0 and 1 or in the no-evolution plan', () => {
    const quotientsAt = childrenMatching('(x + 1)^2*(x + 2)^2', /\(x [+-] \d+\)(\^\d+)?\/\(x [+-] \d+\)/);
    expect(quotientsAt(TOP_LEVEL)).toBeGreaterThan(0);
    expect(quotientsAt(2)).toBeGreaterThan(0);
    expect(quotientsAt(0)).toBe(0);
    expect(quotientsAt(1)).toBe(0);
    expect(quotientsAt(0, () => RANDOM_SAMPLING_PLAN)).toBe(0);
  });

  it('says exhausted when even the top level makes nothing new', () => {
    const bred = breedGeneration(request(), { ...deps(new Set()), isKnown: () => true });
    expect(bred.exhausted).toBe(true);
    expect(bred.problems).toEqual([]);
    expect(bred.candidates).toBe(Math.max(MAX_DRAW_FACTOR, TOP_LEVEL + 1) * 40);
    expect(bred.level).toBe(TOP_LEVEL);
  });

  it('is a function of its generator: the same seed gives the same problems, with crossover at high levels', () => {
    const a = breedGeneration(request({ level: TOP_LEVEL, rng: createRng('same') }), deps(new Set()));
    const b = breedGeneration(request({ level: TOP_LEVEL, rng: createRng('same') }), deps(new Set()));
    expect(b.problems.map((p) => p.key)).toEqual(a.problems.map((p) => p.key));
    // Some children carry a part of a partner (c^(x^k) or a power of a sum) though no parent has one.
    const fromPartners = a.problems.filter((p) => /\^x\^|\(x \+ x\^2\)/.test(p.infix));
    expect(fromPartners.length).toBeGreaterThan(0);
    expect(new Set(a.problems.map((p) => p.key)).has(canonicalKey(parseExpr('x + 1')))).toBe(false);
  });

  it('draws a brood for each slot: a brood of one is the generation drawn without one, a larger one draws that many children a slot', () => {
    const plain = breedGeneration(request({ rng: createRng('brood') }), deps(new Set()));
    const one = breedGeneration(request({ rng: createRng('brood'), brood: 1 }), deps(new Set()));
    expect(one.problems).toEqual(plain.problems);
    expect(one.slots).toEqual(plain.problems.map((_, i) => one.slots[i]));
    expect(new Set(one.slots).size).toBe(one.problems.length);

    const brood = breedGeneration(request({ rng: createRng('brood'), brood: 4 }), deps(new Set()));
    expect(brood.candidates).toBe(4 * 40);
    expect(brood.slots).toHaveLength(brood.problems.length);
    // Slots in drawing order, each with at most its brood of new problems, all of them distinct.
    for (let i = 1; i < brood.slots.length; i++) expect(brood.slots[i]).toBeGreaterThanOrEqual(brood.slots[i - 1]);
    const perSlot = new Map<number, number>();
    for (const slot of brood.slots) perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
    expect(Math.max(...perSlot.values())).toBeLessThanOrEqual(4);
    expect(perSlot.size).toBeGreaterThan(30);
    expect(Math.max(...brood.slots)).toBeLessThan(40);
    expect(new Set(brood.problems.map((p) => p.key)).size).toBe(brood.problems.length);
  });

  it('grafts that share of the children with the given problems, and draws exactly as without them at a share of 0', () => {
    const target = parseExpr('tan(exp(2))/(18*x)');
    // The target's tan kept around the part of the parent put in.
    const fromTarget = (p: { infix: string }) => /tan\(/.test(p.infix);
    const grafted = breedGeneration(request({ generationSize: 200, grafts: { targets: [target], share: 0.5 } }), deps(new Set()));
    const share = grafted.problems.filter(fromTarget).length / grafted.problems.length;
    // Half the children are grafted; a graft in place of tan(exp(2)) or of the whole target keeps no tan.
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.5);
    const plain = breedGeneration(request({ generationSize: 200 }), deps(new Set()));
    expect(plain.problems.filter(fromTarget)).toEqual([]);
    const none = breedGeneration(request({ generationSize: 200, grafts: { targets: [target], share: 0 } }), deps(new Set()));
    expect(none.problems).toEqual(plain.problems);
    expect(breedGeneration(request({ generationSize: 200, grafts: { targets: [], share: 0.5 } }), deps(new Set())).problems).toEqual(plain.problems);
  });
});
