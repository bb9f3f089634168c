import type { TokensLine } from './runSchema.js';
import { isRecord, numberOrNull } from './toArchiveLine.js';

/**
 * Tokens as recorded by any version of sagga: `{input, output}` (each direction counted), a plain
 * count, or a usage record `{prompt, completion, total}`; null when none of these is there.
 */
export function toTokensLine(v: unknown): TokensLine | null {
  const count = numberOrNull(v);
  if (count !== null) return { input: null, output: null, total: count };
  if (!isRecord(v)) return null;
  const input = numberOrNull(v.input) ?? numberOrNull(v.prompt);
  const output = numberOrNull(v.output) ?? numberOrNull(v.completion);
  const total = numberOrNull(v.total) ?? (input !== null || output !== null ? (input ?? 0) + (output ?? 0) : null);
  return total === null ? null : { input, output, total };
}
