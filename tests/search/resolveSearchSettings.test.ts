import { describe, expect, it } from 'vitest';
import type { SearchSettings } from '../../src/run/runSchema.js';
import { compareSettings, explicitSettings, newRunSettings, optionName, SEARCH_DEFAULTS } from '../../src/search/resolveSearchSettings.js';
import { redactSecrets } from '../../src/util/redactSecrets.js';

describe('search settings', () => {
  it('parses the CLI strings and keeps only what was given', () => {
    const s = explicitSettings({
      target: 'nerdamer',
      tau: '0.05',
      seedSize: '20',
      ops: 'add, mul,pow',
      requireOps: 'sin,cos',
      mutationParams: '{"vmin":-5,"vmax":5}',
    });
    expect(s).toEqual({
      target: 'nerdamer',
      tau: 0.05,
      seedSize: 20,
      ops: ['add', 'mul', 'pow'],
      requireOps: ['sin', 'cos'],
      mutationParams: { vmin: -5, vmax: 5 },
    });
  });

  it('rejects bad values naming the option', () => {
    expect(() => explicitSettings({ seedSize: '0' })).toThrow(/--seed-size 0: expected an integer ≥ 1/);
    expect(() => explicitSettings({ generationSize: '1.5' })).toThrow(/--generation-size/);
    expect(() => explicitSettings({ tau: 'abc' })).toThrow(/--tau/);
    expect(() => explicitSettings({ shrinkCallsPerNode: '-1' })).toThrow(/--shrink-calls-per-node -1: expected an integer ≥ 0/);
    expect(() => explicitSettings({ bugLean: 'newest:1.5' })).toThrow(/--bug-lean newest:1.5: expected none, rank or newest:p/);
    expect(() => explicitSettings({ bugLean: 'newest:0' })).toThrow(/--bug-lean newest:0/);
    expect(() => explicitSettings({ bugLean: 'oldest' })).toThrow(/--bug-lean oldest/);
    expect(explicitSettings({ bugLean: 'newest:0.25' }).bugLean).toBe('newest:0.25');
    expect(explicitSettings({ bugLean: ' none ' }).bugLean).toBe('none');
    expect(() => explicitSettings({ distance: 'manhattan' })).toThrow(/--distance manhattan: expected one of cosine, tree/);
    expect(() => explicitSettings({ seedSelection: 'roulette' })).toThrow(/--seed-selection/);
    expect(() => explicitSettings({ mutationParams: '[1]' })).toThrow(/--mutation-params must be a JSON object/);
    expect(() => newRunSettings({}, { rngSeed: '1', concurrency: 1 })).toThrow(/--target is required/);
    expect(() => newRunSettings({ target: 'nerdamer', seedSize: 5, clusters: 10 }, { rngSeed: '1', concurrency: 1 })).toThrow(
      /--clusters 10 is larger than --seed-size 5/,
    );
  });

  it('takes more clusters than seeds where the selection clusters nothing', () => {
    for (const seedSelection of ['random', 'fitness'] as const) {
      const s = newRunSettings({ target: 'nerdamer', seedSize: 5, clusters: 10, seedSelection }, { rngSeed: '1', concurrency: 1 });
      expect(s).toMatchObject({ seedSelection, seedSize: 5, clusters: 5 });
    }
    expect(() => newRunSettings({ target: 'nerdamer', seedSize: 5, clusters: 10, seedSelection: 'kmeans' }, { rngSeed: '1', concurrency: 1 })).toThrow(
      /--clusters 10 is larger than --seed-size 5/,
    );
  });

  it('fills a new run with the paper defaults', () => {
    const s = newRunSettings({ target: 'nerdamer' }, { rngSeed: '42', concurrency: 3 });
    expect(s).toMatchObject({
      seedSize: 100,
      generationSize: 1000,
      clusters: 10,
      tau: 0.01,
      archiveSize: 1000,
      k: 1,
      rngSeed: '42',
      concurrency: 3,
      seeds: 'default',
    });
    expect(s).toEqual({ ...SEARCH_DEFAULTS, target: 'nerdamer', rngSeed: '42', concurrency: 3, reference: ['algebrite'] });
    expect(s).toMatchObject({ failures: 'proven', novelty: 'signature', maxTargetCalls: null });
  });

  it('takes nerdamer and Algebrite as references, less the target, unless --reference says otherwise', () => {
    expect(newRunSettings({ target: 'sympy' }, { rngSeed: '1', concurrency: 1 }).reference).toEqual(['nerdamer', 'algebrite']);
    expect(newRunSettings({ target: 'algebrite' }, { rngSeed: '1', concurrency: 1 }).reference).toEqual(['nerdamer']);
    expect(explicitSettings({ reference: 'none' }).reference).toEqual([]);
    expect(explicitSettings({ reference: 'sympy, maxima,sympy' }).reference).toEqual(['sympy', 'maxima']);
    expect(() => explicitSettings({ reference: 'none,sympy' })).toThrow(/none/);
    expect(() => explicitSettings({ failures: 'some' })).toThrow(/--failures some: expected one of proven, all/);
  });

  it('tells harmless changes on resume from reproducibility-breaking ones', () => {
    const saved = newRunSettings({ target: 'nerdamer' }, { rngSeed: '42', concurrency: 3 });
    const { harmless, conflicting } = compareSettings(saved, {
      archiveSize: 2000,
      fitness: 'length:20',
      tau: 0.01,
      rngSeed: '7',
      shrinkCallsPerNode: explicitSettings({ shrinkCallsPerNode: '0' }).shrinkCallsPerNode,
      bugLean: 'none',
    });
    expect(harmless.map((d) => d.setting)).toEqual(['archiveSize']);
    expect(conflicting).toEqual([
      { setting: 'fitness', saved: 'short', requested: 'length:20' },
      { setting: 'rngSeed', saved: '42', requested: '7' },
      // Another shrink budget changes which minimal forms, and so which signatures, a run finds.
      { setting: 'shrinkCallsPerNode', saved: 6, requested: 0 },
      // Another lean draws other parents.
      { setting: 'bugLean', saved: 'rank', requested: 'none' },
    ]);
    expect(optionName('rngSeed')).toBe('--rng-seed');
  });

  it('compares a lean asked on resume with the lean an older run ran with, which it did not record', () => {
    const { bugLean: _, ...current } = newRunSettings({ target: 'nerdamer' }, { rngSeed: '42', concurrency: 3 });
    // config.json as a run made before `bugLean` wrote it.
    const older = (legacy: { newestBugOdds?: number }): SearchSettings => ({ ...current, ...legacy }) as SearchSettings;
    expect(compareSettings(older({ newestBugOdds: 0.5 }), { bugLean: 'newest:0.5' })).toEqual({ harmless: [], conflicting: [] });
    expect(compareSettings(older({ newestBugOdds: 0.5 }), { bugLean: 'rank' }).conflicting).toEqual([
      { setting: 'bugLean', saved: 'newest:0.5', requested: 'rank' },
    ]);
    // Before either setting, bug parents were drawn alike.
    expect(compareSettings(older({}), { bugLean: 'none' })).toEqual({ harmless: [], conflicting: [] });
    expect(compareSettings(older({ newestBugOdds: 0 }), { bugLean: 'none' }).conflicting).toEqual([]);
  });

  it('caps problems of one shape at 4 by default, none for random sampling unless asked, none in a run made before the cap', () => {
    const settings = (explicit: Parameters<typeof explicitSettings>[0]) =>
      newRunSettings({ target: 'nerdamer', ...explicitSettings(explicit) }, { rngSeed: '1', concurrency: 1 });
    expect(settings({}).shapeCap).toBe(4);
    expect(settings({ seedSelection: 'random' }).shapeCap).toBe(0);
    expect(settings({ seedSelection: 'random', shapeCap: '3' }).shapeCap).toBe(3);
    expect(settings({ seedSelection: 'kmeans' }).shapeCap).toBe(4);
    expect(() => explicitSettings({ shapeCap: '-1' })).toThrow(/--shape-cap -1: expected an integer ≥ 0/);
    const { shapeCap: _, ...older } = settings({});
    expect(compareSettings(older as SearchSettings, { shapeCap: 0 })).toEqual({ harmless: [], conflicting: [] });
    expect(compareSettings(older as SearchSettings, { shapeCap: 4 }).conflicting).toEqual([{ setting: 'shapeCap', saved: 0, requested: 4 }]);
  });

  it('compares a run made before patience and the shrink budgets were recorded as the run it was: each one off', () => {
    const recorded = newRunSettings({ target: 'nerdamer', ...explicitSettings({}) }, { rngSeed: '1', concurrency: 1 });
    const { patience: _p, shrinkCalls: _s, shrinkCallsPerNode: _n, ...older } = recorded;
    const before = older as SearchSettings;
    expect(compareSettings(before, { patience: 0, shrinkCalls: 0, shrinkCallsPerNode: 0 })).toEqual({ harmless: [], conflicting: [] });
    const changed = compareSettings(before, { patience: 5, shrinkCalls: 24, shrinkCallsPerNode: 6 });
    expect([...changed.harmless, ...changed.conflicting].map((d) => [d.setting, d.saved])).toEqual([
      ['patience', 0],
      ['shrinkCalls', 0],
      ['shrinkCallsPerNode', 0],
    ]);
  });

  it('keeps API keys out of recorded command lines', () => {
    expect(redactSecrets('cmd:python model.py --api-key sk-abcdefghijkl123 --temp 0')).not.toMatch(/abcdefghijkl123/);
    expect(redactSecrets('cmd:run --token=SECRET123 x')).toBe('cmd:run --token=*** x');
    expect(redactSecrets('openai:gpt-4o-mini')).toBe('openai:gpt-4o-mini');
  });
});

describe('newRunSettings clusters', () => {
  it('lowers the default k to a smaller seed size', () => {
    expect(newRunSettings({ target: 'nerdamer', seedSize: 4 }, { rngSeed: '1', concurrency: 1 }).clusters).toBe(4);
  });
});
