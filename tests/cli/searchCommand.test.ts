import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import { sagga as saggaInProcess } from '../helpers/cliInProcess.js';
import { runBuiltCli, type CliRun } from '../helpers/runBuiltCli.js';

// The end-to-end run is the built CLI, as a user runs it (`npm test` builds first).
const sagga = (args: string[]): Promise<CliRun> => runBuiltCli(['search', ...args]);
/**
 * The CLI's program in this process, for everything else: refused input, a resume of that run, a
 * scripted run's summary (a spawn costs a second, and a process of its own proves nothing there).
 */
const inProcess = (args: string[]): Promise<CliRun> => saggaInProcess(['search', ...args]);

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

/*
 * A run small enough for the suite. Small constants and no new powers keep nerdamer off most of the
 * problems it hangs on (such as (2x)^(-5x)); the 1 s time limit bounds the cost of the others.
 */
const SMALL = [
  '--target',
  'nerdamer',
  '--generation-size',
  '100',
  '--seed-size',
  '6',
  '--clusters',
  '2',
  '--max-generations',
  '2',
  '--rng-seed',
  'cli-test',
  '--concurrency',
  '2',
  '--time-limit',
  '1000',
];

describe('sagga search: bad input', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-search-cli-'));

  it('a seed file with an unparseable line names the file and the line, and writes nothing', async () => {
    const seeds = join(work, 'my-seeds.txt');
    writeFileSync(seeds, '# my seeds\nx + 1\n\n2*x^2 + import("fs")\nx^3\n');
    const out = join(work, 'bad-seeds');
    const r = await inProcess([...SMALL, '--seeds', seeds, '--out', out]);
    expect(r.status).toBe(64);
    expect(r.stderr).toContain(`${seeds}:4:`);
    expect(r.stderr).toMatch(/line 4/);
    expect(r.stderr).toMatch(/^sagga search: /);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(join(out, 'config.json'))).toBe(false);
  });

  it('an unknown seed set lists the built-in ones', async () => {
    const r = await inProcess([...SMALL, '--seeds', 'polynomials', '--out', join(work, 'bad-set')]);
    expect(r.status).toBe(64);
    expect(r.stderr).toMatch(/unknown seed set 'polynomials'/);
    for (const name of ['default', 'polynomial-robustness', 'trig-robustness', 'trig', 'target']) expect(r.stderr).toContain(name);
  });

  it('an unknown mutation preset lists the valid ones', async () => {
    const r = await inProcess([...SMALL, '--mutations', 'aggressive', '--out', join(work, 'bad-preset')]);
    expect(r.status).toBe(64);
    expect(r.stderr).toMatch(/unknown mutation preset 'aggressive'; valid ones: robustness, distance, uniform/);
    expect(existsSync(join(work, 'bad-preset', 'config.json'))).toBe(false);
  });

  it('--resume of a directory a run left before saving its settings says to start it again', async () => {
    // What a run killed while it started leaves behind: its directory, empty.
    const left = join(work, 'killed-at-start');
    mkdirSync(left);
    const r = await inProcess(['--resume', left]);
    expect(r.status).toBe(64);
    expect(r.stderr).toContain(`--resume ${left}: no run there (no config.json)`);
    expect(r.stderr).toMatch(/start it again with the command that began it/);
  });

  it('an unknown fitness spec lists the valid ones', async () => {
    const r = await inProcess([...SMALL, '--fitness', 'longest', '--out', join(work, 'bad-fitness')]);
    expect(r.status).toBe(64);
    expect(r.stderr).toMatch(/invalid fitness spec 'longest'.*valid ones: short, length:<L>, near:/);
    const r2 = await inProcess([...SMALL, '--fitness', 'length:ten', '--out', join(work, 'bad-fitness')]);
    expect(r2.status).toBe(64);
    expect(r2.stderr).toMatch(/length:<L> needs a positive number L, got 'ten'/);
  });
});

