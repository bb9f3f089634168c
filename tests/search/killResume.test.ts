import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/util/rng.js';

/*
 * The crash-proofing contract: a search killed with SIGKILL at arbitrary moments and resumed each
 * time ends with exactly the archive of an uninterrupted run with the same seed (nerdamer is
 * deterministic). The search runs in a child process over the compiled dist/ (see
 * fixtures/searchDriver.mjs), so that it can really be killed.
 */

const ROOT = resolve(__dirname, '../..');
const DRIVER = resolve(__dirname, 'fixtures/searchDriver.mjs');
/*
 * Small constants and no new powers keep nerdamer away from the problems it hangs on (such as
 * (x + x^-917)^850): a timeout is decided by the clock, so a run that meets one takes 5 s per
 * problem and its verdict could depend on machine load. Everything else is a deterministic
 * answer checked with SEARCH_VERIFY_OPTIONS (see the driver).
 */
const BASE = {
  target: 'nerdamer',
  // The paper's selection: the default one reaches, through its escalation, problems such as
  // (x + x^-10 + 2)^-7 that keep nerdamer busy for many seconds, where a loaded machine could turn
  // an answer into a timeout. The default selection is killed and resumed against a deterministic
  // program below.
  seedSelection: 'kmeans',
  rngSeed: 'kill-test',
  generationSize: 60,
  seedSize: 10,
  clusters: 3,
  archiveSize: 120,
  maxGenerations: 5,
  ops: 'add,mul',
  mutationParams: JSON.stringify({ vmin: -10, vmax: 10, leaf: { leafSimpleOperationMutation: 0 } }),
  concurrency: 2,
  // Every failure archived (nerdamer declines most of these with good reason), one line per problem:
  // what matters here is that the lines come out the same, shrinking and references included.
  failures: 'all',
  novelty: 'exact',
  json: true,
};

interface DriverRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  events: number;
}

/**
 * Run the driver; when `stopAt` is given, send `signal` right after the stopAt-th progress event
 * (a JSON line on stdout), plus `delayMs`.
 */
function runDriver(options: object, stopAt?: { event: number; delayMs: number; signal: NodeJS.Signals }): Promise<DriverRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [DRIVER, JSON.stringify(options)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let events = 0;
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stdout += text;
      events += (text.match(/\n/g) ?? []).length;
      if (stopAt && !sent && events >= stopAt.event) {
        sent = true;
        setTimeout(() => child.kill(stopAt.signal), stopAt.delayMs);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr, events }));
  });
}

/**
 * Starts a run with `options` in `dir`, kills it with SIGKILL at random moments (drawn from
 * `seed`, within the first third of an uninterrupted run's `totalEvents` progress events) and
 * resumes it until it ends; returns the last run and how many kills landed.
 */
async function killAndResume(options: object, dir: string, totalEvents: number, seed: string): Promise<{ run: DriverRun; kills: number }> {
  const rng = createRng(seed);
  const moment = () => ({ event: rng.int(2, Math.max(3, Math.floor(totalEvents / 3))), delayMs: rng.int(0, 40), signal: 'SIGKILL' as const });
  let kills = 0;
  let run = await runDriver({ ...options, out: dir }, moment());
  if (run.signal === 'SIGKILL') kills++;
  for (let i = 0; i < 4 && run.code !== 0; i++) {
    run = await runDriver({ resume: dir, json: true }, moment());
    if (run.signal === 'SIGKILL') kills++;
  }
  if (run.code !== 0) run = await runDriver({ resume: dir, json: true });
  return { run, kills };
}

function lines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
}

