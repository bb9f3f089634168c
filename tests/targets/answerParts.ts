import type { Expr } from '../../src/expr/types.js';
import type { TargetAnswer } from '../../src/targets/types.js';

/** The answer's expression when it is `ok`, else undefined (TargetAnswer is a union on `status`). */
export function exprOf(a: TargetAnswer): Expr | undefined {
  return a.status === 'ok' ? a.expr : undefined;
}

/** Why the answer is not `ok`, else undefined. */
export function errorOf(a: TargetAnswer): string | undefined {
  return a.status === 'ok' ? undefined : a.error;
}
