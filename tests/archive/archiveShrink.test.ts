import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countNodes } from '../../src/expr/metrics.js';
import { parseExpr } from '../../src/expr/parse.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import { sagga } from '../helpers/cliInProcess.js';
import { declinedLine, powerOfSquareSpec, writeShrinkRun, wrongLine } from './shrinkFixtures.js';

interface Line {
  id: string;
  problem: string;
  minimal?: {
    problem: string;
    answers: { verdict: string | null; answer?: string }[];
    proof: { by: string; reference?: string; answer?: string } | null;
    nodes: number;
  };
  signature?: string;
  shrink?: { calls: number; max_calls: number; stopped: string; reason?: string; steps: number };
}

const lines = (dir: string): Line[] =>
  readFileSync(join(dir, 'archive.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{') && l.endsWith('}'))
    .map((l) => JSON.parse(l) as Line);

describe('sagga archive shrink', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-archive-shrink-'));
  const log = join(work, 'requests.log');
  const target = powerOfSquareSpec({ log });
  const committed = [
    wrongLine('g1-1', 'x + 544^x^2 + 628*x', target),
    wrongLine('g1-2', '-340 + 544^x^2', target),
    wrongLine('g1-3', 'x*cos(x)^2 + 3^x^2/sin(x) - 12', target),
    declinedLine('g1-4', 'sin(x)*exp(x)', target),
    wrongLine('g1-5', '612^x^2', 'nerdamer'),
  ];
  const uncommitted = [wrongLine('g2-1', '7^x^2 + x', target)];
  const torn = '{"id":"g2-2","prob';
  const original = writeShrinkRun(join(work, 'original'), target, committed, uncommitted, torn);

  it('gives every line of the target its minimal failing problem, proof and signature; keeps the rest of the file as it was', async () => {
    const dir = join(work, 'run');
    cpSync(original.dir, dir, { recursive: true });
    const r = await sagga(['archive', 'shrink', dir, '--target', target, '--reference', 'none']);
    expect(r.status, r.stderr).toBe(0);

    const shrunk = lines(dir);
    expect(shrunk.map((l) => l.id)).toEqual(['g1-1', 'g1-2', 'g1-3', 'g1-4', 'g1-5', 'g2-1']);
    for (const l of [shrunk[0], shrunk[1], shrunk[2], shrunk[5]]) {
      expect(l.minimal, l.id).toMatchObject({ problem: '2^x^2', nodes: 5, proof: { by: 'verifier' }, answers: [{ verdict: 'incorrect', answer: 'x*2^x^2' }] });
      expect(l.signature).toBe('^(#,^(x,#))');
      // 24 calls (--shrink-calls), or 6 per node of the line's problem where that is more.
      const budget = Math.max(24, 6 * countNodes(parseExpr(l.problem)).nodes);
      expect(l.shrink).toMatchObject({ stopped: 'minimal', max_calls: budget });
      expect(l.shrink!.calls).toBeLessThanOrEqual(budget);
    }
    // The declined line has no reference to prove it: its problem stays its own minimal form, unproven.
    expect(shrunk[3].minimal).toMatchObject({ problem: 'sin(x)*exp(x)', proof: null, nodes: 5 });
    expect(shrunk[3].signature).toBe('*(exp(x),sin(x))');
    expect(shrunk[3].shrink).toMatchObject({ stopped: 'unproven', calls: 0 });
    expect(shrunk[3].shrink!.reason).toMatch(/no reference/);

    // Another target's line, the uncommitted line's place and the torn tail are as they were.
    const text = readFileSync(join(dir, 'archive.jsonl'), 'utf8');
    const rows = text.split('\n');
    expect(rows[4]).toBe(JSON.stringify(committed[4]));
    expect(text.endsWith(`\n${torn}`)).toBe(true);
    // The checkpoint's offset moved to the end of the same five committed lines, so --resume still cuts right.
    const checkpoint = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { offsets: { archive: number }; updated: string };
    expect(checkpoint.offsets.archive).toBe(Buffer.byteLength(rows.slice(0, 5).join('\n') + '\n'));
    expect(checkpoint.updated).toBe('then');
    expect(existsSync(join(dir, 'shrink.jsonl'))).toBe(false);
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);

    // Progress: one line per archive line, then the summary.
    expect(r.stderr).toContain('sagga archive shrink: 5 of 6 line(s) to shrink');
    expect(r.stderr).toMatch(/\[\d\/5\] g1-1: x \+ 544\^x\^2 \+ 628\*x → 2\^x\^2 \(10 → 5 nodes, \d+ call\(s\)\)/);
    expect(r.stderr).toMatch(/g1-4: sin\(x\)\*exp\(x\) kept: unproven/);
    expect(r.stderr).toMatch(/5 of 6 line\(s\) done: 4 shrunk, 0 already minimal, 1 unproven .*skipped 1 of another target \(nerdamer\)/);

    // The minimal problem fails when asked alone.
    const alone = await sagga(['integrate', '--target', target, '2^x^2']);
    expect(alone.status, alone.stderr).toBe(1);
    expect(alone.stdout).toContain('wrong');

    // Run again: every line is shrunk already, so nothing is asked and nothing changes.
    const before = readFileSync(join(dir, 'archive.jsonl'), 'utf8');
    const asked = readFileSync(log, 'utf8');
    const again = await sagga(['archive', 'shrink', dir, '--target', target, '--reference', 'none']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain('0 of 6 line(s) to shrink');
    expect(again.stderr).toContain('skipped 5 already shrunk (--force shrinks them again)');
    expect(readFileSync(join(dir, 'archive.jsonl'), 'utf8')).toBe(before);
    expect(readFileSync(log, 'utf8')).toBe(asked);
  });

  it('reproducible: the same run shrunk twice gives the same archive; --shrink-calls 0 proves and signs without shrinking', async () => {
    const [a, b, none] = ['same-a', 'same-b', 'none'].map((name) => join(work, name));
    for (const d of [a, b, none]) cpSync(original.dir, d, { recursive: true });
    for (const d of [a, b]) expect((await sagga(['archive', 'shrink', d, '--target', target, '--reference', 'none', '--concurrency', '2'])).status).toBe(0);
    expect(readFileSync(join(b, 'archive.jsonl'), 'utf8')).toBe(readFileSync(join(a, 'archive.jsonl'), 'utf8'));

    expect((await sagga(['archive', 'shrink', none, '--target', target, '--reference', 'none', '--shrink-calls', '0'])).status).toBe(0);
    const first = lines(none)[0];
    expect(first.minimal).toMatchObject({ problem: 'x + 544^x^2 + 628*x', proof: { by: 'verifier' }, nodes: 10 });
    expect(first.signature).toBe('+(*(#,x),^(#,^(x,#)),x)');
    expect(first.shrink).toMatchObject({ calls: 0, stopped: 'budget' });
  });

  it('--shrink-calls-per-node gives each line that many calls per node of its problem where that is more than --shrink-calls', async () => {
    const dir = join(work, 'per-node');
    cpSync(original.dir, dir, { recursive: true });
    const r = await sagga(['archive', 'shrink', dir, '--target', target, '--reference', 'none', '--shrink-calls', '2', '--shrink-calls-per-node', '1']);
    expect(r.status, r.stderr).toBe(0);
    const shrunk = lines(dir).filter((l) => l.shrink !== undefined && l.shrink.stopped !== 'unproven');
    // 10, 8, 17 and 7 nodes (-340 is a negation): a budget of 2 would stop each after its first step or two.
    expect(shrunk.map((l) => l.shrink!.max_calls)).toEqual([10, 8, 17, 7]);
    for (const l of shrunk) expect(l.shrink!.calls).toBeLessThanOrEqual(l.shrink!.max_calls);
    expect(shrunk.some((l) => l.shrink!.calls > 2)).toBe(true);
  });

  it('a declined failure is proven by a reference that solves it, and shrinks to a smaller problem the model declines and the reference solves', async () => {
    const dir = join(work, 'declined');
    writeShrinkRun(dir, target, [declinedLine('g1-1', 'x*cos(x) + 3', target)]);
    const r = await sagga(['archive', 'shrink', dir, '--target', target, '--reference', 'nerdamer', '--shrink-calls', '12']);
    expect(r.status, r.stderr).toBe(0);
    const [line] = lines(dir);
    expect(line.minimal!.proof).toMatchObject({ by: 'reference', reference: 'nerdamer' });
    expect(line.minimal!.nodes).toBeLessThan(6);
    expect(verifyStrings(line.minimal!.problem, line.minimal!.proof!.answer!, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
    expect(line.shrink!.calls).toBeLessThanOrEqual(12);
    // Every probe cost the target and nerdamer one call each, or the target alone.
    const alone = await sagga(['integrate', '--target', target, line.minimal!.problem]);
    expect(alone.stdout).toContain('no-answer');
  });

  it('finishes the checkpoint of a shrink stopped between its two renames; --force shrinks again', async () => {
    const dir = join(work, 'renamed');
    cpSync(original.dir, dir, { recursive: true });
    expect((await sagga(['archive', 'shrink', dir, '--target', target, '--reference', 'none'])).status).toBe(0);
    const archive = readFileSync(join(dir, 'archive.jsonl'), 'utf8');
    const checkpoint = readFileSync(join(dir, 'checkpoint.json'), 'utf8');
    const moved = (JSON.parse(checkpoint) as { offsets: { archive: number } }).offsets.archive;
    expect(moved).toBeGreaterThan(original.committed);
    // As if stopped after the archive's rename: the old offset, and the commit in the journal.
    writeFileSync(join(dir, 'checkpoint.json'), checkpoint.replace(`"archive":${moved}`, `"archive":${original.committed}`));
    const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const commit = { before_sha256: sha(original.archive), after_sha256: sha(archive), checkpoint_offset: { from: original.committed, to: moved } };
    writeFileSync(join(dir, 'shrink.jsonl'), JSON.stringify({ type: 'commit', commit }) + '\n');
    const again = await sagga(['archive', 'shrink', dir, '--target', target, '--reference', 'none']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain('finished the archive offset');
    expect(readFileSync(join(dir, 'checkpoint.json'), 'utf8')).toBe(checkpoint);
    expect(readFileSync(join(dir, 'archive.jsonl'), 'utf8')).toBe(archive);

    const forced = await sagga(['archive', 'shrink', dir, '--target', target, '--reference', 'none', '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('5 of 6 line(s) to shrink');
    expect(readFileSync(join(dir, 'archive.jsonl'), 'utf8')).toBe(archive);
  });

  it('refuses a run another sagga holds (exit 75), a missing run (66), a bad command line (64), a broken target (3); stops when the target stops answering (70)', async () => {
    const dir = join(work, 'busy');
    cpSync(original.dir, dir, { recursive: true });
    writeFileSync(join(dir, 'run.lock'), JSON.stringify({ pid: process.ppid, hostname: hostname(), started: 'now' }) + '\n');
    const busy = await sagga(['archive', 'shrink', dir, '--target', target]);
    expect(busy.status).toBe(75);
    expect(busy.stderr).toMatch(/^sagga archive shrink: .* is in use by another sagga \(pid \d+/);
    expect(readFileSync(join(dir, 'archive.jsonl'), 'utf8')).toBe(original.archive);

    const missing = await sagga(['archive', 'shrink', join(work, 'nowhere'), '--target', target]);
    expect(missing.status).toBe(66);
    expect(missing.stderr).toContain('no such run directory');

    expect((await sagga(['archive', 'shrink', original.dir])).status).toBe(64);
    const unknown = await sagga(['archive', 'shrink', original.dir, '--target', 'mathematica']);
    expect(unknown.status).toBe(64);
    expect(unknown.stderr).toContain("unknown target 'mathematica'");
    const badReference = await sagga(['archive', 'shrink', original.dir, '--target', target, '--reference', 'nerdamer,wolfram']);
    expect(badReference.status).toBe(64);
    expect((await sagga(['archive', 'shrink', original.dir, '--target', target, '--shrink-calls', '-1'])).status).toBe(64);

    // A target that answers x to everything fails its health check: nothing is written.
    const broken = join(work, 'broken');
    const fixed = `cmd:node tests/fixtures/cmd/fixed-answers.mjs '["x"]'`;
    writeShrinkRun(broken, fixed, [wrongLine('g1-1', '612^x^2', fixed)]);
    const before = readFileSync(join(broken, 'archive.jsonl'), 'utf8');
    const unhealthy = await sagga(['archive', 'shrink', broken, '--target', fixed, '--reference', 'none']);
    expect(unhealthy.status, unhealthy.stderr).toBe(3);
    expect(unhealthy.stderr).toMatch(/--no-canaries/);
    expect(readFileSync(join(broken, 'archive.jsonl'), 'utf8')).toBe(before);

    // A target that stops answering would make every candidate look like a pass: the shrink stops (70), nothing written.
    const dead = join(work, 'dead');
    const dying = 'cmd:node tests/fixtures/cmd/exit-immediately.mjs';
    writeShrinkRun(dead, dying, [wrongLine('g1-1', '612^x^2', dying)]);
    const deadBefore = readFileSync(join(dead, 'archive.jsonl'), 'utf8');
    const stopped = await sagga(['archive', 'shrink', dead, '--target', dying, '--reference', 'none', '--no-canaries']);
    expect(stopped.status, stopped.stderr).toBe(70);
    expect(stopped.stderr).toMatch(/did not answer .*cannot load model weights.*run the same command again once it works/);
    expect(readFileSync(join(dead, 'archive.jsonl'), 'utf8')).toBe(deadBefore);
    expect(existsSync(join(dead, 'shrink.jsonl'))).toBe(false);
    expect(existsSync(join(dead, 'run.lock'))).toBe(false);
  });

  it('--help explains what is written and how a stopped shrink goes on', async () => {
    const help = await sagga(['archive', 'shrink', '--help']);
    expect(help.status).toBe(0);
    for (const option of ['--target', '--shrink-calls', '--reference', '--force', '--rng-seed', '--no-canaries', '--concurrency'])
      expect(help.stdout).toContain(option);
    expect(help.stdout).toContain('"minimal":');
    expect(help.stdout).toContain('"signature":');
    expect(help.stdout).toContain('shrink.jsonl');
    expect((await sagga(['archive', '--help'])).stdout).toMatch(/\n {2}shrink /);
  });
});
