import { isRecord } from './toArchiveEntry.js';
import type { GenerationRow } from './types.js';

export type GenerationResult = { readonly ok: true; readonly row: GenerationRow } | { readonly ok: false; readonly error: string };

/**
 * Check a parsed generations.jsonl line: `generation` is required, every other field of the
 * contract is read when it is a finite number and null otherwise (older or foreign runs may lack
 * some), so that one odd field does not hide a whole generation from the plots.
 */
export function toGenerationRow(value: unknown): GenerationResult {
  if (!isRecord(value)) return { ok: false, error: 'not a JSON object' };
  const generation = value.generation;
  if (typeof generation !== 'number' || !Number.isFinite(generation)) {
    return { ok: false, error: generation === undefined ? 'missing "generation"' : '"generation" is not a finite number' };
  }
  const seconds = isRecord(value.seconds) ? value.seconds : {};
  return {
    ok: true,
    row: {
      generation,
      candidates: numberOrNull(value.candidates),
      valid: numberOrNull(value.valid),
      evaluated: numberOrNull(value.evaluated),
      failures: numberOrNull(value.failures),
      meetingTau: numberOrNull(value.meeting_tau),
      novel: numberOrNull(value.novel),
      archiveSize: numberOrNull(value.archive_size),
      meanLength: numberOrNull(value.mean_length),
      asked: numberOrNull(value.asked),
      tokens: tokenCount(value.tokens),
      seconds: { target: numberOrNull(seconds.target), verify: numberOrNull(seconds.verify), engine: numberOrNull(seconds.engine) },
    },
  };
}

export function numberOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Tokens as a number, or as a usage record `{prompt, completion, total}`. */
export function tokenCount(v: unknown): number | null {
  if (isRecord(v)) return numberOrNull(v.total);
  return numberOrNull(v);
}
