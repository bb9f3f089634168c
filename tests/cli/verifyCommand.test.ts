import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Runs the built CLI, as a user would (`npm test` builds first).
const bin = new URL('../../bin/sagga.js', import.meta.url).pathname;
const sagga = (args: string[], input?: string) => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8' });
// A wide budget where a verdict is checked: the default 50 ms per pair is wall time, which a loaded
// machine can use up and turn the verdict into "unknown".
const ROOMY = ['--budget-ms', '5000'];

describe('sagga verify', () => {
  it('writes one verdict per line, in order, and exits 0 when every line was answered', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-verify-'));
    const input = join(dir, 'in.jsonl');
    const output = join(dir, 'out.jsonl');
    writeFileSync(input, ['{"id":"p","problem":"1/x","answer":"log(-x)"}', '{broken', '{"id":"r","problem":"x"}', '{"id":"s","problem":"x","answer":"x^2"}'].join('\n'));
    const r = sagga(['verify', '--input', input, '--output', output, ...ROOMY]);
    expect(r.status).toBe(0);
    const lines = readFileSync(output, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
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

  it('exits non-zero when nothing could be answered', () => {
    const r = sagga(['verify'], 'garbage\nmore garbage\n');
    expect(r.status).toBe(1);
  });

  it('check gives the verdict as exit status', () => {
    expect(sagga(['check', 'x*cos(x)', 'x*sin(x) + cos(x)', ...ROOMY]).status).toBe(0);
    expect(sagga(['check', 'x*cos(x)', 'x*sin(x)', ...ROOMY]).status).toBe(1);
    expect(sagga(['check', 'x*cos(x)', 'import("fs")']).status).toBe(2);
  });
});
