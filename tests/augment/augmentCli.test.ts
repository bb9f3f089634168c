import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

const BIN = join(process.cwd(), 'bin', 'sagga.js');

describe('sagga augment and sagga suite (command line)', () => {
  test('augment writes verified answers and reports bad lines by number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-augment-'));
    const input = join(dir, 'in.jsonl');
    writeFileSync(
      input,
      ['{"id":"a","problem":"3*cos(5*x)","answer":"3/5*sin(5*x)"}', '{"problem":"sin(("}', '{"id":"b","problem":"1/x","answer":"log(x)"}'].join('\n'),
    );
    const r = spawnSync('node', [BIN, 'augment', 'subst_poly', '--from', input, '--n', '2', '--rng-seed', '1'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/in\.jsonl:2: cannot parse problem/);
    const records = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { problem: string; answer?: string; family: string; source: string });
    expect(records).toHaveLength(4);
    for (const rec of records) {
      expect(rec.family).toBe('subst_poly');
      expect(verifyStrings(rec.problem, rec.answer!, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
    }
    const bad = spawnSync('node', [BIN, 'augment', 'shuffle', '--from', input], { encoding: 'utf8' });
    expect(bad.status).toBe(64);
    expect(bad.stderr).toMatch(/^sagga augment: unknown family 'shuffle'; valid ones: lin_comb, .*backward\n$/);
  });

  test('suite prints a Markdown table and writes JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-suite-'));
    const out = execFileSync('node', [BIN, 'suite', 'primitives', '--target', 'nerdamer', '--n', '2', '--k', '1,2', '--out', dir], { encoding: 'utf8' });
    expect(out).toMatch(/\| primitive \| problems \| Fail@1 \| unknown@1 \| Fail@2 \| unknown@2 \|/);
    const table = JSON.parse(readFileSync(join(dir, 'primitives.json'), 'utf8')) as { rows: { problems: number }[]; ks: number[] };
    expect(table.ks).toEqual([1, 2]);
    expect(table.rows.reduce((s, r) => s + r.problems, 0)).toBe(14);
    expect(readFileSync(join(dir, 'primitives-problems.jsonl'), 'utf8').trim().split('\n')).toHaveLength(14);
    const bad = spawnSync('node', [BIN, 'suite', 'robustness', '--target', 'nerdamer'], { encoding: 'utf8' });
    expect(bad.status).toBe(64);
    expect(bad.stderr).toMatch(/unknown suite 'robustness'; valid ones: primitives, neighbours, compositionality, extrapolation/);
  });
});
