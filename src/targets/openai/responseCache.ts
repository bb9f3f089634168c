import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TokenUsage } from '../types.js';
import { BoundedLineSplitter } from '../process/boundedLineSplitter.js';
import { stringifyRedacted, type Redact } from '../../util/redactSecrets.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './limitedFetch.js';

/** One model completion, as stored. Never holds the API key or request headers. */
export interface CachedCompletion {
  readonly key: string;
  readonly content: string;
  readonly reasoning?: string;
  readonly finishReason?: string;
  /** Usage of the request this completion came from (shared by all its choices). */
  readonly usage?: TokenUsage;
}

/** What identifies a call: the same inputs give the same cache key. */
export interface CacheKeyInput {
  readonly model: string;
  readonly baseURL: string;
  readonly messages: readonly { readonly role: string; readonly content: string }[];
  /** Every request parameter that can change the answer (temperature, max tokens, extra body …). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Which of the k samples for this prompt. */
  readonly sample: number;
}

/** SHA-256 over a canonical JSON encoding (object keys sorted), so key order never changes the hash. */
export function cacheKey(input: CacheKeyInput): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
}

export interface ResponseCache {
  get(key: string): CachedCompletion | undefined;
  /** Remember and append to the file. Appends are serialized; a failed write is reported by `close`. */
  put(entry: CachedCompletion): void;
  readonly size: number;
  /** Lines skipped while loading (a torn last line after a kill, or foreign content). */
  readonly skippedLines: number;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  /** Lines longer than this are skipped on load and never written (default 2 MB). */
  readonly maxLineBytes?: number;
  /** Applied to every string of an entry before it is written (secrets a model echoed). */
  readonly redact?: Redact;
}

/**
 * An append-only JSON Lines cache, loaded at start line by line (streamed: at most `maxLineBytes`
 * of one line is held, so an oversized or corrupt file costs no more memory than the limit). A run
 * killed mid-write leaves at most one torn line, which the next load skips, like any oversized or
 * unreadable line. Later lines win, so a re-run that re-fetches a key is harmless. An entry whose
 * line would exceed the limit is kept in memory for this run but not written.
 */
export async function openResponseCache(file: string, options: ResponseCacheOptions = {}): Promise<ResponseCache> {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const redact = options.redact ?? ((t: string) => t);
  const entries = new Map<string, CachedCompletion>();
  let skippedLines = 0;
  let lastByte = -1;
  const splitter = new BoundedLineSplitter(
    maxLineBytes,
    {
      line(text) {
        if (text.trim() === '') return;
        const entry = parseLine(text);
        if (entry === undefined) skippedLines++;
        else entries.set(entry.key, entry);
      },
      oversized() {
        skippedLines++;
      },
    },
    0,
  );
  try {
    for await (const chunk of createReadStream(file)) {
      const buffer = chunk as Buffer;
      if (buffer.length > 0) lastByte = buffer[buffer.length - 1];
      splitter.push(buffer);
    }
    splitter.end();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dirname(file), { recursive: true });
  // A torn last line (no newline) must not glue itself to the next entry.
  const needsNewline = lastByte !== -1 && lastByte !== 10;
  let handle: FileHandle | undefined = await open(file, 'a', 0o600);
  let chain: Promise<void> = needsNewline ? handle.appendFile('\n') : Promise.resolve();
  let writeError: Error | undefined;
  return {
    get: (key) => entries.get(key),
    put(entry) {
      entries.set(entry.key, entry);
      const line = stringifyRedacted(entry, redact) + '\n';
      if (Buffer.byteLength(line) > maxLineBytes) return;
      // Written on a later turn of the event loop: whoever asked records the answer first (a
      // search's journal, in the same turn as it gets it), so a process killed in between has
      // the answer in its own record, never only here, where replaying it would cost nothing.
      chain = chain
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(async () => {
          if (handle === undefined) return;
          try {
            await handle.appendFile(line);
          } catch (err) {
            writeError ??= err as Error;
          }
        });
    },
    get size() {
      return entries.size;
    },
    skippedLines,
    async close() {
      await chain;
      const h = handle;
      handle = undefined;
      await h?.close();
      if (writeError !== undefined) throw new Error(`response cache ${file}: ${writeError.message}`);
    },
  };
}

function parseLine(line: string): CachedCompletion | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.key !== 'string' || !/^[0-9a-f]{64}$/.test(o.key) || typeof o.content !== 'string') return undefined;
  const usage = readUsage(o.usage);
  return {
    key: o.key,
    content: o.content,
    ...(typeof o.reasoning === 'string' ? { reasoning: o.reasoning } : {}),
    ...(typeof o.finishReason === 'string' ? { finishReason: o.finishReason } : {}),
    ...(usage !== undefined ? { usage } : {}),
  };
}

function readUsage(v: unknown): TokenUsage | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  const n = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
  return { prompt: n(o.prompt), completion: n(o.completion), total: n(o.total) };
}
