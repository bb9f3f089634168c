import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchOneGeneration } from '../helpers/searchOneGeneration.js';
import { jsonLines } from '../helpers/jsonLines.js';

interface Line {
  readonly nodes: number;
  readonly shrink: { readonly calls: number; readonly stopped: string };
}

describe('a search with --shrink-calls-per-node', () => {
  it('lets a failure spend N calls per node of its problem where that is more than --shrink-calls, and records N', async () => {
    const search = (extra: readonly string[]) =>
      searchOneGeneration({ task: 'integrate', target: 'nerdamer', generationSize: 60, shrinkCalls: 3, extra: ['--rng-seed', '3', ...extra] });
    const fixed = await search(['--shrink-calls-per-node', '0']);
    const grown = await search(['--shrink-calls-per-node', '2']);
    const byDefault = await search([]);
    const lines = (dir: string) => jsonLines<Line>(join(dir, 'archive.jsonl'));
    expect(lines(fixed).length).toBeGreaterThan(0);
    for (const line of lines(fixed)) expect(line.shrink.calls).toBeLessThanOrEqual(3);
    for (const line of lines(grown)) expect(line.shrink.calls).toBeLessThanOrEqual(Math.max(3, 2 * line.nodes));
    // The same failures, now with room: some shrink spends past the fixed budget.
    expect(lines(grown).some((line) => line.shrink.calls > 3)).toBe(true);
    const settings = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).settings;
    expect([settings(fixed).shrinkCallsPerNode, settings(grown).shrinkCallsPerNode]).toEqual([0, 2]);
    // By default a failure of n nodes may spend 6n calls: a new run records it, and its shrinks use it.
    expect(settings(byDefault).shrinkCallsPerNode).toBe(6);
    for (const line of lines(byDefault)) expect(line.shrink.calls).toBeLessThanOrEqual(Math.max(3, 6 * line.nodes));
    expect(lines(byDefault).some((line) => line.shrink.calls > 3)).toBe(true);
  });
});
