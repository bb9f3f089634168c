import { describe, expect, it } from 'vitest';
import { parseExpr, tryParseExpr } from '../../../src/expr/parse.js';
import { ANSWER_LIMITS } from '../../../src/targets/answerReading.js';
import { limitAnswerOf } from '../../../src/tasks/limit/limitAnswerOf.js';
import { readLimitParams, limitParams, limitPointOf } from '../../../src/tasks/limit/limitParams.js';
import { verifyLimit } from '../../../src/tasks/limit/verifyLimit.js';
import type { VerifyResult } from '../../../src/verify/types.js';
import { searchOneGeneration } from '../../helpers/searchOneGeneration.js';
import { checkTaskRun } from '../helpers/taskRunChecks.js';
import { maximaOrSkip, sympyOrSkip } from '../../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();
const MAXIMA = maximaOrSkip();

/*
 * `sagga search --task limit` against nerdamer, SymPy, Maxima and a scripted model: every archived
 * line a proven failure (checked again here with the limit verifier), shrunk with its point and side
 * kept, and signed with them.
 */
function verify(line: Readonly<Record<string, unknown>>, problem: string, answer: string): VerifyResult {
  const read = tryParseExpr(answer, ANSWER_LIMITS, { infinity: true, noLimit: true });
  const params = readLimitParams(line);
  if (!read.ok || !params.ok) return { verdict: 'invalid', reason: 'unreadable', ms: 0 };
  const { point, direction } = limitParams(params.params);
  return verifyLimit(parseExpr(problem), limitPointOf(point), direction, limitAnswerOf(read.expr));
}

/*
 * One generation of 20 candidates from 10 seeds, and 8 calls to shrink each failure: the runs are as
 * small as what each test asserts allows, with the seed of the generator chosen so that each run
 * archives the kinds of failure its test names.
 */
function search(target: string, extra: readonly string[] = []): Promise<string> {
  return searchOneGeneration({ task: 'limit', target, extra });
}

describe('search --task limit', () => {
  it.runIf(SYMPY)(
    'against a scripted model whose every limit at infinity is 0: its bug, shrunk to a limit at infinity',
    async () => {
      const archive = checkTaskRun(
        await search('cmd:node tests/fixtures/cmd/limit-model.mjs', ['--no-canaries', '--reference', 'sympy', '--rng-seed', '1']),
        'limit',
        verify,
      );
      const wrong = archive.filter((l) => l.kind === 'wrong');
      expect(wrong.length).toBeGreaterThan(0);
      for (const l of wrong) expect(['oo', '-oo']).toContain(l.point);
    },
    600_000,
  );

  it.runIf(SYMPY)(
    'against nerdamer, whose limits at infinity and two-sided poles go wrong',
    async () => {
      const archive = checkTaskRun(await search('nerdamer', ['--rng-seed', '4']), 'limit', verify);
      expect(archive.filter((l) => l.kind === 'wrong').length).toBeGreaterThan(0);
    },
    600_000,
  );

  it.runIf(SYMPY)(
    'against SymPy',
    async () => {
      checkTaskRun(await search('sympy', ['--rng-seed', '1']), 'limit', verify);
    },
    900_000,
  );

  it.runIf(SYMPY && MAXIMA)(
    'against Maxima',
    async () => {
      checkTaskRun(await search('maxima', ['--rng-seed', '5']), 'limit', verify);
    },
    900_000,
  );
});
