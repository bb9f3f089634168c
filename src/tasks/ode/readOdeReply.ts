import { ARBITRARY_CONSTANTS } from '../../expr/parameters.js';
import type { AnswerReader, AnswerReading } from '../answerReading.js';
import type { AnswerSource } from '../task.js';

// `y =`, `y(x) =`, `y\left(x\right) =` where a name does not end just before: no two adjacent
// quantifiers can share a run of spaces, so hostile text costs linear time.
const LABEL = /(?<![A-Za-z0-9_'\\])y\s*(?:(?:\(|\\left\s*\()\s*x\s*(?:\)|\\right\s*\))\s*)?=/g;
/** A CAS that gave the equation back unsolved. */
const UNSOLVED = /(?:^|[^A-Za-z0-9_])(?:dsolve|ode2|Derivative|diff)\s*\(/;

/**
 * An ODE's answer, `y = …` or `y(x) = …`, read with the arbitrary constants C1 … C9 (`C_1`, `C_{1}`
 * in LaTeX) admitted. Every label `y =` in the text is dropped first, so that a model's
 * `\boxed{y(x) = C_1 e^{x}}` or "The final answer is: y = …" reads as its right side; a CAS that
 * gave the equation back unsolved has no answer; Maxima's constants are renamed.
 */
export function readOdeReply(text: string, read: AnswerReader, source: AnswerSource): AnswerReading {
  if (source !== 'model' && UNSOLVED.test(text)) return { status: 'no-answer', error: `${source} returned the equation unsolved` };
  if (source === 'maxima') return readMaximaSolution(text, read);
  return read(text.replace(LABEL, ''), { parameters: ARBITRARY_CONSTANTS });
}

/**
 * Maxima's `y = …` from ode2, ic1, ic2 or bc2: its constants `%c` (order 1), `%k1`, `%k2` (order 2)
 * are C1, C2. `false` (ode2 found no method) or an implicit solution (an equation not solved for y)
 * is no answer.
 */
function readMaximaSolution(text: string, read: AnswerReader): AnswerReading {
  const trimmed = text.trim();
  if (trimmed === 'false') return { status: 'no-answer', error: "Maxima's ode2 found no solution" };
  const solved = /^y\s*=/.exec(trimmed);
  if (solved === null) return { status: 'no-answer', error: 'Maxima gave the solution implicitly, not solved for y' };
  const body = trimmed
    .slice(solved[0].length)
    .replace(/%k([12])(?![A-Za-z0-9_])/g, 'C$1')
    .replace(/%c(?![A-Za-z0-9_])/g, 'C1');
  return read(body, { parameters: ARBITRARY_CONSTANTS });
}
