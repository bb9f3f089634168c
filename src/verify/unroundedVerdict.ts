import { hasRoundedLiteral } from '../expr/hasRoundedLiteral.js';
import type { Expr } from '../expr/types.js';
import type { Verdict } from './types.js';

/**
 * An `incorrect` verdict on an answer with integers beyond 2^53 becomes `unknown`: such a literal
 * was rounded when it was read (SymPy's exact 1546132562196033993109383389296863818106322566003 keeps
 * 15 of its digits), and a sum of huge rounded terms can cancel down to any value, so a difference
 * may be the reading's, never a proof that the answer is wrong.
 */
export function unroundedVerdict(answer: Expr | undefined, verdict: Verdict, reason: string): [Verdict, string] {
  if (verdict !== 'incorrect' || answer === undefined || !hasRoundedLiteral(answer)) return [verdict, reason];
  return ['unknown', `the answer's integers beyond 2^53 were rounded when read, so a difference proves nothing: ${reason}`];
}
