import { describe, expect, test } from 'vitest';
import { instantiate } from '../../src/expr/edit/instantiate.js';
import type { ParameterName } from '../../src/expr/parameters.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { add, children, mul, num, pow, sym, X, type Expr } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { derivative } from '../../src/verify/derivative.js';
import { drawInstantiations } from '../../src/verify/drawInstantiations.js';
import { createComplexEvaluator } from '../../src/verify/evalComplex.js';
import { parseParameterAssumptions } from '../../src/verify/parameterAssumptions.js';
import { compileTape, UnboundSymbol } from '../../src/verify/tape.js';
import type { Verdict, VerifyResult } from '../../src/verify/types.js';
import { verifyOverInstantiations } from '../../src/verify/verifyOverInstantiations.js';
import { verifyPair } from '../../src/verify/verifyPair.js';
import { verifyPairOverParameters } from '../../src/verify/verifyPairOverParameters.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

const read = (text: string, parameters: ParameterName[] = ['A', 'B']): Expr => parseExpr(text, undefined, { parameters });

describe('parseParameterAssumptions', () => {
  test('letters with an assumption, positive by default', () => {
    expect(parseParameterAssumptions({ A: 'positive', B: 'real', F: null, G: '' })).toEqual({
      ok: true,
      parameters: { A: 'positive', B: 'real', F: 'positive', G: 'positive' },
    });
    expect(parseParameterAssumptions(undefined)).toEqual({ ok: true, parameters: {} });
  });

  test('anything else is refused with the rule', () => {
    const refused: Array<[unknown, RegExp]> = [
      [['A'], /an object/],
      ['A', /an object/],
      [{ C1: 'real' }, /arbitrary constant/],
      [{ E: 'positive' }, /not a parameter; a parameter is one of the capital letters A, B, F/],
      [{ a: 'positive' }, /not a parameter/],
      [{ A: 'complex' }, /assumptions are positive, negative, nonzero, real/],
      [{ A: 3 }, /assumed "3"/],
    ];
    for (const [raw, message] of refused) {
      const r = parseParameterAssumptions(raw);
      expect(r.ok, JSON.stringify(raw)).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    }
  });
});

describe('drawInstantiations', () => {
  const symbols = [
    ['A', 'positive'],
    ['B', 'negative'],
    ['F', 'nonzero'],
    ['G', 'real'],
  ] as const;
  const draws = drawInstantiations(symbols, 200, createRng('test'));

  test('the same generator draws the same values', () => {
    expect(drawInstantiations(symbols, 200, createRng('test'))).toEqual(draws);
    expect(drawInstantiations(symbols, 200, createRng('other'))).not.toEqual(draws);
  });

  test('each value within its assumption, with a magnitude in [1/10, 10] of three significant digits', () => {
    for (const d of draws) {
      expect(d.A!).toBeGreaterThan(0);
      expect(d.B!).toBeLessThan(0);
      for (const v of Object.values(d)) {
        expect(Math.abs(v)).toBeGreaterThanOrEqual(0.1);
        expect(Math.abs(v)).toBeLessThanOrEqual(10);
        expect(Number(Math.abs(v).toPrecision(3))).toBe(Math.abs(v));
      }
      expect(new Set(Object.values(d).map(Math.abs)).size).toBe(4);
    }
    // A nonzero or real parameter takes both signs.
    expect(draws.some((d) => d.F! > 0) && draws.some((d) => d.F! < 0)).toBe(true);
    expect(draws.some((d) => d.G! > 0) && draws.some((d) => d.G! < 0)).toBe(true);
  });

  test('never 1, nor within 0.02 of a simple fraction p/q with q ≤ 4', () => {
    for (const d of draws) {
      for (const v of Object.values(d)) {
        for (let q = 1; q <= 4; q++) expect(Math.abs(Math.abs(v) * q - Math.round(Math.abs(v) * q))).toBeGreaterThanOrEqual(0.02 * q - 1e-12);
      }
    }
  });
});

