import { OK, type Constraint } from './types.js';

/** No literal beyond ±`limits.maxAbsInteger`. */
export const literalMagnitude: Constraint = {
  name: 'literal-magnitude',
  check: (_e, { limits, scan }) => (scan.maxAbs > limits.maxAbsInteger ? { ok: false, reason: `literal ${scan.maxAbs} beyond ±${limits.maxAbsInteger}` } : OK),
};
