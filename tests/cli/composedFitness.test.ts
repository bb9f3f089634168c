import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEAR_EPSILON } from '../../fitness/nearFitness.js';
import { parseFitnessSpec } from '../../fitness/parseFitnessSpec.js';
import { canonicalKey } from '../../src/expr/canonical.js';
import { metrics } from '../../src/expr/metrics.js';
import { parseExpr } from '../../src/expr/parse.js';
import { REPO_ROOT, runBuiltCli } from '../helpers/runBuiltCli.js';

describe("sagga search --fitness 'length:20*near:seeds/target.txt'", () => {
  it('runs, and every archived failure scores the product of its two terms', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-composed-')), 'run');
    const spec = 'length:20*near:seeds/target.txt';
    const r = await runBuiltCli([
      'search',
      '--target',
      'cmd:node examples/cmd-target/power-rule.mjs',
      '--fitness',
      spec,
      '--distance',
      'tree',
      '--generation-size',
      '120',
      '--seed-size',
      '12',
      '--clusters',
      '3',
      '--max-generations',
      '2',
      '--rng-seed',
      'composed',
      // Every failure archived and scored, unproven ones too, without putting the power-rule
      // model's declines to two CAS first: the scores are the point here, not the proofs.
      '--failures',
      'all',
      '--reference',
      'none',
      '--out',
      out,
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { fitness: { spec: string; description: string } };
    expect(config.fitness.spec).toBe(spec);
    expect(config.fitness.description).toMatch(/^failure × length\(20, chars\) × near/);

    // Each archived fitness is length:20's term of its length times near's term, 1 / (tree edit distance
    // of the scored tree to the nearest target): an integer distance, or NEAR_EPSILON for a target
    // itself (grafts can give one back whole, and the model may fail it).
    const lengthOnly = await parseFitnessSpec('length:20', { distance: 'tree', baseDir: REPO_ROOT });
    const targets = new Set(
      readFileSync(join(REPO_ROOT, 'seeds/target.txt'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.startsWith('#'))
        .map((l) => canonicalKey(parseExpr(l))),
    );
    const archived = readFileSync(join(out, 'archive.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { problem: string; fitness: number });
    expect(archived.length).toBeGreaterThan(0);
    const distances = new Set<number>();
    for (const line of archived) {
      const expr = parseExpr(line.problem);
      const lengthTerm = lengthOnly.score({ expr, metrics: metrics(expr), failed: true });
      const distance = lengthTerm / line.fitness;
      if (distance < 0.5) {
        expect(distance).toBeCloseTo(NEAR_EPSILON, 12);
        expect(targets.has(canonicalKey(expr))).toBe(true);
        continue;
      }
      expect(Math.abs(distance - Math.round(distance))).toBeLessThan(1e-9);
      expect(Math.round(distance)).toBeGreaterThanOrEqual(1);
      distances.add(Math.round(distance));
    }
    // near: really weighs in: the archive's problems are at several distances from the targets.
    expect(distances.size).toBeGreaterThan(1);
  }, 120_000);
});
