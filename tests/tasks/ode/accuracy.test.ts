import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { verifyOdeStrings } from '../../../src/tasks/ode/verifyOdeStrings.js';
import { parseParameterAssumptions } from '../../../src/verify/parameterAssumptions.js';
import { describeVerifierAccuracy } from '../helpers/verifierAccuracy.js';

// Labels come from SymPy (dsolve, checkodesol) and mpmath (bench/python/make_ode_set.py), never from
// the verifier under test; see tests/fixtures/labelled/README.md.
describeVerifierAccuracy({
  task: 'ode',
  fixture: fileURLToPath(new URL('../../fixtures/labelled/ode.jsonl', import.meta.url)),
  verify: (pair) => {
    const parameters = parseParameterAssumptions(pair.parameters);
    if (!parameters.ok) throw new Error(`${pair.id}: ${parameters.error}`);
    return verifyOdeStrings(pair.problem, pair.conditions, pair.answer, { parameters: parameters.parameters });
  },
  maxUndecidedRate: 0.03,
  maxIncorrectShare: 0.75,
  hardCases: (pairs) => {
    const variants = new Set(pairs.map((p) => p.family.split('/')[1]));
    // General against particular solutions, redundant and missing constants, wrong constants in
    // conditions, solutions right on half the line only, answers right only for A = 1.
    for (const hard of [
      'particular_for_general',
      'redundant_constants',
      'three_constants',
      'constant_dropped',
      'general_for_ivp',
      'ivp_wrong_value',
      'ivp_wrong_slope',
      'log_not_abs',
      'square_not_abs',
      'sqrt_not_signed',
      'dsolve_right_half_only',
      'at_a_equals_one',
    ]) {
      expect(variants).toContain(hard);
    }
    expect(pairs.filter((p) => p.conditions.length === 0).length).toBeGreaterThan(100);
    expect(pairs.filter((p) => p.conditions.length === 2).length).toBeGreaterThan(50);
    expect(pairs.filter((p) => p.parameters !== undefined).length).toBeGreaterThan(30);
  },
});
