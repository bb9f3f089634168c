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

function gateWith(options: { saved?: JournalEntry[]; committed?: number; maxCalls?: number; signal?: AbortSignal } = {}) {
  const written: JournalEntry[] = [];
  const journal = new AnswerJournal(
    options.saved ?? [],
    options.committed ?? 0,
    (entries) => written.push(...entries),
    () => {},
  );
  const budget = new SpendingBudget(
    { maxTargetCalls: options.maxCalls ?? null, maxTokensTotal: null, maxCost: null },
    { calls: 0, input: 0, output: 0, cost: 0 },
  );
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

  it('answers a problem from the journal only when it was written the same way: one key written differently is asked, and journaled with its text', async () => {
    const { target, asked } = countingTarget();
    const { gate, written } = gateWith();
    const sameKey = (text: string) => ({ ...problem(text), key: 'key-one-plus-x' });
    await gate.call(target, undefined, sameKey('(1 + x)/(x + 1)'), 'shrinking');
    await gate.call(target, undefined, sameKey('(x + 1)/(x + 1)'), 'problems');
    await gate.call(target, undefined, sameKey('(x + 1)/(x + 1)'), 'problems');
    expect(asked).toEqual(['(1 + x)/(x + 1)', '(x + 1)/(x + 1)']);
    expect(written.map((e) => e.problem)).toEqual(['(1 + x)/(x + 1)', '(x + 1)/(x + 1)']);
    expect(gate.counts).toEqual({ problems: 1, references: 0, shrinking: 1, health: 0 });
  });

  it('replays an entry of an older run, which has no text, for any writing of its key; one of another text is asked again after a resume', async () => {
    const { target, asked } = countingTarget();
    const answers = [{ status: 'ok', text: 'x^2/2', latencyMs: 0 } as unknown as TargetAnswer];
    const saved: JournalEntry[] = [
      { key: 'key-x', answers },
      { key: 'key-2x', answers, problem: 'x*2', probe: 1 },
    ];
    const { gate, budget } = gateWith({ saved });
    expect(await gate.call(target, undefined, problem('x'), 'problems')).toEqual(answers);
    expect(await gate.call(target, undefined, { ...problem('2*x'), key: 'key-2x' }, 'problems')).not.toEqual(answers);
    expect(asked).toEqual(['2*x']);
    expect(budget.spent().calls).toBe(2);
  });

  it('after a resume, replays both writings of one key: a probe of a committed generation free, the generation in progress charged once', async () => {
    const { target, asked } = countingTarget();
    const probed = [{ status: 'ok', text: 'A', latencyMs: 0 } as unknown as TargetAnswer];
    const asking = [{ status: 'ok', text: 'B', latencyMs: 0 } as unknown as TargetAnswer];
    const saved: JournalEntry[] = [
      { key: 'key-k', answers: probed, probe: 1, problem: '1 + x' },
      { key: 'key-k', answers: asking, problem: 'x + 1' },
    ];
    const { gate, budget } = gateWith({ saved, committed: 1 });
    expect(await gate.call(target, undefined, { ...problem('x + 1'), key: 'key-k' }, 'problems')).toEqual(asking);
    expect(await gate.call(target, undefined, { ...problem('1 + x'), key: 'key-k' }, 'shrinking')).toEqual(probed);
    expect(asked).toEqual([]);
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

/**
 * Lanes that each ask a chain of problems, one after another (as a shrink probes), through a gate
 * with a token budget, against a target whose answers arrive after `delayMs(key)`. Each answer
 * costs a different number of tokens. Returns what was asked, in the order asked, and the totals.
 */
async function runChains(options: { delayMs: (key: string) => number; saved?: JournalEntry[]; written?: JournalEntry[] }) {
  const LANES = 4;
  const STEPS = 5;
  const tokens = (key: string) => 100 + ((key.charCodeAt(1) * 7 + key.charCodeAt(3) * 13) % 90);
  const asked: string[] = [];
  const target: Target = {
    name: 'chains',
    async solve(problems: readonly TargetProblem[]) {
      const key = problems[0].infix;
      asked.push(key);
      await new Promise((r) => setTimeout(r, options.delayMs(key)));
      return [
        {
          id: problems[0].id,
          answers: [
            {
              status: 'ok',
              text: 'x',
              expr: parseExpr('x'),
              latencyMs: 0,
              tokenUsage: { prompt: tokens(key), completion: 0, total: tokens(key) },
            } as TargetAnswer,
          ],
        },
      ];
    },
    stats: () => ({ requests: 0, errors: 0, timeouts: 0, restarts: 0, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } }),
    close: async () => {},
    describe: () => ({}),
  };
  const journal = new AnswerJournal(
    options.saved ?? [],
    0,
    (entries) => options.written?.push(...entries),
    () => {},
  );
  const budget = new SpendingBudget({ maxTargetCalls: null, maxTokensTotal: 1500, maxCost: null }, { calls: 0, input: 0, output: 0, cost: 0 });
  const gate = new CallGate({ journal, budget, slots: createLimiter(2), k: 1, generation: 1 });
  const reached: number[] = [];
  const lanes = Array.from({ length: LANES }, (_, i) => gate.lane(i));
  await Promise.all(
    lanes.map(async (lane, i) => {
      try {
        let step = 0;
        for (; step < STEPS; step++) {
          const key = `c${i}s${step}`;
          if ((await gate.call(target, undefined, { id: key, key, expr: parseExpr('x'), infix: key, latex: key }, 'shrinking', lane)) === null) break;
          // Judging the answer takes a moment.
          await new Promise((r) => setImmediate(r));
        }
        reached[i] = step;
      } finally {
        lane.leave();
      }
    }),
  );
  return { asked, reached, spent: budget.spent(), counts: { ...gate.counts }, stopped: gate.stopped };
}

describe('CallGate under a budget', () => {
  const patterns: Record<string, (key: string) => number> = {
    'lane 0 slow': (key) => (key.startsWith('c0') ? 12 : 1),
    'lane 3 slow': (key) => (key.startsWith('c3') ? 12 : 1),
    'later steps slow': (key) => Number(key[3]) * 3,
    scattered: (key) => (key.charCodeAt(1) * 5 + key.charCodeAt(3) * 11) % 9,
  };

  it('checks a call against the calls granted before it but the last --concurrency, whichever of them answered first', async () => {
    const outcomes = [];
    for (const slow of ['a', 'b']) {
      const asked: string[] = [];
      const target: Target = {
        name: 'priced',
        async solve(problems: readonly TargetProblem[]) {
          const key = problems[0].infix;
          asked.push(key);
          await new Promise((r) => setTimeout(r, key === slow ? 15 : 1));
          return [
            {
              id: problems[0].id,
              answers: [
                { status: 'ok', text: 'x', expr: parseExpr('x'), latencyMs: 0, tokenUsage: { prompt: 600, completion: 0, total: 600 } } as TargetAnswer,
              ],
            },
          ];
        },
        stats: () => ({ requests: 0, errors: 0, timeouts: 0, restarts: 0, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } }),
        close: async () => {},
        describe: () => ({}),
      };
      const budget = new SpendingBudget({ maxTargetCalls: null, maxTokensTotal: 1000, maxCost: null }, { calls: 0, input: 0, output: 0, cost: 0 });
      const gate = new CallGate({
        journal: new AnswerJournal(
          [],
          0,
          () => {},
          () => {},
        ),
        budget,
        slots: createLimiter(2),
        k: 1,
        generation: 1,
      });
      const lanes = ['a', 'b', 'c'].map((_, i) => gate.lane(i));
      await Promise.all(
        ['a', 'b', 'c'].map((key, i) =>
          gate.call(target, undefined, { id: key, key, expr: parseExpr('x'), infix: key, latex: key }, 'problems', lanes[i]).finally(() => lanes[i].leave()),
        ),
      );
      outcomes.push(asked.sort());
    }
    // c is the third call with two slots: it is checked against a's 600 tokens alone, whether or not b's are in yet.
    expect(outcomes).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
  });

  it('allows the same calls whatever order the answers arrive in', async () => {
    const runs = [];
    for (const delayMs of Object.values(patterns)) runs.push(await runChains({ delayMs }));
    const first = runs[0];
    // The budget ends the chains part way: there is an edge to decide.
    expect(first.stopped).toBe('budget');
    expect(first.reached.some((r) => r < 5)).toBe(true);
    expect(first.spent.input).toBeGreaterThanOrEqual(1500);
    for (const run of runs.slice(1)) {
      expect([...run.asked].sort()).toEqual([...first.asked].sort());
      expect(run.reached).toEqual(first.reached);
      expect(run.spent).toEqual(first.spent);
    }
  });

  it("replays a killed run's journaled answers in their rounds, and then makes the calls the uninterrupted run made", async () => {
    const written: JournalEntry[] = [];
    const uninterrupted = await runChains({ delayMs: patterns['lane 0 slow'], written });
    for (const cut of [3, 7, 11]) {
      const saved = written.slice(0, cut);
      const resumed = await runChains({ delayMs: patterns.scattered, saved });
      expect(resumed.asked.filter((key) => saved.some((e) => e.key === key))).toEqual([]);
      expect([...resumed.asked, ...saved.map((e) => e.key)].sort()).toEqual([...uninterrupted.asked].sort());
      expect(resumed.reached).toEqual(uninterrupted.reached);
      expect(resumed.spent).toEqual(uninterrupted.spent);
      expect(resumed.counts).toEqual(uninterrupted.counts);
    }
  });
});