describe('instantiate and the evaluators', () => {
  test('puts numbers in place of the parameters that have one, sharing the rest', () => {
    const tree = read('A*x^2 + sin(x) - B');
    const done = instantiate(tree, { A: 2.37, B: -0.5 });
    expect(toInfix(done)).toBe('2.37*x^2 + sin(x) - (-0.5)');
    expect(instantiate(tree, {})).toBe(tree);
    const sinX = children(tree)[1];
    expect(toInfix(sinX)).toBe('sin(x)');
    expect(children(done)[1]).toBe(sinX);
    expect(toInfix(instantiate(tree, { A: 3 }))).toBe('3*x^2 + sin(x) - B');
    expect(() => instantiate(tree, { A: Infinity })).toThrow(/finite/);
  });

  test('a tape refuses a parameter without a value; the derivative of a parameter is 0', () => {
    expect(() => compileTape(read('A*x'))).toThrow(UnboundSymbol);
    expect(() => compileTape(read('A*x'))).toThrow(/A has no value/);
    const d = derivative(read('A*x^2 + B'));
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const value = createComplexEvaluator(compileTape(instantiate(d.expr, { A: 1.5, B: 7 })))(2);
    expect(value.re).toBeCloseTo(6, 12);
  });

  test("the derivative refuses an ODE's unknown", () => {
    const d = derivative(parseExpr("y' + x", undefined, { odeUnknown: true }));
    expect(d).toEqual({ ok: false, reason: expect.stringMatching(/unknown of an equation/) });
  });

  test('verifyPair refuses a pair with a parameter without a value as invalid', () => {
    expect(verifyPair(read('A*x'), read('A*x^2/2'))).toMatchObject({ verdict: 'invalid', reason: expect.stringMatching(/^problem: A has no value/) });
    expect(verifyPair(mul(num(2), X), read('A*x^2'))).toMatchObject({ verdict: 'invalid', reason: expect.stringMatching(/^answer: A has no value/) });
  });
});

describe('verifyOverInstantiations', () => {
  /** A task verifier that answers from a script, one verdict per instantiation, recording what it was given. */
  function scripted(verdicts: Verdict[]) {
    const seen: Array<Record<string, number>> = [];
    const verifyOne = (values: Record<string, number>): VerifyResult => {
      seen.push(values);
      return { verdict: verdicts[seen.length - 1], reason: `reason ${seen.length}`, ms: 0, work: 10 };
    };
    return { seen, verifyOne };
  }

  test('without parameters the one verdict is returned as it is', () => {
    const result: VerifyResult = { verdict: 'correct', reason: 'r', ms: 1 };
    const calls: object[] = [];
    expect(verifyOverInstantiations({}, (values) => (calls.push(values), result))).toBe(result);
    expect(calls).toEqual([{}]);
  });

  test('an incorrect instantiation ends the check and names its values', () => {
    const { seen, verifyOne } = scripted(['correct', 'unknown', 'incorrect', 'correct']);
    const r = verifyOverInstantiations({ A: 'positive', B: 'real' }, verifyOne);
    expect(seen).toHaveLength(3);
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toBe(`incorrect for A = ${seen[2].A}, B = ${seen[2].B}: reason 3`);
    expect(r.work).toBe(30);
  });

  test('the worst verdict wins: invalid over unknown over correct', () => {
    const a = scripted(['correct', 'unknown', 'invalid', 'correct']);
    expect(verifyOverInstantiations({ A: 'positive' }, a.verifyOne)).toMatchObject({ verdict: 'invalid', reason: `invalid for A = ${a.seen[2].A}: reason 3` });
    const b = scripted(['correct', 'unknown', 'correct', 'correct']);
    expect(verifyOverInstantiations({ A: 'positive' }, b.verifyOne)).toMatchObject({ verdict: 'unknown', reason: `unknown for A = ${b.seen[1].A}: reason 2` });
  });

  test('correct only when every instantiation is, naming them all', () => {
    const { seen, verifyOne } = scripted(['correct', 'correct', 'correct', 'correct']);
    const r = verifyOverInstantiations({ A: 'positive' }, verifyOne);
    expect(seen).toHaveLength(4);
    expect(r.reason).toBe(`correct for each of ${seen.map((v) => `A = ${v.A}`).join('; ')}: reason 1`);
    expect(verifyOverInstantiations({ A: 'positive' }, scripted(['correct', 'correct']).verifyOne, { instantiations: 2 }).verdict).toBe('correct');
  });
});

