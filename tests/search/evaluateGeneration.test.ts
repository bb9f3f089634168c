import { describe, expect, it } from 'vitest';
import { signature } from '../../src/expr/signature.js';
import { AnswerJournal } from '../../src/search/answerJournal.js';
import { evaluateGeneration, type GenerationContext, HEALTH_STREAK } from '../../src/search/evaluateGeneration.js';
import type { Shrinker } from '../../src/search/searchTypes.js';
import { SpendingBudget } from '../../src/search/spendingBudget.js';
import type { Target, TargetProblem } from '../../src/targets/types.js';
import { parseExpr } from '../../src/expr/parse.js';
import { createLimiter } from '../../src/util/limiter.js';
import { createRng } from '../../src/util/rng.js';
import { powerProblems } from '../helpers/powerProblems.js';

/*
 * A health check is set off by a streak of non-answers; when the budget has no room left for it,
 * the problems of the streak are left unasked, the one just decided among them. The walk that
 * hands decided problems to the shrink scheduler must then pass over it, not read its result.
 * And when a generation fails, the shrinks under way end before the error reaches the run, which
 * closes its files on it.
 */

const HEALTH_CALLS = 6;
const problems = powerProblems(HEALTH_STREAK + 5);

/** Declines every problem. */
const decliner: Target = {
  name: 'decliner',
  deterministic: true,
  solve: async (asked: readonly TargetProblem[]) =>
    asked.map((p) => ({ id: p.id, answers: [{ status: 'no-answer' as const, error: 'declined', text: 'I cannot solve this', latencyMs: 0 }] })),
  stats: () => ({ requests: 0 }) as ReturnType<Target['stats']>,
  close: async () => {},
  describe: () => ({}),
};

/** `over` replaces parts of the generation's context. */
function run(maxTargetCalls: number | null, over: Partial<GenerationContext> = {}) {
  const shrink: Shrinker = async (problem, judgement) => ({ expr: problem, judgement, calls: 0, probes: 0, steps: 0, stopped: 'minimal' });
  let checks = 0;
  const outcome = evaluateGeneration(
    { generation: 1, problems, candidates: problems.length, valid: problems.length, duplicates: 0, retried: 0, invalidReasons: {}, screened: 0, level: 0 },
    {
      target: decliner,
      references: [],
      verify: () => ({ ok: false, reason: 'never asked' }) as never,
      k: 1,
      slots: createLimiter(1),
      journal: new AnswerJournal(
        [],
        0,
        () => {},
        () => {},
      ),
      budget: new SpendingBudget({ maxTargetCalls, maxTokensTotal: null, maxCost: null }, { calls: 0, input: 0, output: 0, cost: 0 }),
      signature,
      archived: () => false,
      shrink,
      shrinkCalls: 24,
      shrinkCallsPerNode: 0,
      rng: createRng('evaluate'),
      checkHealth: async () => {
        checks++;
        return { ok: true, correct: HEALTH_CALLS, results: [] };
      },
      healthCalls: HEALTH_CALLS,
      onJudged: () => {},
      ...over,
    },
  );
  return { outcome, checks: () => checks };
}

describe('evaluateGeneration', () => {
  it('ends on the budget when a streak of non-answers leaves no room for the health check it sets off', async () => {
    // The streak is complete at call HEALTH_STREAK; two checks do not fit in what is left.
    const r = run(HEALTH_STREAK + 2 * HEALTH_CALLS - 1);
    const outcome = await r.outcome;
    expect(outcome.stopped).toBe('budget');
    expect(r.checks()).toBe(0);
    // Every problem was asked before the first was decided; the streak is left unasked, to be
    // decided once the budget is raised, and the problems after it are judged.
    expect(outcome.evaluations.map((e) => e.problem.key)).toEqual(problems.slice(HEALTH_STREAK).map((p) => p.key));
  });

  it('checks the target and goes on when the budget has room for the check', async () => {
    // Room for the check after the streak and for the one after the non-answers at the end.
    const r = run(problems.length + 4 * HEALTH_CALLS);
    const outcome = await r.outcome;
    expect(outcome.stopped).toBe(null);
    expect(r.checks()).toBe(2);
    expect(outcome.evaluations.length).toBe(problems.length);
    expect(outcome.evaluations.every((e) => e.judgement.status === 'fail')).toBe(true);
  });

  it('lets the shrinks under way end before an error in the generation propagates: they journal what they ask', async () => {
    // Every answer is x, wrong for every problem: the first failure of the shape x^n is shrunk (slowly).
    const wrongAnswers: Target = {
      ...decliner,
      solve: async (asked: readonly TargetProblem[]) =>
        asked.map((p) => ({ id: p.id, answers: [{ status: 'ok' as const, expr: parseExpr('x'), text: 'x', latencyMs: 0 }] })),
    };
    let shrinkEnded = false;
    const slowShrink: Shrinker = async (problem, judgement) => {
      await new Promise((done) => setTimeout(done, 50));
      shrinkEnded = true;
      return { expr: problem, judgement, calls: 0, probes: 0, steps: 0, stopped: 'minimal' };
    };
    const r = run(null, {
      target: wrongAnswers,
      verify: () => ({ verdict: 'incorrect', reason: "F' differs from f", ms: 0 }),
      shrink: slowShrink,
      onJudged: (done) => {
        if (done === 3) throw new Error('broken progress');
      },
    });
    await expect(r.outcome).rejects.toThrow('broken progress');
    expect(shrinkEnded).toBe(true);
  });
});
