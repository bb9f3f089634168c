import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exitCodes.js';
import { sagga } from '../helpers/cliInProcess.js';
import { REPO_ROOT, SAGGA_BIN, type CliRun } from '../helpers/runBuiltCli.js';
import { waitFor } from '../helpers/processTree.js';

/*
 * Run-directory safety: one writer per run (run.lock), no line lost to a resume without a
 * checkpoint, no foreign directory overwritten, config.json small and protected against hand edits.
 * The writer that holds the lock is the built CLI in a process of its own; every other run is the
 * CLI's program in this process (a spawn costs a second of start-up, and a process of its own
 * proves nothing more there).
 */

const GATED = join(REPO_ROOT, 'tests/fixtures/cmd/gated-power-rule.mjs');
const POWER_RULE = 'cmd:node examples/cmd-target/power-rule.mjs';
// These runs are about the run directory: every failure is archived, unproven ones too, without
// putting the power-rule model's declines to two CAS first.
const SMALL = [
  '--rng-seed',
  '7',
  '--generation-size',
  '60',
  '--seed-size',
  '10',
  '--clusters',
  '2',
  '--archive-size',
  '1000',
  '--reference',
  'none',
  '--failures',
  'all',
  '--json',
];

const work = mkdtempSync(join(tmpdir(), 'sagga-rundir-'));
const search = (args: string[]): Promise<CliRun> => sagga(['search', ...args]);

