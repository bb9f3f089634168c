import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkConversions } from '../../../testkit/checkConversions.js';
import { integrandsOfEachKind } from '../../../testkit/integrands.js';
import type { CmdTarget } from '../../../src/targets/cmd/cmdTarget.js';
import { createSympyTarget } from '../../../src/targets/sympy/sympyTarget.js';
import { problem } from '../cmd/cmdHelpers.js';
import { sympyOrSkip } from '../../helpers/requirePackage.js';
import { hangingProblem, hangingSympyEnv } from '../hangOnPurpose.js';

const available = sympyOrSkip();

describe.runIf(available)('sympy target (real SymPy)', () => {
  let target: CmdTarget;
  beforeAll(async () => {
    // Real SymPy, tested for its answers only: the slowest of these problems takes it a few seconds
    // on a free core (exp(-7*x^2)*sin(x), which it leaves unevaluated); the limit is far above that,
    // so that a loaded machine does not turn answers into timeouts.
    target = await createSympyTarget({ timeoutMs: 120_000, processes: 2 });
  });
  afterAll(async () => {
    await target?.close();
  });

  test('answers to the reference problems and an integrand of each kind read back and verify as antiderivatives', async () => {
    // Of the 200 integrands of testkit/integrands.ts, the reference problems and the first of each of
    // their kinds (58 problems, every hard kind among them, no repeats); `npm run bench:targets --
    // --only precision` checks SymPy's answers to all 200.
    const problems = integrandsOfEachKind(200).map((text, i) => problem(`s${i}`, text));
    const s = await checkConversions(target, problems);
    console.log(
      `sympy conversions: ${JSON.stringify(s.statuses)} verdicts ${JSON.stringify(s.verdicts)}\n  unparseable:\n  ${s.unparseable.join('\n  ')}\n  unknown:\n  ${s.unknown.join('\n  ')}`,
    );
    expect(s.incorrect).toEqual([]);
    expect(s.statuses.error).toBe(0);
    // Four in five read back, as of the 200 (160).
    expect(s.statuses.ok).toBeGreaterThanOrEqual(0.8 * problems.length);
    expect(s.verdicts.correct ?? 0).toBeGreaterThanOrEqual(0.95 * s.statuses.ok);
    expect(target.stats()).toMatchObject({ junkLines: 0, crashes: 0 });
  }, 240_000);

  test('named constants reach SymPy and come back under our names', async () => {
    const texts = ['Catalan*x + EulerGamma', 'zeta(3)*cos(x) + 7*zeta(5)*x^2', 'EulerGamma*exp(x)*zeta(2) - pi'];
    const s = await checkConversions(
      target,
      texts.map((t, i) => problem(`c${i}`, t)),
    );
    expect([s.statuses.ok, s.verdicts.correct], JSON.stringify(s)).toEqual([texts.length, texts.length]);
  });

  test('an unevaluated integral is a no-answer', async () => {
    const [xx] = await target.solve([problem('xx', 'x^x')], 1);
    expect(xx.answers).toEqual([expect.objectContaining({ status: 'no-answer', error: 'sympy returned the integral unevaluated' })]);
  });

  test('a problem past the time limit is a timeout, and the worker carries on', async () => {
    // The time limit is tested with a problem that never finishes: in this target's Python,
    // sympy.integrate sleeps forever on the marked problem (tests/fixtures/hang/python); any other
    // problem goes to the real SymPy, which integrates x*exp(x) in a fraction of a second (0.15 s
    // as a fresh worker's first integral on a free core): 2 s leave it room on a loaded machine, and
    // each second of the limit is a second the test waits out.
    const hanging = await createSympyTarget({ timeoutMs: 2000, processes: 1, env: hangingSympyEnv() });
    try {
      const [slow, after] = await hanging.solve([hangingProblem('slow'), problem('after', 'x*exp(x)')], 1);
      expect(slow.answers).toEqual([expect.objectContaining({ status: 'timeout' })]);
      expect(after.answers[0].status).toBe('ok');
      // SIGALRM inside the worker cut the hanging problem: no process had to be killed.
      expect(hanging.stats()).toMatchObject({ hangKills: 0, restarts: 0, timeouts: 1 });
    } finally {
      await hanging.close();
    }
  });

  test('a problem the worker cannot read is an error, not a model failure', async () => {
    const bad = { ...problem('bad', 'x'), infix: 'x.__class__' };
    const [o] = await target.solve([bad], 1);
    expect(o.answers[0]).toMatchObject({ status: 'error', error: expect.stringContaining("unexpected character '.'") });
  });
});

test('a missing Python or SymPy is named with the Debian package to install', async () => {
  await expect(createSympyTarget({ python: '/nonexistent/python3' })).rejects.toThrow(/apt-get install python3-sympy/);
});
