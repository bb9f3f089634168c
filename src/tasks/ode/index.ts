// The public surface of the `ode` task (a linear ODE of order 1 or 2, with conditions or for its general solution): import from '../tasks/ode/index.js'.
export * from './types.js';
export { readOde, type OdeRead } from './readOde.js';
export { readOdeCondition } from './readOdeCondition.js';
export { readOdeAnswer } from './readOdeAnswer.js';
export { describeOde } from './describeOde.js';
export { verifyOde, ODE_CONSTANTS_SEED, type VerifyOdeOptions } from './verifyOde.js';
export { verifyOdeStrings } from './verifyOdeStrings.js';
