import { formatReasonDecimal } from '../../verify/formatReasonDecimal.js';
import type { Scalar } from './scalarArithmetic.js';

/** A coefficient for a reason: `1/8` when exact, else 10 significant digits (`0.3678794412`, `1.2e-17`). */
export function formatScalar(v: Scalar): string {
  if (v.exact !== null) return v.exact.q === 1 ? String(v.exact.p) : `${v.exact.p}/${v.exact.q}`;
  return formatReasonDecimal(v.dec, 10);
}
