import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/util/rng.js';
import {
  type DriverRun,
  ensureBuilt,
  generationRows,
  judgedCounts,
  killAt,
  lines,
  moments,
  resumeAndKill,
  resumeOptions,
  runDriver,
} from '../helpers/searchDriver.js';

/*
 * The crash-proofing contract: a search killed with SIGKILL at any moment and resumed each time
 * ends with exactly the archive of an uninterrupted run with the same seed (nerdamer is
 * deterministic). The search runs in a child process over the compiled dist/ (see
 * fixtures/searchDriver.mjs), so that it can really be killed; the kills are placed by the lines
 * it prints, one in each phase of a generation, at a moment drawn from a seeded generator within
 * it, so that they land there however loaded the machine is. The run killed is first stopped with
 * Ctrl-C: one run's resumes show both that a clean stop resumes and that kills do. The default
 * search and the tasks' searches are killed and resumed in killResume*.test.ts beside this file.
 */

/*
 * Small constants and no new powers keep nerdamer away from the problems it is slow on (such as
 * (x + x^-917)^850). What it can still meet are powers with x in base and exponent, such as
 * (-4*x)^(3*x), that it never finishes: they time out at any limit. Every problem it answers, it
 * answers in well under a second (0.6 s at most, measured with the machine loaded at 15). The time
 * limit here is nerdamer's default, 5 s, not the driver's 20 s: far enough above every answer that
 * load cannot turn one into a timeout, and a hang costs 5 s instead of 20. Every resume is given
 * the same limit (resumeOptions). Everything else is a deterministic answer checked with
 * SEARCH_VERIFY_OPTIONS (see the driver).
 *
 * The seed is one whose four generations meet none of those hangs (another seed's met six, and each
 * cost its 5 s again in every run that met it) and find nerdamer's wrong answers from the second
 * generation on, proven by the verifier and shrunk, beside the declines no reference could prove.
 */
const BASE = {
  target: 'nerdamer',
  // The paper's selection: the default one reaches, through its escalation, problems such as
  // (x + x^-10 + 2)^-7 that keep nerdamer busy for many seconds, where a loaded machine could turn
  // an answer into a timeout. The default selection is killed and resumed against a deterministic
  // program below.
  seedSelection: 'kmeans',
  rngSeed: 'kill-test-4',
  generationSize: 60,
  seedSize: 10,
  clusters: 3,
  archiveSize: 120,
  maxGenerations: 4,
  ops: 'add,mul',
  mutationParams: JSON.stringify({ vmin: -10, vmax: 10, leaf: { leafSimpleOperationMutation: 0 } }),
  concurrency: 2,
  // Every failure archived (nerdamer declines many of these with good reason), one line per problem:
  // what matters here is that the lines come out the same, shrinking and references included.
  failures: 'all',
  novelty: 'exact',
  timeLimitMs: 5000,
  json: true,
};

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
    // Wrong answers, so that the kills meet shrinking: the second generation's first failure is one.
    expect((generationRows(reference)[1] as { calls: { shrinking: number } }).calls.shrinking).toBeGreaterThan(0);
  });

  it('stopped with Ctrl-C (exit 130, the resume hint), then killed with SIGKILL in each phase of a generation and resumed each time, it ends with the same archive', async () => {
    const dir = join(work, 'killed');
    const interrupted = await runDriver({ ...BASE, out: dir }, { ...moments.line(4), delayMs: 0, signal: 'SIGINT' });
    expect(interrupted.signal).toBeNull();
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain(`--resume ${dir}`);
    // Stopped inside the first generation the checkpoint has no engine state yet: nothing was committed.
    const checkpointPath = join(dir, 'checkpoint.json');
    const committed = existsSync(checkpointPath)
      ? ((JSON.parse(readFileSync(checkpointPath, 'utf8')) as { engine: { generation: number } | null }).engine?.generation ?? 0)
      : 0;
    expect(generationRows(dir)).toHaveLength(committed);

    const rng = createRng('kill-moments');
    // The first generation with nothing committed; the second as its first failure is shrunk, and
    // after its last problem is judged (the last shrinks, its tell and commit); the third after two
    // commits. None in the last generation, which the run could finish before the kill.
    const stops = [
      killAt(moments.judged(1, rng.int(1, judgedCounts(referenceRun, 1).problems - 1)), rng),
      killAt(moments.failure(2, 1), rng),
      killAt(moments.lastJudged(2), rng),
      killAt(moments.judged(3, rng.int(1, judgedCounts(referenceRun, 3).problems - 1)), rng),
    ];
    const { run, kills } = await resumeAndKill(BASE, dir, stops);
    expect(run.code).toBe(0);
    expect(kills).toBe(stops.length);

    expect(lines(join(dir, 'archive.jsonl'))).toEqual(lines(join(reference, 'archive.jsonl')));
    expect(lines(join(dir, 'evaluated.jsonl'))).toEqual(lines(join(reference, 'evaluated.jsonl')));
    expect(generationRows(dir)).toEqual(generationRows(reference));
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { resumes: unknown[] };
    expect(config.resumes.length).toBeGreaterThanOrEqual(kills + 1);
  }, 240_000);

  it('SIGTERM stops cleanly too, with exit code 143 (128 + 15) and the resume hint', async () => {
    const dir = join(work, 'terminated');
    const run = await runDriver({ ...BASE, out: dir }, { ...moments.line(4), delayMs: 0, signal: 'SIGTERM' });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(143);
    expect(run.stderr).toContain(`--resume ${dir}`);
  }, 240_000);

  it('refuses to resume with different settings, naming them, unless forced', async () => {
    const refused = await runDriver({ resume: reference, timeLimitMs: BASE.timeLimitMs, fitness: 'length:20', tau: 0.5 });
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
    const extended = await runDriver({ ...resumeOptions(copy, BASE), maxGenerations: BASE.maxGenerations + 1, archiveSize: BASE.archiveSize * 10 });
    expect(extended.code).toBe(0);
    expect(stopped).toMatch(/max-generations|archive-full/);
    expect(generationRows(copy).length).toBeGreaterThanOrEqual(before);
    expect(generationRows(copy)).toHaveLength(BASE.maxGenerations + 1);
    const config = JSON.parse(readFileSync(join(copy, 'config.json'), 'utf8')) as {
      settings: { maxGenerations: number };
      resumes: Array<{ changed: Array<{ setting: string }> }>;
    };
    expect(config.settings.maxGenerations).toBe(BASE.maxGenerations + 1);
    expect(
      config.resumes
        .at(-1)!
        .changed.map((c) => c.setting)
        .sort(),
    ).toEqual(['archiveSize', 'maxGenerations']);
  }, 240_000);
});
