import { Command, Option } from 'commander';
import { TARGET_SPECS, type TargetOptions } from '../targets/registry.js';
import { nonNegativeInt, nonNegativeNumber, positiveInt } from './numberOption.js';

export interface TargetCliOptions {
  readonly target?: string;
  readonly concurrency?: number;
  readonly timeLimit?: number;
  readonly baseUrl?: string;
  readonly promptTemplate?: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly requestTimeout?: number;
  readonly retries?: number;
  readonly cache?: boolean;
  readonly maxResponseBytes?: number;
}

/**
 * The options that choose and tune the model under test, shared by every command that asks one.
 * Numbers are left undefined when not given, so that `--resume` can tell a choice from a default.
 */
export function addTargetOptions(cmd: Command): Command {
  return cmd
    .option('-t, --target <spec>', `model under test: ${TARGET_SPECS.join(' | ')}`)
    .option('--concurrency <n>', 'problems or requests in flight at once (default: cores for CAS, 8 for openai)', positiveInt)
    .option('--time-limit <ms>', 'time per problem for CAS and cmd: targets (default 5000 for nerdamer/algebrite, 10000 for sympy/maxima, 60000 for cmd:)', positiveInt)
    .addOption(new Option('--base-url <url>', 'OpenAI-compatible endpoint (default: $OPENAI_BASE_URL, else api.openai.com); the key is read from $OPENAI_API_KEY only').env('OPENAI_BASE_URL'))
    .option('--prompt-template <name|file>', 'openai prompt: antiderivbench (default), asymob, or a file with {problem} / {latex}')
    .option('--temperature <t>', 'openai sampling temperature (default: the server\'s)', nonNegativeNumber)
    .option('--max-tokens <n>', 'openai completion token limit', positiveInt)
    .option('--request-timeout <ms>', 'openai time per request attempt (default 300000)', positiveInt)
    .option('--retries <n>', 'openai retries after 429/5xx/connection errors, with backoff (default 4)', nonNegativeInt)
    .option('--no-cache', 'do not reuse or store openai responses in the run directory')
    .option('--max-response-bytes <n>', 'openai: longest response body read (default 2000000); a longer one is cut and counts as a transport error, retried', positiveInt);
}

/** Target options for createTarget from the parsed command line. */
export function targetOptionsFrom(opts: TargetCliOptions, ctx: { concurrency: number; outDir?: string }): TargetOptions {
  return { ...targetSettingsFrom(opts), concurrency: ctx.concurrency, outDir: ctx.outDir };
}

/** The target's own settings from the command line, without what the command decides (concurrency, run directory). */
export function targetSettingsFrom(opts: TargetCliOptions): Omit<TargetOptions, 'concurrency' | 'outDir'> {
  return {
    timeLimitMs: opts.timeLimit,
    openai: {
      baseURL: opts.baseUrl,
      promptTemplate: opts.promptTemplate,
      temperature: opts.temperature,
      maxTokens: opts.maxTokens,
      requestTimeoutMs: opts.requestTimeout,
      retries: opts.retries,
      cache: opts.cache,
      maxResponseBytes: opts.maxResponseBytes,
    },
  };
}
