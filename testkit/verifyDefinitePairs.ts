import { tryParseExpr } from '../src/expr/parse.js';
import { parseBound } from '../src/tasks/definite/parseBound.js';
import { prepareDefinite, type PreparedDefinite } from '../src/tasks/definite/prepareDefinite.js';
import { readDefiniteAnswer } from '../src/tasks/definite/readDefiniteAnswer.js';
import type { DefiniteOptions, DefiniteResult } from '../src/tasks/definite/types.js';
import { verifyDefinite } from '../src/tasks/definite/verifyDefinite.js';
import type { DefinitePair } from './readDefinitePairs.js';

/**
 * Every pair's verdict, in order, each problem set up once (prepareDefinite) for all the answers
 * given for it: the verdicts and work are those of verifying each pair alone.
 */
export function verifyDefinitePairs(pairs: readonly DefinitePair[], options: Partial<DefiniteOptions> = {}): DefiniteResult[] {
  const prepared = new Map<string, PreparedDefinite | string>();
  return pairs.map((p) => {
    const started = performance.now();
    const key = JSON.stringify([p.problem, p.lower, p.upper]);
    let problem = prepared.get(key);
    if (problem === undefined) {
      const f = tryParseExpr(p.problem);
      const lo = parseBound(p.lower);
      const hi = parseBound(p.upper);
      problem = !f.ok
        ? `problem: ${f.error.message}`
        : !lo.ok
          ? `lower: ${lo.error}`
          : !hi.ok
            ? `upper: ${hi.error}`
            : prepareDefinite(f.expr, lo.bound, hi.bound);
      prepared.set(key, problem);
    }
    const answer = readDefiniteAnswer(p.answer);
    if (typeof problem === 'string') return { verdict: 'invalid', reason: problem, ms: performance.now() - started };
    if (!answer.ok) return { verdict: 'invalid', reason: `answer: ${answer.error}`, ms: performance.now() - started };
    return verifyDefinite(problem, problem.lower, problem.upper, answer.answer, options);
  });
}
