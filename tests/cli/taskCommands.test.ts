import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sagga } from '../helpers/cliInProcess.js';
import { REPO_ROOT, SAGGA_BIN } from '../helpers/runBuiltCli.js';

/** `sagga verify` over lines given on stdin: one parsed output line per input line. */
function verifyLines(lines: readonly object[]): Array<{ id: string; verdict: string; reason: string; reading?: unknown }> {
  const run = spawnSync(process.execPath, [SAGGA_BIN, 'verify'], {
    cwd: REPO_ROOT,
    input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; verdict: string; reason: string });
}

describe('the task contract of sagga verify and sagga check', () => {
  it('verify reads definite, series and limit lines, a line without task as integrate, and names what is wrong with a malformed one', () => {
    const out = verifyLines([
      { id: 'd-right', task: 'definite', problem: 'x*exp(x)', lower: '0', upper: '1', answer: '1' },
      { id: 'd-decimal', task: 'definite', problem: '1/(1 + x^2)', lower: '0', upper: 'oo', answer: '1.5707963' },
      { id: 'd-near', task: 'definite', problem: '1/(1 + x^2)', lower: '0', upper: '1', answer: '355/452' },
      { id: 'd-latex', task: 'definite', problem: '\\sin x', lower: '0', upper: 'pi/2', answer: '\\boxed{1}' },
      { id: 's-right', task: 'series', problem: 'exp(sin(x))', point: '0', order: 5, answer: '1 + x + x^2/2 - x^4/8 - x^5/15 + O(x^6)' },
      { id: 's-wrong', task: 'series', problem: 'exp(sin(x))', point: '0', order: 5, answer: '1 + x + x^2/2 - x^4/8 + x^5/15' },
      { id: 'l-right', task: 'limit', problem: 'sin(x)/x', point: '0', direction: '+-', answer: '1' },
      { id: 'l-dne', task: 'limit', problem: '1/x', point: '0', direction: '+-', answer: 'DNE' },
      { id: 'l-side', task: 'limit', problem: '1/x', point: '0', direction: '-', answer: 'oo' },
      { id: 'l-inf', task: 'limit', problem: 'exp(x)', point: 'oo', answer: 'oo' },
      { id: 'integrate', problem: 'x', answer: 'x^2/2' },
      { id: 'bad-bound', task: 'definite', problem: 'x', lower: 'x', upper: '1', answer: '1' },
      { id: 'no-upper', task: 'definite', problem: 'x', lower: '0', answer: '1' },
      { id: 'bad-order', task: 'series', problem: 'x', point: '0', order: -1, answer: 'x' },
      { id: 'bad-side', task: 'limit', problem: '1/x', point: 'oo', direction: '+', answer: '0' },
      { id: 'unknown', task: 'contour', problem: 'x', answer: '1' },
      { id: 'bad-answer', task: 'definite', problem: 'x', lower: '0', upper: '1', answer: 'foo(' },
    ]);
    const verdict = Object.fromEntries(out.map((o) => [o.id, o.verdict]));
    expect(verdict).toEqual({
      'd-right': 'correct',
      'd-decimal': 'correct',
      'd-near': 'incorrect',
      'd-latex': 'correct',
      's-right': 'correct',
      's-wrong': 'incorrect',
      'l-right': 'correct',
      'l-dne': 'correct',
      'l-side': 'incorrect',
      'l-inf': 'correct',
      integrate: 'correct',
      'bad-bound': 'invalid',
      'no-upper': 'invalid',
      'bad-order': 'invalid',
      'bad-side': 'invalid',
      unknown: 'invalid',
      'bad-answer': 'invalid',
    });
    const reason = Object.fromEntries(out.map((o) => [o.id, o.reason]));
    expect(reason['s-wrong']).toMatch(/coefficient of x\^5/);
    expect(reason['bad-bound']).toMatch(/^lower: /);
    expect(reason['no-upper']).toBe('upper: missing');
    expect(reason['bad-order']).toMatch(/^order: /);
    expect(reason['bad-side']).toBe('direction: at oo the only direction is -');
    expect(reason.unknown).toMatch(/^task: unknown task "contour" \(expected one of integrate, definite, series, limit, ode\)$/);
    expect(reason['bad-answer']).toMatch(/^answer: /);
    expect(out.find((o) => o.id === 'd-latex')?.reading).toEqual({ problem: 'latex', answer: 'latex' });
  }, 180_000);

  it('check --task takes the fields as options: exit 0 correct, 1 incorrect, 64 for a missing or stray option', async () => {
    const right = await sagga(['check', '--task', 'definite', '--lower', '0', '--upper', '1', 'x*exp(x)', '1']);
    expect([right.status, right.stdout]).toEqual([0, expect.stringMatching(/^correct: /)]);
    const wrong = await sagga(['check', '--task', 'limit', '--point', '0', '--direction', '+', '1/x', '-oo']);
    expect(wrong.status).toBe(1);
    const series = await sagga(['check', '--task', 'series', '--point', '0', '--order', '3', 'sin(x)', 'x - x^3/6']);
    expect(series.status).toBe(0);
    const missing = await sagga(['check', '--task', 'definite', '--lower', '0', 'x', '1/2']);
    expect([missing.status, missing.stderr]).toEqual([64, expect.stringContaining('--upper is required')]);
    const stray = await sagga(['check', '--point', '0', 'x', 'x^2/2']);
    expect([stray.status, stray.stderr]).toEqual([64, expect.stringContaining('--point is not an option of the integrate task')]);
  }, 180_000);

  it("integrate --task asks a target a task's problem: nerdamer's limit at infinity goes wrong (exit 1)", async () => {
    const run = await sagga(['integrate', '--task', 'limit', '--point', 'oo', '--target', 'nerdamer', 'sqrt(x^2 + x) - x', '--json']);
    expect(run.status, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({ problem: 'sqrt(x^2 + x) - x', task: 'limit', point: 'oo', direction: '-', outcome: 'wrong' });
  }, 120_000);

  it('list says which targets do which task; suite refuses tasks other than integrate', async () => {
    const targets = await sagga(['list', 'targets', '--json']);
    const rows = JSON.parse(targets.stdout) as Array<{ name: string; description: string }>;
    const tasksOf = (name: string) => rows.find((r) => r.name === name)!.description.replace(/^.*tasks: /, '');
    expect(tasksOf('nerdamer')).toBe('integrate, definite, limit');
    expect(tasksOf('algebrite')).toBe('integrate, definite, series');
    expect(tasksOf('maxima')).toBe('integrate, definite, series, limit, ode');
    const suite = await sagga(['suite', 'primitives', '--target', 'nerdamer', '--task', 'definite']);
    expect([suite.status, suite.stderr]).toEqual([64, expect.stringContaining('probes of indefinite integration')]);
    const refused = await sagga([
      'search',
      '--task',
      'series',
      '--target',
      'nerdamer',
      '--max-generations',
      '1',
      '--out',
      join(mkdtempSync(join(tmpdir(), 'sagga-refused-')), 'run'),
    ]);
    expect([refused.status, refused.stderr]).toEqual([
      64,
      expect.stringContaining('the nerdamer target cannot do the series task; it is done by algebrite, sympy, maxima'),
    ]);
  }, 120_000);
});
