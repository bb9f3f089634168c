import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveCluster } from '../../src/archive/archiveCluster.js';
import { terminalSafe } from '../../src/util/terminalSafe.js';
import { writeRun } from './fixtures.js';

/** Two families a reader tells apart at a glance: polynomials, and trigonometric products. */
const POLYNOMIALS = ['x^2 + 1', 'x^2 + 2', 'x^2 + 3', 'x^3 + x', 'x^2 + x + 4', 'x^3 + 5'];
const TRIG = ['sin(x)*cos(x)', 'sin(2*x)*cos(x)', 'sin(x)*cos(3*x)', 'sin(5*x)*cos(2*x)', 'sin(x)*cos(x)*tan(x)'];

const line = (problem: string, i: number, answer = `F${i}(x)`) => ({
  id: `p${i}`,
  problem,
  generation: 1 + (i % 3),
  fitness: 1 / problem.length,
  length: problem.length,
  nodes: 5,
  depth: 3,
  target: 'nerdamer',
  kind: 'wrong',
  answers: [{ text: answer, verdict: 'incorrect', reason: `differs at x = 0.${i + 1}` }],
});

describe('archive cluster', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-cluster-'));
  const problems = [...POLYNOMIALS, ...TRIG];
  // One model answer tries to drive the terminal (colour codes, a carriage return).
  const lines = problems.map((p, i) => line(p, i, i === 7 ? '\u001b[31mx^2\r\u001b]0;owned\u0007 + C' : `F${i}(x)`));
  const run = writeRun(join(work, 'two-families'), [...lines, { ...line('import("fs")', 99), id: 'bad' }]);

  it('k = 2 separates the two families; prototypes come with the answer and the verifier reason', async () => {
    const result = await archiveCluster(run, 2, { prototypes: 2 });
    const { clusters, clusterOf } = result.clustering;
    expect(clusters).toHaveLength(2);
    const families = clusters.map((c) => c.members.map((i) => problems[i]).sort());
    expect(families).toEqual([[...POLYNOMIALS].sort(), [...TRIG].sort()]); // bigger cluster first
    expect(clusterOf.at(-1)).toBeNull(); // the unparseable problem is not clustered
    const text = result.output;
    expect(text).toContain('two-families: 12 archived problem(s) in 2 cluster(s)');
    expect(text).toContain('1 problem(s) do not parse and are not clustered');
    expect(text).toContain('Cluster 1 · 6 problem(s) (50.0%)');
    expect(text).toContain('Cluster 2 · 5 problem(s) (41.7%)');
    // Two prototypes per cluster: the members nearest the centroid, each with answer and verdict.
    for (const c of clusters) {
      for (const i of c.members.slice(0, 2)) {
        expect(text).toContain(`. ${problems[i]}    [wrong, length ${problems[i].length}, generation ${1 + (i % 3)}]`);
        expect(text).toContain(`verifier: incorrect: differs at x = 0.${i + 1}`);
      }
      expect(text).not.toContain(`. ${problems[c.members[2]]}    [`);
    }
  });

  it('is deterministic for a seed, and never lets model text reach the terminal as control codes', async () => {
    const a = await archiveCluster(run, 3, { prototypes: 11 });
    const b = await archiveCluster(run, 3, { prototypes: 11 });
    expect(a.output).toBe(b.output);
    expect(a.output).toContain('answer:  [31mx^2  ]0;owned  + C');
    expect(a.output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(terminalSafe('a\u202eb\u0007c')).toBe('a b c');
  });

  it('more clusters than problems, bad k, and no run', async () => {
    const small = writeRun(join(work, 'small'), [line('x + 1', 0), line('sin(x)', 1)]);
    const result = await archiveCluster(small, 5);
    expect(result.clustering.clusters.map((c) => c.members.length)).toEqual([1, 1]);
    await expect(archiveCluster(small, 0)).rejects.toThrow(/k must be a positive integer, got 0/);
    await expect(archiveCluster(join(work, 'nowhere'), 2)).rejects.toThrow(/nowhere: no such run directory/);
  });
});
