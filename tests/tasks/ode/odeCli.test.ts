import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sagga } from '../../helpers/cliInProcess.js';
import { REPO_ROOT, SAGGA_BIN } from '../../helpers/runBuiltCli.js';
import { sympyOrSkip } from '../../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();

/** `sagga verify` over lines given on stdin: one parsed output line per input line. */
function verifyLines(lines: readonly object[]): Record<string, { verdict: string; reason: string; reading?: unknown }> {
  const run = spawnSync(process.execPath, [SAGGA_BIN, 'verify'], {
    cwd: REPO_ROOT,
    input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  const out = run.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; verdict: string; reason: string });
  return Object.fromEntries(out.map((o) => [o.id, o]));
}

const IVP = { task: 'ode', problem: "y'' + 4*y = sin(3*x)", conditions: ['y(0)=1', "y'(0)=0"] };

describe('the ode task on the command line', () => {
  it('verify reads ode lines: solutions right and wrong, general and particular, and names what is wrong with a bad line', () => {
    const out = verifyLines([
      { id: 'ivp', ...IVP, answer: 'y = 3*sin(2*x)/10 - sin(3*x)/5 + cos(2*x)' },
      { id: 'ivp-latex', ...IVP, answer: '\\boxed{y(x) = \\frac{3}{10}\\sin(2x) - \\frac{1}{5}\\sin(3x) + \\cos(2x)}' },
      { id: 'ivp-slope', ...IVP, answer: 'y = -sin(3*x)/5 + cos(2*x)' },
      { id: 'general', task: 'ode', problem: "y'' + 4*y = sin(3*x)", conditions: [], answer: 'y(x) = C1*sin(2*x) + C2*cos(2*x) - sin(3*x)/5' },
      { id: 'general-latex', task: 'ode', problem: "y'' + 4*y = sin(3*x)", answer: '$y = C_1 \\sin 2x + C_{2} \\cos 2x - \\frac{\\sin 3x}{5}$' },
      { id: 'particular', task: 'ode', problem: "y'' + 4*y = sin(3*x)", conditions: [], answer: 'y = -sin(3*x)/5' },
      { id: 'redundant', task: 'ode', problem: "y' = y", conditions: [], answer: 'y = (C1 + C2)*exp(x)' },
      { id: 'nonlinear', task: 'ode', problem: "y' = y^2", conditions: [], answer: 'y = -1/(x + C1)' },
      { id: 'bad-condition', task: 'ode', problem: "y' = y", conditions: ['y(0) == 1'], answer: 'y = exp(x)' },
      { id: 'too-many', task: 'ode', problem: "y' = y", conditions: ['y(0) = 1', 'y(1) = 2'], answer: 'y = exp(x)' },
    ]);
    const verdicts = Object.fromEntries(Object.entries(out).map(([id, o]) => [id, o.verdict]));
    expect(verdicts).toEqual({
      ivp: 'correct',
      'ivp-latex': 'correct',
      'ivp-slope': 'incorrect',
      general: 'correct',
      'general-latex': 'correct',
      particular: 'incorrect',
      redundant: 'incorrect',
      nonlinear: 'invalid',
      'bad-condition': 'invalid',
      'too-many': 'invalid',
    });
    expect(out['ivp-slope'].reason).toMatch(/the condition y'\(0\) = 0 does not hold/);
    expect(out.particular.reason).toMatch(/particular solution where the general solution was asked/);
    expect(out.redundant.reason).toMatch(/redundant/);
    expect(out.nonlinear.reason).toMatch(/^problem: the equation is not linear in y/);
    expect(out['bad-condition'].reason).toMatch(/^conditions: condition 1: /);
    expect(out['ivp-latex'].reading).toEqual({ problem: 'infix', answer: 'latex' });
  }, 120_000);

  it('check --task ode takes the conditions as repeated --condition: exit 0 correct, 1 incorrect, 64 for a bad or stray option', async () => {
    const right = await sagga([
      'check',
      '--task',
      'ode',
      '--condition',
      'y(0)=1',
      '--condition',
      "y'(0)=0",
      "y'' + 4*y = sin(3*x)",
      'y = 3*sin(2*x)/10 - sin(3*x)/5 + cos(2*x)',
    ]);
    expect([right.status, right.stdout]).toEqual([0, expect.stringMatching(/^correct: .*y\(0\) = 1 and y'\(0\) = 0 hold/)]);
    const general = await sagga(['check', '--task', 'ode', "y' = y", 'C1*exp(x)']);
    expect(general.status).toBe(0);
    const wrong = await sagga(['check', '--task', 'ode', '--condition', 'y(0)=2', "y' = y", 'y = exp(x)']);
    expect([wrong.status, wrong.stdout]).toEqual([1, expect.stringMatching(/^incorrect: the condition y\(0\) = 2 does not hold/)]);
    const bad = await sagga(['check', '--task', 'ode', '--condition', 'z(0)=1', "y' = y", 'exp(x)']);
    expect([bad.status, bad.stderr]).toEqual([64, expect.stringContaining('--condition: condition 1: ')]);
    const stray = await sagga(['check', '--task', 'limit', '--point', '0', '--condition', 'y(0)=1', 'x', '0']);
    expect([stray.status, stray.stderr]).toEqual([64, expect.stringContaining('--condition is not an option of the limit task')]);
    const strayPoint = await sagga(['check', '--task', 'ode', '--point', '0', "y' = y", 'exp(x)']);
    expect([strayPoint.status, strayPoint.stderr]).toEqual([64, expect.stringContaining('--point is not an option of the ode task (its: --condition)')]);
  }, 120_000);

  it.runIf(SYMPY)(
    'integrate --task ode asks SymPy one equation and verifies its solution; list names the task, its field and its solver',
    async () => {
      const run = await sagga(['integrate', '--task', 'ode', '--condition', 'y(0)=1', '--target', 'sympy', "y' + 2*y = exp(x)", '--json']);
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ problem: "y' + 2*y = exp(x)", task: 'ode', conditions: ['y(0) = 1'], outcome: 'solved' });
      const tasks = await sagga(['list', 'tasks']);
      expect(tasks.stdout).toMatch(/^ode +linear ODEs of order 1 or 2: .*; fields: conditions; solved by sympy/m);
      const seeds = await sagga(['list', 'seeds']);
      expect(seeds.stdout).toMatch(/^ode +\d+ ode seeds: y' - y = 0/m);
    },
    180_000,
  );
});
