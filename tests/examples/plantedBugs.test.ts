import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { checkCanaries } from '../../src/targets/checkCanaries.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';
import { sagga } from '../helpers/cliInProcess.js';
import { listBugs, useProgram, type Judged } from './askProgram.js';
import { plantedShapes } from './plantedShapes.js';
import { oneDeletions } from './oneDeletions.js';
import { randomMutants } from './randomMutants.js';

// The real program, spoken to through sagga's own cmd: target, its answers judged by sagga's
// verifier. It reads problems with sagga's parser from dist/ (`npm test` builds it first).

const PROGRAM = fileURLToPath(new URL('../../examples/cmd-target/planted-bugs.mjs', import.meta.url));

const program = useProgram([process.execPath, PROGRAM]);
const ask = (problems: readonly string[]): Promise<Judged[]> => program().ask(problems);

describe('--list-bugs', () => {
  test('lists at least fourteen bugs, each with its own id, one signature no other bug has, and an example of that signature', () => {
    const bugs = listBugs(PROGRAM);
    expect(bugs.length).toBeGreaterThanOrEqual(14);
    expect(new Set(bugs.map((b) => b.id)).size).toBe(bugs.length);
    const signatures = bugs.flatMap((b) => b.signatures);
    expect(new Set(signatures).size).toBe(signatures.length);
    for (const bug of bugs) {
      expect(bug.signatures, bug.id).toEqual([signature(parseExpr(bug.example))]);
      // Written as the search writes problems, so a bench can match archived problems too.
      expect(toInfix(parseExpr(bug.example)), bug.id).toBe(bug.example);
      expect(bug.description.length, bug.id).toBeGreaterThan(10);
    }
  });
});

describe('each planted bug', () => {
  const bugs = listBugs(PROGRAM);

  test('answers its example wrongly: the verifier calls the answer incorrect, and `sagga check` exits 1', async () => {
    const judged = await ask(bugs.map((b) => b.example));
    const answers = new Set<string>();
    for (const [i, j] of judged.entries()) {
      expect(j.verdict, `${bugs[i].id}: ${j.problem} → ${j.text}`).toBe('incorrect');
      answers.add(j.text!);
      // The CLI's program in this process: one spawn per bug would cost a second of loading each.
      const check = await sagga(['check', j.problem, j.text!]);
      expect(check.status, `${bugs[i].id}: ${check.stdout}${check.stderr}`).toBe(1);
    }
    expect(answers.size).toBe(bugs.length);
  });

  test('has a 1-minimal example: every deletion of one term or factor is answered correctly or declined', async () => {
    let probed = 0;
    for (const bug of bugs) {
      // x^12 or 2^x^2 has no term or factor to delete; (3*x)^2 has 3, (x + 1)*(x + 2) has four.
      const smaller = oneDeletions(bug.example);
      probed += smaller.length;
      for (const j of await ask(smaller)) expect(['correct', 'declined'], `${bug.id}: ${j.problem} → ${j.text}`).toContain(j.verdict);
    }
    expect(probed).toBeGreaterThanOrEqual(15);
  });

  test('fires on its shape with other numbers and beside other terms, with the same answer each time it is asked', async () => {
    // One per bug, in the order --list-bugs gives them.
    const variants = [
      '-7*x^583 + 3*x - 2',
      '5*13^x^3 + x',
      '-(41*x)^9',
      '17^(-5*x + 3) + x^2',
      '(3^x)^9 - x',
      'x^9*5^x',
      '9/(x + 2)^5 + 4',
      '-3/(x^2 + 13)',
      '4*2^7^x + x',
      '(x - 5)*3^x',
      '(x - 7)/(x + 3)',
      '-5/(x^2 - x - 30) + x',
      'x/(x^2 - x + 7)',
      '2/((x - 3)*(x + 4))',
      '(x - 2)^3*(x + 5)^2',
      '-6/(3^x - 2)',
      '7/(x^2*(x - 4))',
      '5^x/(x - 9)',
      'x^5/(x + 4) + 1',
    ];
    expect(variants).toHaveLength(bugs.length);
    const first = await ask(variants);
    const again = await ask(variants);
    for (const [i, j] of first.entries()) {
      expect(j.verdict, `${j.problem} → ${j.text}`).toBe('incorrect');
      expect(again[i].text).toBe(j.text);
    }
  });
});

