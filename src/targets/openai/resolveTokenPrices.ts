import { open } from 'node:fs/promises';
import type { TokenPrices } from '../costOf.js';

export interface PriceOptions {
  /** USD per million input tokens (`--price-input`): wins over the file. */
  readonly priceInput?: number;
  /** USD per million output tokens (`--price-output`): wins over the file. */
  readonly priceOutput?: number;
  /** A JSON pricing file (`--prices`). */
  readonly pricesFile?: string;
  /** The Batch API is used: a file's `batch` prices apply. */
  readonly batch?: boolean;
}

/** A pricing file is a few numbers: anything longer is not one. */
const MAX_PRICES_FILE_BYTES = 65_536;

/**
 * The prices of a target's tokens from `--price-input`, `--price-output` and a pricing file
 * `{"input": USD, "output": USD, "batch": {"input": USD, "output": USD}}` (USD per million tokens;
 * `batch` optional, used with `--batch`). A flag wins over the file. Undefined when no price is
 * given; throws, saying what to give, when only one of the two is known or a value is not a finite
 * non-negative number, or the file is not such an object.
 */
export async function resolveTokenPrices(options: PriceOptions): Promise<TokenPrices | undefined> {
  let input: number | undefined;
  let output: number | undefined;
  if (options.pricesFile !== undefined) {
    const file = await readPricesFile(options.pricesFile);
    const chosen = options.batch && file.batch !== undefined ? file.batch : file;
    input = chosen.input;
    output = chosen.output;
  }
  input = options.priceInput ?? input;
  output = options.priceOutput ?? output;
  if (input === undefined && output === undefined) return undefined;
  if (input === undefined || output === undefined) {
    throw new Error(
      `prices need both the input and the output price (USD per million tokens): give --price-input and --price-output, or a --prices file with "input" and "output"`,
    );
  }
  for (const [name, v] of [
    ['--price-input', input],
    ['--price-output', output],
  ] as const) {
    if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number of USD per million tokens, got ${v}`);
  }
  return { inputPerMillion: input, outputPerMillion: output };
}

interface PricesFile {
  readonly input: number;
  readonly output: number;
  readonly batch?: { readonly input: number; readonly output: number };
}

async function readPricesFile(path: string): Promise<PricesFile> {
  const handle = await open(path, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new Error(`--prices ${path}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
  });
  let text: string;
  try {
    const buffer = Buffer.alloc(MAX_PRICES_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_PRICES_FILE_BYTES)
      throw new Error(`--prices ${path}: larger than ${MAX_PRICES_FILE_BYTES} bytes; a pricing file is {"input": USD, "output": USD}`);
    text = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw new Error(`--prices ${path}: not JSON (${(err as Error).message}); expected {"input": 0.15, "output": 0.60} in USD per million tokens`);
  }
  const pair = (o: unknown, where: string): { input: number; output: number } => {
    if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new Error(`--prices ${path}: ${where} must be an object {"input": USD, "output": USD}`);
    const r = o as Record<string, unknown>;
    const unknown = Object.keys(r).filter((k) => !['input', 'output', ...(where === 'the file' ? ['batch'] : [])].includes(k));
    if (unknown.length > 0)
      throw new Error(
        `--prices ${path}: unknown key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} in ${where}; the keys are "input", "output"${where === 'the file' ? ' and "batch"' : ''}`,
      );
    const num = (k: 'input' | 'output'): number => {
      const x = r[k];
      if (typeof x !== 'number' || !Number.isFinite(x) || x < 0)
        throw new Error(`--prices ${path}: "${k}" in ${where} must be a non-negative number of USD per million tokens`);
      return x;
    };
    return { input: num('input'), output: num('output') };
  };
  const top = pair(v, 'the file');
  const batch = (v as Record<string, unknown>).batch;
  return { ...top, ...(batch !== undefined ? { batch: pair(batch, '"batch"') } : {}) };
}
