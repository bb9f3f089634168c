import { describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../src/expr/functions.js';
import { ParseError, parseExpr } from '../../src/expr/parse.js';
import { parseWithMathjs } from '../../src/expr/parseWithMathjs.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { equals, type Expr } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import type { TextReader } from '../../src/verify/types.js';
import { CROSSED, HANDWRITTEN } from '../answer/corpus.js';
import { randomExpr } from './helpers/randomExpr.js';

type Outcome = { readonly expr: Expr } | { readonly refusal: string; readonly message: string };

function outcome(read: (text: string) => Expr, text: string): Outcome {
  try {
    return { expr: read(text) };
  } catch (err) {
    // Anything but a ParseError (a RangeError from mathjs's recursion, a TypeError) fails the test.
    if (!(err instanceof ParseError)) throw err;
    return { refusal: err.refusal ?? 'text', message: err.message };
  }
}

/** Both readers accept with the same tree, or both refuse for the same kind of reason. */
function expectSameReading(text: string): void {
  const hand = outcome(parseExpr, text);
  const mathjs = outcome(parseWithMathjs, text);
  if ('expr' in hand && 'expr' in mathjs) {
    expect(equals(hand.expr, mathjs.expr), `${JSON.stringify(text)}: ${toInfix(hand.expr)} vs ${toInfix(mathjs.expr)}`).toBe(true);
  } else {
    expect({ text, accepted: 'expr' in mathjs, refusal: 'refusal' in mathjs ? mathjs.refusal : undefined }).toEqual({
      text,
      accepted: 'expr' in hand,
      refusal: 'refusal' in hand ? hand.refusal : undefined,
    });
  }
}

function refusal(text: string): ParseError {
  try {
    parseWithMathjs(text);
  } catch (err) {
    if (err instanceof ParseError) return err;
    throw err;
  }
  throw new Error(`${JSON.stringify(text)} was accepted`);
}

/** Other spellings of the same text that both readers take: SymPy's **, Unicode operators and spaces. */
function respell(text: string, k: number): string {
  switch (k % 4) {
    case 0:
      return text;
    case 1:
      return text.replaceAll('^', '**');
    case 2:
      return text.replaceAll(' - ', ' \u2212 ').replaceAll('*', '\u00b7').replaceAll(' ', '\u00a0');
    default:
      return text.replaceAll(' ', '').replaceAll('^', ' ** ');
  }
}

describe('parseWithMathjs reads what parseExpr reads', () => {
  it('gives the same tree for random trees printed to infix, in every spelling', () => {
    const rng = createRng('parseWithMathjs').fork('trees');
    let checked = 0;
    for (let k = 0; k < 600; k++) {
      const e = randomExpr(rng, { maxDepth: 6, functions: ALL_FUNCTIONS, literals: k % 2 === 0 ? 'small' : 'wide', exponents: 'any' });
      const text = respell(toInfix(e), k);
      expectSameReading(text);
      checked++;
    }
    expect(checked).toBe(600);
  });

  it.each([
    '2x', '2 x', '3(x+1)', '(x+1)(x-1)', 'x sin(x)', '2e', '2e-x', '2E3', '.5x', '5.', 'x(x+1)', 'x(x+1)^2', '2^-x^2', '-x^2',
    '-2x', '1/2x', 'cos(x)(2)', '(x)(1)(2)', 'x/2x', 'x/2 y', 'x/2x/3', 'x/2x^2 y', '1/2x(x+1)', '2x(x+1)^2', 'x/(2x)', '2 3', 'x^2 3', '--x', '-+-x', 'x**2**3', 'log(x, 2)', 'log10(x)', 'log2(x, 3)', 'ln(x)',
    'Rational(1, 3)', 'Rational(-1, 3)*x', 'Rational(1, 0)', 'Rational(x, 2)', 'binomial(x, 3)', 'binomial(x, 0)', 'binomial(x, 21)',
    'sin^2(x)', 'sin x', 'sin', 'sin()', 'sin(x, 2)', 'atan2(x, 1)', 'Piecewise((x, x > 0), (0, True))', 'I*x', 'oo', 'x + C', 'E**x',
    'π x', 'x\u00d7x', 'x\u00f7 2', '\u2212x', 'x\u2009+\u20091', '0x10', '0b11', '1e400', '1e-400', '1' + '0'.repeat(41), '0.' + '0'.repeat(45) + '1',
    'x#comment', 'x\n+1', 'x\r\n- 1', 'x;1', 'x!', "x'", 'x %2', 'x mod 2', '', '   ', '()', 'x)', '(x', 'x +', '* x', 'x..2', '1.2.3',
  ])('agrees on %j', (text) => {
    expectSameReading(text);
  });

  it('agrees on the exact integers a CAS prints, with the answer-reading limits', () => {
    const limits = { maxAbsLiteral: 1e300, maxLiteralDigits: 320, maxExactIntegerDigits: 5_000 };
    const p = '7'.repeat(400);
    const q = '3'.repeat(399);
    for (const text of [`${p}*x/${q}`, `-${p}*x^2/${q}`, `Rational(${p}, ${q})`, `x + ${p}`, `${p}/${q}`, `${'9'.repeat(5001)}*x`]) {
      const hand = outcome((t) => parseExpr(t, limits), text);
      const mathjs = outcome((t) => parseWithMathjs(t, limits), text);
      if ('expr' in hand && 'expr' in mathjs) expect(equals(hand.expr, mathjs.expr)).toBe(true);
      else expect(['expr' in mathjs, 'refusal' in mathjs && mathjs.refusal]).toEqual(['expr' in hand, 'refusal' in hand && hand.refusal]);
    }
  });

  it('agrees on every answer of the answer-reading corpus', () => {
    const expected = [...HANDWRITTEN, ...CROSSED].flatMap((c) => ('expected' in c ? [c.expected] : []));
    expect(expected.length).toBeGreaterThan(50);
    for (const text of expected) expectSameReading(text);
  });
});

describe('parseWithMathjs refuses mathjs syntax by node type', () => {
  it.each([
    ['a = 1', /assignment/],
    ['f(x) = x', /function definition/],
    ['x.constructor', /property access/],
    ['a.b', /property access/],
    ['cos(x)[1]', /indexing/],
    ['[1, 2]', /matrices/],
    ['{a: 1}', /objects/],
    ['1:3', /ranges/],
    ['x > 0 ? 1 : 2', /conditionals/],
    ['x < 1', /operator '<'/],
    ['0 < x < 1', /comparisons/],
    ['"x"', /strings/],
    ["'x'", /strings/],
    ['true', /not a value/],
    ['import(x)', /unknown function 'import'/],
    ['evaluate("1+1")', /unknown function 'evaluate'|strings/],
    ['foo(x)', /unknown function 'foo'/],
    ['5 cm', /unknown name 'cm'/],
    ['x & 1', /operator '&'/],
    ['x!', /operator '!'/],
    ['x .* 2', /operator '\.\*'/],
    ['not x', /operator 'not'/],
    ['__proto__', /unknown name/],
    ['x[1](2)', /only named functions/],
  ])('%j', (text, message) => {
    const err = refusal(text);
    expect(err.message).toMatch(message);
    expect(err.refusal).toBeUndefined();
  });

  it.each([
    ['100,000 nested parentheses', '('.repeat(100_000) + 'x' + ')'.repeat(100_000)],
    ['nested negations', '-('.repeat(5_000) + 'x' + ')'.repeat(5_000)],
    ['a run of minus signs', '-'.repeat(19_000) + 'x'],
    ['a run of plus signs', '+'.repeat(19_000) + 'x'],
    ['a tower of powers', 'x^'.repeat(9_000) + 'x'],
    ['a tower of SymPy powers', 'x**'.repeat(6_000) + 'x'],
    ['negated exponents', 'x^-'.repeat(6_000) + 'x'],
    ['a long sum', 'x+'.repeat(1_000_000) + 'x'],
    ['a wide sum past the node limit', 'x+'.repeat(5_000) + 'x'],
  ])('bounds %s before mathjs recurses (a limit, never a crash)', (_name, text) => {
    const err = refusal(text);
    expect(err.refusal).toBe('limit');
  });

  it('keeps every verdict of the hostile-answer corpus', () => {
    const read: TextReader = (text) => {
      try {
        return { ok: true, expr: parseWithMathjs(text), reading: 'infix' };
      } catch (err) {
        return { ok: false, error: (err as Error).message, reading: 'infix' };
      }
    };
    const hostile = [
      'a = 5', 'f(x) = x^2', 'import({evil: 1})', 'createUnit("foo")', 'parse("x")', 'x.constructor', '__proto__', 'x["__proto__"]',
      'cos.constructor("globalThis.__pwned = 1")()', '[1, 2; 3, 4]', 'matrix([1,2])', '9^9^9^9', '10^100000', 'x\u200b^2', 'x\u202e^2',
      '\\input{/etc/passwd}', 'x\u0000^2', 'x; 1', 'process.exit(1)', 'require("fs")', '1000000!', '1:10', '5 cm', 'x > 0 ? 1 : 2', 'x == x',
    ];
    for (const answer of hostile) {
      const hand = verifyStrings('2*x', answer, { budgetMs: 5000 });
      const mathjs = verifyStrings('2*x', answer, { budgetMs: 5000, read });
      expect([answer, mathjs.verdict]).toEqual([answer, hand.verdict]);
      expect(['invalid', 'incorrect']).toContain(mathjs.verdict);
    }
    expect((globalThis as Record<string, unknown>).__pwned).toBeUndefined();
  });
});
