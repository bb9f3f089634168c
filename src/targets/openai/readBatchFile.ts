import { BoundedLineSplitter } from '../process/boundedLineSplitter.js';
import type { BatchCallContext } from './batchCallContext.js';
import { callBatchApi, type BatchApiResult } from './callBatchApi.js';

/** What a batch job's file reader is told, line by line. */
export interface BatchFileSink {
  line(text: string): void;
  /** A line over `ctx.maxLineBytes`: only its start is kept. */
  oversized(head: string): void;
}

/**
 * Stream file `fileId` of endpoint `index` line by line into `sink`, holding at most
 * `ctx.maxLineBytes` of one line and reading at most `maxBytes` in all (more is a transport fault).
 * A download that breaks off is retried from the start, so `sink` must take a line twice calmly.
 */
export async function readBatchFile(
  index: number,
  fileId: string,
  maxBytes: number,
  sink: BatchFileSink,
  ctx: BatchCallContext,
  signal?: AbortSignal,
): Promise<BatchApiResult<void>> {
  const client = ctx.clientFor(index, maxBytes);
  return callBatchApi(
    index,
    async (s) => {
      const response = await client.files.content(fileId, { signal: s, maxRetries: 0 });
      const splitter = new BoundedLineSplitter(ctx.maxLineBytes, {
        line: (text) => {
          if (text.trim() !== '') sink.line(text);
        },
        oversized: (head) => sink.oversized(head),
      });
      if (response.body !== null) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
          splitter.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      }
      splitter.end();
    },
    ctx,
    signal,
  );
}
