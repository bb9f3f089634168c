import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRng } from '../../src/util/rng.js';

/*
 * The search in a child process that a test can really kill (SIGKILL, SIGINT, SIGTERM) at a chosen
 * moment: tests/search/fixtures/searchDriver.mjs over the compiled dist/. Shared by the kill-and-resume
 * tests, one file per kind of search so that they run side by side.
 */

const ROOT = resolve(__dirname, '../..');
const DRIVER = resolve(__dirname, '../search/fixtures/searchDriver.mjs');

export interface DriverRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Progress events (JSON lines on stdout) it printed. */
  events: number;
}

export interface StopAt {
  /** Send the signal right after this many progress events … */
  readonly event: number;
  /** … plus this delay. */
  readonly delayMs: number;
  readonly signal: NodeJS.Signals;
}

/** Run the driver; when `stopAt` is given, send its signal right after its event (plus its delay). */
export function runDriver(options: object, stopAt?: StopAt): Promise<DriverRun> {
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
 * resumes it, up to `killedResumes` resumes killed too, then once more to its end; returns the last
 * run and how many kills landed.
 */
export async function killAndResume(
  options: Record<string, unknown>,
  dir: string,
  totalEvents: number,
  seed: string,
  killedResumes = 4,
): Promise<{ run: DriverRun; kills: number }> {
  const rng = createRng(seed);
  const resume = resumeOptions(dir, options);
  // Each resumed run has less left to do; aim inside what remains.
  const moment = (): StopAt => ({ event: rng.int(2, Math.max(3, Math.floor(totalEvents / 3))), delayMs: rng.int(0, 40), signal: 'SIGKILL' });
  let kills = 0;
  let run = await runDriver({ ...options, out: dir }, moment());
  if (run.signal === 'SIGKILL') kills++;
  for (let i = 0; i < killedResumes && run.code !== 0; i++) {
    run = await runDriver(resume, moment());
    if (run.signal === 'SIGKILL') kills++;
  }
  if (run.code !== 0) run = await runDriver(resume);
  return { run, kills };
}

/** The driver's options to resume the run in `dir` started with `options`: the target's time limit is the run's. */
export function resumeOptions(dir: string, options: Record<string, unknown>): Record<string, unknown> {
  return { resume: dir, json: true, ...(options.timeLimitMs === undefined ? {} : { timeLimitMs: options.timeLimitMs }) };
}

export function lines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
}

/** generations.jsonl without the timings, which differ from run to run. */
export function generationRows(dir: string): unknown[] {
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
export function ensureBuilt(): void {
  const built = join(ROOT, 'dist/src/search/searchWithServices.js');
  const sources = Math.max(...['src', 'mutations', 'fitness'].map((d) => newestMtime(join(ROOT, d))));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  // Type errors elsewhere in the tree do not stop tsc from emitting; a missing output does.
  spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(built)) throw new Error('could not build dist/ (run npx tsc -p tsconfig.json)');
}
