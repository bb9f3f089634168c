import { createCasWorkerTarget, type CasTargetOptions } from './casWorkerTarget.js';
import { fromNerdamer } from './convert/fromNerdamer.js';
import { toNerdamer } from './convert/toNerdamer.js';
import type { Target } from './types.js';

/** nerdamer's `integrate` (with its Calculus add-on), in worker threads with a time limit. */
export function createNerdamerTarget(options: CasTargetOptions = {}): Target {
  return createCasWorkerTarget({ name: 'nerdamer', toSystem: toNerdamer, fromSystem: fromNerdamer }, options);
}
