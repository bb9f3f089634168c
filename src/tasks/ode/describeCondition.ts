import { toInfix } from '../../expr/toInfix.js';
import { clip } from '../../util/clip.js';
import type { OdeCondition } from './types.js';

/** A condition as it reads: `y'(pi/2) = -1`. */
export function describeCondition(condition: OdeCondition): string {
  return `y${"'".repeat(condition.order)}(${clip(toInfix(condition.at), 40)}) = ${clip(toInfix(condition.value), 40)}`;
}
