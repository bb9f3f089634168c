import { resolve } from 'node:path';
import { pipeline, env } from '@xenova/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../src/embed/createEmbedder.js';
import { transformersEmbedder } from '../../src/embed/transformersEmbedder.js';
import type { Embedder } from '../../src/embed/types.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/print.js';

const MODEL_DIR = resolve(__dirname, '../fixtures/tiny-model');
const norm = (v: ArrayLike<number>) => Math.sqrt(Array.from(v).reduce((s, x) => s + x * x, 0));

describe('transformersEmbedder (tiny BERT fixture through the real feature-extraction pipeline)', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await createEmbedder(`transformers:${MODEL_DIR}`);
  });
  afterAll(async () => {
    await embedder?.close?.();
  });

  it('reports the model hidden size and returns unit vectors', async () => {
    expect(embedder.dim).toBe(16);
    expect(embedder.name).toBe(`transformers:${MODEL_DIR}`);
    const vectors = await embedder.embed(['x^2+x+1', 'sin(x)', '1'].map((t) => parseExpr(t)));
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(16);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(Array.from(vectors[0])).not.toEqual(Array.from(vectors[1]));
  });

  it('is the attention-masked mean of the token states of the canonical infix text, normalised', async () => {
    const exprs = ['x^2 + 3*x + 1', 'exp(-5*x)*cos(x)'].map((t) => parseExpr(t));
    const [a, b] = await embedder.embed(exprs);
    // Recompute independently: raw token states for each text alone (no padding), averaged by hand.
    env.localModelPath = resolve(MODEL_DIR, '..') + '/';
    env.allowRemoteModels = false;
    const raw = await pipeline('feature-extraction', 'tiny-model', { quantized: false });
    for (const [expr, got] of [
      [exprs[0], a],
      [exprs[1], b],
    ] as const) {
      const states = await raw(toInfix(expr), { pooling: 'none' });
      const [, tokens, dim] = states.dims;
      const mean = new Array<number>(dim).fill(0);
      for (let t = 0; t < tokens; t++) for (let j = 0; j < dim; j++) mean[j] += (states.data[t * dim + j] as number) / tokens;
      const n = norm(mean);
      for (let j = 0; j < dim; j++) expect(got[j]).toBeCloseTo(mean[j] / n, 4);
    }
    await raw.dispose();
  });

  it('gives a problem the same vector whatever else is in the batch (padding is masked)', async () => {
    const short = parseExpr('x');
    const long = parseExpr('x^7 - 12*x^5 + 33*sin(x)*cos(x) - 999/x');
    const [alone] = await embedder.embed([short]);
    const [withLong] = await embedder.embed([short, long]);
    for (let j = 0; j < 16; j++) expect(withLong[j]).toBeCloseTo(alone[j], 4);
  });

  it('refuses a directory without a model and a hub id when downloads are not allowed', async () => {
    await expect(transformersEmbedder(resolve(__dirname))).rejects.toThrow(/config\.json/);
    await expect(transformersEmbedder('Xenova/no-such-model-offline', { allowRemote: false })).rejects.toThrow(/not a local model directory/);
    await expect(createEmbedder('word2vec')).rejects.toThrow(/unknown embedder/);
  });
});
