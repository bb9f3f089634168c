import type { Converted } from './runData.js';
import type { FailureLine, ProofLine } from './runSchema.js';
import { readLineParameters } from '../tasks/readLineParameters.js';
import { isRecord, numberOrNull, taskFields } from './toArchiveLine.js';

/**
 * Check a parsed evaluated.jsonl line that records a failure (`status: "fail"`) and normalise it:
 * `key`, `problem`, `generation` and `kind` are required; `fitness`, `reason`, `proof`, `signature`,
 * `variant_of`, the task's fields and the parameters' assumptions are null when absent. Nothing in
 * the line is trusted beyond its type.
 */
export function toFailureLine(value: unknown): Converted<FailureLine> {
  if (!isRecord(value)) return { ok: false, error: 'not a JSON object' };
  const missing = ['key', 'problem', 'kind'].filter((name) => typeof value[name] !== 'string');
  if (typeof value.generation !== 'number' || !Number.isFinite(value.generation)) missing.push('generation');
  if (missing.length > 0) return { ok: false, error: `no valid ${missing.map((m) => `"${m}"`).join(', ')}` };
  const proof = value.proof;
  if (proof !== undefined && proof !== null && !(isRecord(proof) && typeof proof.by === 'string'))
    return { ok: false, error: '"proof" is not a {by, …} object' };
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const proofLine: ProofLine | null = isRecord(proof)
    ? { by: proof.by as string, reason: text(proof.reason), reference: text(proof.reference), answer: text(proof.answer) }
    : null;
  return {
    ok: true,
    value: {
      key: value.key as string,
      problem: value.problem as string,
      generation: value.generation as number,
      kind: value.kind as string,
      fitness: numberOrNull(value.fitness),
      reason: text(value.reason),
      proof: proofLine,
      signature: text(value.signature),
      variant_of: text(value.variant_of),
      task: text(value.task),
      params: taskFields(value),
      parameters: readLineParameters(value.parameters),
    },
  };
}
