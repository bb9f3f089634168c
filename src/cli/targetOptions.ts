import { type Command, InvalidArgumentError, Option } from 'commander';
import { parseEndpointList } from '../targets/openai/parseEndpointList.js';
import { TARGET_SPECS, type TargetOptions } from '../targets/registry.js';
import { nonNegativeInt, nonNegativeNumber, positiveInt } from './numberOption.js';

export interface TargetCliOptions extends TargetOnlyCliOptions {
  readonly target?: string;
  readonly concurrency?: number;
}

/** The options that only the target reads (the command itself reads `target` and `concurrency` too). */
export interface TargetOnlyCliOptions {
  readonly timeLimit?: number;
  /** Seconds of start-up grace for a `cmd:` program. */
  readonly startupTimeout?: number;
  /** Every `--base-url` given, in order; each may list several URLs separated by commas. */
  readonly baseUrl?: readonly string[];
  readonly promptTemplate?: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly requestTimeout?: number;
  readonly retries?: number;
  readonly cache?: boolean;
  readonly maxResponseBytes?: number;
  readonly batch?: boolean;
  readonly priceInput?: number;
  readonly priceOutput?: number;
  readonly prices?: string;
}

const TARGET_ONLY_KEYS = [
  'timeLimit',
  'startupTimeout',
  'baseUrl',
  'promptTemplate',
  'temperature',
  'maxTokens',
  'requestTimeout',
  'retries',
  'cache',
  'maxResponseBytes',
  'batch',
  'priceInput',
  'priceOutput',
  'prices',
] as const satisfies readonly (keyof TargetOnlyCliOptions)[];

/**
 * The options that choose and tune the model under test, shared by every command that asks one.
 * Numbers are left undefined when not given, so that `--resume` can tell a choice from a default.
 */
export function addTargetOptions(cmd: Command): Command {
  return cmd
    .option('-t, --target <spec>', `model under test: ${TARGET_SPECS.join(' | ')}`)
    .option('--concurrency <n>', 'problems or requests in flight at once (default: cores for CAS, 8 for openai)', positiveInt)
    .option(
      '--time-limit <ms>',
      'time per problem for CAS and cmd: targets (default 5000 for nerdamer/algebrite, 10000 for sympy/maxima, 60000 for cmd:)',
      positiveInt,
    )
    .option(
      '--startup-timeout <seconds>',
      'cmd: extra time a freshly started program gets for its first answer, beyond --time-limit (loading a model; default 30); ' +
        'a program that answers nothing within it is a fault (its requests are errors, asked again), never a model failure',
      nonNegativeNumber,
    )
    .addOption(
      new Option(
        '--base-url <url[,url…]>',
        'OpenAI-compatible endpoint(s) (default: $OPENAI_BASE_URL, else api.openai.com); several separated by commas or by repeating the option, each ' +
          'request going to the one with the fewest in flight and around one that keeps failing; URL#N caps one at N requests at once ' +
          '(e.g. http://gpu1:8000/v1#16,http://gpu2:8000/v1#16); the key is read from $OPENAI_API_KEY only',
      )
        .env('OPENAI_BASE_URL')
        .argParser((value: string, previous: readonly string[] | undefined) => {
          // Checked now, so that a malformed list is a usage error of every command that takes it.
          try {
            parseEndpointList(value);
          } catch (err) {
            throw new InvalidArgumentError((err as Error).message.replace(/^--base-url:? /, ''));
          }
          return [...(previous ?? []), value];
        }),
    )
    .option('--prompt-template <name|file>', 'openai prompt: antiderivbench (default), asymob, or a file with {problem} / {latex}')
    .option('--temperature <t>', "openai sampling temperature (default: the server's)", nonNegativeNumber)
    .option('--max-tokens <n>', 'openai completion token limit', positiveInt)
    .option('--request-timeout <ms>', 'openai time per request attempt (default 300000)', positiveInt)
    .option('--retries <n>', 'openai retries after 429/5xx/connection errors, with backoff (default 4)', nonNegativeInt)
    .option('--no-cache', 'do not reuse or store openai responses in the run directory')
    .option(
      '--max-response-bytes <n>',
      'openai: longest response body read (default 2000000); a longer one is cut and counts as a transport error, retried',
      positiveInt,
    )
    .option(
      '--batch',
      'openai: send the requests handed over together (within 100 ms) as one job of the Batch API (files and batches endpoints; half price at OpenAI, answers within 24 h) instead of chat requests',
    )
    .option('--price-input <usd>', 'openai: USD per million input (prompt) tokens, for the cost of each answer and of the run', nonNegativeNumber)
    .option('--price-output <usd>', 'openai: USD per million output (completion) tokens', nonNegativeNumber)
    .option(
      '--prices <file>',
      'openai: a JSON pricing file {"input": USD, "output": USD, "batch": {"input": USD, "output": USD}} per million tokens ("batch" optional, used with --batch); --price-input/--price-output win over it',
    );
}

/** Split a command's parsed options into the target's own and the rest (which keep `target` and `concurrency`). */
export function splitTargetCliOptions<T extends TargetOnlyCliOptions>(
  opts: T,
): { target: TargetOnlyCliOptions; rest: Omit<T, (typeof TARGET_ONLY_KEYS)[number]> } {
  const target: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...(opts as Record<string, unknown>) };
  for (const key of TARGET_ONLY_KEYS) {
    target[key] = rest[key];
    delete rest[key];
  }
  return { target: target as TargetOnlyCliOptions, rest: rest as Omit<T, (typeof TARGET_ONLY_KEYS)[number]> };
}

/** Target options for createTarget from the parsed command line. */
export function targetOptionsFrom(opts: TargetCliOptions, ctx: { concurrency: number; outDir?: string }): TargetOptions {
  return { ...targetSettingsFrom(opts), concurrency: ctx.concurrency, outDir: ctx.outDir };
}

/** The target's own settings from the command line, without what the command decides (concurrency, run directory). */
export function targetSettingsFrom(opts: TargetOnlyCliOptions): Omit<TargetOptions, 'concurrency' | 'outDir'> {
  return {
    timeLimitMs: opts.timeLimit,
    startupTimeoutMs: opts.startupTimeout === undefined ? undefined : Math.round(opts.startupTimeout * 1000),
    openai: {
      baseURL: opts.baseUrl,
      promptTemplate: opts.promptTemplate,
      temperature: opts.temperature,
      maxTokens: opts.maxTokens,
      requestTimeoutMs: opts.requestTimeout,
      retries: opts.retries,
      cache: opts.cache,
      maxResponseBytes: opts.maxResponseBytes,
      batch: opts.batch,
      priceInput: opts.priceInput,
      priceOutput: opts.priceOutput,
      pricesFile: opts.prices,
    },
  };
}
