import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { toInfix } from '../expr/print.js';
import type { Expr } from '../expr/types.js';
import type { Embedder } from './types.js';

/** The paper embedded problems with SciBERT; this is its ONNX export for transformers.js. */
export const DEFAULT_TRANSFORMERS_MODEL = 'Xenova/scibert_scivocab_uncased';

export interface TransformersEmbedderOptions {
  /**
   * May a model that is not a local directory be fetched from the Hugging Face hub? Only when the
   * user named a hub model; a local directory never touches the network.
   */
  readonly allowRemote?: boolean;
  /** Texts per forward pass. */
  readonly batchSize?: number;
  /** Where hub downloads are cached (default ~/.cache/sagga/transformers). */
  readonly cacheDir?: string;
}

/**
 * transformers.js is an optional dependency (it is large and pulls in native image code sagga never
 * uses), loaded only when a transformers embedder is asked for.
 */
async function loadTransformers(): Promise<typeof import('@xenova/transformers')> {
  try {
    return await import('@xenova/transformers');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new Error(
        'transformers embedder: the optional package @xenova/transformers is not installed; install it with `npm install @xenova/transformers@^2.17.2` ' +
          '(or use the default --embedder structural, which needs nothing)',
      );
    }
    throw err;
  }
}

/** What we use of the transformers.js feature-extraction pipeline. */
type FeatureExtractor = {
  (texts: string[], options: { pooling: 'mean'; normalize: boolean }): Promise<{ dims: number[]; data: ArrayLike<number> }>;
  model: { config: { hidden_size?: number; d_model?: number; dim?: number } };
  dispose?: () => Promise<void>;
};

/**
 * Embeds the canonical infix text of each problem with a transformer encoder through
 * @xenova/transformers' `pipeline('feature-extraction')`, mean-pooled over tokens and L2-normalised
 * (as the paper did with SciBERT). `modelNameOrDir` is a local model directory (config.json,
 * tokenizer.json, onnx/model[_quantized].onnx) or, with `allowRemote`, a hub model id.
 * Resolves once the model is loaded, so that a missing model is reported before the search starts.
 */
export async function transformersEmbedder(modelNameOrDir: string, options: TransformersEmbedderOptions = {}): Promise<Embedder> {
  // transformers.js keeps its settings in one module-level `env` object; it is the only way to
  // point it at a directory or forbid the network, so we set it right before loading.
  const { env, pipeline } = await loadTransformers();
  const localDir = resolve(modelNameOrDir);
  const isLocal = existsSync(localDir) && statSync(localDir).isDirectory();
  let modelId: string;
  let quantized: boolean;
  if (isLocal) {
    if (!existsSync(join(localDir, 'config.json'))) {
      throw new Error(
        `transformers embedder: ${localDir} has no config.json (expected a model directory with config.json, tokenizer.json and onnx/model.onnx)`,
      );
    }
    env.localModelPath = dirname(localDir) + '/';
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    modelId = basename(localDir);
    quantized = existsSync(join(localDir, 'onnx', 'model_quantized.onnx'));
    if (!quantized && !existsSync(join(localDir, 'onnx', 'model.onnx'))) {
      throw new Error(`transformers embedder: ${localDir} has neither onnx/model_quantized.onnx nor onnx/model.onnx`);
    }
  } else {
    if (!options.allowRemote) {
      throw new Error(`transformers embedder: ${modelNameOrDir} is not a local model directory, and downloading from the hub was not allowed`);
    }
    env.allowRemoteModels = true;
    env.cacheDir = options.cacheDir ?? join(homedir(), '.cache', 'sagga', 'transformers');
    modelId = modelNameOrDir;
    quantized = true;
  }

  let extractor: FeatureExtractor;
  try {
    extractor = (await pipeline('feature-extraction', modelId, { quantized })) as unknown as FeatureExtractor;
  } catch (err) {
    const where = isLocal
      ? ''
      : ` (there is no directory ${localDir}, so it was looked up on the Hugging Face hub; give a local model directory with config.json, tokenizer.json and onnx/model.onnx, or a hub id on a machine with internet access)`;
    throw new Error(`transformers embedder: could not load ${modelNameOrDir}: ${err instanceof Error ? err.message : String(err)}${where}`);
  }
  const config = extractor.model.config;
  const dim = config.hidden_size ?? config.d_model ?? config.dim ?? readHiddenSize(localDir);
  if (!dim) throw new Error(`transformers embedder: cannot tell the hidden size of ${modelNameOrDir}`);
  const batchSize = Math.max(1, options.batchSize ?? 32);

  return {
    name: `transformers:${modelNameOrDir}`,
    dim,
    async embed(exprs: readonly Expr[]): Promise<Float64Array[]> {
      const out: Float64Array[] = [];
      for (let start = 0; start < exprs.length; start += batchSize) {
        const texts = exprs.slice(start, start + batchSize).map(toInfix);
        const tensor = await extractor(texts, { pooling: 'mean', normalize: true });
        const width = tensor.dims[tensor.dims.length - 1];
        if (width !== dim) throw new Error(`transformers embedder: expected vectors of ${dim}, got ${width}`);
        for (let i = 0; i < texts.length; i++) {
          out.push(Float64Array.from({ length: dim }, (_, j) => tensor.data[i * dim + j]));
        }
        // Let timers and signal handlers run between batches of a large model.
        await new Promise<void>((r) => setImmediate(r));
      }
      return out;
    },
    async close() {
      await extractor.dispose?.();
    },
  };
}

function readHiddenSize(dir: string): number | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { hidden_size?: unknown };
    return typeof parsed.hidden_size === 'number' ? parsed.hidden_size : undefined;
  } catch {
    return undefined;
  }
}
