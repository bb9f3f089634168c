import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Rng } from '../../src/util/rng.js';

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
}

/** A line the driver printed on stdout: one progress event of `--json` (src/cli/jsonProgress.ts). */
export interface ProgressLine {
  readonly event: string;
  readonly generation?: number;
  readonly done?: number;
  readonly total?: number;
  readonly failures?: number;
}

/** A moment of a run, told by its progress lines: right after the `nth` line that `lines` accepts. */
export interface Moment {
  readonly lines: (line: ProgressLine) => boolean;
  readonly nth: number;
}

export interface StopAt extends Moment {
  /** … plus this delay … */
  readonly delayMs: number;
  /** … the signal sent. */
  readonly signal: NodeJS.Signals;
}

const judgedIn = (generation: number) => (line: ProgressLine) => line.event === 'progress' && line.generation === generation;

/** Moments of a search, by what it is doing then. A resumed run prints the lines of the generations it runs again, too. */
export const moments = {
  /** After the n-th line, whatever it says (early in the first generation: nothing committed yet). */
  line: (n: number): Moment => ({ lines: () => true, nth: n }),
  /** After the n-th problem of a generation is judged: others being asked, earlier failures proven and shrunk. */
  judged: (generation: number, n: number): Moment => ({ lines: (l) => judgedIn(generation)(l) && l.done === n, nth: 1 }),
  /** After the k-th failure of a generation is judged: its proof and its shrinking begin. */
  failure: (generation: number, k: number): Moment => ({ lines: (l) => judgedIn(generation)(l) && l.failures === k, nth: 1 }),
  /** After a generation's last problem is judged: its last shrinks, the engine's tell and the commit follow. */
  lastJudged: (generation: number): Moment => ({ lines: (l) => judgedIn(generation)(l) && l.done === l.total, nth: 1 }),
};

/** SIGKILL at `moment`, 0 to 40 ms after it (drawn from `rng`): whatever the run has in flight then is cut off. */
export function killAt(moment: Moment, rng: Rng): StopAt {
  return { ...moment, delayMs: rng.int(0, 40), signal: 'SIGKILL' };
}

/** What a run printed of one generation: its problems and its failures (from its last judged line). */
export function judgedCounts(run: DriverRun, generation: number): { problems: number; failures: number } {
  const last = progressLines(run.stdout).filter(judgedIn(generation)).at(-1);
  if (last === undefined) throw new Error(`the run printed nothing of generation ${generation}`);
  return { problems: last.total ?? 0, failures: last.failures ?? 0 };
}

function progressLines(text: string): ProgressLine[] {
  return text.split('\n').flatMap((l) => {
    try {
      return [JSON.parse(l) as ProgressLine];
    } catch {
      return [];
    }
  });
}

/** Run the driver; when `stopAt` is given, send its signal right after its moment (plus its delay). */
export function runDriver(options: object, stopAt?: StopAt): Promise<DriverRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [DRIVER, JSON.stringify(options)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let matched = 0;
    let sent = false;
    // Whole lines only: a chunk may end inside one, kept here until its newline comes.
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stdout += text;
      const complete = (partial + text).split('\n');
      partial = complete.pop() ?? '';
      for (const line of complete) {
        if (!stopAt || sent) continue;
        if (stopAt.lines(progressLines(line)[0] ?? { event: '' }) && ++matched >= stopAt.nth) {
          sent = true;
          setTimeout(() => child.kill(stopAt.signal), stopAt.delayMs);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }));
  });
}

/**
 * Starts a run with `options` in `dir` and stops it at the first of `stops`, then resumes and
 * stops it at each of the others (`resumeAndKill`); returns the last run and how many SIGKILLs landed.
 */
export async function killAndResume(options: Record<string, unknown>, dir: string, stops: readonly StopAt[]): Promise<{ run: DriverRun; kills: number }> {
  const [first, ...rest] = stops;
  const run = await runDriver({ ...options, out: dir }, first);
  if (run.code === 0) return { run, kills: 0 };
  const resumed = await resumeAndKill(options, dir, rest);
  return { run: resumed.run, kills: resumed.kills + (run.signal === 'SIGKILL' ? 1 : 0) };
}

/**
 * Resumes the run in `dir` (started with `options`) once per stop, stopping it at that stop's
 * moment, then once more to its end (unless a stopped resume ended it first); returns the last run
 * and how many SIGKILLs landed.
 */
export async function resumeAndKill(options: Record<string, unknown>, dir: string, stops: readonly StopAt[]): Promise<{ run: DriverRun; kills: number }> {
  const resume = resumeOptions(dir, options);
  let kills = 0;
  for (const stop of stops) {
    const run = await runDriver(resume, stop);
    if (run.signal === 'SIGKILL') kills++;
    if (run.code === 0) return { run, kills };
  }
  return { run: await runDriver(resume), kills };
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
