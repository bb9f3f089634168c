import { INTEGRATE_CANARIES } from '../tasks/integrate/integrateCanaries.js';

/** The integrate task's canaries (src/tasks/integrate/integrateCanaries.ts), by the name the targets knew them by. */
export const CANARY_PROBLEMS: readonly string[] = INTEGRATE_CANARIES;