describe('everything else', () => {
  test('the six canary problems are answered correctly, so the program passes the start-up check', async () => {
    const check = await checkCanaries(program().target, (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS));
    expect(check.ok).toBe(true);
    expect(check.correct).toBe(6);
  });

  test('the class it integrates is answered correctly, near the bugs included', async () => {
    const problems = [
      '3*x^2 + 2*x - 7',
      'x^9',
      'x^10',
      '5/x',
      '7/x^2',
      'x^(-3)',
      'x^(-10) + 1',
      'x^2*x*x',
      '3^x',
      '2^(x + 1)',
      '(1/2)^x',
      '2^(-x)',
      'exp(2*x)',
      'x*exp(x)',
      'x^3*exp(-x)',
      'x*2^x',
      '(x + 1)^3*x',
      '(x + 1)^10',
      '(x + 1)^2',
      '1/(x + 2)',
      '1/(x - 5)',
      '1/(3*x)',
      '(x^2 + x + 1)^3',
      '(x^2 + 1)^2',
      '(x - 3)*(x + 8)',
      '(x^2)^(-3)',
      '(x^3 + 2*x)*(x - 1)',
      'x^2 + x^3',
      'x*(x + 1)^2',
      'x^2*(x + 3)^2',
      '(x + 1)/x',
      '(2^x)^(-1)',
      '2^x + 3^(x - 4)',
      'sin(2*x + 1)',
      'cos(x) + x',
    ];
    for (const j of await ask(problems)) expect(j.verdict, `${j.problem} → ${j.text}`).toBe('correct');
  });

  test('on random mutants of the default seeds every answer is correct or comes from a planted shape, and most are answered', async () => {
    const termSignatures = new Set(listBugs(PROGRAM).flatMap((b) => b.signatures));
    const judged = await ask(randomMutants(400, 'planted-bugs-test'));
    for (const j of judged) {
      if (j.verdict === 'correct' || j.verdict === 'declined') continue;
      expect(j.verdict, `${j.problem} → ${j.text}`).toBe('incorrect');
      expect(
        plantedShapes(parseExpr(j.problem)).some((s) => termSignatures.has(s)),
        `${j.problem} → ${j.text}`,
      ).toBe(true);
    }
    expect(judged.some((j) => j.verdict === 'incorrect')).toBe(true);
    const declined = judged.filter((j) => j.verdict === 'declined').length;
    expect(declined / judged.length).toBeLessThan(0.15);
    expect(judged.filter((j) => j.verdict === 'correct').length / judged.length).toBeGreaterThan(0.8);
  });
});

describe('whatever it is sent', () => {
  test('answers every request with an id, survives the rest, and still answers correctly afterwards', async () => {
    const child = spawn(process.execPath, [PROGRAM], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let buffered = '';
    child.stdout.on('data', (c: Buffer) => {
      buffered += c.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      lines.push(...parts);
    });
    const requests = [
      'not json at all',
      '{}',
      'null',
      '[1, 2]',
      JSON.stringify({ id: 'no-problem' }),
      JSON.stringify({ id: 'number', problem: 42 }),
      JSON.stringify({ id: 'syntax', problem: 'x^^2 +' }),
      JSON.stringify({ id: 'unknown-function', problem: 'frobnicate(x)' }),
      JSON.stringify({ id: 'deep', problem: `${'('.repeat(5000)}x${')'.repeat(5000)}` }),
      JSON.stringify({ id: 'long', problem: `${'x + '.repeat(20000)}x` }),
      JSON.stringify({ id: 'huge-power', problem: '(x^2 + x + 1)^1000000' }),
      JSON.stringify({ id: 'huge-exponent', problem: 'x^(10^300)' }),
      JSON.stringify({ id: 'huge-base', problem: '999999999999999^x' }),
      JSON.stringify({ id: 'pi', problem: 'pi*x' }),
      JSON.stringify({ id: 7, problem: 'sin(' }),
      JSON.stringify({ id: 'fine', problem: 'x^2 + 1' }),
    ];
    for (const r of requests) child.stdin.write(`${r}\n`);
    child.stdin.end();
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code).toBe(0);
    const replies = new Map(lines.map((l) => JSON.parse(l) as { id: string | number; answers: string[] }).map((r) => [r.id, r]));
    expect([...replies.keys()].sort()).toEqual(
      ['deep', 'fine', 'huge-base', 'huge-exponent', 'huge-power', 'long', 'no-problem', 'number', 'pi', 'syntax', 'unknown-function', 7].sort(),
    );
    expect(replies.size).toBe(lines.length);
    for (const id of ['no-problem', 'number', 'syntax', 'unknown-function', 'deep', 'long', 'huge-power', 'pi', 7])
      expect(replies.get(id)!.answers, String(id)).toEqual([]);
    const fine = replies.get('fine')!.answers;
    expect(fine).toHaveLength(1);
    expect(verifyPair(parseExpr('x^2 + 1'), parseExpr(fine[0]), SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
  });
});
