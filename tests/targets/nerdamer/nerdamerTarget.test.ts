import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkConversions, distinctCasProblems } from '../../../testkit/checkConversions.js';
import { nativeFaithfulness } from '../../../testkit/nativeFaithfulness.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { createNerdamerTarget } from '../../../src/targets/nerdamer/nerdamerTarget.js';
import type { Target, TargetAnswer } from '../../../src/targets/types.js';
import { problem } from '../cmd/cmdHelpers.js';
import { expectConversions } from '../expectConversions.js';
import { expectTimeoutRecovery } from '../expectTimeoutRecovery.js';
import { HANG_CAS_WORKER } from '../hangOnPurpose.js';

// The worker script is loaded from dist/: `npm test` compiles first (run `npx tsc -p tsconfig.json`
// before running this file on its own).

test('the faithfulness check refutes a translation that changes values, in either direction', () => {
  const faithful = nativeFaithfulness('nerdamer');
  const answer = (text: string, read: string): TargetAnswer => ({ status: 'ok', text, expr: parseExpr(read), latencyMs: 0 });
  expect(faithful(problem('p', 'x'), answer('(1/2)*x^2+asin(x)', '1/2*x^2 + asin(x)'))).toEqual({ ok: true });
  expect(faithful(problem('p', 'x'), answer('(1/2)*x^2+asin(x)', '1/2*x^2 + acos(x)'))).toMatchObject({
    ok: false,
    reason: expect.stringContaining('answer as read back'),
  });
  expect(faithful(problem('p', 'x'), answer('e^x', 'exp(x)'))).toEqual({ ok: true });
  expect(faithful(problem('p', 'x'), answer('Li(x)', 'li(x)'))).toBeUndefined(); // our real evaluator has no li
});

describe('nerdamer target (real nerdamer in worker threads)', () => {
  let target: Target;
  beforeAll(() => {
    // Every problem here takes nerdamer well under a second (measured on a free core); the limit is
    // far above that, so a loaded machine does not turn answers into timeouts.
    target = createNerdamerTarget({ concurrency: 2, timeLimitMs: 20_000 });
  });
  afterAll(async () => {
    await target?.close();
  });

  test('answers to 100 distinct problems read back exactly; the ones that do not verify are nerdamer’s own mistakes', async () => {
    // 100, drawn in turn from each kind of testkit/casProblems.ts, keep the file lean;
    // `npm run bench:targets -- --only precision` runs the same check on 300 more.
    const problems = distinctCasProblems('nerdamer-conversions', 100, () => true, 'n');
    const s = await checkConversions(target, problems, { faithful: nativeFaithfulness('nerdamer') });
    console.log(
      `nerdamer conversions: ${JSON.stringify(s.statuses)} verdicts ${JSON.stringify(s.verdicts)}; ` +
        `nerdamer wrong (translation shown exact) ${s.systemWrong.length}, faithfulness undecided ${s.undecided}, read through the real form ${s.imaginary.length}` +
        `\n  not judged:\n  ${s.errors.join('\n  ')}\n  unknown:\n  ${s.unknown.join('\n  ')}`,
    );
    expectConversions(s, { minOk: 70, maxUnjudged: 5 });
    // Answers with the imaginary unit are read through their real form (∫ exp(x^2) = erf(i*x)/i …)
    // and verify; the few not handed over for judging are complex ones with no real form.
    expect(s.imaginary.length).toBeGreaterThan(0);
  }, 240_000);

  test('named constants reach nerdamer and come back under our names', async () => {
    const texts = ['Catalan*x + EulerGamma', 'zeta(3)*cos(x) + 7*zeta(5)*x^2', 'EulerGamma*exp(x)*zeta(2) - pi'];
    const s = await checkConversions(
      target,
      texts.map((t, i) => problem(`c${i}`, t)),
    );
    expect([s.statuses.ok, s.verdicts.correct], JSON.stringify(s)).toEqual([texts.length, texts.length]);
  });

  test('an answer with an integral left inside, or none at all, is a no-answer', async () => {
    const [whole, nested, xtan, after] = await target.solve(
      [problem('whole', 'sin(sin(x))'), problem('nested', 'sin(x)/log(x)'), problem('xtan', 'x*tan(x)'), problem('after', 'x*cos(x)')],
      1,
    );
    for (const o of [whole, nested, xtan]) {
      expect(o.answers).toEqual([expect.objectContaining({ status: 'no-answer', error: 'nerdamer returned the integral (partly) unevaluated' })]);
      expect(o.answers[0].text).toContain('integrate(');
    }
    expect(after.answers[0].status).toBe('ok');
  });
});

test('a problem past the time limit is a timeout; its worker is replaced and later problems get answers', async () => {
  // One worker, so the problems after the hanging one must run on its replacement. The worker hangs
  // on purpose on the marked problem; the others are real nerdamer, which needs milliseconds for them.
  await expectTimeoutRecovery(createNerdamerTarget({ concurrency: 1, timeLimitMs: 5000, workerScript: HANG_CAS_WORKER }));
});
