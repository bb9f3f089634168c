import type { Judgement } from '../judge/judgeTypes.js';
import { isProvenFailure } from './isProvenFailure.js';

/**
 * Does `candidate` fail the way `original` does: a proven failure of the same kind? A `wrong`
 * answer must shrink to a `wrong` answer the verifier refutes, a declined problem to a declined
 * problem some reference solves; an unproven failure, or one of another kind, is a different bug.
 */
export function failsSameWay(original: Judgement, candidate: Judgement): boolean {
  return isProvenFailure(original) && isProvenFailure(candidate) && candidate.kind === original.kind;
}
