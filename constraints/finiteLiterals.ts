import { OK, type Constraint } from './types.js';

/** Every literal is a finite number (folding can make ±Infinity or NaN). */
export const finiteLiterals: Constraint = {
  name: 'finite-literals',
  check: (_e, { scan }) => (scan.nonFinite ? { ok: false, reason: 'non-finite literal' } : OK),
};
