import type { Judgement } from '../judge/judgeTypes.js';

/** Is `judgement` a failure with a proof (the verifier's, or a reference's)? */
export function isProvenFailure(judgement: Judgement): judgement is Extract<Judgement, { status: 'fail' }> {
  return judgement.status === 'fail' && judgement.proof !== null;
}
