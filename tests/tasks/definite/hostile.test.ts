import { describe, expect, it } from 'vitest';
import { checkDefiniteConvergence } from '../../../src/tasks/definite/checkDefiniteConvergence.js';
import { parseBound } from '../../../src/tasks/definite/parseBound.js';
import { verifyDefiniteStrings } from '../../../src/tasks/definite/verifyDefiniteStrings.js';
import { parseExpr } from '../../../src/expr/parse.js';

// Every answer a model returns is hostile: each of these must end in a verdict, within its work budget.
const WORK = 50_000_000;

function verify(problem: string, lower: string, upper: string, answer: string) {
  const r = verifyDefiniteStrings(problem, lower, upper, answer, { work: WORK });
  expect(r.work ?? 0).toBeLessThanOrEqual(WORK);
  return r;
}

describe('hostile answers and bounds are refused or judged within the budget', () => {
  it('huge literals', () => {
    expect(verify('x', '0', '1', `1${'0'.repeat(10_000)}`).verdict).toBe('invalid');
    expect(verify('x', '0', '1', '1e999999999').verdict).toBe('invalid');
    expect(verify('x', '0', '1', `0.${'9'.repeat(5000)}`).verdict).toBe('invalid');
    expect(verify('x', '0', '1e400', '1').verdict).toBe('invalid');
    // Large but readable: judged, and wrong.
    expect(verify('x', '0', '1', '1e300').verdict).toBe('incorrect');
    expect(verify('x', '0', '1', '10^300').verdict).toBe('incorrect');
  });

  it('deep nesting and long answers', () => {
    expect(verify('x', '0', '1', `${'('.repeat(100_000)}1${')'.repeat(100_000)}`).verdict).toBe('invalid');
    expect(verify('x', '0', '1', `${'sin('.repeat(150)}1${')'.repeat(150)}`).verdict).toBe('incorrect');
    // 1000 terms that sum to 1/2 exactly.
    const terms = Array.from({ length: 1000 }, () => '1/2000').join(' + ');
    expect(verify('x', '0', '1', terms).verdict).toBe('correct');
    expect(verify('x', '0', '1', 'x'.repeat(30_000)).verdict).toBe('invalid');
  });

  it('answers whose value is astronomically large, tiny or undefined', () => {
    expect(verify('x', '0', '1', 'exp(exp(exp(100)))').verdict).toBe('incorrect');
    expect(verify('x', '0', '1', '1/0').verdict).toBe('incorrect');
    expect(verify('x', '0', '1', 'exp(-exp(100))').verdict).toBe('incorrect');
    expect(verify('x', '0', '1', '(-1)^(1/2)').verdict).not.toBe('correct');
    expect(verify('x', '0', '1', 'tan(pi/2)').verdict).not.toBe('correct');
  });

  it('a right closed form whose doubles overflow on the way (∞ − ∞) is never called incorrect', () => {
    // SymPy's exact value of ∫₀¹ exp(−x² − 533x) dx: e^71022 times a difference of erf values near 1.
    const answer = 'sqrt(pi)*exp(284089/4)*erf(535/2)/2 - sqrt(pi)*exp(284089/4)*erf(533/2)/2';
    expect(verify('exp(-(x^2 + 533*x))', '0', '1', answer).verdict).not.toBe('incorrect');
  });

  it('problems that explode, nest or oscillate without end stay within the budget', () => {
    expect(verify('exp(exp(exp(x)))', '0', '10', '1').verdict).toBe('unknown');
    expect(verify('sin(exp(x^2))', '0', '10', '0.5').verdict).toBe('unknown');
    expect(verify(`${'sin('.repeat(60)}x${')'.repeat(60)}`, '0', '1', '0.3').verdict).not.toBe('invalid');
    expect(verify('x^(10^6)', '0', '1', '1/(10^6 + 1)').verdict).not.toBe('incorrect');
  });

  it('the convergence check stays within its budget on the same', () => {
    for (const f of ['exp(exp(exp(x)))', 'sin(exp(x^2))', `${'sin('.repeat(60)}x${')'.repeat(60)}`, 'x^(10^6)']) {
      const lo = parseBound('0');
      const hi = parseBound('oo');
      if (!lo.ok || !hi.ok) throw new Error('bound');
      const r = checkDefiniteConvergence(parseExpr(f), lo.bound, hi.bound, 2_000_000);
      expect(typeof r.ok).toBe('boolean');
    }
  });
});
