import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkConversions } from '../../bench/targets-conversions.js';
import type { CmdTarget } from '../../src/targets/cmdTarget.js';
import { createMaximaTarget } from '../../src/targets/maximaTarget.js';
import { hasMaxima, problem, requireOrSkip } from './cmdHelpers.js';
import { integrands } from './cmdIntegrands.js';
import { expectConversions } from './expectConversions.js';

const available = requireOrSkip(hasMaxima(), 'maxima (apt-get install maxima)');

describe.runIf(available)('maxima target (real Maxima)', () => {
  let target: CmdTarget;
  beforeAll(async () => {
    target = await createMaximaTarget({ timeoutMs: 5000, processes: 1 });
  });
  afterAll(async () => {
    await target?.close();
  });

  test('answers to 300 integrands read back and verify as antiderivatives', async () => {
    const problems = integrands(300).map((text, i) => problem(`m${i}`, text));
    const s = await checkConversions(target, problems);
    console.log(
      `maxima conversions: ${JSON.stringify(s.statuses)} verdicts ${JSON.stringify(s.verdicts)}\n  unparseable:\n  ${s.unparseable.join('\n  ')}` +
        `\n  not judged:\n  ${s.errors.join('\n  ')}\n  unknown:\n  ${s.unknown.join('\n  ')}`,
    );
    // No faithfulness check here, so no answer counts as Maxima's own mistake (systemWrong is empty).
    expectConversions(s, { minOk: 270, maxUnjudged: 10 });
    expect(target.stats()).toMatchObject({ crashes: 0, hangKills: 0 });
  });

  test('special functions come back under our names and verify', async () => {
    const texts = ['exp(x)/x', '1/log(x)', 'exp(x^2)', 'log(x)/(1 + x)', 'x*erf(x)', 'exp(-x^2)'];
    const problems = texts.map((t, i) => problem(`sp${i}`, t));
    const s = await checkConversions(target, problems);
    expect(s.incorrect).toEqual([]);
    expect(s.statuses.ok).toBe(texts.length);
    expect(s.verdicts.correct).toBe(texts.length);
  });

  test('an unevaluated integral is a no-answer; a slow problem is killed, and Maxima restarts', async () => {
    const slowTarget = await createMaximaTarget({ timeoutMs: 1500, processes: 1 });
    try {
      const [xx, slow, after] = await slowTarget.solve(
        [problem('xx', 'x^x'), problem('slow', 'x^30*exp(3*x)*sin(x)^9'), problem('after', 'x*exp(x)')],
        1,
      );
      expect(xx.answers).toEqual([expect.objectContaining({ status: 'no-answer', error: 'Maxima returned the integral unevaluated' })]);
      expect(slow.answers).toEqual([expect.objectContaining({ status: 'timeout' })]);
      expect(after.answers[0].status).toBe('ok');
      expect(slowTarget.stats()).toMatchObject({ hangKills: 1, restarts: 1, crashes: 0 });
    } finally {
      await slowTarget.close();
    }
  });

  test('an invalid problem is an error, not a model failure', async () => {
    const [o] = await target.solve([problem('zero', '1/(x - x)')], 1);
    expect(o.answers[0]).toMatchObject({ status: 'error', error: expect.stringContaining('Maxima cannot read the problem') });
  });
});

test('a missing Maxima is named with the Debian package to install', async () => {
  await expect(createMaximaTarget({ maxima: '/nonexistent/maxima' })).rejects.toThrow(/apt-get install maxima/);
});
