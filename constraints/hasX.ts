import { OK, type Constraint } from './types.js';

/** The candidate mentions x — only enforced when `limits.requireX` is set. */
export const hasX: Constraint = {
  name: 'has-x',
  check: (_e, { limits, scan }) => (limits.requireX && !scan.hasX ? { ok: false, reason: 'no x' } : OK),
};
