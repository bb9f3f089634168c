import { create, derivativeDependencies, parseDependencies, simplifyDependencies, type MathNode } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

// mathjs's symbolic derivative and simplifier, as an oracle independent of sagga's verifier. Nothing
// here is evaluated: derivative and simplify work on the trees.
const math = create({ parseDependencies, derivativeDependencies, simplifyDependencies });

/** (f, F) written by hand: F is an antiderivative of f on the reals where both are defined. */
const PAIRS: readonly [string, string][] = [
  ['3*x^2', 'x^3'],
  ['4*x^3 - 6*x + 1', 'x^4 - 3*x^2 + x'],
  ['5', '5*x'],
  ['x^2/2 + 1/3', 'x^3/6 + x/3'],
  ['exp(x)', 'exp(x)'],
  ['2*exp(2*x)', 'exp(2*x)'],
  ['exp(x)*(x + 1)', 'x*exp(x)'],
  ['cos(x)', 'sin(x)'],
  ['-sin(x)', 'cos(x)'],
  ['3*cos(3*x)', 'sin(3*x)'],
  ['sin(x) + x*cos(x)', 'x*sin(x)'],
  ['cos(x) - x*sin(x)', 'x*cos(x)'],
  ['2*x*cos(x^2)', 'sin(x^2)'],
  ['1/x', 'log(x)'],
  ['log(x) + 1', 'x*log(x)'],
  ['2*x/(x^2 + 1)', 'log(x^2 + 1)'],
  ['exp(x)*sin(x) + exp(x)*cos(x)', 'exp(x)*sin(x)'],
  ['2*sin(x)*cos(x)', 'sin(x)^2'],
  ['-2*cos(x)*sin(x)', 'cos(x)^2'],
  ['exp(sin(x))*cos(x)', 'exp(sin(x))'],
  ['6*x*(x^2 + 1)^2', '(x^2 + 1)^3'],
  ['x^2*exp(x) + 2*x*exp(x)', 'x^2*exp(x)'],
  ['cos(x)*cos(x) - sin(x)*sin(x)', 'sin(x)*cos(x)'],
  ['1/(2*sqrt(x))', 'sqrt(x)'],
  ['2*x*log(x) + x', 'x^2*log(x)'],
  ['-exp(-x)', 'exp(-x)'],
  ['x*exp(x^2/2)', 'exp(x^2/2)'],
  ['cos(x)/sin(x)', 'log(sin(x))'],
];

/** Changes of F that change F' by a non-zero amount: the answer becomes wrong. */
const PERTURBATIONS: readonly ((F: string) => string)[] = [(F) => `${F} + x`, (F) => `${F} - 3*x`, (F) => `2*(${F})`, (F) => `${F} + x^2`];

/** mathjs's decision on F' - f: 0, another constant, or undefined when simplify leaves an expression. */
function mathjsDifference(f: string, F: string): number | undefined {
  // Both sides reach mathjs as sagga's own infix of its parsed tree, the form the verifier sees.
  const fNode = math.parse(toInfix(parseExpr(f)));
  const dF = math.derivative(math.parse(toInfix(parseExpr(F))), 'x');
  const difference: MathNode = math.simplify(new math.OperatorNode('-', 'subtract', [dF, fNode]));
  return difference.type === 'ConstantNode' && typeof (difference as math.ConstantNode).value === 'number'
    ? ((difference as math.ConstantNode).value as number)
    : undefined;
}

const ROOMY = { budgetMs: 5000 };

describe('the verifier against mathjs derivative and simplify', () => {
  const cases = PAIRS.flatMap(([f, F]) => [{ f, F, perturbed: false }, ...PERTURBATIONS.map((p) => ({ f, F: p(F), perturbed: true }))]);
  const decided = cases.flatMap((c) => {
    const d = mathjsDifference(c.f, c.F);
    return d === undefined ? [] : [{ ...c, correct: d === 0 }];
  });

  it('mathjs decides most pairs, both correct and perturbed ones', () => {
    expect(decided.filter((c) => c.correct).length).toBeGreaterThanOrEqual(15);
    expect(decided.filter((c) => !c.correct).length).toBeGreaterThanOrEqual(25);
    // mathjs calls no hand-written antiderivative wrong and no perturbed one right.
    for (const c of decided) expect([c.F, c.correct]).toEqual([c.F, !c.perturbed]);
  });

  it("sagga calls a pair correct exactly when mathjs simplifies F' - f to 0", () => {
    for (const c of decided) {
      const r = verifyStrings(c.f, c.F, ROOMY);
      expect([c.f, c.F, r.verdict]).toEqual([c.f, c.F, c.correct ? 'correct' : 'incorrect']);
    }
  });

  it("sagga calls mathjs's own derivative of F correct", () => {
    for (const [, F] of PAIRS) {
      const dF = math.derivative(math.parse(toInfix(parseExpr(F))), 'x').toString({ implicit: 'show' });
      expect([F, dF, verifyStrings(dF, F, ROOMY).verdict]).toEqual([F, dF, 'correct']);
    }
  });
});
