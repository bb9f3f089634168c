// The public surface of the `definite` task (∫ₐᵇ f(x) dx): import from '../tasks/definite/index.js'.
export * from './types.js';
export { parseBound } from './parseBound.js';
export { readDefiniteAnswer } from './readDefiniteAnswer.js';
export { verifyDefinite, FIRST_DIGITS, CONFIRM_DIGITS } from './verifyDefinite.js';
export { verifyDefiniteStrings } from './verifyDefiniteStrings.js';
export { prepareDefinite, type PreparedDefinite, type IntegralRequest } from './prepareDefinite.js';
export { integrateDefinite, DEFAULT_INTEGRATE_OPTIONS, type IntegrateOptions } from './integrateDefinite.js';
export { checkDefiniteConvergence, DEFAULT_CONVERGENCE_WORK } from './checkDefiniteConvergence.js';
export { formatDecimal } from './formatDecimal.js';
export { definiteTask, BOUND_MUTATION_SHARE } from './definiteTask.js';
