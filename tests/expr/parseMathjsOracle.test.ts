import { create, all } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { ELEMENTARY_FUNCTIONS, type FnName } from '../../src/expr/functions.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { createRng } from '../../src/util/rng.js';
import { close, evaluate } from './helpers/evaluate.js';
import { randomExpr } from './helpers/randomExpr.js';

// mathjs as an independent reader and evaluator of texts this test makes itself (never of input
// from outside): where mathjs and sagga read the same text, both must give the same number.
const mathjs = create(all);

/** mathjs's value of a text at x, or undefined where it is not a finite real number. */
function mathjsValue(text: string, x: number): number | undefined {
  let v: unknown;
  try {
    v = mathjs.evaluate(text, { x });
  } catch {
    return undefined;
  }
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Other spellings sagga reads of the same text: SymPy's **, Unicode operators and spaces, no spaces. */
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

const POINTS = [0.37, 1.43, 2.61];
const FUNCTIONS: readonly FnName[] = [...ELEMENTARY_FUNCTIONS, 'erf', 'gamma'];

describe('parseExpr reads infix the way mathjs does', () => {
  it('on random trees printed to infix, in every spelling sagga reads', () => {
    const rng = createRng('parseMathjsOracle').fork('trees');
    let compared = 0;
    for (let k = 0; k < 600; k++) {
      const text = toInfix(randomExpr(rng, { maxDepth: 6, functions: FUNCTIONS, literals: 'small', exponents: 'tame' }));
      const ours = parseExpr(respell(text, k));
      for (const x of POINTS) {
        const theirs = mathjsValue(text, x);
        const mine = evaluate(ours, x);
        if (theirs === undefined || !Number.isFinite(mine)) continue;
        expect(close(mine, theirs, 1e-9), `${text} at x = ${x}: ${mine} vs mathjs ${theirs}`).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(900);
  });

  it.each([
    '2x',
    '2 x',
    '-2x',
    '3(x+1)',
    '(x+1)(x-1)',
    'x sin(x)',
    '2x^2',
    '2 pi x',
    '1/2x',
    '2^-x^2',
    '-x^2',
    '-2^2',
    '2^3^2',
    'x*2/3',
    'x/2/3',
    'x - -1',
    '+x',
    '-x*cos(x) + sin(x)',
    'e^x',
    'log(x, 2)',
    'log10(x)',
    'log2(x)',
    'sqrt(x)^3 cbrt(x)',
    '.5 + 5.',
    '1.5e3 x',
    'x \u2212 1',
    '2\u00d7x',
    '2\u00b7x',
    'x\u00f72',
    'exp(-x)*sin(x)/(1 + x^2)',
  ])('%j', (text) => {
    const ours = parseExpr(text);
    const mathjsText = text.replace('\u2212', '-').replace('\u00d7', '*').replace('\u00b7', '*').replace('\u00f7', '/');
    for (const x of POINTS) {
      const theirs = mathjsValue(mathjsText, x);
      expect(theirs, `mathjs reads ${text}`).toBeDefined();
      expect(close(evaluate(ours, x), theirs!, 1e-12), `${text} at x = ${x}`).toBe(true);
    }
  });

  it('reads an implied product after / as mathjs does not: every product binds like *', () => {
    // mathjs gives x/2x the reading x/(2x); sagga reads it (x/2)·x, as x/2*x, and says so in the README.
    for (const x of POINTS) {
      expect(close(evaluate(parseExpr('x/2x'), x), mathjsValue('x/2*x', x)!, 1e-12)).toBe(true);
      expect(close(mathjsValue('x/2x', x)!, mathjsValue('x/(2*x)', x)!, 1e-12)).toBe(true);
    }
  });
});
