import type { Converted } from './runData.js';
import type { GenerationLine } from './runSchema.js';
import { isRecord, numberOrNull } from './toArchiveLine.js';

/**
 * Check a parsed generations.jsonl line: `generation` is required, every other field of the
 * contract is read when it is a finite number and null otherwise (older or foreign runs may lack
 * some), so that one odd field does not hide a whole generation from the plots.
 */
export function toGenerationLine(value: unknown): Converted<GenerationLine> {
  if (!isRecord(value)) return { ok: false, error: 'not a JSON object' };
  const generation = value.generation;
  if (typeof generation !== 'number' || !Number.isFinite(generation)) {
    return { ok: false, error: generation === undefined ? 'missing "generation"' : '"generation" is not a finite number' };
  }
  const seconds = isRecord(value.seconds) ? value.seconds : {};
  return {
    ok: true,
    value: {
      generation,
      candidates: numberOrNull(value.candidates),
      valid: numberOrNull(value.valid),
      evaluated: numberOrNull(value.evaluated),
      failures: numberOrNull(value.failures),
      meeting_tau: numberOrNull(value.meeting_tau),
      novel: numberOrNull(value.novel),
      archive_size: numberOrNull(value.archive_size),
      mean_length: numberOrNull(value.mean_length),
      asked: numberOrNull(value.asked),
      tokens: tokenCount(value.tokens),
      seconds: { target: numberOrNull(seconds.target), verify: numberOrNull(seconds.verify), engine: numberOrNull(seconds.engine) },
    },
  };
}

/** Tokens as a number, or as a usage record `{prompt, completion, total}`. */
export function tokenCount(v: unknown): number | null {
  if (isRecord(v)) return numberOrNull(v.total);
  return numberOrNull(v);
}
