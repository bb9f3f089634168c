import type { Converted } from './runData.js';
import type { CountsLine, GenerationLine } from './runSchema.js';
import { isRecord, numberOrNull } from './toArchiveLine.js';
import { toTokensLine } from './toTokensLine.js';

/**
 * Check a parsed generations.jsonl line: `generation` is required, every other field of the
 * contract is read when it is a finite number (or an object of them) and null otherwise (older or
 * foreign runs may lack some), so that one odd field does not hide a whole generation from the plots.
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
      proven: numberOrNull(value.proven),
      unproven: numberOrNull(value.unproven),
      variants: numberOrNull(value.variants),
      signatures: numberOrNull(value.signatures),
      target_calls: numberOrNull(value.target_calls),
      cost: numberOrNull(value.cost),
      kinds: countsOrNull(value.kinds),
      proven_kinds: countsOrNull(value.proven_kinds),
      proofs: countsOrNull(value.proofs),
      calls: countsOrNull(value.calls),
      tokens: toTokensLine(value.tokens),
      population: countsOrNull(value.population),
      escalation: countsOrNull(value.escalation),
      parents: countsOrNull(value.parents),
      seconds: { target: numberOrNull(seconds.target), verify: numberOrNull(seconds.verify), engine: numberOrNull(seconds.engine) },
    },
  };
}

/** An object's finite numeric fields; null when it is not an object. */
function countsOrNull(v: unknown): CountsLine | null {
  if (!isRecord(v)) return null;
  const counts: Record<string, number> = {};
  for (const [name, n] of Object.entries(v)) {
    const count = numberOrNull(n);
    // defineProperty: a name such as "__proto__" stays an ordinary field.
    if (count !== null) Object.defineProperty(counts, name, { value: count, enumerable: true, writable: true, configurable: true });
  }
  return counts;
}
