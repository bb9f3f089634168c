import { createCasWorkerTarget, type CasTargetOptions } from '../cas/casWorkerTarget.js';
import { compiledModuleUrl } from '../../util/compiledModuleUrl.js';
import type { Target } from '../types.js';
import { fromNerdamer } from './fromNerdamer.js';
import { toNerdamer } from './toNerdamer.js';

/** nerdamer's `integrate` (with its Calculus add-on), in worker threads with a time limit. */
export function createNerdamerTarget(options: CasTargetOptions = {}): Target {
  return createCasWorkerTarget(
    {
      name: 'nerdamer',
      cas: 'nerdamer',
      integrator: { module: compiledModuleUrl(import.meta.url, './nerdamerIntegrate.js'), exportName: 'nerdamerIntegrate', evaluateName: 'nerdamerEvaluate' },
      toSystem: toNerdamer,
      fromSystem: fromNerdamer,
    },
    options,
  );
}
