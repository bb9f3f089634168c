import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkConversions, distinctCasProblems } from '../../../testkit/checkConversions.js';
import { nativeFaithfulness } from '../../../testkit/nativeFaithfulness.js';
import type { Expr } from '../../../src/expr/types.js';
import { createAlgebriteTarget } from '../../../src/targets/algebrite/algebriteTarget.js';
import type { Target } from '../../../src/targets/types.js';
import { problem } from '../cmd/cmdHelpers.js';
import { expectConversions } from '../expectConversions.js';
import { expectTimeoutRecovery } from '../expectTimeoutRecovery.js';
import { HANG_CAS_WORKER } from '../hangOnPurpose.js';

// The worker script is loaded from dist/: `npm test` compiles first (run `npx tsc -p tsconfig.json`
// before running this file on its own).

/**
 * Algebrite integrates sums slowly (a quartic polynomial can take a second, ten times its time on a
 * sine, much of it in its allocator), and rational functions with a fourth power far longer (one
 * took it 20 s): the conversion test keeps problems whose sums have at most two terms and whose
 * powers are below the fourth. Algebrite then answers every one of them within a second or two on a
 * free core, so a limit far above that makes the test independent of the machine's load at a
 * bearable cost. Its answers still have many terms, rational coefficients and every function it prints.
 */
const fewTerms = (e: Expr): boolean => e.type === 'num' || e.type === 'sym' || ((e.type !== 'add' || e.args.length <= 2) && e.args.every(fewTerms));
const lowPowers = (e: Expr): boolean =>
  e.type === 'num' || e.type === 'sym' || (!(e.type === 'pow' && e.args[1].type === 'num' && Math.abs(e.args[1].value) >= 4) && e.args.every(lowPowers));

describe('algebrite target (real Algebrite in worker threads)', () => {
  let target: Target;
  beforeAll(() => {
    // Real Algebrite, tested for its answers only, with a limit far above the second or two it needs
    // for any of these problems: with one close to that, how many answers come back would depend on
    // the machine's load. The time limit itself is tested below, with a worker that hangs on purpose.
    target = createAlgebriteTarget({ concurrency: 2, timeLimitMs: 60_000 });
  });
  afterAll(async () => {
    await target?.close();
  });

  test('answers to 80 distinct problems read back exactly; the ones that do not verify are Algebrite’s own mistakes', async () => {
    // Fewer problems than for nerdamer keep the file lean, drawn in turn from each kind of testkit/casProblems.ts;
    // `npm run bench:targets -- --only precision` checks 300 more.
    const problems = distinctCasProblems('algebrite-conversions', 80, (e) => fewTerms(e) && lowPowers(e), 'a');
    const s = await checkConversions(target, problems, { faithful: nativeFaithfulness('algebrite') });
    console.log(
      `algebrite conversions: ${JSON.stringify(s.statuses)} verdicts ${JSON.stringify(s.verdicts)}; ` +
        `Algebrite wrong (translation shown exact) ${s.systemWrong.length}, faithfulness undecided ${s.undecided}, read through the real form ${s.imaginary.length}\n  ` +
        `wrong:\n  ${s.systemWrong.join('\n  ')}\n  not judged:\n  ${s.errors.join('\n  ')}\n  unknown:\n  ${s.unknown.join('\n  ')}\n  unparseable:\n  ${s.unparseable.join('\n  ')}`,
    );
    expectConversions(s, { minOk: 32, maxUnjudged: 5 });
  }, 240_000);

  test('named constants reach Algebrite and come back under our names', async () => {
    const texts = ['Catalan*x + EulerGamma', 'zeta(3)*cos(x) + 7*zeta(5)*x^2', 'EulerGamma*exp(x)*zeta(2) - pi'];
    const s = await checkConversions(
      target,
      texts.map((t, i) => problem(`c${i}`, t)),
    );
    expect([s.statuses.ok, s.verdicts.correct], JSON.stringify(s)).toEqual([texts.length, texts.length]);
  });

  test('"could not find a solution" is a no-answer, and functions Algebrite lacks are rewritten, not refused', async () => {
    const [none, sec, acot] = await target.solve([problem('none', 'sin(sin(x))'), problem('sec', 'sec(x)^2'), problem('acot', 'x*cot(x^2)')], 1);
    expect(none.answers).toEqual([
      expect.objectContaining({
        status: 'no-answer',
        text: 'Stop: integral: sorry, could not find a solution',
        error: 'Algebrite: integral: sorry, could not find a solution',
      }),
    ]);
    // ∫ sec(x)^2 = tan(x): Algebrite gets 1/cos(x)^2 and must answer in a form that verifies.
    expect(sec.answers[0].status).toBe('ok');
    expect(acot.answers[0].status).not.toBe('error');
  });
});

test('a problem past the time limit is a timeout; its worker is replaced and later problems get answers', async () => {
  // One worker, so the problems after the hanging one must run on its replacement. The worker hangs
  // on purpose on the marked problem; the others are real Algebrite, which needs a few hundred
  // milliseconds at most for them on a free core (all three together, on a fresh worker, well under
  // a second with two other processes busy), and the limit counts from when the worker is ready.
  // The test waits the limit out once, on the hanging problem: 2 s.
  await expectTimeoutRecovery(createAlgebriteTarget({ concurrency: 1, timeLimitMs: 2000, workerScript: HANG_CAS_WORKER }));
});
