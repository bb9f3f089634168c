import { verifyLimitStrings } from '../../../src/tasks/limit/verifyLimitStrings.js';
import { describeHostileLines } from '../helpers/hostileLines.js';

const BUDGET = { work: 100_000_000, backstopMs: 60_000 };
const nested = (depth: number) => 'sin('.repeat(depth) + '1/x' + ')'.repeat(depth);

// Problems and answers a hostile or broken model, or a careless problem file, could give. Each must
// end within the budget with a verdict and a reason; nothing may run away.
// `true` marks an answer that is right (it may be called correct, or left unknown); every other one
// must never be called correct.
const corpus: readonly { name: string; problem: string; point: string; direction?: string; answer: string; true?: boolean }[] = [
  { name: 'exp of exp far out', problem: 'exp(exp(x))', point: 'oo', answer: 'oo', true: true },
  { name: 'tower of powers', problem: 'x^x^x^x', point: 'oo', answer: 'oo', true: true },
  { name: 'huge exponent near a point', problem: '(1 + x)^(10^12/x)', point: '0', direction: '+', answer: '1' },
  { name: 'deeply nested oscillation', problem: nested(60), point: '0', direction: '+-', answer: 'DNE', true: true },
  { name: 'poles closer and closer to the point', problem: '1/sin(pi/x)', point: '0', direction: '+', answer: 'DNE', true: true },
  { name: 'poles, answered with a number', problem: '1/sin(pi/x)', point: '0', direction: '+', answer: '0' },
  { name: 'not real on either side', problem: 'sqrt(-1 - x^2)', point: '0', answer: '0' },
  { name: 'huge point', problem: 'x', point: '1' + '0'.repeat(30), answer: '1' },
  { name: 'answer far beyond a double', problem: 'x', point: '0', answer: '10^10^10' },
  { name: 'answer with an unknown function', problem: 'x', point: '0', answer: 'Gamma2(x)' },
  // The sum of k for k = 1..400.
  { name: 'hundreds of terms', problem: Array.from({ length: 400 }, (_, i) => `sin(${i + 1}*x)/x`).join(' + '), point: '0', answer: '80200', true: true },
  { name: 'mathjs injection', problem: 'x', point: '0', answer: 'import({evil: 1})' },
];

describeHostileLines('hostile limit lines', corpus, BUDGET.work, (c) => verifyLimitStrings(c.problem, c.point, c.direction, c.answer, BUDGET));
