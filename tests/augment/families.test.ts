import { describe, expect, test } from 'vitest';
import { parseAugmentFamily } from '../../src/augment/augmentFamily.js';
import { augmentProblems, type AugmentRecord } from '../../src/augment/augmentProblems.js';
import { randomAntiderivative } from '../../src/augment/randomAntiderivative.js';
import { readProblemLines, type ProblemLine } from '../../src/augment/readProblemLines.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/print.js';
import { simplify } from '../../src/expr/simplify.js';
import { compileReal } from '../../src/expr/evalReal.js';
import { createRng, type Rng } from '../../src/util/rng.js';
import { derivative } from '../../src/verify/derivative.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

/** Textbook pairs with integer constants, and pairs made by differentiating random trees. */
const TEMPLATES: readonly ((a: number, b: number) => [string, string])[] = [
  (a, b) => [`${a}*cos(${b}*x)`, `${a}/${b}*sin(${b}*x)`],
  (a, b) => [`${a}*exp(${b}*x)`, `${a}/${b}*exp(${b}*x)`],
  (a, b) => [`${a}*x^${b}`, `${a}/${b + 1}*x^${b + 1}`],
  (a, b) => [`${a}/(x + ${b})`, `${a}*log(x + ${b})`],
  (a, b) => [`${a}*x*exp(${b}*x^2)`, `${a}/(2*${b})*exp(${b}*x^2)`],
  (a, b) => [`${a}/(1 + ${b}^2*x^2)`, `${a}/${b}*atan(${b}*x)`],
];

function knownPairs(rng: Rng, count: number): ProblemLine[] {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      const [p, a] = rng.pick(TEMPLATES)(rng.int(2, 30), rng.int(2, 9));
      lines.push(JSON.stringify({ id: `t${i}`, problem: p, answer: a }));
    } else {
      const F = randomAntiderivative(rng, rng.int(1, 3));
      const d = derivative(F);
      if (!d.ok) continue;
      lines.push(JSON.stringify({ id: `b${i}`, problem: toInfix(simplify(d.expr)), answer: toInfix(F) }));
    }
  }
  const read = readProblemLines(lines.join('\n'));
  // Keep only sources whose own answer verifies: a family cannot carry over a wrong answer.
  return read.problems.filter((p) => p.answer && verifyStrings(toInfix(p.problem), toInfix(p.answer), SEARCH_VERIFY_OPTIONS).verdict === 'correct');
}

/** An oracle independent of the verifier: central differences of F against f at a few points. */
function finiteDifferenceAgrees(problem: string, answer: string): boolean | undefined {
  const f = compileReal(parseExpr(problem));
  const F = compileReal(parseExpr(answer));
  if (!f || !F) return undefined;
  let checked = 0;
  // Small |x| only: the equivalence factors (cosh² − sinh² of 9x + 9 …) cancel catastrophically in
  // doubles further out, where only the verifier's error-bounded evaluation can judge them.
  for (const x of [0.11, 0.23, 0.31, 0.47, -0.17, -0.29, -0.41]) {
    const fx = f(x);
    const central = (h: number): number => (F(x + h) - F(x - h)) / (2 * h);
    const coarse = central(1e-4);
    const fine = central(1e-5);
    // (f = 0 exactly is usually overflow in disguise: y^4/sqrt(y^8 + 1) with y^8 = Infinity.)
    if (!Number.isFinite(fx) || fx === 0 || !Number.isFinite(coarse) || !Number.isFinite(fine) || Math.abs(fx) > 1e6) continue;
    // Only points where the difference quotient has converged say anything (fast oscillation,
    // a nearby pole or cancellation in F make it meaningless).
    // Nor do points where f itself is ill-conditioned in doubles (cosh²(9x) − sinh²(9x) at x = 2
    // cancels two numbers near 1e15): its value jumps between neighbouring doubles.
    const fNear = f(x * (1 + 1e-12));
    if (!(Math.abs(fNear - fx) <= 1e-7 * Math.max(1, Math.abs(fx)))) continue;
    const scale = Math.max(1, Math.abs(fine));
    if (Math.abs(coarse - fine) > 1e-5 * scale) continue;
    checked++;
    if (Math.abs(fx - fine) > 1e-4 * Math.max(1, Math.abs(fx))) return false;
  }
  return checked >= 2 ? true : undefined;
}

