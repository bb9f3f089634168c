import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sagga } from '../helpers/cliInProcess.js';
import { searchOneGeneration } from '../helpers/searchOneGeneration.js';
import { jsonLines } from '../helpers/jsonLines.js';

interface Line {
  readonly id: string;
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

  it('resumes a run made before the per-node budget on --shrink-calls alone, as it ran', async () => {
    const out = await searchOneGeneration({
      task: 'integrate',
      target: 'cmd:node examples/cmd-target/planted-bugs.mjs',
      generationSize: 80,
      shrinkCalls: 3,
      extra: ['--reference', 'none', '--no-canaries', '--rng-seed', 'pin'],
    });
    const path = join(out, 'config.json');
    const config = JSON.parse(readFileSync(path, 'utf8'));
    delete config.settings.shrinkCallsPerNode;
    writeFileSync(path, JSON.stringify(config, null, 2));
    const resumed = await sagga(['search', '--resume', out, '--max-generations', '4', '--force-resume', '--json']);
    expect(resumed.status, resumed.stderr).toBe(0);
    const archived = jsonLines<Line>(join(out, 'archive.jsonl'));
    const first = archived.filter((line) => line.id.startsWith('g1-'));
    const later = archived.filter((line) => !line.id.startsWith('g1-'));
    // The first generation, a new run, had 6 calls per node; the resumed ones have the 3 of --shrink-calls.
    expect(first.some((line) => line.shrink.calls > 3)).toBe(true);
    for (const line of later) expect(line.shrink.calls).toBeLessThanOrEqual(3);
    // Binding at 3 calls: at 6 per node no shrink would stop on its budget that soon.
    expect(later.some((line) => line.shrink.stopped === 'budget')).toBe(true);
  });
});
