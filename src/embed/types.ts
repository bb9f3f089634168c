import type { Expr } from '../expr/types.js';

/**
 * Maps problems to fixed-size vectors, for the k-means seed selection and the cosine `near:`
 * fitness. Every vector returned has length `dim`; `embed` keeps the input order.
 */
export interface Embedder {
  /** Stable name recorded in config.json, e.g. `structural` or `transformers:tests/fixtures/tiny-model`. */
  readonly name: string;
  readonly dim: number;
  embed(exprs: readonly Expr[]): Promise<Float64Array[]>;
  /** Release sessions or workers, if any. Idempotent. */
  close?(): Promise<void>;
}
