import type { Expr } from '../../expr/types.js';
import { limitPointOf } from './limitParams.js';
import type { LimitAnswer } from './limitTypes.js';

/** An answer tree as the verifier takes it: `DNE` (no limit), `oo`, `-oo`, or a value. */
export function limitAnswerOf(tree: Expr): LimitAnswer {
  if (tree.type === 'sym' && tree.name === 'DNE') return { kind: 'dne' };
  const at = limitPointOf(tree);
  return at.kind === 'infinite' ? { kind: 'infinite', sign: at.sign } : { kind: 'value', value: tree };
}
