import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runBuiltCli, SAGGA_BIN } from '../helpers/runBuiltCli.js';

/** `sagga verify` over lines given on stdin: each output line by id. */
function verifyLines(lines: readonly object[]): Record<string, { verdict: string; reason: string }> {
  const run = spawnSync(process.execPath, [SAGGA_BIN, 'verify'], {
    cwd: REPO_ROOT,
    input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return Object.fromEntries(
    run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; verdict: string; reason: string })
      .map((o) => [o.id, o]),
  );
}

describe('parameters on the command line', () => {
  it('verify reads "parameters" on lines of every task, integrate too, and checks the answer over instantiations', () => {
    const out = verifyLines([
      { id: 'integrate', problem: 'A*x + B', parameters: { A: 'positive', B: 'real' }, answer: 'A*x^2/2 + B*x' },
      { id: 'integrate-latex', problem: 'A*x', parameters: { A: 'positive' }, answer: '\\frac{A x^{2}}{2} + C' },
      { id: 'integrate-blind', problem: 'A*x', parameters: { A: 'positive' }, answer: 'x^2/2' },
      { id: 'integrate-domain', problem: 'A*sqrt(csc(x) - sin(x))', parameters: { A: 'positive' }, domain: [0, 'pi/2'], answer: '2*A*sqrt(sin(x))' },
      { id: 'negative', problem: 'sqrt(A^2)', parameters: { A: 'negative' }, answer: '-A*x' },
      { id: 'definite', task: 'definite', problem: 'exp(-A*x)', lower: '0', upper: 'oo', parameters: { A: 'positive' }, answer: '1/A' },
      { id: 'ode', task: 'ode', problem: "y' = A*y", conditions: ['y(0)=2'], parameters: { A: 'positive' }, answer: 'y = 2*exp(A*x)' },
      { id: 'ode-blind', task: 'ode', problem: "y' = A*y", conditions: ['y(0)=2'], parameters: { A: 'positive' }, answer: 'y = 2*exp(x)' },
      { id: 'undeclared', problem: 'A*x', answer: 'A*x^2/2' },
      { id: 'bad', problem: 'A*x', parameters: { A: 'huge' }, answer: 'A*x^2/2' },
      { id: 'constant', problem: 'C1*x', parameters: { C1: 'positive' }, answer: 'C1*x^2/2' },
    ]);
    expect(Object.fromEntries(Object.entries(out).map(([id, o]) => [id, o.verdict]))).toEqual({
      integrate: 'correct',
      'integrate-latex': 'correct',
      'integrate-blind': 'incorrect',
      'integrate-domain': 'correct',
      negative: 'correct',
      definite: 'correct',
      ode: 'correct',
      'ode-blind': 'incorrect',
      undeclared: 'invalid',
      bad: 'invalid',
      constant: 'invalid',
    });
    expect(out['integrate-blind'].reason).toMatch(/^incorrect for A = [\d.]+: /);
    expect(out['ode-blind'].reason).toMatch(/^incorrect for A = [\d.]+: /);
    expect(out.integrate.reason).toMatch(/^correct for each of \(A = [\d.]+, B = -?[\d.]+\); /);
    expect(out.bad.reason).toMatch(/^parameters: A is assumed "huge"/);
    expect(out.constant.reason).toMatch(/arbitrary constant/);
  }, 120_000);

  it('check takes --parameter NAME[=ASSUMPTION], repeated, for any task', async () => {
    const right = await runBuiltCli(['check', '--parameter', 'A', 'A*x', 'A*x^2/2']);
    expect([right.status, right.stdout]).toEqual([0, expect.stringMatching(/^correct: correct for each of A = /)]);
    const blind = await runBuiltCli(['check', '--parameter', 'A=positive', 'A*x', 'x^2/2']);
    expect([blind.status, blind.stdout]).toEqual([1, expect.stringMatching(/^incorrect: incorrect for A = /)]);
    const limit = await runBuiltCli(['check', '--task', 'limit', '--point', '0', '--parameter', 'A', 'sin(A*x)/x', 'A']);
    expect(limit.status, limit.stdout).toBe(0);
    const two = await runBuiltCli(['check', '--parameter', 'A', '--parameter', 'B=negative', 'A*exp(B*x)', 'A*exp(B*x)/B']);
    expect([two.status, two.stdout]).toEqual([0, expect.stringMatching(/^correct: correct for each of \(A = [\d.]+, B = -[\d.]+\)/)]);
    const malformed = await runBuiltCli(['check', '--parameter', 'A=', '--parameter', '=x', 'A*x', 'A*x^2/2']);
    expect([malformed.status, malformed.stderr]).toEqual([64, expect.stringContaining('--parameter =x: expected NAME or NAME=ASSUMPTION')]);
    const unknown = await runBuiltCli(['check', 'A*x', 'A*x^2/2']);
    expect([unknown.status, unknown.stdout]).toEqual([2, expect.stringMatching(/^invalid: problem: unknown name 'A'/)]);
  }, 120_000);
});
