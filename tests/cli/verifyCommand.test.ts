import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Runs the built CLI, as a user would (`npm test` builds first).
const bin = new URL('../../bin/sagga.js', import.meta.url).pathname;
const sagga = (args: string[], input?: string) => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8' });
// The default budget is counted in work, not time: a loaded machine cannot change a verdict.
const ROOMY: string[] = [];

describe('sagga verify', () => {
  it('writes one verdict per line, in order, and exits 0 when every line was answered', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-verify-'));
    const input = join(dir, 'in.jsonl');
    const output = join(dir, 'out.jsonl');
    writeFileSync(
      input,
      ['{"id":"p","problem":"1/x","answer":"log(-x)"}', '{broken', '{"id":"r","problem":"x"}', '{"id":"s","problem":"x","answer":"x^2"}'].join('\n'),
    );
    const r = sagga(['verify', '--input', input, '--output', output, ...ROOMY]);
    expect(r.status).toBe(0);
    const lines = readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l: { verdict: string }) => l.verdict)).toEqual(['correct', 'invalid', 'invalid', 'incorrect']);
    expect(r.stderr).toMatch(/4 lines: 1 correct, 1 incorrect, 0 unknown, 2 invalid/);
  });

  it('reads stdin and writes stdout by default', () => {
    const r = sagga(['verify', ...ROOMY], '{"problem":"cos(x)","answer":"sin(x)"}\n');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).verdict).toBe('correct');
  });

  it('a missing input file is a clear error with a non-zero exit', () => {
    const r = sagga(['verify', '--input', '/nonexistent/pairs.jsonl']);
    expect(r.status).toBe(66);
    expect(r.stderr).toMatch(/input file not found: \/nonexistent\/pairs.jsonl/);
  });

  it('exits 0 when every line was answered, even when every line is invalid', () => {
    const r = sagga(['verify'], 'garbage\nmore garbage\n');
    expect(r.status).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { verdict: string }).verdict),
    ).toEqual(['invalid', 'invalid']);
    expect(r.stderr).toMatch(/2 lines: 0 correct, 0 incorrect, 0 unknown, 2 invalid/);
  });

  it('poses a line\'s problem on its "domain", and refuses a domain that is not an interval', () => {
    const lines = [
      { id: 'on', problem: 'sqrt(csc(x) - sin(x))', answer: '2*sqrt(sin(x))', domain: [0, 'pi/2'] },
      { id: 'off', problem: 'sqrt(csc(x) - sin(x))', answer: '2*sqrt(sin(x))' },
      { id: 'bad', problem: 'x', answer: 'x^2/2', domain: [2, 1] },
    ];
    const r = sagga(['verify'], lines.map((l) => JSON.stringify(l)).join('\n'));
    expect(r.status).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; verdict: string; reason: string });
    expect(out.map((l) => [l.id, l.verdict])).toEqual([
      ['on', 'correct'],
      ['off', 'incorrect'],
      ['bad', 'invalid'],
    ]);
    expect(out[0].reason).toMatch(/on the domain \(0, 1.570796327\)/);
    expect(out[1].reason).toMatch(/F' ≠ f at \d+ of \d+ points compared, in \[/);
    expect(out[2].reason).toMatch(/^line 3: domain: \(2, 1\) is empty/);
  });

  it('takes a work budget and a wall-clock backstop (and --budget-ms, its former name)', () => {
    const line = '{"problem":"x*cos(x)","answer":"x*sin(x) + cos(x)"}\n';
    expect(JSON.parse(sagga(['verify', '--work', '10'], line).stdout).reason).toMatch(/^work budget of 10 units used up/);
    expect(JSON.parse(sagga(['verify', '--backstop-ms', '5000'], line).stdout).verdict).toBe('correct');
    expect(JSON.parse(sagga(['verify', '--budget-ms', '5000'], line).stdout).verdict).toBe('correct');
    expect(sagga(['verify', '--work', '0'], line).status).toBe(64);
  });

  it("check --domain poses the problem on an interval; without it the verdict names where F' ≠ f", () => {
    const on = sagga(['check', 'sqrt(csc(x) - sin(x))', '2*sqrt(sin(x))', '--domain', '0,pi/2']);
    expect(on.status).toBe(0);
    expect(on.stdout).toMatch(/^correct: .* on the domain \(0, 1.570796327\)\n$/);
    const off = sagga(['check', 'sqrt(csc(x) - sin(x))', '2*sqrt(sin(x))']);
    expect(off.status).toBe(1);
    expect(off.stdout).toMatch(
      /^incorrect: F' differs from f at x = 2: f = 0.4364089177, F' = -0.4364089177; F' ≠ f at \d+ of \d+ points compared, in \[1.82515604, 3\]/,
    );
    const bad = sagga(['check', 'x', 'x^2/2', '--domain', '0,x']);
    expect(bad.status).toBe(64);
    expect(bad.stderr).toMatch(/--domain 0,x: upper end "x" depends on x/);
  });

  it('check --help states the rule and the budgets', () => {
    const help = sagga(['check', '--help']).stdout;
    expect(help).toMatch(/The rule: F is an antiderivative of f when F', evaluated in complex arithmetic, equals f/);
    expect(help).toMatch(/A point where F itself is not real is\s+compared like any other/);
    expect(help).toMatch(/--work <units>/);
    expect(help).toMatch(/--backstop-ms <ms>/);
    expect(help).toMatch(/--domain <lo,hi>/);
    expect(sagga(['verify', '--help']).stdout).toMatch(/The rule: F is an antiderivative/);
  });

  it('check gives the verdict as exit status', () => {
    expect(sagga(['check', 'x*cos(x)', 'x*sin(x) + cos(x)', ...ROOMY]).status).toBe(0);
    expect(sagga(['check', 'x*cos(x)', 'x*sin(x)', ...ROOMY]).status).toBe(1);
    expect(sagga(['check', 'x*cos(x)', 'import("fs")']).status).toBe(2);
  });
});
