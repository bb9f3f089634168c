import katex from 'katex';
import { describe, expect, test } from 'vitest';
import { parseLatex, tryParseLatex } from '../../src/answer/parseLatex.js';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { compileReal } from '../../src/expr/evalReal.js';
import { freeSymbols } from '../../src/expr/freeSymbols.js';
import { metrics } from '../../src/expr/metrics.js';
import { ARBITRARY_CONSTANTS, isParameterName, PARAMETER_LETTERS, type ParameterName } from '../../src/expr/parameters.js';
import { parseExpr, tryParseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { simplify } from '../../src/expr/simplify.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { toLatex } from '../../src/expr/toLatex.js';
import { toPrefix } from '../../src/expr/toPrefix.js';
import { add, mul, num, pow, sym, X } from '../../src/expr/types.js';
import { structuralVector } from '../../src/embed/structuralEmbedder.js';

const A = sym('A');
const B = sym('B');
const withA = { parameters: ['A'] as ParameterName[] };
const withAB = { parameters: ['A', 'B'] as ParameterName[] };
const read = (text: string, parameters: ParameterName[] = ['A', 'B', 'F', 'G']) => parseExpr(text, undefined, { parameters });

describe('parameter names', () => {
  test('a whitelist of capital letters, and C1 … C9', () => {
    for (const letter of ['A', 'B', 'F', 'G', 'K', 'Z']) expect(isParameterName(letter)).toBe(true);
    // Letters with a meaning of their own elsewhere are never parameters.
    for (const letter of ['C', 'D', 'E', 'I', 'N', 'O', 'Q', 'S', 'X', 'Y']) expect(isParameterName(letter)).toBe(false);
    expect(PARAMETER_LETTERS).toHaveLength(16);
    expect(ARBITRARY_CONSTANTS).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9']);
    for (const other of ['C0', 'C10', 'a', 'AB', 'x', 'pi', '']) expect(isParameterName(other)).toBe(false);
  });
});

describe('the infix reader and parameters', () => {
  test('without a list of parameters a capital letter is refused as before', () => {
    for (const text of ['A*x', 'x + B', 'sin(F*x)']) {
      const r = tryParseExpr(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/^unknown name '[ABF]' \(the only variable is x; constants are pi, e, Catalan, EulerGamma and zeta\(n\)\)$/);
    }
  });

  test('a listed parameter is a symbol; an unlisted one is refused, naming the ones given', () => {
    expect(parseExpr('A*x', undefined, withA)).toEqual(mul(A, X));
    expect(parseExpr('2A x^2', undefined, withA)).toEqual(mul(num(2), A, pow(X, num(2))));
    const r = tryParseExpr('A*x + B', undefined, withA);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(/unknown name 'B'/);
      expect(r.error.message).toMatch(/the symbols are x, A/);
      expect(r.error.message).toMatch(/not among the parameters given/);
      expect(r.error.position).toBe(6);
    }
  });

  test('A(x + 1) is a product, as x(x + 1) is; E, I and C keep their readings', () => {
    expect(read('A(x + 1)')).toEqual(mul(A, add(X, num(1))));
    expect(read('E')).toEqual(sym('e'));
    expect(tryParseExpr('I', undefined, withA).ok).toBe(false);
    expect(tryParseExpr('x + C', undefined, withA).ok).toBe(false);
  });

  test('C1 … C9 are read only when listed', () => {
    expect(tryParseExpr('C1*exp(x)').ok).toBe(false);
    expect(parseExpr('C1*exp(x) + C2', undefined, { parameters: ['C1', 'C2'] })).toEqual(
      add(mul(sym('C1'), { type: 'fn', name: 'exp', args: [X] }), sym('C2')),
    );
  });

  test('the LaTeX reader reads a listed letter as a parameter, and refuses it otherwise', () => {
    expect(parseLatex('\\frac{A}{x}', undefined, withA)).toEqual({ type: 'div', args: [A, X] });
    expect(tryParseLatex('\\frac{A}{x}').ok).toBe(false);
    // K is refused as an integration constant unless the problem has a parameter K.
    expect(tryParseLatex('K x').ok).toBe(false);
    expect(parseLatex('K x', undefined, { parameters: ['K'] })).toEqual(mul(sym('K'), X));
  });
});

describe('printing, keys and signatures of parameters', () => {
  const tree = add(mul(A, pow(X, num(2))), mul(num(3), B));

  test('infix prints the name, and reads back with the same list', () => {
    expect(toInfix(tree)).toBe('A*x^2 + 3*B');
    expect(parseExpr(toInfix(tree), undefined, withAB)).toEqual(tree);
  });

  test('LaTeX prints the letter (C1 as C_{1}) and KaTeX renders it', () => {
    expect(toLatex(tree)).toBe('A x^{2} + 3 B');
    expect(toLatex(mul(sym('C1'), X))).toBe('C_{1} x');
    expect(() => katex.renderToString(toLatex(add(mul(sym('C2'), X), A)), { throwOnError: true })).not.toThrow();
  });

  test('prefix tokens name the parameter', () => {
    expect(toPrefix(mul(A, X))).toEqual(['mul', 'A', 'x']);
  });

  test('canonical keys tell parameters apart from numbers and from each other', () => {
    expect(canonicalKey(read('A*x'))).toBe(canonicalKey(read('x*A')));
    expect(canonicalKey(read('A*x'))).not.toBe(canonicalKey(read('B*x')));
    expect(canonicalKey(read('A*x'))).not.toBe(canonicalKey(read('3*x')));
  });

  test('a parameter is structure in a signature, not a number; its letter does not matter', () => {
    expect(signature(read('A*x'))).toBe('*(@,x)');
    expect(signature(read('A*x'))).not.toBe(signature(read('3*x')));
    expect(signature(read('A*x'))).toBe(signature(read('B*x')));
    expect(signature(read('sin(A*x) + 7'))).toBe(signature(read('sin(F*x) - 2')));
    expect(signature(read('x^A'))).not.toBe(signature(read('x^2')));
  });

  test('metrics count a parameter as one leaf', () => {
    expect(metrics(read('A*x'))).toMatchObject({ nodes: 3, depth: 2, chars: 3, tokens: 3 });
  });

  test('simplification keeps a parameter as a symbol', () => {
    expect(toInfix(simplify(read('A*x + 0')))).toBe('A*x');
    expect(toInfix(simplify(read('1*A^1')))).toBe('A');
  });

  test('the structural embedding keeps its size and tells A*x from 3*x', () => {
    const a = structuralVector(read('A*x'));
    const n = structuralVector(read('3*x'));
    expect(a.length).toBe(n.length);
    let same = true;
    for (let i = 0; i < a.length; i++) same &&= a[i] === n[i];
    expect(same).toBe(false);
  });

  test('freeSymbols lists the parameters in order and the ODE unknowns', () => {
    const e = parseExpr("G*y'' + A*y + C2 + B", undefined, { parameters: ['A', 'B', 'G', 'C2'], odeUnknown: true });
    expect(freeSymbols(e)).toEqual({ parameters: ['A', 'B', 'G', 'C2'], unknowns: ['y', "y''"] });
    expect(freeSymbols(read('x + pi'))).toEqual({ parameters: [], unknowns: [] });
  });

  test('the real evaluator has no value for a parameter', () => {
    expect(compileReal(read('A*x'))).toBeUndefined();
    expect(compileReal(read('2*x'))?.(3)).toBe(6);
  });
});
