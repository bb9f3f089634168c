import type { TargetOptions } from '../targetOptions.js';
import { openAICacheFile, openaiTarget, type OpenAITarget } from './openaiTarget.js';
import { loadPromptTemplate } from './promptTemplates.js';

/**
 * `openai:<model>` from the command-line options: the prompt template read (a built-in name or a
 * file), the response cache kept in the run directory unless turned off.
 */
export async function createOpenAITarget(model: string, options: TargetOptions): Promise<OpenAITarget> {
  const o = options.openai ?? {};
  return openaiTarget({
    model,
    baseURL: o.baseURL,
    prompt: await loadPromptTemplate(o.promptTemplate),
    temperature: o.temperature,
    maxTokens: o.maxTokens,
    requestTimeoutMs: o.requestTimeoutMs,
    retries: o.retries,
    maxResponseBytes: o.maxResponseBytes,
    concurrency: options.concurrency,
    cacheFile: o.cache !== false && options.outDir !== undefined ? openAICacheFile(options.outDir) : undefined,
    rng: options.rng?.fork('openai-backoff'),
  });
}
