import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sagga } from '../helpers/cliInProcess.js';

// `check` runs the CLI's program in this process; `verify`, which reads its lines from stdin, runs the
// built CLI as a user would (`npm test` builds first).
const bin = new URL('../../bin/sagga.js', import.meta.url).pathname;
const saggaWithInput = (args: string[], input: string) => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8' });
const ROOMY = ['--budget-ms', '5000'];

describe('sagga check with LaTeX', () => {
  it('reads a LaTeX answer and says so', async () => {
    const r = await sagga(['check', 'x^2', '\\frac{x^3}{3}', ...ROOMY]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^correct: .*\(answer read as LaTeX: x\^3\/3\)\n$/);
  });

  it('reads \\ln|x| for 1/x, and LaTeX problems', async () => {
    expect((await sagga(['check', '1/x', '\\ln|x|', ...ROOMY])).status).toBe(0);
    const r = await sagga(['check', '\\frac{1}{x}', '\\ln|x|', ...ROOMY]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/problem read as LaTeX: 1\/x; answer read as LaTeX: log\(abs\(x\)\)/);
  });

  it('reads a \\boxed{} answer with + C', async () => {
    const r = await sagga(['check', 'x^2', '\\boxed{\\frac{x^{3}}{3}+C}', ...ROOMY]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/answer read as LaTeX, constant of integration dropped: x\^3\/3/);
  });

  it('finds a wrong LaTeX answer incorrect', async () => {
    const r = await sagga(['check', 'x^2', '\\boxed{\\frac{x^3}{2}}', ...ROOMY]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^incorrect: /);
  });

  it('keeps a refused infix literal invalid', async () => {
    const r = await sagga(['check', 'x^2', '1e-400*x', ...ROOMY]);
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/^invalid: answer: number 1e-400 is too small to represent\n$/);
  });

  it('forces a reading with --format', async () => {
    expect((await sagga(['check', 'x^2', '\\frac{x^3}{3}', '--format', 'infix', ...ROOMY])).status).toBe(2);
    expect((await sagga(['check', 'x^2', '\\frac{x^3}{3}', '--format', 'latex', ...ROOMY])).status).toBe(0);
    expect((await sagga(['check', 'x^2', 'x^3/3', '--format', 'tex'])).status).not.toBe(0);
  });

  it('reads SymPy spellings', async () => {
    expect((await sagga(['check', 'x^2', 'Rational(1, 3)*x^3', ...ROOMY])).status).toBe(0);
    expect((await sagga(['check', 'x - 1/2', 'binomial(x, 2)', ...ROOMY])).status).toBe(0);
    expect((await sagga(['check', 'x', 'binomial(x, 50)', ...ROOMY])).status).toBe(2);
  });

  it('documents LaTeX in --help', async () => {
    for (const cmd of ['check', 'verify']) expect((await sagga([cmd, '--help'])).stdout).toMatch(/How to give LaTeX/);
  });
});

describe('sagga verify with LaTeX', () => {
  it('adds how each side was read to every line, after the existing fields', () => {
    const input = [
      { id: 'a', problem: 'x^2', answer: '\\boxed{\\frac{x^{3}}{3}+C}' },
      { id: 'b', problem: '\\frac{1}{x}', answer: '\\ln|x|' },
      { id: 'c', problem: 'cos(x)', answer: 'sin(x)' },
      { id: 'd', problem: 'x^2', answer: '1e-400*x' },
      { id: 'e', problem: 'x^2', answer: '$\\frac{x^3}{2}$' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const r = saggaWithInput(['verify', ...ROOMY], input);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => Object.keys(l))).toEqual(lines.map(() => ['id', 'verdict', 'reason', 'ms', 'reading']));
    expect(lines.map((l) => [l.id, l.verdict, l.reading])).toEqual([
      ['a', 'correct', { problem: 'infix', answer: 'latex' }],
      ['b', 'correct', { problem: 'latex', answer: 'latex' }],
      ['c', 'correct', { problem: 'infix', answer: 'infix' }],
      ['d', 'invalid', { problem: 'infix', answer: 'infix' }],
      ['e', 'incorrect', { problem: 'infix', answer: 'latex' }],
    ]);
  });

  it('reads LaTeX on worker threads too (large inputs)', () => {
    const input = Array.from({ length: 450 }, (_, i) => JSON.stringify({ id: i, problem: 'x^2', answer: i % 2 === 0 ? '\\frac{x^3}{3}' : 'x^3/3' })).join('\n');
    const r = saggaWithInput(['verify', '--workers', '2', ...ROOMY], input);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { verdict: string; reading: { answer: string } });
    expect(lines).toHaveLength(450);
    expect(lines.every((l) => l.verdict === 'correct')).toBe(true);
    expect(lines.filter((l) => l.reading.answer === 'latex')).toHaveLength(225);
  });
});
