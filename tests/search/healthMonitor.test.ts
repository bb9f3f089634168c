import { describe, expect, it } from 'vitest';
import { AnswerJournal } from '../../src/search/answerJournal.js';
import { CallGate } from '../../src/search/callGate.js';
import { HEALTH_STREAK, HealthMonitor } from '../../src/search/healthMonitor.js';
import type { Evaluation } from '../../src/search/searchEngine.js';
import type { AskedProblem } from '../../src/search/searchTypes.js';
import { SpendingBudget } from '../../src/search/spendingBudget.js';
import type { CanaryCheck } from '../../src/targets/checkCanaries.js';
import type { Target } from '../../src/targets/types.js';
import { createLimiter } from '../../src/util/limiter.js';
import { powerProblems } from '../helpers/powerProblems.js';

const problems = powerProblems(HEALTH_STREAK + 5);
const declined = (problem: AskedProblem): Evaluation => ({
  problem,
  judgement: { status: 'fail', kind: 'no-answer', reason: 'declined', answers: [], proof: null },
});

function monitorWith(checks: CanaryCheck[], maxCalls: number | null = null) {
  let restarts = 0;
  const target = { name: 't', restart: async () => void restarts++ } as unknown as Target;
  const budget = new SpendingBudget({ maxTargetCalls: maxCalls, maxTokensTotal: null, maxCost: null }, { calls: 0, input: 0, output: 0, cost: 0 });
  const journal = new AnswerJournal(
    [],
    0,
    () => {},
    () => {},
  );
  const gate = new CallGate({ journal, budget, slots: createLimiter(1), k: 1, generation: 1 });
  const results: Array<Evaluation | undefined> = problems.map(declined);
  let asked = 0;
  const monitor = new HealthMonitor({
    problems,
    results,
    target,
    gate,
    budget,
    journal,
    healthCalls: 6,
    checkHealth: async () => checks[Math.min(asked++, checks.length - 1)],
  });
  return { monitor, results, gate, budget, restarts: () => restarts, checks: () => asked };
}

const fail: CanaryCheck = { ok: false, correct: 0, results: [], message: 'no canary answered' };
const pass: CanaryCheck = { ok: true, correct: 6, results: [] };

describe('HealthMonitor', () => {
  it('checks the target after a run of non-answers; a target that fails twice has its answers taken back and stops the generation', async () => {
    const m = monitorWith([fail, fail]);
    for (let i = 0; i < problems.length; i++) {
      m.monitor.answered(i, true);
      m.monitor.observe(i);
    }
    await m.monitor.finish();
    expect(m.checks()).toBe(2);
    expect(m.restarts()).toBe(1);
    expect(m.gate.stopped).toBe('target-broken');
    expect(m.monitor.trouble).toBe('no canary answered');
    // The streak that set off the check: transport errors now, asked again later, never failures.
    for (let i = 0; i < HEALTH_STREAK; i++) {
      expect(m.monitor.isRevoked(i)).toBe(true);
      expect(m.results[i]!.judgement.status).toBe('error');
    }
    expect(m.gate.counts.health).toBe(12);
  });

  it('takes back the non-answers the failed target gave while it was checked, not those of the restarted one', async () => {
    const m = monitorWith([fail, pass, pass]);
    for (let i = 0; i < HEALTH_STREAK; i++) {
      m.monitor.answered(i, true);
      m.monitor.observe(i);
    }
    // Two answers arrive from the failed target while it is checked, three after its restart.
    m.monitor.answered(HEALTH_STREAK, true);
    m.monitor.answered(HEALTH_STREAK + 1, true);
    while (m.restarts() === 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = HEALTH_STREAK + 2; i < problems.length; i++) m.monitor.answered(i, true);
    for (let i = HEALTH_STREAK; i < problems.length; i++) m.monitor.observe(i);
    await m.monitor.finish();
    expect(m.gate.stopped).toBeNull();
    for (let i = 0; i < problems.length; i++) {
      const before = i < HEALTH_STREAK + 2;
      expect(m.monitor.isRevoked(i), `problem ${i}`).toBe(before);
      expect(m.results[i]!.judgement.status).toBe(before ? 'error' : 'fail');
    }
    // The three answers of the restarted target, at the end of the generation, were checked once more.
    expect(m.checks()).toBe(3);
  });

  it('leaves the answers alone when the target passes, and does not check a run shorter than the streak', async () => {
    const m = monitorWith([pass]);
    for (let i = 0; i < HEALTH_STREAK + 5; i++) {
      m.monitor.answered(i, i !== HEALTH_STREAK - 1);
      m.monitor.observe(i);
    }
    // One answer broke the first run; the 5 non-answers at the end are checked when the generation ends.
    expect(m.checks()).toBe(0);
    await m.monitor.finish();
    expect(m.checks()).toBe(1);
    expect(m.results.every((r) => r!.judgement.status === 'fail')).toBe(true);
    expect(m.gate.stopped).toBeNull();
  });

  it('leaves the suspects unasked when the budget cannot pay for two checks', async () => {
    const m = monitorWith([fail], 5);
    for (let i = 0; i < HEALTH_STREAK; i++) {
      m.monitor.answered(i, true);
      m.monitor.observe(i);
    }
    await m.monitor.finish();
    expect(m.checks()).toBe(0);
    expect(m.gate.stopped).toBe('budget');
    for (let i = 0; i < HEALTH_STREAK; i++) expect(m.results[i]).toBeUndefined();
  });
});
