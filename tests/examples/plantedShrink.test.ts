import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
import { createJudge, failingProblemsByBug } from '../../testkit/plantedFailures.js';
import { loadPlantedModel, PLANTED_MODELS } from '../../testkit/plantedModel.js';

/*
 * Each planted bug has one minimal signature: sagga's own shrinker, asking the real program through
 * the cmd: target, takes every failure of a bug (its example beside other terms, and random
 * failures of it) down to a form with that bug's signature, and stops there because nothing smaller
 * fails. Both models: planted-bugs.mjs, and the three bugs planted-deep-bugs.mjs adds.
 */

const verify = (f: Parameters<typeof verifyPair>[0], F: Parameters<typeof verifyPair>[1]) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS);

/** The bugs planted-deep-bugs.mjs adds (its other nine are planted-bugs.mjs's). */
const DEEP_ONLY = ['binomial-power-quotient', 'binomial-power-times-exponential', 'exponential-over-binomial-power'];

describe.each([
  ['planted', null],
  ['planted-deep', DEEP_ONLY],
] as const)('shrinking a failure of a bug of %s', async (which, only) => {
  const model = await loadPlantedModel(which);
  const bugs = model.bugs.filter((b) => only === null || only.includes(b.id));
  /** Random failing problems of each bug, picked in-process (where the model says which bug fired). */
  const byBug = failingProblemsByBug(model, createJudge(model), createRng('planted-shrink'), 3, 5_000);
  let target: Target;
  beforeAll(async () => {
    target = await createTarget(`cmd:node ${fileURLToPath(new URL(`../../${PLANTED_MODELS[which].program}`, import.meta.url))}`, { concurrency: 4 });
  });
  afterAll(() => target?.close());

  test.each(bugs.map((b) => [b.id, b.signature, b.example]))('%s ends at %s', async (id, bugSignature, example) => {
    const problems = [`${example} + 5*x^3 - 7`, ...byBug.get(id)!];
    expect(problems.length).toBeGreaterThanOrEqual(4);
    for (const text of problems) {
      const check = checkCandidate(parseExpr(text));
      if (!check.ok) throw new Error(`${text}: ${check.reason}`);
      const problem = check.expr;
      const [outcome] = await target.solve([{ id: 'p', expr: problem, infix: toInfix(problem), latex: '' }], 1);
      const { judgement } = await judgeOutcome(problem, outcome.answers, verify);
      expect(judgement, text).toMatchObject({ status: 'fail', kind: 'wrong' });
      const probe = targetProbe({ target, k: 1, verify, kind: 'wrong', references: async () => [] });
      const result = await shrinkFailure(problem, probe, {
        judgement,
        rng: createRng(`shrink ${text}`),
        maxCalls: 400,
        confirmations: 0,
        checkCandidate: (e) => checkCandidate(e),
      });
      expect({ from: text, to: result.infix, signature: signature(result.problem), stopped: result.stopped }).toEqual({
        from: text,
        to: result.infix,
        signature: bugSignature,
        stopped: 'minimal',
      });
    }
  });
});
