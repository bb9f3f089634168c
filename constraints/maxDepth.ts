import { OK, type Constraint } from './types.js';

/** No root-to-leaf path longer than `limits.maxDepth` nodes. */
export const maxDepth: Constraint = {
  name: 'max-depth',
  check: (_e, { limits, scan }) => (scan.depth > limits.maxDepth ? { ok: false, reason: `deeper than ${limits.maxDepth} levels (${scan.depth})` } : OK),
};
