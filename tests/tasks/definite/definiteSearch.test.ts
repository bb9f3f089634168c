import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveExport } from '../../../src/archive/archiveExport.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { ANSWER_LIMITS } from '../../../src/targets/answerReading.js';
import { parseBound } from '../../../src/tasks/definite/parseBound.js';
import { readDefiniteAnswer } from '../../../src/tasks/definite/readDefiniteAnswer.js';
import { verifyDefinite } from '../../../src/tasks/definite/verifyDefinite.js';
import type { VerifyResult } from '../../../src/verify/types.js';
import { searchOneGeneration } from '../../helpers/searchOneGeneration.js';
import { jsonLines } from '../../helpers/jsonLines.js';
import { checkTaskRun } from '../helpers/taskRunChecks.js';
import { sympyOrSkip } from '../../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();

/*
 * `sagga search --task definite` against the four CAS targets and a scripted model: whatever each
 * one gets wrong or declines, every archived line must be a proven failure (checked again here with
 * the definite verifier of the verify contract), shrunk with its bounds kept, and signed with them.
 */
function verify(line: Readonly<Record<string, unknown>>, problem: string, answer: string): VerifyResult {
  const [lower, upper] = [parseBound(String(line.lower)), parseBound(String(line.upper))];
  // Answers as a program's are read: with the limits of targets' answers (a CAS's long exact integers).
  const read = readDefiniteAnswer(answer, ANSWER_LIMITS);
  if (!lower.ok || !upper.ok || !read.ok) return { verdict: 'invalid', reason: 'unreadable', ms: 0 };
  return verifyDefinite(parseExpr(problem), lower.bound, upper.bound, read.answer);
}

/*
 * One generation of 20 candidates from 10 seeds, and 8 calls to shrink each failure: the runs are as
 * small as what each test asserts allows, with the seed of the generator chosen so that each run
 * archives the kinds of failure its test names.
 */
function search(target: string, extra: readonly string[] = []): Promise<string> {
  return searchOneGeneration({ task: 'definite', target, extra });
}

describe('search --task definite', () => {
  it('against nerdamer: wrong values and declines, each proven, shrunk and signed with its bounds', async () => {
    const dir = await search('nerdamer', ['--rng-seed', '2']);
    const archive = checkTaskRun(dir, 'definite', verify);
    expect(archive.length).toBeGreaterThan(0);
    expect(archive.every((l) => / on \[.*, .*\]$/.test(l.signature))).toBe(true);
    // Exported, each row is its line's definite integral, bounds and all.
    const rows = join(dir, 'export', 'rows.jsonl');
    archiveExport(dir, { format: 'jsonl', out: rows });
    expect(jsonLines<Record<string, unknown>>(rows).map((r) => [r.problem, r.task, r.lower, r.upper])).toEqual(
      archive.map((l) => [l.problem, 'definite', l.lower, l.upper]),
    );
  }, 600_000);

  it('against Algebrite', async () => {
    const archive = checkTaskRun(await search('algebrite', ['--rng-seed', '1']), 'definite', verify);
    expect(archive.length).toBeGreaterThan(0);
  }, 600_000);

  it.runIf(SYMPY)(
    'against SymPy',
    async () => {
      checkTaskRun(await search('sympy', ['--rng-seed', '6']), 'definite', verify);
    },
    900_000,
  );

  it('against a scripted model with a planted sign error on sines and no infinite ranges: its bug, and its declines where a reference solves them', async () => {
    const dir = await search('cmd:node tests/fixtures/cmd/definite-model.mjs', ['--rng-seed', '7', '--reference', 'nerdamer']);
    const archive = checkTaskRun(dir, 'definite', verify);
    const wrong = archive.filter((l) => l.kind === 'wrong');
    expect(wrong.length).toBeGreaterThan(0);
    // Its only wrong values are its planted bug's: a sine, shrunk to little more than the sine.
    for (const l of wrong) expect(l.minimal.problem).toContain('sin(');
    for (const l of archive.filter((a) => a.kind !== 'wrong')) expect([l.lower, l.upper].some((b) => String(b).includes('oo'))).toBe(true);
    // The requests it was sent carry the task and the bounds: its answers show it read them.
    const evaluated = jsonLines<{ status: string }>(join(dir, 'evaluated.jsonl'));
    expect(evaluated.filter((e) => e.status === 'pass').length).toBeGreaterThan(0);
  }, 600_000);
});
