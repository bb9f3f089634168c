import { OK, type Constraint } from './types.js';

/** At most `limits.maxNodes` nodes. */
export const maxNodes: Constraint = {
  name: 'max-nodes',
  check: (_e, { limits, scan }) => (scan.nodes > limits.maxNodes ? { ok: false, reason: `more than ${limits.maxNodes} nodes` } : OK),
};
