import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freeSymbols } from '../../src/expr/freeSymbols.js';
import { parseExpr } from '../../src/expr/parse.js';
import { REPO_ROOT, runBuiltCli, SAGGA_BIN } from '../helpers/runBuiltCli.js';

/*
 * Parameters in the search: with the symbolic perturbation on (`--mutations distance+symbolic`),
 * numbers become parameters A, B …, assumed real and positive; a problem with them is sent with its
 * assumptions and its answers verified over instantiations of them. A scripted model that takes every
 * parameter to be 1 (tests/fixtures/cmd/parameter-blind.mjs, an exact integrator otherwise) fails
 * exactly the problems that need a parameter, and the archive holds them, each proven by the
 * verifier for a value of A it names, and confirmed by `sagga verify` from the line alone.
 */
const BLIND = 'cmd:node tests/fixtures/cmd/parameter-blind.mjs';

interface Line {
  readonly problem: string;
  readonly parameters?: Record<string, string>;
  readonly kind: string;
  readonly proof: { readonly by: string; readonly reason: string } | null;
  readonly answers: ReadonlyArray<{ readonly answer?: string; readonly verdict: string | null }>;
  readonly minimal: { readonly problem: string };
}

const lines = <T>(path: string): T[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

async function search(out: string, mutations: string): Promise<void> {
  const run = await runBuiltCli([
    'search',
    '--target',
    BLIND,
    '--mutations',
    mutations,
    '--reference',
    'none',
    '--no-canaries',
    '--rng-seed',
    'parameters',
    '--generation-size',
    '60',
    '--max-generations',
    '3',
    '--seed-size',
    '10',
    '--clusters',
    '3',
    '--concurrency',
    '2',
    '--json',
    '--out',
    out,
  ]);
  expect(run.status, run.stderr).toBe(0);
}

describe('a search with parameters', () => {
  it('archives the failures that need a parameter, each proven for a value of it, and verify agrees from the line alone', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-parameters-')), 'run');
    await search(out, 'distance+symbolic');
    const archive = lines<Line>(join(out, 'archive.jsonl'));
    expect(archive.length).toBeGreaterThan(0);
    for (const line of archive) {
      const names = Object.keys(line.parameters ?? {});
      // The model is exact but for parameters: every failure it has needs one.
      expect(names.length, line.problem).toBeGreaterThan(0);
      expect(freeSymbols(parseExpr(line.problem, undefined, { parameters: names as never })).parameters).toEqual(names);
      expect(Object.values(line.parameters!)).toEqual(names.map(() => 'positive'));
      expect(line.kind).toBe('wrong');
      expect(line.proof?.by).toBe('verifier');
      expect(line.proof?.reason).toMatch(/^incorrect for [A-Z] = /);
    }
    // The verify contract, from each line: its problem, its parameters, its wrong answer.
    const input =
      archive
        .map((l, i) =>
          JSON.stringify({ id: String(i), problem: l.problem, parameters: l.parameters, answer: l.answers.find((a) => a.verdict === 'incorrect')!.answer }),
        )
        .join('\n') + '\n';
    const verify = spawnSync(process.execPath, [SAGGA_BIN, 'verify'], { cwd: REPO_ROOT, input, encoding: 'utf8' });
    expect(verify.status, verify.stderr).toBe(0);
    for (const v of verify.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { verdict: string }))
      expect(v.verdict).toBe('incorrect');
    // Problems with parameters were asked with their assumptions, and written with them.
    const evaluated = lines<{ problem: string; parameters?: Record<string, string> }>(join(out, 'evaluated.jsonl'));
    expect(evaluated.filter((e) => e.parameters !== undefined).length).toBeGreaterThan(0);
    // eval asks the archive's problems again, with their parameters: the model fails each of them again.
    const evalOut = join(out, 'eval.json');
    const again = await runBuiltCli(['eval', '--target', BLIND, '--problems', out, '--n', '1', '--out', evalOut]);
    expect(again.status, again.stderr).toBe(0);
    const report = JSON.parse(readFileSync(evalOut, 'utf8')) as { problems: number; metrics: Record<string, { value: number }> };
    expect(report.problems).toBe(archive.length);
    expect(report.metrics['fail@1'].value).toBe(1);
    // The dataset carries the assumptions: its rows, asked again, pose the same problems, failed again.
    const rows = join(out, 'export', 'rows.jsonl');
    const exported = await runBuiltCli(['archive', 'export', out, '--out', rows]);
    expect(exported.status, exported.stderr).toBe(0);
    const exportedRows = lines<{ problem: string; parameters: string }>(rows);
    expect(exportedRows.filter((r) => /^[A-Z]: positive/.test(r.parameters)).length).toBe(archive.filter((a) => a.parameters !== undefined).length);
    const fromExport = await runBuiltCli(['eval', '--target', BLIND, '--problems', rows, '--n', '1', '--out', join(out, 'eval-export.json')]);
    expect(fromExport.status, fromExport.stderr).toBe(0);
    const reportOfExport = JSON.parse(readFileSync(join(out, 'eval-export.json'), 'utf8')) as typeof report;
    expect([reportOfExport.problems, reportOfExport.metrics['fail@1'].value]).toEqual([archive.length, 1]);
  }, 600_000);

  it('without +symbolic, no problem has a parameter', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-no-parameters-')), 'run');
    await search(out, 'distance');
    expect(readFileSync(join(out, 'evaluated.jsonl'), 'utf8')).not.toContain('"parameters"');
  }, 600_000);
});
