import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseAugmentFamily } from '../../src/augment/augmentFamily.js';
import { augmentProblems, type AugmentRecord } from '../../src/augment/augmentProblems.js';
import { degenerateReason } from '../../src/augment/degenerateReason.js';
import { readProblemLines } from '../../src/augment/readProblemLines.js';
import { parseExpr } from '../../src/expr/parse.js';
import { createRng } from '../../src/util/rng.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';
import { sympyOrSkip } from '../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();

/** SymPy's view of each problem (tests/fixtures/python/degenerate_problems.py): independent of sagga's trees. */
function sympyView(problems: readonly string[]): Array<{ has_x: boolean; zero: boolean; like_terms: boolean }> {
  if (problems.length === 0) return [];
  const out = execFileSync('/usr/bin/python3', ['tests/fixtures/python/degenerate_problems.py'], {
    input: problems.map((p) => JSON.stringify(p)).join('\n') + '\n',
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { has_x: boolean; zero: boolean; like_terms: boolean });
}

describe('augment writes no degenerate problem', () => {
  it('degenerateReason names what is wrong with a problem, and passes a sound one', () => {
    const degenerate: Array<[string, RegExp]> = [
      ['x + x', /like terms x and x are not combined/],
      ['3*x - 5*x', /like terms/],
      ['sin(x) + 2*x*cos(x) - sin(x)', /like terms/],
      ['exp(x + x)', /like terms/],
      ['7', /does not depend on x/],
      ['pi*e', /does not depend on x/],
      ['sin(x)^2 + cos(x)^2 - 1', /is identically 0/],
      ['cosh(3*x)^2 - sinh(3*x)^2 - 1', /is identically 0/],
    ];
    for (const [text, reason] of degenerate) expect(degenerateReason(parseExpr(text)), text).toMatch(reason);
    for (const text of ['x', 'x + x^2', 'sin(x) + cos(x)', 'x*(sin(x)^2 + cos(x)^2)', '2*x + 1', '1e-12*x', 'sin(x)^2 + cos(x)^2 - 0.999']) {
      expect(degenerateReason(parseExpr(text)), text).toBeUndefined();
    }
  });

  it.runIf(SYMPY)(
    'from an input with repeated and opposite problems, every family writes only problems that depend on x, have no like terms and are not 0 (by SymPy)',
    () => {
      const input = ['x', 'x', '2*x', 'sin(x)', '-sin(x)', 'cos(x)', 'x^2', '3*exp(2*x)'].map((p, i) => JSON.stringify({ id: `p${i}`, problem: p })).join('\n');
      const lines = readProblemLines(input).problems;
      const written: AugmentRecord[] = [];
      const messages: string[] = [];
      for (const name of ['lin_comb', 'subst_poly', 'numeric-all-2', 'numeric-one-0', 'equivalence-easy', 'equivalence-hard', 'backward']) {
        const family = parseAugmentFamily(name);
        augmentProblems(family, family.kind === 'backward' ? [] : lines, {
          familyName: name,
          n: family.kind === 'backward' ? 40 : 6,
          rng: createRng(`degenerate-${name}`),
          verify: (p, a) => verifyStrings(p, a, SEARCH_VERIFY_OPTIONS),
          onRecord: (r) => written.push(r),
          onMessage: (m) => messages.push(m),
        });
      }
      expect(written.length).toBeGreaterThan(100);
      const views = sympyView(written.map((r) => r.problem));
      const bad = written.filter((_, i) => !views[i].has_x || views[i].zero || views[i].like_terms).map((r) => `${r.family}: ${r.problem}`);
      expect(bad).toEqual([]);
      // The input does invite them: lin_comb of x with x or 2*x, of sin(x) with -sin(x).
      expect(messages.some((m) => /lin_comb: (degenerate: like terms|lin_comb needs a second, different problem)/.test(m))).toBe(true);
    },
    120_000,
  );
});
