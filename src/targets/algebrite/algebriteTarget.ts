import { createCasWorkerTarget, type CasTargetOptions } from '../cas/casWorkerTarget.js';
import { compiledModuleUrl } from '../../util/compiledModuleUrl.js';
import type { Target } from '../types.js';
import { fromAlgebrite } from './fromAlgebrite.js';
import { toAlgebrite } from './toAlgebrite.js';

/** Algebrite's `integral`, in worker threads with a time limit. */
export function createAlgebriteTarget(options: CasTargetOptions = {}): Target {
  return createCasWorkerTarget(
    {
      name: 'algebrite',
      cas: 'algebrite',
      integrator: {
        module: compiledModuleUrl(import.meta.url, './algebriteIntegrate.js'),
        exportName: 'algebriteIntegrate',
        evaluateName: 'algebriteEvaluate',
      },
      toSystem: toAlgebrite,
      fromSystem: fromAlgebrite,
    },
    options,
  );
}
