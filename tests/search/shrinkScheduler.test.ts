import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import type { Judgement } from '../../src/judge/judgeTypes.js';
import { AnswerJournal } from '../../src/search/answerJournal.js';
import { CallGate } from '../../src/search/callGate.js';
import { ProblemJudge } from '../../src/search/problemJudge.js';
import type { Evaluation } from '../../src/search/searchEngine.js';
import type { Shrinker } from '../../src/search/searchTypes.js';
import { ShrinkScheduler } from '../../src/search/shrinkScheduler.js';
import { SpendingBudget } from '../../src/search/spendingBudget.js';
import type { Target } from '../../src/targets/types.js';
import { createLimiter } from '../../src/util/limiter.js';
import { createRng } from '../../src/util/rng.js';

const wrong: Judgement = { status: 'fail', kind: 'wrong', reason: 'r', answers: [], proof: { by: 'verifier', reason: 'r' } };
const evaluation = (text: string, judgement: Judgement = wrong): Evaluation => ({
  problem: { id: `g1-${text}`, key: text, expr: parseExpr(text), infix: text, latex: '', parent: 'x', attempt: 0 },
  judgement,
});

function schedulerWith(
  results: Array<Evaluation | undefined>,
  options: { deterministic?: boolean; archived?: string[]; revoked?: number[]; cutOff?: string[]; perNode?: number } = {},
) {
  const shrunk: Array<{ problem: string; confirmations: number; maxCalls: number }> = [];
  const kept: string[] = [];
  const shrink: Shrinker = async (problem, judgement, _probe, o) => {
    const infix = String(results.find((r) => r?.problem.expr === problem)?.problem.infix);
    shrunk.push({ problem: infix, confirmations: o.confirmations, maxCalls: o.maxCalls });
    // A shrink the run's stop cuts off (its probes not asked) ends `stopped`.
    return { expr: parseExpr('x'), judgement, calls: 1, probes: 1, steps: 1, stopped: (options.cutOff ?? []).includes(infix) ? 'stopped' : 'minimal' };
  };
  const target = { name: 't', deterministic: options.deterministic } as unknown as Target;
  const budget = new SpendingBudget({ maxTargetCalls: null, maxTokensTotal: null, maxCost: null }, { calls: 0, input: 0, output: 0, cost: 0 });
  const gate = new CallGate({
    journal: new AnswerJournal(
      [],
      0,
      () => {},
      () => {},
    ),
    budget,
    slots: createLimiter(1),
    k: 1,
    generation: 1,
  });
  const archived = new Set(options.archived ?? []);
  const scheduler = new ShrinkScheduler({
    results,
    shrink,
    shrinkCalls: 10,
    ...(options.perNode !== undefined ? { shrinkCallsPerNode: options.perNode } : {}),
    target,
    gate,
    judge: new ProblemJudge(gate, target, [], () => ({ verdict: 'unknown', reason: '', ms: 0 })),
    signature,
    archived: (s) => archived.has(s),
    rng: createRng('s'),
    isRevoked: (i) => (options.revoked ?? []).includes(i),
    keep: (key) => kept.push(key),
  });
  return { scheduler, shrunk, kept };
}

describe('ShrinkScheduler', () => {
  it('shrinks one proven failure per signature, in asked order, none the archive has, nothing else', async () => {
    const results = [
      evaluation('3^x^2'),
      evaluation('5^x^2'),
      evaluation('x^12', { status: 'pass', reason: 'r', answers: [] }),
      evaluation('(x + x^2)^2'),
      evaluation('2^(7*x)'),
    ];
    const { scheduler, shrunk } = schedulerWith(results, { archived: [signature(parseExpr('2^(3*x)'))] });
    results.forEach((_, i) => scheduler.consider(i));
    await scheduler.settled();
    expect(shrunk.map((s) => s.problem)).toEqual(['3^x^2', '(x + x^2)^2']);
    expect(results[0]!.minimal).toBeDefined();
    expect(results[1]!.minimal).toBeUndefined();
  });

  it("leaves a failure whose shrink the run's stop cut off for a later generation, with those of its signature that waited on it", async () => {
    const results = [evaluation('3^x^2'), evaluation('(x + x^2)^2'), evaluation('5^x^2')];
    const { scheduler, shrunk, kept } = schedulerWith(results, { cutOff: ['3^x^2'] });
    // 5^x^2 waits on the shrink of 3^x^2, and 7^x^2 is considered only after that was cut off.
    results.forEach((_, i) => scheduler.consider(i));
    await scheduler.settled();
    results.push(evaluation('7^x^2'));
    scheduler.consider(3);
    await scheduler.settled();
    expect(shrunk.map((s) => s.problem)).toEqual(['3^x^2', '(x + x^2)^2']);
    expect(results.map((r) => r?.problem.infix)).toEqual([undefined, '(x + x^2)^2', undefined, undefined]);
    expect(kept).toEqual(['3^x^2', '5^x^2', '7^x^2']);
  });

  it('confirms steps unless the target is known to be deterministic, and leaves a revoked decision alone', async () => {
    const a = schedulerWith([evaluation('3^x^2')]);
    a.scheduler.consider(0);
    await a.scheduler.settled();
    const b = schedulerWith([evaluation('3^x^2')], { deterministic: true });
    b.scheduler.consider(0);
    await b.scheduler.settled();
    expect([a.shrunk[0].confirmations, b.shrunk[0].confirmations]).toEqual([1, 0]);
    const results = [evaluation('3^x^2')];
    const c = schedulerWith(results, { revoked: [0] });
    c.scheduler.consider(0);
    await c.scheduler.settled();
    expect(results[0]!.minimal).toBeUndefined();
  });

  it('gives each shrink --shrink-calls, or its calls per node of the problem where that is more', async () => {
    const problems = () => [evaluation('3^x^2'), evaluation('(x + x^2)^2 + sin(x)*cos(x)')];
    const budgets = async (perNode?: number) => {
      const results = problems();
      const { scheduler, shrunk } = schedulerWith(results, perNode === undefined ? {} : { perNode });
      results.forEach((_, i) => scheduler.consider(i));
      await scheduler.settled();
      return shrunk.map((s) => s.maxCalls);
    };
    // 5 and 13 nodes: 10 calls each, or 2 × 13 for the larger one.
    expect(await budgets()).toEqual([10, 10]);
    expect(await budgets(2)).toEqual([10, 26]);
  });
});
