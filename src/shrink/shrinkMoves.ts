import { deleteOperand } from './moves/deleteOperand.js';
import { replaceByChild } from './moves/replaceByChild.js';
import { replaceByConstant } from './moves/replaceByConstant.js';
import { replaceByX } from './moves/replaceByX.js';
import { simplifyConstant } from './moves/simplifyConstant.js';
import type { ShrinkMove } from './types.js';

/** Every move a shrink tries, in this order before candidates are sorted by size. */
export const SHRINK_MOVES: readonly ShrinkMove[] = [deleteOperand, replaceByChild, replaceByX, replaceByConstant, simplifyConstant];
