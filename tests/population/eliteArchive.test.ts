import { describe, expect, it } from 'vitest';
import { EliteArchive } from '../../src/population/eliteArchive.js';
import type { ProblemDescriptor } from '../../src/population/problemDescriptor.js';
import { createRng } from '../../src/util/rng.js';

const cell = (features: string[], sizeBin = 1): ProblemDescriptor => ({ features, sizeBin, magnitudeBin: 1, outcome: 'pass' });

describe('EliteArchive', () => {
  it('says what add did: new cell, improved elite, or not added', () => {
    const archive = new EliteArchive<string>(10);
    expect(archive.add({ key: 'a', descriptor: cell(['add']), objective: 0.5, generation: 1, value: 'a' }).status).toBe('new');
    expect(archive.add({ key: 'b', descriptor: cell(['add']), objective: 0.4, generation: 1, value: 'b' }).status).toBe('not-added');
    // A tie keeps the elite already there.
    expect(archive.add({ key: 'c', descriptor: cell(['add']), objective: 0.5, generation: 2, value: 'c' }).status).toBe('not-added');
    const improved = archive.add({ key: 'd', descriptor: cell(['add']), objective: 0.9, generation: 2, value: 'd' });
    expect(improved.status).toBe('improved');
    expect(improved.replaced?.key).toBe('a');
    expect(archive.add({ key: 'e', descriptor: cell(['mul']), objective: 0.1, generation: 2, value: 'e' }).status).toBe('new');
    expect(archive.elites().map((e) => e.key)).toEqual(['d', 'e']);
    expect(archive.stats()).toEqual({ cells: 2, qdScore: 1.0 });
  });

  it('refuses new cells once full, and bad objectives always', () => {
    const archive = new EliteArchive<string>(1);
    archive.add({ key: 'a', descriptor: cell(['add']), objective: 1, generation: 1, value: 'a' });
    expect(archive.add({ key: 'b', descriptor: cell(['mul']), objective: 5, generation: 1, value: 'b' }).status).toBe('not-added');
    expect(() => archive.add({ key: 'c', descriptor: cell(['add']), objective: Number.NaN, generation: 1, value: 'c' })).toThrow(/objective/);
    expect(() => archive.add({ key: 'c', descriptor: cell(['add']), objective: -1, generation: 1, value: 'c' })).toThrow(/objective/);
  });

  it('samples cells uniformly with a binary tournament, deterministically for a seed', () => {
    const archive = new EliteArchive<number>(100);
    for (let i = 0; i < 10; i++) archive.add({ key: `k${i}`, descriptor: cell([`f${i}`]), objective: i, generation: 1, value: i });
    const draws = archive.sample(4000, createRng('t')).map((e) => e.value);
    expect(archive.sample(50, createRng('t')).map((e) => e.value)).toEqual(draws.slice(0, 50));
    const counts = Array.from({ length: 10 }, (_, i) => draws.filter((v) => v === i).length);
    // P(win) of the i-th best of n in a binary tournament with replacement is (2i + 1) / n²: rising with the objective, none starved.
    for (let i = 0; i < 10; i++) expect(counts[i] / 4000).toBeGreaterThan(((2 * i + 1) / 100) * 0.6);
    expect(counts[9]).toBeGreaterThan(counts[0] * 5);
    expect(archive.sample(5, createRng('t'), (e) => e.value < 3).every((e) => e.value < 3)).toBe(true);
  });

  it('draws the same with the default tournament as with an explicit binary one, and pulls harder with a larger one', () => {
    const archive = new EliteArchive<number>(100);
    for (let i = 0; i < 20; i++) archive.add({ key: `k${i}`, descriptor: cell([`f${i}`]), objective: i, generation: 1, value: i });
    const binary = archive.sample(300, createRng('t')).map((e) => e.value);
    expect(archive.sample(300, createRng('t'), undefined, 2).map((e) => e.value)).toEqual(binary);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const uniform = archive.sample(3000, createRng('u'), undefined, 1).map((e) => e.value);
    const four = archive.sample(3000, createRng('u'), undefined, 4).map((e) => e.value);
    // Expected winners of 20 cells: uniform 9.5, binary about 12.8, four-way about 15.
    expect(mean(uniform)).toBeLessThan(10.5);
    expect(mean(binary)).toBeGreaterThan(mean(uniform) + 1.5);
    expect(mean(four)).toBeGreaterThan(mean(binary) + 1.2);
    // Still a tournament over cells: the worst cells are drawn now and then by the binary one.
    expect(new Set(binary).size).toBeGreaterThan(15);
  });

  it('comes back from its state with the same elites in the same order', () => {
    const archive = new EliteArchive<string>(10);
    archive.add({ key: 'a', descriptor: cell(['add']), objective: 0.5, generation: 1, value: 'a' });
    archive.add({ key: 'b', descriptor: cell(['mul'], 3), objective: 0.2, generation: 1, value: 'b' });
    const copy = new EliteArchive<string>(10, JSON.parse(JSON.stringify(archive.state())));
    expect(copy.elites()).toEqual(archive.elites());
    expect(copy.add({ key: 'c', descriptor: cell(['add']), objective: 0.5, generation: 3, value: 'c' }).status).toBe('not-added');
  });
});
