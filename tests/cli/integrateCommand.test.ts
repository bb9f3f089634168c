import { describe, expect, it } from 'vitest';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

const integrate = (args: string[]) => runBuiltCli(['integrate', ...args]);
/** A cmd: target that gives these answers to every problem (so it would fail the health check: --no-canaries). */
const fixed = (answers: string[]) => `cmd:node tests/fixtures/cmd/fixed-answers.mjs '${JSON.stringify(answers)}'`;

interface ProbeJson {
  ok: boolean;
  problem: string;
  outcome: string;
  answers: { status: string; text: string; answer?: string; verdict?: string; reason: string }[];
}

describe('sagga integrate', () => {
  it('nerdamer solves x·e^x: the answer, how it was read, the verdict; exit 0', async () => {
    const r = await integrate(['--target', 'nerdamer', 'x*exp(x)']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^∫ x\*exp\(x\) dx {3}nerdamer: solved\n/);
    const read = /read as: (.+)\n/.exec(r.stdout)![1];
    expect(verifyStrings('x*exp(x)', read, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
    expect(r.stdout).toMatch(/correct: F' = f at \d+ points/);
  }, 120_000);

  it("nerdamer's wrong answer to 612^(x^2) is read through its real form and found wrong; exit 1; --json", async () => {
    const r = await integrate(['--target', 'nerdamer', '612^x^2', '--json']);
    expect(r.status, r.stderr).toBe(1);
    const probe = JSON.parse(r.stdout) as ProbeJson;
    expect(probe).toMatchObject({ ok: true, problem: '612^x^2', outcome: 'wrong' });
    const [answer] = probe.answers;
    expect(answer.text).toContain('i');
    expect(answer.answer).not.toMatch(/\bi\b/);
    expect(answer.verdict).toBe('incorrect');
    expect(verifyStrings('612^x^2', answer.answer!, SEARCH_VERIFY_OPTIONS).verdict).toBe('incorrect');
  }, 120_000);

  it('Fail@k over a cmd: target: one correct answer among k solves; hostile text is neutralised for the terminal', async () => {
    const r = await integrate(['--target', fixed(['x^2 \u001b[31mred\u001b[0m', '\\boxed{x^3}', 'x^3/3']), '--no-canaries', '--k', '3', 'x^2']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('cmd:node tests/fixtures/cmd/fixed-answers.mjs');
    expect(r.stdout).not.toContain('\u001b');
    const verdicts = [...r.stdout.matchAll(/^ {4}(\w[\w-]*): /gm)].map((m) => m[1]);
    expect(verdicts).toEqual(['unparseable', 'incorrect', 'correct']);
  }, 120_000);

  it('an unreadable answer only is a failure (exit 1); an unreadable problem or a missing target is a usage error (exit 64)', async () => {
    const unreadable = await integrate(['--target', fixed(['I do not know how to do this one']), '--no-canaries', 'x']);
    expect(unreadable.status).toBe(1);
    expect(unreadable.stdout).toMatch(/: (unparseable|no-answer)\n/);

    const badProblem = await integrate(['--target', 'nerdamer', 'sin((']);
    expect(badProblem.status).toBe(64);
    expect(badProblem.stderr).toMatch(/sagga integrate: cannot read the problem/);
    expect(badProblem.stdout).toBe('');

    const noTarget = await integrate(['x']);
    expect(noTarget.status).toBe(64);
    expect(noTarget.stderr).toMatch(/--target is required/);
  }, 120_000);
});
