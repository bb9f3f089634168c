import { spawnSync } from 'node:child_process';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { constantDecimal } from '../../src/expr/constantDecimal.js';
import { constantValue } from '../../src/expr/constantValue.js';
import { zetaConstant, type ConstantName } from '../../src/expr/constants.js';

const NAMES: readonly ConstantName[] = ['pi', 'e', 'Catalan', 'EulerGamma', ...[2, 3, 4, 5, 7, 11, 40, 97, 300, 1000].map(zetaConstant)];

/** mpmath's value of each constant at `digits` significant digits (Debian's python3-mpmath, an independent implementation). */
function mpmathValues(digits: number): Map<string, string> {
  const script = `
import json, sys, mpmath
mpmath.mp.dps = ${digits + 20}
names = json.load(sys.stdin)
def value(name):
    if name == 'pi': return mpmath.pi
    if name == 'e': return mpmath.e
    if name == 'Catalan': return mpmath.catalan
    if name == 'EulerGamma': return mpmath.euler
    return mpmath.zeta(int(name[5:-1]))
print(json.dumps({n: mpmath.nstr(value(n), ${digits + 10}, min_fixed=-1, max_fixed=2) for n in names}))
`;
  const run = spawnSync('/usr/bin/python3', ['-c', script], { input: JSON.stringify(NAMES), encoding: 'utf8', timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  return new Map(Object.entries(JSON.parse(run.stdout) as Record<string, string>));
}

describe('constantDecimal', () => {
  // The precisions the verifier evaluates at (32, 64, 128 digits) and one beyond.
  it.each([32, 64, 128, 200])('agrees with mpmath to every digit at %i digits', (digits) => {
    const D = Decimal.clone({ precision: digits, rounding: Decimal.ROUND_HALF_EVEN });
    const reference = mpmathValues(digits);
    for (const name of NAMES) {
      const ours = constantDecimal(name, D);
      const theirs = new D(reference.get(name)!);
      // Correctly rounded, or within one unit in the last place where the series' guard digits decide.
      const ulp = new D(10).pow(theirs.e - digits + 1);
      expect(ours.minus(theirs).abs().lte(ulp), `${name} at ${digits} digits: ${ours.toString()} vs ${theirs.toString()}`).toBe(true);
      expect(ours.precision(), name).toBeLessThanOrEqual(digits);
    }
  });

  it('is infinite for oo', () => {
    expect(constantDecimal('oo', Decimal.clone({ precision: 32 })).isFinite()).toBe(false);
  });
});

describe('constantValue', () => {
  it('is the nearest double of each constant', () => {
    const reference = mpmathValues(30);
    for (const name of NAMES) expect(constantValue(name), name).toBe(Number(reference.get(name)));
    expect(constantValue('oo')).toBe(Infinity);
  });
});
