import { afterAll, describe, expect, test } from 'vitest';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvalJournalMismatchError, openEvalJournal } from '../../src/eval/evalJournal.js';
import { readEvalProblems } from '../../src/eval/readEvalProblems.js';
import { runEval } from '../../src/eval/runEval.js';
import { createTarget } from '../../src/targets/registry.js';
import type { Target } from '../../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

const verify = (p: Parameters<typeof verifyPair>[0], a: Parameters<typeof verifyPair>[1]) => verifyPair(p, a, SEARCH_VERIFY_OPTIONS);

describe('sagga eval keeps a journal and a call budget', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-evaljournal-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const problemsFile = join(work, 'powers.txt');
  writeFileSync(problemsFile, ['x^2', 'x^3', 'x^4', 'x^5', 'x^6', 'x^7'].join('\n') + '\n');

  const withTarget = async <T>(log: string, use: (target: Target) => Promise<T>): Promise<T> => {
    const target = await createTarget(`cmd:node tests/fixtures/cmd/known-successes.mjs --log ${log}`, { concurrency: 1 });
    try {
      return await use(target);
    } finally {
      await target.close();
    }
  };
  const header = (target: Target) => ({ format: 1 as const, target: target.name, target_settings: target.describe() });
  const asked = (log: string): string[] =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .filter((l) => l !== '')
      : [];

  test('a budget stops the calls; the same evaluation again asks only what the journal lacks, and ends as an uninterrupted one', async () => {
    const journalPath = join(work, 'eval.journal.jsonl');
    const firstLog = join(work, 'first.log');
    const options = { n: 4, ks: [1, 4], rngSeed: 'j', batchSize: 1 };
    const first = await withTarget(firstLog, async (target) => {
      const journal = openEvalJournal(journalPath, header(target));
      try {
        return await runEval(readEvalProblems(problemsFile), { ...options, maxTargetCalls: 3 }, { target, verify, journal });
      } finally {
        journal.close();
      }
    });
    expect(asked(firstLog)).toEqual(['x^2', 'x^3', 'x^4']);
    expect(first.budget).toEqual({ max_target_calls: 3, target_calls: 3, exhausted: true, reference_calls: 0 });
    expect(first.excluded.unasked).toBe(3);
    expect(first.problems).toBe(3);

    // A kill mid-write leaves a torn last line: it is cut off, not read.
    appendFileSync(journalPath, '{"key":"x^9\\u0000^(x,9)","answers":[{"status":"ok","tex');
    // The same command again (same target, same log): only the problems without answers are asked.
    const second = await withTarget(firstLog, async (target) => {
      const journal = openEvalJournal(journalPath, header(target));
      expect(journal.calls).toBe(3);
      try {
        return await runEval(readEvalProblems(problemsFile), options, { target, verify, journal });
      } finally {
        journal.close();
      }
    });
    expect(asked(firstLog)).toEqual(['x^2', 'x^3', 'x^4', 'x^5', 'x^6', 'x^7']);
    expect(second.problems).toBe(6);
    expect(second.budget.target_calls).toBe(6);
    expect(readFileSync(journalPath, 'utf8').trim().split('\n')).toHaveLength(1 + 6);

    const whole = await withTarget(join(work, 'whole.log'), (target) => runEval(readEvalProblems(problemsFile), options, { target, verify }));
    expect(second.metrics).toEqual(whole.metrics);
    expect(second.results.map((r) => r.correct)).toEqual(whole.results.map((r) => r.correct));
  });

  test('a journal made for another target or other settings is refused, not mixed in', async () => {
    const journalPath = join(work, 'other.journal.jsonl');
    writeFileSync(journalPath, JSON.stringify({ format: 1, target: 'algebrite', target_settings: { time_limit_ms: 5000 } }) + '\n');
    await withTarget(join(work, 'refused.log'), async (target) => {
      expect(() => openEvalJournal(journalPath, header(target))).toThrow(EvalJournalMismatchError);
    });
    expect(asked(join(work, 'refused.log'))).toEqual([]);
  });
});
