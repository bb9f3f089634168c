import { serveWorker } from '../util/serveWorker.js';
import type { VerifyResult } from './types.js';
import { verifyStrings } from './verifyStrings.js';

export interface VerifyChunk {
  readonly pairs: readonly { readonly problem: string; readonly answer: string }[];
  readonly budgetMs?: number;
}

serveWorker<VerifyChunk, VerifyResult[]>((chunk) =>
  chunk.pairs.map((p) => verifyStrings(p.problem, p.answer, chunk.budgetMs === undefined ? {} : { budgetMs: chunk.budgetMs })),
);
