import type { ProofLine } from '../run/runSchema.js';
import { clip } from '../util/clip.js';

/** A proof in a few words: `verifier`, `reference algebrite: <its answer>`, or `unproven`. The text is untrusted: escape it. */
export function proofText(proof: ProofLine | null, limit = 120): string {
  if (proof === null) return 'unproven';
  if (proof.by === 'reference') return clip(`reference ${proof.reference ?? '?'}${proof.answer ? `: ${proof.answer}` : ''}`, limit);
  return proof.by;
}
