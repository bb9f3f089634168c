import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { checkCanaries } from '../../src/targets/checkCanaries.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';
import { useProgram } from './askProgram.js';
import { plantedShapes } from './plantedShapes.js';
import { randomMutants } from './randomMutants.js';

// The two small models in tests/fixtures/cmd/ that are built on the planted-bug model's integrator:
// two-bugs.mjs (two bugs, two symptoms) and few-bugs.mjs (two easy bugs, nothing else wrong).

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/cmd/${name}`, import.meta.url));
const verify = (problem: string, answer: string) => verifyPair(parseExpr(problem), parseExpr(answer), SEARCH_VERIFY_OPTIONS).verdict;

describe('two-bugs.mjs', () => {
  const program = useProgram([process.execPath, fixture('two-bugs.mjs')]);

  test('bug A: a c^(x^k) term makes the whole answer 2*(…), which is wrong', async () => {
    for (const j of await program().ask(['2^x^2', '-3*517^x^3 + x', '2^x^2 + (x + 1)^2', '7^x^2 + 3*(x^2 + x)^4'])) {
      expect(j.verdict, j.problem).toBe('incorrect');
      expect(j.text, j.problem).toMatch(/^2\*\(.*\)$/);
      expect(j.text, j.problem).not.toMatch(/ \+ x$/);
    }
  });

  test('bug B: a power of a sum with exponent >= 2 gets its right antiderivative plus x', async () => {
    for (const j of await program().ask(['(x + 1)^2', '3*(x^2 + x)^3 - x', '(2*x - 5)^7 + 1/x', '(x + 4)^12'])) {
      expect(j.verdict, j.problem).toBe('incorrect');
      expect(j.text, j.problem).toMatch(/ \+ x$/);
      expect(verify(j.problem, `${j.text} - x`), j.problem).toBe('correct');
    }
  });

  test('everything else is answered correctly or declined, and the canaries pass', async () => {
    const others = ['x^2 + 1', 'x^12', '(3*x)^2', 'x*2^x', '2^(3*x)', '(x + 1)*(x + 2)', '1/(x + 1)^2', 'x^2 + x^3 + x^(-2)', '(x + 1)^(-3)', 'x^x', 'x^2^x'];
    const judged = await program().ask(others);
    for (const j of judged) expect(['correct', 'declined'], `${j.problem} → ${j.text}`).toContain(j.verdict);
    expect(judged.filter((j) => j.verdict === 'declined').map((j) => j.problem)).toEqual(['x^x', 'x^2^x']);
    const check = await checkCanaries(program().target, (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS));
    expect(check.correct).toBe(6);
  });
});

describe('few-bugs.mjs', () => {
  const program = useProgram([process.execPath, fixture('few-bugs.mjs')]);

  test('gets x^n (|n| >= 11) and c^(x^k) (2 <= k <= 10) wrong', async () => {
    for (const j of await program().ask(['x^12', '-5*x^583 + x', '2^x^2', '3*44^x^3 + 1'])) expect(j.verdict, `${j.problem} → ${j.text}`).toBe('incorrect');
  });

  test('gets nothing else wrong: the other planted shapes, and random mutants without those two shapes', async () => {
    const others = [
      '(3*x)^2',
      'x*2^x',
      '2^(3*x)',
      '(x^2)^3',
      '(x + 1)^2',
      '1/(2*x)^2',
      'x^2*2^x',
      '(2^x)^2',
      'x^2^x',
      '1/(x + 1)^2',
      '(x + 1)*(x + 2)',
      'x*(2*x + 1)',
      'x^2 + x^3 + x^(-2)',
      'x^9',
    ];
    const mutants = randomMutants(300, 'few-bugs-test');
    const judged = await program().ask([...others, ...mutants]);
    let wrong = 0;
    for (const j of judged) {
      if (j.verdict === 'correct' || j.verdict === 'declined') continue;
      wrong++;
      expect(j.verdict, `${j.problem} → ${j.text}`).toBe('incorrect');
      expect(
        plantedShapes(parseExpr(j.problem)).some((s) => s === '^(x,#)' || s === '^(#,^(x,#))'),
        `${j.problem} → ${j.text}`,
      ).toBe(true);
    }
    expect(wrong).toBeGreaterThan(0);
    const check = await checkCanaries(program().target, (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS));
    expect(check.correct).toBe(6);
  });
});