describe('integrate with parameters', () => {
  const positive = { A: 'positive' } as const;

  test('an answer right only for A = 1 is incorrect, and the reason names the instantiation', () => {
    const r = verifyPairOverParameters(read('A*x'), read('x^2/2'), positive);
    expect(r.verdict).toBe('incorrect');
    expect(r.reason).toMatch(/^incorrect for A = \d+(\.\d+)?: F' differs from f at x = /);
    const a = Number(/A = ([\d.]+)/.exec(r.reason)![1]);
    expect(a).not.toBe(1);
    expect(verifyPair(instantiate(read('A*x'), { A: a }), read('x^2/2')).verdict).toBe('incorrect');
    expect(verifyPair(instantiate(read('A*x'), { A: 1 }), read('x^2/2')).verdict).toBe('correct');
  });

  test('the right answer is correct for every instantiation', () => {
    const r = verifyPairOverParameters(read('A*x + exp(B*x)'), read('A*x^2/2 + exp(B*x)/B'), { A: 'positive', B: 'nonzero' });
    expect(r.verdict).toBe('correct');
    expect(r.reason).toMatch(/^correct for each of \(A = [\d.]+, B = -?[\d.]+\); /);
  });

  test('the assumption decides: abs(A) is A only for a positive A', () => {
    expect(verifyPairOverParameters(read('abs(A)*x'), read('A*x^2/2'), { A: 'positive' }).verdict).toBe('correct');
    expect(verifyPairOverParameters(read('abs(A)*x'), read('A*x^2/2'), { A: 'negative' })).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/^incorrect for A = -/),
    });
  });

  test("verifyStrings takes a line's parameters; without them a parameter is an unknown name", () => {
    expect(verifyStrings('A*x', 'x^2/2', { parameters: positive })).toMatchObject({
      verdict: 'incorrect',
      reason: expect.stringMatching(/^incorrect for A = /),
    });
    expect(verifyStrings('A*x', 'A*x^2/2', { parameters: positive }).verdict).toBe('correct');
    expect(verifyStrings('A*x', 'A*x^2/2')).toMatchObject({ verdict: 'invalid', reason: expect.stringMatching(/^problem: unknown name 'A'/) });
    expect(verifyStrings('A*x', 'B*x^2/2', { parameters: positive })).toMatchObject({
      verdict: 'invalid',
      reason: expect.stringMatching(/^answer: unknown name 'B'/),
    });
  });

  test('the values come from the generator given', () => {
    const a = verifyPairOverParameters(read('A*x'), read('x^2/2'), positive, { rng: createRng('one') });
    const b = verifyPairOverParameters(read('A*x'), read('x^2/2'), positive, { rng: createRng('two') });
    expect(a.reason).not.toBe(b.reason);
    expect(verifyPairOverParameters(read('A*x'), read('x^2/2'), positive).reason).toBe(verifyPairOverParameters(read('A*x'), read('x^2/2'), positive).reason);
  });

  test('a tree built with parameters verifies like a parsed one', () => {
    const problem = add(mul(sym('A'), pow(X, num(2))), num(1));
    expect(verifyPairOverParameters(problem, read('A*x^3/3 + x'), positive).verdict).toBe('correct');
  });
});