/** generations.jsonl without the timings, which differ from run to run. */
function generationRows(dir: string): unknown[] {
  return lines(join(dir, 'generations.jsonl')).map((l) => {
    const { seconds: _seconds, ...rest } = JSON.parse(l) as { seconds: unknown };
    return rest;
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The driver runs the compiled code: build it when dist/ is missing or older than the sources. */
function ensureBuilt(): void {
  const built = join(ROOT, 'dist/src/search/startSearch.js');
  const sources = Math.max(...['src', 'mutations', 'fitness'].map((d) => newestMtime(join(ROOT, d))));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  // Type errors elsewhere in the tree do not stop tsc from emitting; a missing output does.
  spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(built)) throw new Error('could not build dist/ (run npx tsc -p tsconfig.json)');
}

describe('search survives kills', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-kill-'));
  const reference = join(work, 'reference');
  let referenceRun: DriverRun;

  beforeAll(async () => {
    ensureBuilt();
    referenceRun = await runDriver({ ...BASE, out: reference });
  }, 240_000);

  it('the uninterrupted run finishes and fills its files', () => {
    expect(referenceRun.stderr).toBe('');
    expect(referenceRun.code).toBe(0);
    expect(lines(join(reference, 'archive.jsonl')).length).toBeGreaterThan(10);
    expect(generationRows(reference).length).toBeGreaterThanOrEqual(2);
  });

  it('killed with SIGKILL at random moments and resumed, it ends with the same archive', async () => {
    const dir = join(work, 'killed');
    const rng = createRng('kill-moments');
    const totalEvents = referenceRun.events;
    let kills = 0;
    let run = await runDriver({ ...BASE, out: dir }, { event: rng.int(2, Math.max(3, Math.floor(totalEvents / 3))), delayMs: rng.int(0, 40), signal: 'SIGKILL' });
    if (run.signal === 'SIGKILL') kills++;
    for (let i = 0; i < 3 && run.code !== 0; i++) {
      // Each resumed run has less left to do; aim inside what remains.
      run = await runDriver({ resume: dir, json: true }, { event: rng.int(2, Math.max(3, Math.floor(totalEvents / 3))), delayMs: rng.int(0, 40), signal: 'SIGKILL' });
      if (run.signal === 'SIGKILL') kills++;
    }
    if (run.code !== 0) run = await runDriver({ resume: dir, json: true });
    expect(run.code).toBe(0);
    expect(kills).toBeGreaterThanOrEqual(2);

    expect(lines(join(dir, 'archive.jsonl'))).toEqual(lines(join(reference, 'archive.jsonl')));
    expect(lines(join(dir, 'evaluated.jsonl'))).toEqual(lines(join(reference, 'evaluated.jsonl')));
    expect(generationRows(dir)).toEqual(generationRows(reference));
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { resumes: unknown[] };
    expect(config.resumes.length).toBeGreaterThanOrEqual(kills);
  }, 240_000);

  it('Ctrl-C stops cleanly with exit code 130 and says how to resume; the resumed run matches', async () => {
    const dir = join(work, 'interrupted');
    const run = await runDriver({ ...BASE, out: dir }, { event: 4, delayMs: 0, signal: 'SIGINT' });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(130);
    expect(run.stderr).toContain(`--resume ${dir}`);
    // Stopped inside the first generation the checkpoint has no engine state yet: nothing was committed.
    const checkpointPath = join(dir, 'checkpoint.json');
    const committed = existsSync(checkpointPath) ? ((JSON.parse(readFileSync(checkpointPath, 'utf8')) as { engine: { generation: number } | null }).engine?.generation ?? 0) : 0;
    expect(generationRows(dir)).toHaveLength(committed);
    const resumed = await runDriver({ resume: dir, json: true });
    expect(resumed.code).toBe(0);
    expect(lines(join(dir, 'archive.jsonl'))).toEqual(lines(join(reference, 'archive.jsonl')));
  }, 240_000);

  it('SIGTERM stops cleanly too, with exit code 143 (128 + 15) and the resume hint', async () => {
    const dir = join(work, 'terminated');
    const run = await runDriver({ ...BASE, out: dir }, { event: 4, delayMs: 0, signal: 'SIGTERM' });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(143);
    expect(run.stderr).toContain(`--resume ${dir}`);
  }, 240_000);

  it('refuses to resume with different settings, naming them, unless forced', async () => {
    const refused = await runDriver({ resume: reference, fitness: 'length:20', tau: 0.5 });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refusing to resume/);
    expect(refused.stderr).toMatch(/--fitness: the run has "short", now "length:20"/);
    expect(refused.stderr).toMatch(/--tau: the run has 0\.01, now 0\.5/);
    expect(refused.stderr).toMatch(/--force-resume/);
    // Raising the limits is not a different experiment: it continues the same run (on a copy).
    const copy = join(work, 'extended');
    cpSync(reference, copy, { recursive: true });
    const before = generationRows(copy).length;
    const stopped = (JSON.parse(readFileSync(join(copy, 'checkpoint.json'), 'utf8')) as { engine: { stopReason: string } }).engine.stopReason;
    // With the run's own time limit: another one would change the target's settings, and be refused.
    const extended = await runDriver({ resume: copy, maxGenerations: BASE.maxGenerations + 1, archiveSize: BASE.archiveSize * 10, json: true });
    expect(extended.code).toBe(0);
    expect(stopped).toMatch(/max-generations|archive-full/);
    expect(generationRows(copy).length).toBeGreaterThanOrEqual(before);
    expect(generationRows(copy)).toHaveLength(BASE.maxGenerations + 1);
    const config = JSON.parse(readFileSync(join(copy, 'config.json'), 'utf8')) as { settings: { maxGenerations: number }; resumes: Array<{ changed: Array<{ setting: string }> }> };
    expect(config.settings.maxGenerations).toBe(BASE.maxGenerations + 1);
    expect(config.resumes.at(-1)!.changed.map((c) => c.setting).sort()).toEqual(['archiveSize', 'maxGenerations']);
  }, 240_000);
});

/*
 * The default search (elites, escalation, crossover, shrinking with confirmations) against a
 * deterministic program, the planted-bug model: killed at random moments and resumed, it must end
 * with the files of an uninterrupted run, population and known bugs restored from the checkpoint.
 */
const PLANTED = {
  target: 'cmd:node examples/cmd-target/planted-bugs.mjs',
  reference: 'none',
  rngSeed: 'kill-default',
  generationSize: 80,
  seedSize: 10,
  clusters: 3,
  maxGenerations: 7,
  concurrency: 2,
  json: true,
};

