import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exitCodes.js';
import type { EvalReport } from '../../src/eval/evalTypes.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import { sagga } from '../helpers/cliInProcess.js';

/*
 * `sagga eval` as a CI gate: --fail-under makes the exit status say whether the model is good
 * enough, --junit writes one test case per problem. The model answers x^2/2 to everything (inside
 * text that XML must escape): right for x, wrong for the rest.
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-eval-gate-'));
const problems = join(work, 'problems.jsonl');
writeFileSync(
  problems,
  [
    { id: 'first <x>', problem: 'x' },
    { id: 'twice', problem: '2*x' },
    { id: 'square', problem: 'x^2' },
    { id: 'again', problem: 'x', family: 'plain' },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n',
);
const model = `cmd:node tests/fixtures/cmd/fixed-answers.mjs '${JSON.stringify(['The answer is \\boxed{x^2/2} <&">\u0007'])}'`;
const evaluate = (args: string[]) => sagga(['eval', '--target', model, '--problems', problems, '--no-canaries', ...args]);

/** The test cases of a JUnit file, read by Python's own XML parser. */
function junitCases(path: string): {
  suite: Record<string, string>;
  cases: Array<{ name: string; classname: string; failure: { type: string; message: string; text: string } | null; skipped: boolean }>;
} {
  const script = `
import json, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suite = root.find('testsuite')
cases = []
for c in suite.findall('testcase'):
    f = c.find('failure')
    cases.append({'name': c.get('name'), 'classname': c.get('classname'), 'skipped': c.find('skipped') is not None,
                  'failure': None if f is None else {'type': f.get('type'), 'message': f.get('message'), 'text': f.text or ''}})
print(json.dumps({'suite': dict(suite.attrib), 'cases': cases}))`;
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, path], { encoding: 'utf8' })) as ReturnType<typeof junitCases>;
}

describe('sagga eval --fail-under and --junit', () => {
  it('exits 1 when a metric is below its threshold, 0 when every one is met; says which', async () => {
    const met = await evaluate(['--fail-under', 'pass@1=0.5', '--fail-under', 'ALL@N=0.5']);
    expect(met.stderr).not.toMatch(/below/);
    expect(met.status, met.stderr).toBe(EXIT.ok);
    const missed = await evaluate(['--fail-under', 'pass@1=0.6', '--fail-under', 'PASS@N=0.5']);
    expect(missed.status).toBe(EXIT.failed);
    expect(missed.stderr).toContain('sagga eval: pass@1 = 0.5000 is below --fail-under pass@1=0.6');
    expect(missed.stderr).not.toMatch(/PASS@N = .* is below/);
    const percent = await evaluate(['--fail-under', 'Pass@1=60%']);
    expect(percent.status).toBe(EXIT.failed);
    // Fail@1 is a rate of failures: 2 of 4 here.
    const failRate = await evaluate(['--fail-under', 'fail@1=0.8', '--json']);
    expect((JSON.parse(failRate.stdout) as EvalReport).metrics['fail@1'].value).toBe(0.5);
    expect(failRate.status).toBe(EXIT.failed);
  }, 60_000);

  it('a threshold it cannot check is a usage error before anything is asked', async () => {
    const out = join(work, 'never.json');
    for (const [args, message] of [
      [['--fail-under', 'pass@4=0.5'], /--fail-under pass@4: not a metric of this evaluation \(pass@1, fail@1, PASS@N, ALL@N/],
      [['--fail-under', 'pass@1'], /expected METRIC=VALUE/],
      [['--fail-under', 'pass@1=1.5'], /expected METRIC=VALUE with VALUE in \[0, 1\]/],
    ] as const) {
      const r = await evaluate([...args, '--out', out]);
      expect(r.status, r.stderr).toBe(EXIT.usage);
      expect(r.stderr).toMatch(message);
      expect(existsSync(`${out}.journal.jsonl`)).toBe(false);
    }
  });

  it('--junit: one test case per problem, a failure element for each failed one, the model text escaped', async () => {
    const junit = join(work, 'eval.xml');
    const out = join(work, 'eval.json');
    const r = await evaluate(['--junit', junit, '--out', out]);
    expect(r.status, r.stderr).toBe(EXIT.ok);
    const report = JSON.parse(readFileSync(out, 'utf8')) as EvalReport;
    const { suite, cases } = junitCases(junit);
    expect(cases).toHaveLength(report.results.length);
    expect(cases).toHaveLength(4);
    expect(suite).toMatchObject({ tests: '4', failures: '2', skipped: '0' });
    for (const result of report.results) {
      const c = cases.find((x) => x.name === `${result.id}: ${result.problem}`);
      expect(c, result.id).toBeDefined();
      // Failed exactly when the model's answer is not an antiderivative, by the verifier's own check.
      const right = verifyStrings(result.problem, 'x^2/2').verdict === 'correct';
      expect(c!.failure === null, result.id).toBe(right);
      if (!right) {
        expect(c!.failure!.type).toBe('wrong');
        expect(c!.failure!.message).toMatch(/^Fail@1: wrong: /);
        expect(c!.failure!.text).toContain('The answer is \\boxed{x^2/2} <&">');
        expect(c!.failure!.text).not.toContain('\u0007');
      }
    }
    expect(cases.find((c) => c.name === 'again: x')!.classname).toBe('family: plain');
  });
});
