import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { judgeOutcome } from '../../src/judge/judgeOutcome.js';
import { shrinkFailure } from '../../src/shrink/shrinkFailure.js';
import { targetProbe } from '../../src/shrink/targetProbe.js';
import { createTarget } from '../../src/targets/registry.js';
import type { Target } from '../../src/targets/types.js';
import { createRng } from '../../src/util/rng.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

/*
 * A model with two bugs of different symptoms (tests/fixtures/cmd/two-bugs.mjs): a c^(x^k) term
 * makes it double its answer (bug A), a power of a sum makes it add a stray x (bug B), and a
 * problem with both shows bug A. Shrinking a bug-A failure must end at bug A's minimal form, not
 * slip to bug B's through a deletion that still fails, but otherwise.
 */
const FIXTURE = fileURLToPath(new URL('../fixtures/cmd/two-bugs.mjs', import.meta.url));
const verify = (f: Parameters<typeof verifyPair>[0], F: Parameters<typeof verifyPair>[1]) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS);

describe('the symptom guard', () => {
  let target: Target;
  beforeAll(async () => {
    target = await createTarget(`cmd:node ${FIXTURE}`, { concurrency: 1 });
  });
  afterAll(() => target?.close());

  async function judged(text: string) {
    const problem = parseExpr(text);
    const [outcome] = await target.solve([{ id: 'p', expr: problem, infix: toInfix(problem), latex: '' }], 1);
    return { problem, judgement: (await judgeOutcome(problem, outcome.answers, verify)).judgement };
  }

  test('both bugs fail alone, each its own way', async () => {
    for (const text of ['3*2^x^2', '(x + 1)^2', '3*2^x^2 + (x + 1)^2']) expect((await judged(text)).judgement).toMatchObject({ status: 'fail', kind: 'wrong' });
  });

  test('a bug-A failure shrinks to bug A, refusing the smaller bug-B failure on the way', async () => {
    // Deleting the larger term first leaves (x + 1)^2: it fails, but as bug B.
    const { problem, judgement } = await judged('3*2^x^2 + (x + 1)^2');
    const probe = targetProbe({ target, k: 1, verify, kind: 'wrong', references: async () => [] });
    const result = await shrinkFailure(problem, probe, {
      judgement,
      rng: createRng('guard'),
      maxCalls: 40,
      confirmations: 0,
      checkCandidate: (e) => checkCandidate(e),
    });
    expect(result.refused).toBeGreaterThanOrEqual(1);
    expect(signature(result.problem)).toBe(signature(parseExpr('2^x^2')));
    expect(result.stopped).toBe('minimal');
  });
});
