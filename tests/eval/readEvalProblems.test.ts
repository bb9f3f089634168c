import { afterAll, describe, expect, test } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatEvalMarkdown } from '../../src/eval/formatEvalMarkdown.js';
import { readEvalProblems } from '../../src/eval/readEvalProblems.js';
import { runEval } from '../../src/eval/runEval.js';
import { createTarget } from '../../src/targets/registry.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

const verify = (p: Parameters<typeof verifyPair>[0], a: Parameters<typeof verifyPair>[1]) => verifyPair(p, a, SEARCH_VERIFY_OPTIONS);
const RUN = 'tests/fixtures/eval/nerdamer-run';

describe('the problems of sagga eval', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-evalproblems-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test('a run directory is replayed through its archive, each line by its minimal problem when it has one', () => {
    const dir = join(work, 'run');
    mkdirSync(dir);
    copyFileSync(join(RUN, 'config.json'), join(dir, 'config.json'));
    const lines = readFileSync(join(RUN, 'archive.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // As a shrinking search writes it: the smallest problem that still fails is under `minimal`.
    lines[2] = { ...lines[2], minimal: { ...(lines[2].minimal as object), problem: 'x*sin(4*x)', nodes: 5 } };
    writeFileSync(join(dir, 'archive.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const { problems, source } = readEvalProblems(dir);
    expect(source.kind).toBe('run');
    expect(problems.map((p) => p.id)).toEqual(lines.map((l) => l.id));
    expect(problems[2].problem).toBe('x*sin(4*x)');
    expect(problems[2].archived).toEqual({ kind: 'wrong', target: 'nerdamer', minimal: true });
    expect(problems[0].problem).toBe((lines[0].minimal as { problem: string }).problem);
    // The archive file alone is read as an archive too.
    expect(readEvalProblems(join(dir, 'archive.jsonl')).problems.map((p) => p.problem)).toEqual(problems.map((p) => p.problem));
  });

  test('a problem file gives groups by source and family; unreadable lines are named, not guessed', async () => {
    const file = join(work, 'problems.jsonl');
    writeFileSync(
      file,
      [
        '{"id": "a", "problem": "x^2", "family": "power"}',
        '{"id": "b", "problem": "x^3", "family": "power", "source": "mine"}',
        '{"id": "c", "problem": "x^4", "family": "quartic"}',
        '{"id": "d", "problem": "import(\\"fs\\")", "family": "power"}',
        'not json {',
        'x^5',
      ].join('\n') + '\n',
    );
    const input = readEvalProblems(file);
    expect(input.problems.map((p) => [p.id, p.problem, p.groups])).toEqual([
      ['a', 'x^2', ['family: power']],
      ['b', 'x^3', ['source: mine', 'family: power']],
      ['c', 'x^4', ['family: quartic']],
      ['line-6', 'x^5', []],
    ]);
    // `not json {` is read as an expression line, and refused by the parser like the import.
    expect(input.source.warnings).toHaveLength(2);
    expect(input.source.warnings[0]).toMatch(/problems\.jsonl:4: skipped, cannot parse the problem/);
    expect(input.source.warnings[1]).toMatch(/problems\.jsonl:5: skipped, cannot parse the problem/);

    // x^m gets m mod 2 right answers of 1 (known-successes.mjs): x^3 and x^5 are solved.
    const target = await createTarget('cmd:node tests/fixtures/cmd/known-successes.mjs', { concurrency: 1 });
    try {
      const report = await runEval(input, { n: 1, ks: [1], rngSeed: 'g' }, { target, verify });
      expect(report.groups['family: power']).toMatchObject({ problems: 2 });
      expect(report.groups['family: power'].metrics['pass@1'].value).toBe(0.5);
      expect(report.groups['family: quartic'].metrics['pass@1'].value).toBe(0);
      expect(report.groups['source: mine'].metrics['pass@1'].value).toBe(1);
      expect(report.worst_group).toBe('family: quartic');
      expect(report.transfer).toBeNull();
      const md = formatEvalMarkdown(report);
      expect(md).toContain('Worst group: family: quartic (pass@1 0.0 %');
      expect(md).toMatch(/\| family: power \| 2 \| 50\.0 % \[/);
    } finally {
      await target.close();
    }
  });
});
