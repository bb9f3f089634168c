import { isConstantName } from '../../../src/expr/constants.js';
import type { SymName } from '../../../src/expr/types.js';

/**
 * A named constant as a double, for tests, computed apart from sagga's own evaluators: π and e from
 * Math, Catalan's constant and γ from their published digits (OEIS A006752, A001620), ζ(n) from a
 * thousand terms of its sum and the Euler–Maclaurin tail (error below 10^-17 for n ≥ 2). A symbol
 * without a value of its own (a parameter, an ODE's unknown) is NaN, as an unknown function is.
 */
export function constantDouble(name: Exclude<SymName, 'x'>): number {
  if (!isConstantName(name)) return NaN;
  switch (name) {
    case 'pi':
      return Math.PI;
    case 'e':
      return Math.E;
    case 'Catalan':
      // biome-ignore lint/correctness/noPrecisionLoss: the constant's first 40 digits as published, of which the double keeps what it can
      return 0.915965594177219015054603514932384110774;
    case 'EulerGamma':
      // biome-ignore lint/correctness/noPrecisionLoss: the constant's first 40 digits as published, of which the double keeps what it can
      return 0.577215664901532860606512090082402431042;
    case 'oo':
      return Infinity;
  }
  const n = Number(name.slice('zeta('.length, -1));
  const N = 1000;
  let sum = 0;
  for (let k = N - 1; k >= 1; k--) sum += k ** -n;
  return sum + N ** (1 - n) / (n - 1) + N ** -n / 2 + (n * N ** (-n - 1)) / 12;
}
