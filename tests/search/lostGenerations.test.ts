import { describe, expect, it } from 'vitest';
import type { Judgement } from '../../src/judge/judgeTypes.js';
import { LOST_GENERATIONS_LIMIT, LostGenerations } from '../../src/search/lostGenerations.js';
import type { Evaluation } from '../../src/search/searchEngine.js';
import type { Target } from '../../src/targets/types.js';

const evaluation = (judgement: Judgement): Evaluation => ({ problem: {} as Evaluation['problem'], judgement });
const lost = (reason: string): Evaluation => evaluation({ status: 'error', reason, answers: [] });
const passed = evaluation({ status: 'pass', reason: 'verified', answers: [] });

function target(extra: Partial<Target> = {}): Target {
  return {
    name: 'scripted',
    solve: async () => [],
    stats: () => ({ requests: 0, errors: 0, timeouts: 0, restarts: 0, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } }),
    close: async () => {},
    describe: () => ({}),
    ...extra,
  };
}

describe('LostGenerations', () => {
  it(`finds trouble after ${LOST_GENERATIONS_LIMIT} generations in a row of nothing but transport errors, naming the last error and the diagnosis`, async () => {
    const watch = new LostGenerations();
    const diagnosed = target({ diagnose: async () => 'the endpoint refused the key' });
    for (let g = 1; g < LOST_GENERATIONS_LIMIT; g++) {
      watch.observe([lost('timeout'), lost(`reset ${g}`)]);
      expect(await watch.trouble(diagnosed)).toBeUndefined();
    }
    watch.observe([lost('timeout'), lost('connection refused')]);
    expect(await watch.trouble(diagnosed)).toBe(
      `${LOST_GENERATIONS_LIMIT} generations in a row came back with nothing but transport errors; the last: connection refused. the endpoint refused the key`,
    );
  });

  it('starts counting again after a generation with one answer, and does not count a generation that asked nothing', async () => {
    const watch = new LostGenerations();
    watch.observe([lost('timeout')]);
    watch.observe([lost('timeout'), passed]);
    watch.observe([lost('timeout')]);
    expect(await watch.trouble(target())).toBeUndefined();
    watch.observe([]);
    expect(await watch.trouble(target())).toBeUndefined();
  });

  it('keeps the last error of a mixed generation, and leaves out a diagnosis that fails or says nothing', async () => {
    const watch = new LostGenerations();
    watch.observe([lost('first'), passed]);
    for (let g = 0; g < LOST_GENERATIONS_LIMIT; g++) watch.observe([lost(g === 0 ? 'second' : 'third')]);
    const failing = target({ diagnose: () => Promise.reject(new Error('no diagnosis')) });
    expect(await watch.trouble(failing)).toMatch(/the last: third$/);
    expect(await watch.trouble(target({ diagnose: async () => '' }))).toMatch(/the last: third$/);
  });

  it('a target that has given up is trouble at once, in its own words', async () => {
    const watch = new LostGenerations();
    expect(await watch.trouble(target({ gaveUp: () => 'gave up on the program: exit 1' }))).toBe('gave up on the program: exit 1');
    expect(await watch.trouble(target({ gaveUp: () => undefined }))).toBeUndefined();
  });
});
