import { expect, it } from 'vitest';
import { verifyOdeStrings } from '../../../src/tasks/ode/verifyOdeStrings.js';
import { HOSTILE_ANSWERS } from '../../../testkit/hostileAnswers.js';
import { describeHostileLines } from '../helpers/hostileLines.js';

const BUDGET = { work: 60_000_000, backstopMs: 60_000 };
const nested = (depth: number) => 'sin('.repeat(depth) + 'x' + ')'.repeat(depth);

// Equations, conditions and answers a hostile or broken model, or a careless problem file, could
// give. Each must end within the budget with a verdict and a reason; nothing may run away.
// `true` marks an answer that is right (it may be called correct, or left unknown); every other one
// must never be called correct.
const corpus: readonly { name: string; problem: string; conditions?: string[]; answer: string; true?: boolean }[] = [
  { name: 'overflowing solution', problem: "y' = 50*y", answer: 'y = C1*exp(50*x)', true: true },
  { name: 'exp of exp', problem: "y' = exp(x)*y", answer: 'y = C1*exp(exp(x))', true: true },
  { name: 'deeply nested coefficient', problem: `y' + ${nested(150)}*y = 0`, answer: 'y = 0' },
  { name: 'deeply nested answer', problem: "y' = y", answer: `y = ${nested(150)}` },
  {
    name: 'hundreds of terms',
    problem: "y'' + y = 0",
    answer: `y = ${Array.from({ length: 300 }, (_, k) => `${k % 2 ? '-' : ''}cos(x)/300`).join(' + ')} + C1*cos(x) + C2*sin(x)`,
    true: true,
  },
  { name: 'answer with nine constants', problem: "y'' + y = 0", answer: `y = ${Array.from({ length: 9 }, (_, k) => `C${k + 1}*cos(${k + 1}*x)`).join(' + ')}` },
  { name: 'constants in a tower', problem: "y' = y", answer: 'y = C1^C2^C3*exp(x)' },
  { name: 'equation nowhere real', problem: "y' + sqrt(-1 - x^2)*y = 0", answer: 'y = 0' },
  { name: 'leading coefficient 0 everywhere', problem: "(sin(x)^2 + cos(x)^2 - 1)*y' + y = 0", answer: 'y = 0' },
  { name: 'huge literal in a condition', problem: "y' = y", conditions: [`y(0)=1${'0'.repeat(30)}`], answer: 'y = exp(x)' },
  { name: 'condition far out', problem: "y' = y", conditions: ['y(10^6)=1'], answer: 'y = exp(x - 10^6)', true: true },
  { name: 'mathjs injection', problem: "y' = y", answer: 'y = import({evil: 1})' },
  { name: 'prime storm', problem: "y''''''''' = 0", answer: 'y = 0' },
  { name: 'an equation for an answer', problem: "y' = y", answer: "y' = y" },
  { name: 'many conditions', problem: "y' = y", conditions: Array.from({ length: 9 }, () => 'y(0)=1'), answer: 'y = exp(x)' },
];

describeHostileLines(
  'hostile ode lines',
  corpus,
  BUDGET.work,
  (c) => verifyOdeStrings(c.problem, c.conditions ?? [], c.answer, BUDGET),
  () => {
    it('the hostile answer corpus, as an answer or an equation, is never correct and never throws', () => {
      for (const [name, text] of HOSTILE_ANSWERS) {
        for (const r of [
          verifyOdeStrings("y' = y", [], text, BUDGET),
          verifyOdeStrings(text, [], 'y = C1*exp(x)', BUDGET),
          verifyOdeStrings("y' = y", [text], 'y = exp(x)', BUDGET),
        ]) {
          expect(r.verdict, `${name}: ${r.reason}`).not.toBe('correct');
          expect(r.reason.length).toBeGreaterThan(5);
        }
      }
    });

    it('fields that are not text are invalid', () => {
      expect(verifyOdeStrings(42 as unknown as string, [], 'y = 1').verdict).toBe('invalid');
      expect(verifyOdeStrings("y' = y", 'y(0)=1' as unknown as string[], 'y = 1').verdict).toBe('invalid');
      expect(verifyOdeStrings("y' = y", [7 as unknown as string], 'y = 1').verdict).toBe('invalid');
      expect(verifyOdeStrings("y' = y", [], null as unknown as string).verdict).toBe('invalid');
    });
  },
);
