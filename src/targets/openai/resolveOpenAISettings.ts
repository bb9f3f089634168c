import { integrateTask } from '../../tasks/integrate/integrateTask.js';
import type { Task } from '../../tasks/task.js';
import type { TokenPrices } from '../costOf.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './limitedFetch.js';
import { DEFAULT_OPENAI_BASE_URL, type OpenAITargetOptions, type OpenAITargetSettings } from './openaiTargetTypes.js';
import { parseEndpointList, type EndpointSpec } from './parseEndpointList.js';
import { PROMPT_TEMPLATES, templateRefusal } from './promptTemplates.js';
import { redactUrl } from './redactUrl.js';

/** What an OpenAI target is made of once its options are checked: its settings, endpoints, key and task. */
export interface ResolvedOpenAISettings {
  readonly settings: OpenAITargetSettings;
  readonly specs: readonly EndpointSpec[];
  /** The API key, kept in memory only. */
  readonly secret: string | undefined;
  readonly task: Task;
}

/**
 * The options of an OpenAI target, checked and completed with their defaults (`OPENAI_BASE_URL`,
 * `OPENAI_API_KEY` from `env`). Throws on a configuration error: no endpoint, no key for the OpenAI
 * API, no model name, bad prices, a prompt template the task cannot use, a bad response limit.
 */
export function resolveOpenAISettings(opts: OpenAITargetOptions, env: Readonly<Record<string, string | undefined>>): ResolvedOpenAISettings {
  const specs: readonly EndpointSpec[] = opts.endpoints ?? parseEndpointList(opts.baseURL ?? nonEmpty(env.OPENAI_BASE_URL) ?? DEFAULT_OPENAI_BASE_URL);
  if (specs.length === 0) throw new Error('openai target needs at least one endpoint');
  const secret = opts.apiKey ?? nonEmpty(env.OPENAI_API_KEY);
  if (secret === undefined && specs.some((e) => e.url.replace(/\/+$/, '') === DEFAULT_OPENAI_BASE_URL)) {
    throw new Error('OPENAI_API_KEY is not set (needed for the OpenAI API; local servers may do without)');
  }
  if (opts.model.trim() === '') throw new Error('openai target needs a model name, as openai:<model>');
  if (opts.prices !== undefined && !validPrices(opts.prices)) {
    throw new Error(
      `openai target: prices must be finite, non-negative USD per million tokens, got input ${opts.prices.inputPerMillion}, output ${opts.prices.outputPerMillion}`,
    );
  }
  const shown = specs.map((e) => ({ url: redactUrl(e.url), ...(e.cap !== undefined ? { cap: e.cap } : {}) }));
  const settings: OpenAITargetSettings = {
    model: opts.model,
    // Credentials written into a URL (http://user:pass@host) must not reach config.json.
    baseURL: shown.map((e) => e.url).join(','),
    endpoints: shown,
    batch: opts.batch !== undefined,
    ...(opts.prices !== undefined ? { prices: opts.prices } : {}),
    prompt: opts.prompt ?? PROMPT_TEMPLATES.antiderivbench,
    ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
    ...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
    maxTokensField: opts.maxTokensField ?? 'max_tokens',
    ...(opts.extraBody !== undefined ? { extraBody: opts.extraBody } : {}),
    retries: opts.retries ?? 4,
    requestTimeoutMs: opts.requestTimeoutMs ?? 300_000,
    ...(opts.cacheFile !== undefined ? { cacheFile: opts.cacheFile } : {}),
    maxResponseBytes: opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  const task = opts.task ?? integrateTask;
  const refused = templateRefusal(settings.prompt, task);
  if (refused !== undefined) throw new Error(`openai target: ${refused}`);
  if (!Number.isInteger(settings.maxResponseBytes) || settings.maxResponseBytes < 1) {
    throw new Error(`openai target: the response limit must be a positive number of bytes, got ${settings.maxResponseBytes}`);
  }
  return { settings, specs, secret, task };
}

function validPrices(p: TokenPrices): boolean {
  return [p.inputPerMillion, p.outputPerMillion].every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0);
}

function nonEmpty(s: string | undefined): string | undefined {
  return s !== undefined && s.trim() !== '' ? s.trim() : undefined;
}
