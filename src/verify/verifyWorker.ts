import { serveWorker } from '../util/serveWorker.js';
import type { Domain } from './domain.js';
import type { VerifyOptions, VerifyResult } from './types.js';
import { verifyStrings } from './verifyStrings.js';

export interface VerifyChunk extends Partial<VerifyOptions> {
  readonly pairs: readonly { readonly problem: string; readonly answer: string; readonly domain?: Domain }[];
}

serveWorker<VerifyChunk, VerifyResult[]>(({ pairs, ...budget }) =>
  pairs.map((p) => verifyStrings(p.problem, p.answer, p.domain === undefined ? budget : { ...budget, domain: p.domain })),
);
