import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import type { ProblemVerifier } from '../task.js';
import { boundOf, definiteParams } from './definiteParams.js';
import { readDefiniteAnswer } from './readDefiniteAnswer.js';
import type { DefiniteOptions } from './types.js';
import { verifyDefinite } from './verifyDefinite.js';

/**
 * The definite task's verifier over trees: an answer that is a plain decimal (a number that is not
 * a whole one, so written with a point) is judged as a decimal, within the numeric tolerance; any
 * other as a closed form (`verifyDefinite`). The answer is read again from its canonical infix,
 * which writes a decimal's digits as they were read.
 */
export function definiteVerifier(options: Partial<DefiniteOptions> = {}): ProblemVerifier {
  return (problem, answer: Expr) => {
    const started = performance.now();
    const read = readDefiniteAnswer(toInfix(answer), { maxAbsLiteral: 1e300, maxLiteralDigits: 320 });
    if (!read.ok) return { verdict: 'invalid', reason: `answer: ${read.error}`, ms: performance.now() - started };
    const { lower, upper } = definiteParams(problem.params);
    return verifyDefinite(problem.expr, boundOf(lower), boundOf(upper), read.answer, options);
  };
}
