// The public surface of src/expr: import from '../expr/index.js'.
export * from './types.js';
export * from './functions.js';
export * from './limits.js';
export { parseExpr, tryParseExpr } from './parse.js';
export { ParseError, type OwnRefusal, type ParseResult } from './parseError.js';
export type { ReadOptions } from './readOptions.js';
export * from './constants.js';
export { toInfix } from './toInfix.js';
export { toLatex } from './toLatex.js';
export { toPrefix } from './toPrefix.js';
export { metrics, countNodes, type ExprMetrics } from './metrics.js';
export { simplify } from './simplify.js';
export { canonicalKey } from './canonicalKey.js';
export { signature } from './signature.js';
export { formatNumber } from './formatNumber.js';
