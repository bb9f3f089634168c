import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import type { JournalEntry } from '../../src/run/runSchema.js';
import { AnswerJournal } from '../../src/search/answerJournal.js';
import { CallGate } from '../../src/search/callGate.js';
import { SpendingBudget } from '../../src/search/spendingBudget.js';
import type { Target, TargetAnswer, TargetProblem } from '../../src/targets/types.js';
import { createLimiter } from '../../src/util/limiter.js';

/** A target that answers `x` to everything, after `release` is called when `hold` is set, and counts its calls. */
function countingTarget(hold = false) {
  const asked: string[] = [];
  let release = (): void => {};
  const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  const target: Target = {
    name: 'counting',
    async solve(problems: readonly TargetProblem[]) {
      asked.push(...problems.map((p) => p.infix));
      await gate;
      return problems.map((p) => ({ id: p.id, answers: [{ status: 'ok', text: 'x', expr: parseExpr('x'), latencyMs: 0 } as TargetAnswer] }));
    },
    stats: () => ({ requests: 0, errors: 0, timeouts: 0, restarts: 0, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } }),
    close: async () => {},
    describe: () => ({}),
  };
  return { target, asked, release: () => release() };
}

const problem = (text: string) => ({ id: `g1-${text}`, key: `key-${text}`, expr: parseExpr(text), infix: text, latex: text });

function gateWith(options: { saved?: JournalEntry[]; maxCalls?: number; signal?: AbortSignal } = {}) {
  const written: JournalEntry[] = [];
  const journal = new AnswerJournal(options.saved ?? [], 0, (entries) => written.push(...entries), () => {});
  const budget = new SpendingBudget({ maxTargetCalls: options.maxCalls ?? null, maxTokensTotal: null, maxCost: null }, { calls: 0, input: 0, output: 0, cost: 0 });
  const gate = new CallGate({ journal, budget, slots: createLimiter(2), k: 1, generation: 1, signal: options.signal });
  return { gate, budget, written };
}

describe('CallGate', () => {
  it('makes one call for two callers asking the same problem at once, and journals the answers before they are used', async () => {
    const { target, asked, release } = countingTarget(true);
    const { gate, written } = gateWith();
    const a = gate.call(target, undefined, problem('x^2'), 'problems');
    const b = gate.call(target, undefined, problem('x^2'), 'shrinking');
    release();
    const [first, second] = await Promise.all([a, b]);
    expect(second).toBe(first);
    expect(asked).toEqual(['x^2']);
    expect(written.map((e) => e.key)).toEqual(['key-x^2']);
    expect(gate.counts).toEqual({ problems: 1, references: 0, shrinking: 0, health: 0 });
  });

  it('replays an answer journaled before a resume without a call, charging it once', async () => {
    const { target, asked } = countingTarget();
    const saved: JournalEntry[] = [{ key: 'key-x^3', answers: [{ status: 'ok', text: 'x^4/4', latencyMs: 0 } as unknown as TargetAnswer] }];
    const { gate, budget } = gateWith({ saved });
    expect(await gate.call(target, undefined, problem('x^3'), 'problems')).toEqual(saved[0].answers);
    expect(await gate.call(target, undefined, problem('x^3'), 'problems')).toEqual(saved[0].answers);
    expect(asked).toEqual([]);
    expect(gate.counts.problems).toBe(1);
    expect(budget.spent().calls).toBe(1);
  });

  it('refuses a call past the budget, and every call once aborted, saying why', async () => {
    const { target, asked } = countingTarget();
    const { gate } = gateWith({ maxCalls: 1 });
    expect(await gate.call(target, undefined, problem('x'), 'problems')).not.toBeNull();
    expect(await gate.call(target, undefined, problem('x^2'), 'problems')).toBeNull();
    expect(gate.stopped).toBe('budget');
    expect(asked).toEqual(['x']);
    const controller = new AbortController();
    controller.abort();
    const aborted = gateWith({ signal: controller.signal });
    expect(await aborted.gate.call(target, undefined, problem('x^5'), 'problems')).toBeNull();
    expect(aborted.gate.stopped).toBe('interrupted');
  });

  it('holds calls while a health check runs, and lets them go when it ends', async () => {
    const { target, asked } = countingTarget();
    const { gate } = gateWith();
    const resume = gate.hold();
    const pending = gate.call(target, undefined, problem('x^7'), 'problems');
    await new Promise((r) => setImmediate(r));
    expect(asked).toEqual([]);
    resume();
    await pending;
    expect(asked).toEqual(['x^7']);
  });
});
