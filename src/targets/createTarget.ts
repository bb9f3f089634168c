import type { Rng } from '../util/rng.js';
import type { Target } from './types.js';

export const TARGET_SPECS: readonly string[] = ['nerdamer', 'algebrite', 'sympy', 'maxima', 'openai:<model>', 'cmd:<command line>'];

export interface OpenAIOptions {
  readonly baseURL?: string;
  readonly promptTemplate?: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly requestTimeoutMs?: number;
  readonly retries?: number;
  /** false: no response cache. */
  readonly cache?: boolean;
}

export interface TargetOptions {
  /** Problems (or requests) in flight at once. */
  readonly concurrency: number;
  /** Time allowed per problem, for CAS and command targets. */
  readonly timeLimitMs?: number;
  /** The run directory, where the OpenAI response cache lives. */
  readonly outDir?: string;
  /** For the OpenAI target's backoff jitter. */
  readonly rng?: Rng;
  readonly openai?: OpenAIOptions;
}

/**
 * The model under test named by `spec`; throws, listing the valid forms, on an unknown one.
 * Each target's code is imported only when it is asked for, so that naming nerdamer does not load
 * the OpenAI client and a command that never asks a target starts fast.
 */
export async function createTarget(spec: string, options: TargetOptions): Promise<Target> {
  const s = spec.trim();
  const timeLimit = options.timeLimitMs;
  switch (s) {
    case 'nerdamer':
      return (await import('./nerdamerTarget.js')).createNerdamerTarget({ concurrency: options.concurrency, timeLimitMs: timeLimit });
    case 'algebrite':
      return (await import('./algebriteTarget.js')).createAlgebriteTarget({ concurrency: options.concurrency, timeLimitMs: timeLimit });
    case 'sympy':
      return (await import('./sympyTarget.js')).createSympyTarget(timeLimit === undefined ? {} : { timeoutMs: timeLimit });
    case 'maxima':
      return (await import('./maximaTarget.js')).createMaximaTarget(timeLimit === undefined ? {} : { timeoutMs: timeLimit });
  }
  if (s.startsWith('cmd:')) {
    const command = s.slice(4).trim();
    if (command === '') throw new Error('--target cmd: needs a command line after "cmd:", e.g. cmd:"python3 my_model.py"');
    const { createCmdTarget } = await import('./cmdTarget.js');
    return createCmdTarget({ command, ...(timeLimit === undefined ? {} : { timeoutMs: timeLimit }) });
  }
  if (s.startsWith('openai:')) {
    const model = s.slice(7).trim();
    if (model === '') throw new Error('--target openai: needs a model name after "openai:", e.g. openai:gpt-4o-mini');
    const o = options.openai ?? {};
    const [{ loadPromptTemplate }, { openAICacheFile, openaiTarget }] = await Promise.all([import('./openai/promptTemplates.js'), import('./openaiTarget.js')]);
    return openaiTarget({
      model,
      baseURL: o.baseURL,
      prompt: await loadPromptTemplate(o.promptTemplate),
      temperature: o.temperature,
      maxTokens: o.maxTokens,
      requestTimeoutMs: o.requestTimeoutMs,
      retries: o.retries,
      concurrency: options.concurrency,
      cacheFile: o.cache !== false && options.outDir !== undefined ? openAICacheFile(options.outDir) : undefined,
      rng: options.rng?.fork('openai-backoff'),
    });
  }
  throw new Error(`unknown target '${spec}': expected one of ${TARGET_SPECS.join(', ')}`);
}
