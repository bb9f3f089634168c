import { structuralEmbedder } from './structuralEmbedder.js';
import { DEFAULT_TRANSFORMERS_MODEL, transformersEmbedder } from './transformersEmbedder.js';
import type { Embedder } from './types.js';
import { EMBEDDER_SPECS } from './embedderSpecs.js';

export { EMBEDDER_SPECS };

/**
 * `structural` (default) | `transformers` (SciBERT from the hub, as in the paper) |
 * `transformers:<dir>` (a local model directory, never the network) | `transformers:<hub id>`.
 * Naming a hub model is the user's permission to download it.
 */
export async function createEmbedder(spec: string): Promise<Embedder> {
  const trimmed = spec.trim();
  if (trimmed === 'structural') return structuralEmbedder();
  if (trimmed === 'transformers') return transformersEmbedder(DEFAULT_TRANSFORMERS_MODEL, { allowRemote: true });
  if (trimmed.startsWith('transformers:')) {
    const model = trimmed.slice('transformers:'.length).trim();
    if (!model) throw new Error(`--embedder ${spec}: the model after "transformers:" is empty`);
    return transformersEmbedder(model, { allowRemote: true });
  }
  throw new Error(`--embedder ${spec}: unknown embedder (expected one of ${EMBEDDER_SPECS.join(', ')})`);
}
