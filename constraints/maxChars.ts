import { OK, type Constraint } from './types.js';

/** Printed (`toInfix`) length at most `limits.maxChars` characters. */
export const maxChars: Constraint = {
  name: 'max-chars',
  check: (_e, { limits, text }) => (text.length > limits.maxChars ? { ok: false, reason: `longer than ${limits.maxChars} characters (${text.length})` } : OK),
};
