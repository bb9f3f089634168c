import { createCasWorkerTarget, type CasTargetOptions } from './casWorkerTarget.js';
import { fromAlgebrite } from './convert/fromAlgebrite.js';
import { toAlgebrite } from './convert/toAlgebrite.js';
import type { Target } from './types.js';

/** Algebrite's `integral`, in worker threads with a time limit. */
export function createAlgebriteTarget(options: CasTargetOptions = {}): Target {
  return createCasWorkerTarget({ name: 'algebrite', toSystem: toAlgebrite, fromSystem: fromAlgebrite }, options);
}