/** Every file of a directory (recursively) with its bytes, to show that nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const [k, v] of Object.entries(snapshot(path))) out[`${entry.name}/${k}`] = v;
    else out[entry.name] = readFileSync(path).toString('base64');
  }
  return out;
}

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

/** A finished run of `generations` generations against the power-rule program. */
async function makeRun(name: string, generations: number, target = POWER_RULE): Promise<string> {
  const dir = join(work, name);
  const r = await search(['--target', target, '--out', dir, '--max-generations', String(generations), ...SMALL]);
  expect(r.status, r.stderr).toBe(0);
  return dir;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('run.lock: one writer per run directory', () => {
  it('a second writer is refused at once with the holder pid; the first one ends normally and the archive is intact', async () => {
    const gate = join(work, 'gate');
    writeFileSync(gate, '');
    const target = `cmd:node ${GATED} ${gate}`;
    const dir = await makeRun('locked', 1, target);
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
    const before = readFileSync(join(dir, 'archive.jsonl'));

    // The first writer: a resume held still on its first request, with the lock taken.
    rmSync(gate);
    const first = spawn(process.execPath, [SAGGA_BIN, 'search', '--resume', dir, '--max-generations', '3', '--json'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let firstErr = '';
    first.stderr.on('data', (c: Buffer) => (firstErr += c.toString('utf8')));
    const firstDone = new Promise<number | null>((done) => first.on('close', done));
    expect(await waitFor(() => existsSync(join(dir, 'run.lock')), 60_000)).toBe(true);
    const lock = JSON.parse(readFileSync(join(dir, 'run.lock'), 'utf8')) as { pid: number; hostname: string; started: string };
    expect(lock).toMatchObject({ pid: first.pid, hostname: hostname() });

    // One after the other: the program in this process captures one run's output at a time.
    const second = await search(['--resume', dir, '--max-generations', '3', '--json']);
    const fresh = await search(['--target', target, '--out', dir, ...SMALL]);
    for (const r of [second, fresh]) {
      expect(r.status, r.stderr).toBe(EXIT.busy);
      expect(r.stderr).toContain(`pid ${first.pid}`);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(readFileSync(join(dir, 'archive.jsonl')).equals(before)).toBe(true);

    writeFileSync(gate, '');
    expect(await firstDone, firstErr).toBe(0);
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
    const archive = lines(join(dir, 'archive.jsonl'));
    expect(archive.join('\n').startsWith(before.toString('utf8').trimEnd())).toBe(true);
    const ids = archive.map((l) => (JSON.parse(l) as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines(join(dir, 'generations.jsonl'))).toHaveLength(3);
  }, 60_000);

  it('a stale lock (its process is gone) is taken over, saying so', async () => {
    const dir = await makeRun('stale', 1);
    const pid = deadPid();
    writeFileSync(join(dir, 'run.lock'), JSON.stringify({ pid, hostname: hostname(), started: '2026-01-01T00:00:00.000Z' }) + '\n');
    const r = await search(['--resume', dir, '--max-generations', '2', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`taking over ${join(dir, 'run.lock')}`);
    expect(r.stderr).toContain(`pid ${pid}`);
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
    expect(lines(join(dir, 'generations.jsonl'))).toHaveLength(2);
  }, 60_000);
});

describe('resume and new runs never lose a line', () => {
  it('a resume without checkpoint.json is refused, saying what is there; every file stays byte-identical', async () => {
    const dir = await makeRun('no-checkpoint', 2);
    rmSync(join(dir, 'checkpoint.json'));
    const before = snapshot(dir);
    expect(lines(join(dir, 'archive.jsonl')).length).toBeGreaterThan(0);
    const r = await search(['--resume', dir, '--max-generations', '3', '--json']);
    expect(r.status).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/checkpoint\.json is missing, but archive\.jsonl \(\d+ lines\), evaluated\.jsonl \(\d+ lines\), generations\.jsonl \(2 lines\)/);
    expect(r.stderr).toMatch(/Nothing was changed/);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);

  it('--out on a directory that is not a run (an archive merge) is refused without --force, nothing truncated', async () => {
    const dir = join(work, 'merged');
    mkdirSync(dir);
    writeFileSync(join(dir, 'archive.jsonl'), '{"id":"g1-1","problem":"x","sources":[{"run":"a","id":"g1-1"}]}\n');
    writeFileSync(join(dir, 'merge.json'), '{}\n');
    const before = snapshot(dir);
    const r = await search(['--target', POWER_RULE, '--out', dir, '--max-generations', '1', ...SMALL]);
    expect(r.status).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/is not empty and holds no sagga run \(archive\.jsonl, merge\.json\).*--force/);
    expect(snapshot(dir)).toEqual(before);

    const forced = await search(['--target', POWER_RULE, '--out', dir, '--max-generations', '1', '--force', ...SMALL]);
    expect(forced.status, forced.stderr).toBe(0);
    expect(existsSync(join(dir, 'merge.json'))).toBe(true);
    expect(existsSync(join(dir, 'config.json'))).toBe(true);
  }, 60_000);

  it.runIf(existsSync('/proc/self'))(
    '--out on a path that cannot be created fails at once with 73, in one line',
    async () => {
      const r = await search(['--target', POWER_RULE, '--out', '/proc/x', ...SMALL]);
      expect(r.status).toBe(EXIT.cantCreate);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('/proc/x');
    },
    30_000,
  );

  it('a refused new run leaves no directory behind', async () => {
    const dir = join(work, 'bad-seeds-run');
    const r = await search(['--target', POWER_RULE, '--out', dir, '--seeds', join(work, 'no-such-seeds.txt'), ...SMALL]);
    expect(r.status).toBe(EXIT.noInput);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('config.json: small and protected', () => {
  it('a 4 MB seed file works and config.json records its path and hash, not its trees', async () => {
    const seeds = join(work, 'big-seeds.txt');
    const out: string[] = [];
    let size = 0;
    for (let i = 1; size < 4 * 1024 * 1024 - 200; i++) {
      const line = `x^3 + ${i}*x^2 + ${i % 97}*x + ${i % 13}*x*x + ${(i % 7) + 1} + ${i % 11}*x^4 + ${(i % 5) + 2}*x^5`;
      out.push(line);
      size += line.length + 1;
    }
    writeFileSync(seeds, out.join('\n') + '\n');
    expect(statSync(seeds).size).toBeGreaterThan(4_000_000);
    const dir = join(work, 'big-seeds');
    const r = await search(['--target', POWER_RULE, '--out', dir, '--seeds', seeds, '--max-generations', '1', ...SMALL]);
    expect(r.status, r.stderr).toBe(0);
    expect(statSync(join(dir, 'config.json')).size).toBeLessThan(100_000);
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { seeds: Record<string, unknown> };
    expect(config.seeds).toMatchObject({ name: seeds, source: seeds, count: out.length });
    expect(config.seeds.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(config.seeds.trees).toBeUndefined();
  }, 120_000);

  it('a seed file changed since the run started is refused on resume, naming it', async () => {
    const seeds = join(work, 'my-seeds.txt');
    writeFileSync(seeds, '# mine\nx + 1\nx^2 + 3\n');
    const dir = join(work, 'my-seeds-run');
    const first = await search(['--target', POWER_RULE, '--out', dir, '--seeds', seeds, '--max-generations', '1', ...SMALL]);
    expect(first.status, first.stderr).toBe(0);
    // A comment and spacing are not a change of seeds.
    writeFileSync(seeds, '# mine, edited\nx+1\nx^2 + 3\n');
    const resumed = await search(['--resume', dir, '--max-generations', '2', '--json']);
    expect(resumed.status, resumed.stderr).toBe(0);
    writeFileSync(seeds, 'x + 1\nx^2 + 4\n');
    const r = await search(['--resume', dir, '--max-generations', '3', '--json']);
    expect(r.status).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/refusing to resume .*the seed set '.*my-seeds\.txt' changed since the run started/);
    expect(r.stderr).toContain('--force-resume');
  }, 60_000);

  it('a config.json edited by hand is refused on resume, unless --force-resume (recorded)', async () => {
    const dir = await makeRun('edited', 1);
    const path = join(dir, 'config.json');
    const config = JSON.parse(readFileSync(path, 'utf8')) as { settings: { tau: number }; settings_sha256: string };
    expect(config.settings_sha256).toMatch(/^[0-9a-f]{64}$/);
    config.settings.tau = 0.5;
    writeFileSync(path, JSON.stringify(config, null, 2) + '\n');
    const copy = join(work, 'edited-copy');
    cpSync(dir, copy, { recursive: true });
    const before = snapshot(dir);

    const r = await search(['--resume', dir, '--max-generations', '2', '--json']);
    expect(r.status).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/config\.json was edited by hand/);
    expect(snapshot(dir)).toEqual(before);

    const forced = await search(['--resume', copy, '--max-generations', '2', '--force-resume', '--json']);
    expect(forced.status, forced.stderr).toBe(0);
    const after = JSON.parse(readFileSync(join(copy, 'config.json'), 'utf8')) as {
      settings: { tau: number };
      resumes: Array<{ forced: boolean }>;
      settings_sha256: string;
    };
    expect(after.settings.tau).toBe(0.5);
    expect(after.resumes.at(-1)!.forced).toBe(true);
    // Rewritten with its new hash: the next resume goes on without --force-resume.
    expect((await search(['--resume', copy, '--max-generations', '3', '--json'])).status).toBe(0);
  }, 60_000);
});