describe('sagga search against nerdamer, end to end', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-search-run-'));
  const out = join(work, 'run');
  let first: CliRun;

  beforeAll(async () => {
    first = await sagga([...SMALL, '--out', out]);
  }, 240_000);

  it('runs, writes the run files, and prints where the archive is', () => {
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(join(out, 'archive.jsonl'));
    expect(first.stdout).toMatch(/Stopped: the run reached --max-generations/);
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { settings: { rngSeed: string; generationSize: number; fitness: string } };
    expect(config.settings).toMatchObject({ rngSeed: 'cli-test', generationSize: 100, fitness: 'short' });
    const generations = lines(join(out, 'generations.jsonl')).map((l) => JSON.parse(l) as { generation: number; candidates: number; archive_size: number });
    expect(generations.map((g) => g.generation)).toEqual([1, 2]);
    expect(generations.every((g) => g.candidates >= 100)).toBe(true);
    expect(generations.at(-1)!.archive_size).toBe(lines(join(out, 'archive.jsonl')).length);
  });

  it('archive lines carry the fields of the archive.jsonl contract, verdict included for every answer', () => {
    const archive = lines(join(out, 'archive.jsonl')).map(
      (l) => JSON.parse(l) as Record<string, unknown> & { kind: string; answers: Record<string, unknown>[] },
    );
    expect(archive.length).toBeGreaterThan(0);
    for (const a of archive) {
      for (const field of ['id', 'problem', 'generation', 'fitness', 'length', 'nodes', 'depth', 'target', 'kind', 'answers'])
        expect(a, field).toHaveProperty(field);
      expect(['wrong', 'unparseable', 'no-answer', 'timeout']).toContain(a.kind);
      expect(a.answers.length).toBeGreaterThan(0);
      for (const answer of a.answers) {
        expect(typeof answer.text).toBe('string');
        expect(typeof answer.reason).toBe('string');
        expect(answer).toHaveProperty('verdict');
        // Only a parsed answer has a verdict; a failure's verdicts are never "correct".
        expect(answer.verdict === null ? answer.status !== 'ok' : answer.verdict === 'incorrect').toBe(true);
      }
    }
  });

  it('archives only failures the verifier confirms: every "wrong" answer re-checks as incorrect', () => {
    const archive = lines(join(out, 'archive.jsonl')).map(
      (l) =>
        JSON.parse(l) as {
          problem: string;
          kind: string;
          target: string;
          fitness: number;
          length: number;
          answers: { text: string; answer?: string; verdict?: string }[];
        },
    );
    expect(archive.length).toBeGreaterThan(0);
    for (const a of archive) {
      expect(a.target).toBe('nerdamer');
      expect(a.fitness).toBeCloseTo(1 / a.length, 12); // short = m / |x| in characters
      expect(a.length).toBe(a.problem.length);
      if (a.kind !== 'wrong') continue;
      for (const answer of a.answers) {
        expect(answer.answer).toBeDefined();
        expect(verifyStrings(a.problem, answer.answer!, SEARCH_VERIFY_OPTIONS).verdict).toBe('incorrect');
      }
    }
  });

  it('every archived line is proven: a wrong answer by the verifier, any other kind by a reference answer that re-checks as correct', () => {
    const archive = lines(join(out, 'archive.jsonl')).map(
      (l) =>
        JSON.parse(l) as {
          problem: string;
          kind: string;
          proof: { by: string; reference?: string; answer?: string } | null;
          signature: string;
          minimal: { problem: string };
        },
    );
    expect(archive.length).toBeGreaterThan(0);
    for (const a of archive) {
      expect(a.proof, a.problem).not.toBeNull();
      if (a.kind === 'wrong') expect(a.proof!.by).toBe('verifier');
      else {
        expect(a.proof!.by).toBe('reference');
        expect(a.proof!.reference).toBe('algebrite');
        expect(verifyStrings(a.problem, a.proof!.answer!, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
      }
      expect(typeof a.signature).toBe('string');
      expect(typeof a.minimal.problem).toBe('string');
    }
    // Unproven failures are not lost: evaluated.jsonl says why each is unproven.
    const unproven = lines(join(out, 'evaluated.jsonl'))
      .map((l) => JSON.parse(l) as { status: string; proof?: unknown; reason?: string })
      .filter((e) => e.status === 'fail' && e.proof === null);
    for (const e of unproven) expect(e.reason).toMatch(/no reference found a closed form/);
  });

  it('--resume with different settings refuses and explains; --force-resume goes on and records it', async () => {
    const refused = await inProcess(['--resume', out, '--fitness', 'length:20', '--rng-seed', 'other']);
    expect(refused.status).toBe(64);
    expect(refused.stderr).toMatch(/refusing to resume/);
    expect(refused.stderr).toMatch(/--fitness: the run has "short", now "length:20"/);
    expect(refused.stderr).toMatch(/--rng-seed: the run has "cli-test", now "other"/);
    expect(refused.stderr).toMatch(/--force-resume/);
    expect(lines(join(out, 'generations.jsonl'))).toHaveLength(2);

    const forced = await inProcess(['--resume', out, '--fitness', 'length:20', '--max-generations', '3', '--force-resume', '--time-limit', '1000']);
    expect(forced.stderr).not.toMatch(/refusing/);
    expect(forced.status).toBe(0);
    expect(lines(join(out, 'generations.jsonl'))).toHaveLength(3);
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as {
      settings: { fitness: string };
      resumes: Array<{ forced: boolean; changed: Array<{ setting: string }> }>;
    };
    expect(config.settings.fitness).toBe('length:20');
    expect(config.resumes.at(-1)!.forced).toBe(true);
    expect(
      config.resumes
        .at(-1)!
        .changed.map((c) => c.setting)
        .sort(),
    ).toEqual(['fitness', 'maxGenerations']);
  }, 240_000);
});

describe('sagga search: the end-of-run summary', () => {
  it("shows the model's answers without their control characters, cut as before", async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-search-summary-')), 'run');
    const hostile = `x \u001b[31mred\u001b[0m ${'y'.repeat(80)}`;
    const target = `cmd:node tests/fixtures/cmd/fixed-answers.mjs '${JSON.stringify([hostile])}'`;
    // --no-canaries: this scripted target answers everything wrongly on purpose.
    const r = await inProcess([
      '--target',
      target,
      '--no-canaries',
      '--generation-size',
      '10',
      '--seed-size',
      '3',
      '--clusters',
      '1',
      '--max-generations',
      '1',
      '--rng-seed',
      'summary',
      // What the summary shows is the point, not proofs: every failure archived, no CAS started.
      '--failures',
      'all',
      '--reference',
      'none',
      '--out',
      out,
      '--show',
      '2',
    ]);
    expect(r.status, r.stderr).toBe(0);
    // The answer is archived verbatim; only what reaches the terminal is neutralised.
    expect(lines(join(out, 'archive.jsonl')).some((l) => (JSON.parse(l) as { answers: { text: string }[] }).answers[0].text === hostile)).toBe(true);
    expect(r.stdout).toMatch(/Shortest failures/);
    expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    const shown = [...r.stdout.matchAll(/answered: (.*)$/gm)].map((m) => m[1]);
    expect(shown.length).toBeGreaterThan(0);
    for (const s of shown) expect(s).toBe(`x  [31mred [0m ${'y'.repeat(80)}`.slice(0, 57) + '...');
  }, 120_000);
});