/** Minimum share of variants that carry a verified answer (measured: well above these). */
const MIN_ANSWERED: Readonly<Record<string, number>> = {
  lin_comb: 0.95,
  subst_poly: 0.8,
  subst_hard: 0.5,
  'numeric-all-3': 0.3,
  'numeric-one-6': 0.3,
  'symbolic-1': 0.3,
  'equivalence-easy': 0.9,
  'equivalence-hard': 0.7,
  backward: 1,
};

describe('augmentation families: written answers are verified antiderivatives', () => {
  const sources = knownPairs(createRng('augment-sources'), 220);

  test('the source pool is large and verified', () => {
    expect(sources.length).toBeGreaterThan(180);
  });

  for (const name of Object.keys(MIN_ANSWERED)) {
    test(`${name}: every written answer verifies correct, none incorrect`, () => {
      const family = parseAugmentFamily(name);
      const records: AugmentRecord[] = [];
      const messages: string[] = [];
      const summary = augmentProblems(family, family.kind === 'backward' ? [] : sources, {
        familyName: name,
        n: family.kind === 'backward' ? 200 : 1,
        rng: createRng(`augment-${name}`),
        verify: (p, a) => verifyStrings(p, a, SEARCH_VERIFY_OPTIONS),
        onRecord: (r) => records.push(r),
        onMessage: (m) => messages.push(m),
      });
      expect(records.length).toBe(summary.written);
      const answered = records.filter((r) => r.answer !== undefined);
      expect(answered.length / records.length).toBeGreaterThanOrEqual(MIN_ANSWERED[name]);
      let correct = 0;
      let incorrect = 0;
      let fdDisagree = 0;
      for (const r of answered) {
        const v = verifyStrings(r.problem, r.answer!, SEARCH_VERIFY_OPTIONS);
        if (v.verdict === 'correct') correct++;
        if (v.verdict === 'incorrect') incorrect++;
        if (finiteDifferenceAgrees(r.problem, r.answer!) === false) fdDisagree++;
        expect(r.family).toBe(name);
      }
      expect(incorrect).toBe(0);
      expect(correct / answered.length).toBeGreaterThanOrEqual(0.999);
      expect(fdDisagree).toBe(0);
      // Every variant written without an answer was reported with its line number.
      const unanswered = records.length - answered.length;
      expect(messages.filter((m) => /^line \d+ \(.*\): .*no verified answer/.test(m)).length).toBe(unanswered);
    });
  }
});

describe('family names and bad input', () => {
  test('an unknown family lists the valid ones', () => {
    expect(() => parseAugmentFamily('numeric-all-11')).toThrow(/valid ones: lin_comb, subst_poly, subst_hard, numeric-all-<N>.*backward/);
    expect(() => parseAugmentFamily('shuffle')).toThrow(/unknown family 'shuffle'/);
  });

  test('lines without a parseable problem are reported with their line number', () => {
    const read = readProblemLines(
      ['{"problem":"x^2","answer":"x^3/3"}', '', '{"problem":"sin(("}', 'not json {', '{"answer":"x"}', 'cos(x)', '{"problem":"__proto__(x)"}'].join('\n'),
    );
    expect(read.problems.map((p) => p.line)).toEqual([1, 6]);
    expect(read.skipped.map((s) => s.line)).toEqual([3, 4, 5, 7]);
    expect(read.problems[0].answer).toBeDefined();
  });

  test('numeric-one-N uses N-digit constants; N = 0 drops the constant', () => {
    const lines = readProblemLines('{"id":"p","problem":"7*cos(3*x)","answer":"7/3*sin(3*x)"}').problems;
    for (const digits of [0, 1, 4, 10]) {
      const recs: AugmentRecord[] = [];
      augmentProblems(parseAugmentFamily(`numeric-one-${digits}`), lines, {
        familyName: `numeric-one-${digits}`,
        n: 20,
        rng: createRng(`digits-${digits}`),
        verify: (p, a) => verifyStrings(p, a, SEARCH_VERIFY_OPTIONS),
        onRecord: (r) => recs.push(r),
      });
      for (const r of recs) {
        const replaced = Object.values(r.replaced as Record<string, number>);
        expect(replaced).toHaveLength(1);
        expect(String(replaced[0]).length).toBe(digits === 0 ? 1 : digits);
        if (digits === 0) expect(replaced[0]).toBe(1);
        // The one-coefficient problem always carries its answer over.
        expect(r.answer).toBeDefined();
      }
    }
  });
});
