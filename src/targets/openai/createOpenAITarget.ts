import type { TargetOptions } from '../targetOptions.js';
import { openAICacheFile, openaiTarget, type OpenAITarget } from './openaiTarget.js';
import { parseEndpointList } from './parseEndpointList.js';
import { loadPromptTemplate } from './promptTemplates.js';
import { resolveTokenPrices } from './resolveTokenPrices.js';

/**
 * `openai:<model>` from the command-line options: the endpoints parsed (`--base-url`, else
 * `$OPENAI_BASE_URL`), the prompt template read (a built-in name or a file), the prices resolved
 * (flags over a pricing file), the response cache kept in the run directory unless turned off, and
 * with `--batch` the Batch API mode with the caller's hooks for keeping jobs across a kill.
 */
export async function createOpenAITarget(model: string, options: TargetOptions): Promise<OpenAITarget> {
  const o = options.openai ?? {};
  const prices = await resolveTokenPrices({ priceInput: o.priceInput, priceOutput: o.priceOutput, pricesFile: o.pricesFile, batch: o.batch === true });
  return openaiTarget({
    model,
    ...(o.baseURL !== undefined ? { endpoints: parseEndpointList(o.baseURL) } : {}),
    prompt: await loadPromptTemplate(o.promptTemplate),
    temperature: o.temperature,
    maxTokens: o.maxTokens,
    requestTimeoutMs: o.requestTimeoutMs,
    retries: o.retries,
    maxResponseBytes: o.maxResponseBytes,
    concurrency: options.concurrency,
    cacheFile: o.cache !== false && options.outDir !== undefined ? openAICacheFile(options.outDir) : undefined,
    rng: options.rng?.fork('openai-backoff'),
    ...(options.task !== undefined ? { task: options.task } : {}),
    ...(prices !== undefined ? { prices } : {}),
    ...(o.batch === true ? { batch: { ...(options.batchJobs !== undefined ? { hooks: options.batchJobs } : {}) } } : {}),
  });
}
