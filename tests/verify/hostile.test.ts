import { describe, expect, it } from 'vitest';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

/** A wide budget: verdicts are what is checked, and the default 50 ms per pair is wall time a loaded machine can use up. */
const ROOMY = { budgetMs: 5000 };

// Answers a hostile or broken model could return. Each must be refused by the whitelisting parser
// (`invalid`) or, if it happens to be a harmless expression, judged `incorrect`; nothing may run.
const nested = '('.repeat(10_000) + 'x' + ')'.repeat(10_000);
const corpus: readonly [string, string][] = [
  ['assignment', 'a = 5'],
  ['function definition', 'f(x) = x^2'],
  ['mathjs import', 'import({evil: 1})'],
  ['createUnit', 'createUnit("foo")'],
  ['evaluate', 'evaluate("1+1")'],
  ['parse', 'parse("x")'],
  ['constructor access', 'x.constructor'],
  ['constructor call', 'constructor("return process")()'],
  ['__proto__', '__proto__'],
  ['proto property', 'x["__proto__"]'],
  ['Function constructor', 'cos.constructor("globalThis.__pwned = 1")()'],
  ['matrix', '[1, 2; 3, 4]'],
  ['matrix 2', 'matrix([1,2])'],
  ['string', '"x^2"'],
  ['single-quoted string', "'x'"],
  ['tower of powers', '9^9^9^9'],
  ['huge literal power', '10^100000'],
  ['huge literal', '1' + '0'.repeat(400)],
  ['nested parentheses', nested],
  ['2 MB string', 'x+'.repeat(1_000_000) + 'x'],
  ['zero-width space', 'x\u200b^2'],
  ['bidi override', 'x\u202e^2'],
  ['LaTeX input', '\\input{/etc/passwd}'],
  ['LaTeX def', '\\def\\x{1}'],
  ['LaTeX write18', '\\immediate\\write18{rm -rf /}'],
  ['NUL byte', 'x\u0000^2'],
  ['object literal', '{a: 1}'],
  ['semicolon chain', 'x; 1'],
  ['process', 'process.exit(1)'],
  ['require', 'require("fs")'],
  ['unknown function', 'foo(x)'],
  ['factorial blow-up', '1000000!'],
  ['ranges', '1:10'],
  ['unit', '5 cm'],
  ['ternary', 'x > 0 ? 1 : 2'],
  ['bitwise', 'x & 1'],
  ['comparison', 'x == x'],
  ['transpose', "x'"],
];

describe('hostile answers', () => {
  const results = corpus.map(([name, answer]) => {
    const r = verifyStrings('2*x', answer, ROOMY);
    return { name, ...r };
  });

  it.each(results.map((r) => [r.name, r] as const))('%s is refused or judged incorrect', (_name, r) => {
    expect(['invalid', 'incorrect']).toContain(r.verdict);
    expect(r.reason.length).toBeGreaterThan(5);
  });

  it('executes nothing', () => {
    expect((globalThis as Record<string, unknown>).__pwned).toBeUndefined();
  });

  it('the same hostile strings as problems are refused too', () => {
    for (const [, text] of corpus) {
      const r = verifyStrings(text, 'x', ROOMY);
      expect(['invalid', 'incorrect', 'unknown']).toContain(r.verdict);
    }
  });

  it('a wrong but harmless answer in the middle of hostile ones is still judged on its merits', () => {
    expect(verifyStrings('2*x', 'x^2', ROOMY).verdict).toBe('correct');
    expect(verifyStrings('2*x', 'x^3', ROOMY).verdict).toBe('incorrect');
  });
});
