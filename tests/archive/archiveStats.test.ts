import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveStats } from '../../src/archive/archiveStats.js';
import { TRICKY_LINES, writeRun } from './fixtures.js';

/** A line whose problem the whitelisting parser rejects, so its number of terms is unknown. */
const HOSTILE = { ...TRICKY_LINES[2], id: 'g4-1', problem: 'import("fs")', generation: 4, length: 11, nodes: 1, depth: 1 };
const generations = [1, 2, 3, 4, 5].map((generation) => ({ generation, candidates: 10, evaluated: 8, failures: 2 }));
const config = { settings: { target: 'nerdamer', fitness: 'length:20', lengthMeasure: 'chars' } };

/** Cells of the Markdown table's data rows. */
const tableRows = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));

describe('archive stats (the Table-15 row)', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-stats-'));
  // Five readable lines, one garbage line in the middle, and a last line cut off by a kill.
  const lines = [...TRICKY_LINES, HOSTILE].map((l) => JSON.stringify(l));
  lines.splice(2, 0, 'not json at all');
  const run = writeRun(join(work, 'tricky'), [], { archiveText: lines.join('\n') + '\n{"id":"g5-1","problem":"x', generations, config });

  it('computes the row by hand-checkable arithmetic, from what is readable, and names the bad lines', () => {
    const result = archiveStats(run);
    // lengths 9, 9, 12, 16, 11; nodes 6, 4, 6, 8, 1; depths 3, 3, 3, 3, 1.
    // terms: 2 (recorded), -sin(2*x) → 1, cos(x)*x + 1 → 2, 3 (recorded), unparseable → unknown.
    expect(result.rows).toEqual([
      {
        run: 'tricky',
        target: 'nerdamer',
        fitness: 'length:20',
        lengthMeasure: 'chars',
        iterations: 5,
        archiveSize: 5,
        meanLength: 57 / 5,
        meanNodes: 25 / 5,
        meanDepth: 13 / 5,
        termShares: { one: 1 / 4, two: 2 / 4, three: 1 / 4, fourOrMore: 0 },
        unknownTerms: 1,
      },
    ]);
    const archive = join(run, 'archive.jsonl');
    expect(result.warnings).toEqual([
      expect.stringMatching(new RegExp(`^${escape(archive)}:3: not valid JSON \\(.*\\); skipped$`)),
      `${archive}:7: last line is cut off (no newline, not complete JSON: the run was probably killed while writing); skipped`,
    ]);
    expect(tableRows(result.output)).toEqual([['tricky', 'nerdamer', 'length:20', '5', '5', '11.4', '5.0', '2.6', '25.0%', '50.0%', '25.0%', '0.0%']]);
    expect(result.output).toContain('| Length (chars) |');
    expect(result.output).toContain('tricky: 1 problem(s) without a term count');
  });

  it('one row per run, side by side; iterations fall back to the last archived generation; --json', () => {
    const plain = writeRun(join(work, 'plain'), TRICKY_LINES);
    const result = archiveStats([run, plain], { format: 'json' });
    const rows = JSON.parse(result.output) as { run: string; iterations: number; target: string; fitness: string | null; meanLength: number }[];
    expect(rows.map((r) => [r.run, r.iterations, r.target, r.fitness, r.meanLength])).toEqual([
      ['tricky', 5, 'nerdamer', 'length:20', 11.4],
      ['plain', 3, 'nerdamer, openai:gpt-4o-mini', null, 46 / 4],
    ]);
    expect(tableRows(archiveStats([run, plain]).output).map((r) => r[0])).toEqual(['tricky', 'plain']);
  });

  it('refuses what is not a run, with the reason', () => {
    expect(() => archiveStats(join(work, 'nowhere'))).toThrow(/nowhere: no such run directory/);
    const empty = writeRun(join(work, 'garbage'), [], { archiveText: 'garbage\n' });
    expect(() => archiveStats(empty)).toThrow(/nothing readable in this run directory\n.*archive\.jsonl:1: not valid JSON/);
    expect(() => archiveStats([])).toThrow(/no run directory given/);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