describe('the default search survives kills', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-kill-default-'));
  const reference = join(work, 'reference');
  let referenceRun: DriverRun;

  beforeAll(async () => {
    ensureBuilt();
    referenceRun = await runDriver({ ...PLANTED, out: reference });
  }, 240_000);

  it('killed with SIGKILL at random moments and resumed, it ends with the same files', async () => {
    expect(referenceRun.code, referenceRun.stderr).toBe(0);
    expect(lines(join(reference, 'archive.jsonl')).length).toBeGreaterThanOrEqual(3);
    const dir = join(work, 'killed');
    const { run, kills } = await killAndResume(PLANTED, dir, referenceRun.events, 'kill-default-moments');
    expect(run.code, run.stderr).toBe(0);
    expect(kills).toBeGreaterThanOrEqual(2);
    expect(lines(join(dir, 'archive.jsonl'))).toEqual(lines(join(reference, 'archive.jsonl')));
    expect(lines(join(dir, 'evaluated.jsonl'))).toEqual(lines(join(reference, 'evaluated.jsonl')));
    expect(generationRows(dir)).toEqual(generationRows(reference));
  }, 300_000);
});


/** What a search's kill test names it, and what each of its archived lines must carry. */
interface KilledSearch {
  readonly title: string;
  readonly archivedLine: (line: Record<string, unknown>) => boolean;
}

/**
 * A task's search against a deterministic scripted model, with nerdamer as the reference that
 * proves its declines: killed at random moments and resumed, it must end with the files of an
 * uninterrupted run, the task's fields and all.
 */
function describeTaskSurvivesKills(
  task: string,
  options: Record<string, unknown>,
  extra?: (reference: string) => void,
  killed: KilledSearch = { title: `a ${task} search`, archivedLine: (l) => l.task === task },
): void {
  describe(`${killed.title} survives kills`, () => {
    const work = mkdtempSync(join(tmpdir(), `sagga-kill-${task}-`));
    const reference = join(work, 'reference');
    let referenceRun: DriverRun;

    beforeAll(async () => {
      ensureBuilt();
      referenceRun = await runDriver({ ...options, out: reference });
    }, 300_000);

    it('killed with SIGKILL at random moments and resumed, it ends with the same files', async () => {
      expect(referenceRun.code, referenceRun.stderr).toBe(0);
      const archived = lines(join(reference, 'archive.jsonl'));
      expect(archived.length).toBeGreaterThanOrEqual(2);
      expect(archived.every((l) => killed.archivedLine(JSON.parse(l) as Record<string, unknown>))).toBe(true);
      const dir = join(work, 'killed');
      const { run, kills } = await killAndResume(options, dir, referenceRun.events, `kill-${task}-moments`);
      expect(run.code, run.stderr).toBe(0);
      expect(kills).toBeGreaterThanOrEqual(2);
      expect(lines(join(dir, 'archive.jsonl'))).toEqual(archived);
      expect(lines(join(dir, 'evaluated.jsonl'))).toEqual(lines(join(reference, 'evaluated.jsonl')));
      expect(generationRows(dir)).toEqual(generationRows(reference));
    }, 400_000);

    extra?.(reference);
  });
}

/** The settings of a task's kill test: a small search of a scripted model of that task. */
function taskKillOptions(task: string): Record<string, unknown> {
  return {
    target: `cmd:node tests/fixtures/cmd/${task}-model.mjs`,
    task,
    reference: 'nerdamer',
    rngSeed: `kill-${task}`,
    generationSize: 40,
    seedSize: 10,
    clusters: 3,
    maxGenerations: 4,
    shrinkCalls: 16,
    concurrency: 2,
    json: true,
  };
}

describeTaskSurvivesKills('definite', taskKillOptions('definite'), (reference) => {
  it('refuses to resume it as another task', async () => {
    const refused = await runDriver({ resume: reference, task: 'integrate' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--task: the run has "definite", now "integrate"/);
  }, 120_000);
});

describeTaskSurvivesKills('limit', taskKillOptions('limit'));

/*
 * An ODE search against a scripted model that answers at once (SymPy's dsolve under a time limit
 * would answer differently under load): its coefficients and conditions survive kills with the rest.
 * No reference: none that solves ODEs is quick and deterministic.
 */
describeTaskSurvivesKills('ode', { ...taskKillOptions('ode'), reference: 'none', canaries: false }, undefined, {
  title: 'an ODE search',
  archivedLine: (l) => l.task === 'ode' && Array.isArray(l.conditions),
});

/* A search with parameters (+symbolic) against a model that takes every parameter to be 1. */
describeTaskSurvivesKills(
  'integrate',
  {
    target: 'cmd:node tests/fixtures/cmd/parameter-blind.mjs',
    mutations: 'distance+symbolic',
    reference: 'none',
    canaries: false,
    rngSeed: 'kill-parameters',
    generationSize: 60,
    seedSize: 10,
    clusters: 3,
    maxGenerations: 5,
    concurrency: 2,
    json: true,
  },
  undefined,
  { title: 'a search with parameters', archivedLine: (l) => typeof l.parameters === 'object' && l.parameters !== null },
);
