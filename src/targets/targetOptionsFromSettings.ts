import type { TargetOptions } from './targetOptions.js';
import type { TargetSettings } from './types.js';

/** The target options a run's recorded settings give back, and the options they cannot give. */
export interface RecordedTargetOptions {
  readonly options: Omit<TargetOptions, 'concurrency' | 'outDir'>;
  /**
   * Options that shaped the run but are not in its settings as they were given, so they must be
   * given again: `--base-url` when its URL held credentials (recorded hidden).
   */
  readonly missing: readonly string[];
}

/** What `Target.describe()` writes for a URL's hidden credentials (`redactUrl`). */
const HIDDEN_CREDENTIALS = '[redacted]@';

/**
 * The target options that make a target describe itself as `settings` again: the inverse of the
 * targets' `describe()` (config.json `target.settings`), so that a resumed run gets its target's
 * time limit, endpoints, prompt, sampling and prices without their options being given again.
 * Keys that are not options (the model, the command line, a library's version) are left out; they
 * are compared as they are. A prompt file is read again from its recorded path (and its hash
 * compared), prices are given back as `--price-input` / `--price-output`, which is what a pricing
 * file resolved to.
 */
export function targetOptionsFromSettings(settings: TargetSettings): RecordedTargetOptions {
  const missing: string[] = [];
  const number = (key: string): number | undefined => (typeof settings[key] === 'number' ? (settings[key] as number) : undefined);
  const openai: Record<string, unknown> = {};
  const baseUrl = settings.base_url;
  if (typeof baseUrl === 'string' && baseUrl !== '') {
    if (baseUrl.includes(HIDDEN_CREDENTIALS)) missing.push('--base-url');
    else openai.baseURL = withCaps(baseUrl, settings.endpoint_caps);
  }
  const prompt = settings.prompt_template;
  // A file's template is recorded as `file:<path> (sha256:<hash>)`.
  if (typeof prompt === 'string' && prompt !== '') openai.promptTemplate = prompt.replace(/ \(sha256:[0-9a-f]+\)$/, '');
  openai.temperature = number('temperature');
  openai.maxTokens = number('max_tokens');
  openai.requestTimeoutMs = number('request_timeout_ms');
  openai.retries = number('retries');
  if (settings.cache === false) openai.cache = false;
  openai.maxResponseBytes = number('max_response_bytes');
  if (settings.batch === true) openai.batch = true;
  openai.priceInput = number('price_input_per_million');
  openai.priceOutput = number('price_output_per_million');
  const given = Object.fromEntries(Object.entries(openai).filter(([, v]) => v !== undefined));
  return {
    options: {
      ...(number('time_limit_ms') !== undefined ? { timeLimitMs: number('time_limit_ms') } : {}),
      ...(number('startup_timeout_ms') !== undefined ? { startupTimeoutMs: number('startup_timeout_ms') } : {}),
      ...(Object.keys(given).length > 0 ? { openai: given } : {}),
    },
    missing,
  };
}

/** `--base-url`'s list again: each URL with its cap (`URL#N`) where `endpoint_caps` records one. */
function withCaps(urls: string, caps: TargetSettings[string] | undefined): string {
  if (typeof caps !== 'string') return urls;
  const capList = caps.split(',');
  return urls
    .split(',')
    .map((url, i) => (capList[i] !== undefined && capList[i] !== 'none' ? `${url}#${capList[i]}` : url))
    .join(',');
}
