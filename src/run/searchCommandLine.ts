import type { TargetOptions } from '../targets/targetOptions.js';
import { targetOptionsFromSettings } from '../targets/targetOptionsFromSettings.js';
import type { TargetSettings } from '../targets/types.js';
import { isRecord } from './toArchiveLine.js';

/** Settings that do not shape what a run finds (how many problems are in flight at once). */
const NOT_SHAPING = new Set(['concurrency']);

/**
 * The `sagga search` command line that runs again what a run's config.json records: every setting
 * of `settings` as its option (all of them, so that a later sagga with other defaults makes the same
 * run), then the target's own options as its recorded settings give them back
 * (`targetOptionsFromSettings`). Null when config.json holds no settings. Arguments are quoted for a
 * POSIX shell; a target whose command line held a secret keeps config.json's `[REDACTED]`.
 */
export function searchCommandLine(config: Readonly<Record<string, unknown>> | null): string | null {
  const settings = config?.settings;
  if (!isRecord(settings) || typeof settings.target !== 'string') return null;
  const words = ['sagga', 'search', '--target', settings.target];
  for (const [key, value] of Object.entries(settings)) {
    if (key === 'target' || NOT_SHAPING.has(key)) continue;
    words.push(...settingWords(key, value));
  }
  const target = isRecord(config?.target) && isRecord(config.target.settings) ? (config.target.settings as TargetSettings) : null;
  if (target !== null) words.push(...targetWords(targetOptionsFromSettings(target).options));
  return words.map(shellWord).join(' ');
}

/** One setting as the options that give it: none for "no limit", a `--no-…` flag for a switched-off default. */
function settingWords(key: string, value: unknown): string[] {
  const option = '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  if (value === null || value === undefined) return [];
  if (typeof value === 'boolean') return value ? [] : [`--no-${option.slice(2)}`];
  if (Array.isArray(value)) {
    if (key === 'reference') return [option, value.length === 0 ? 'none' : value.join(',')];
    return value.length === 0 ? [] : [option, value.join(',')];
  }
  if (typeof value === 'object') return [option, JSON.stringify(value)];
  return [option, String(value)];
}

function targetWords(o: Omit<TargetOptions, 'concurrency' | 'outDir'>): string[] {
  const words: string[] = [];
  const add = (option: string, value: string | number | undefined): void => {
    if (value !== undefined) words.push(option, String(value));
  };
  add('--time-limit', o.timeLimitMs);
  add('--startup-timeout', o.startupTimeoutMs === undefined ? undefined : o.startupTimeoutMs / 1000);
  const ai = o.openai ?? {};
  add('--base-url', Array.isArray(ai.baseURL) ? ai.baseURL.join(',') : (ai.baseURL as string | undefined));
  add('--prompt-template', ai.promptTemplate);
  add('--temperature', ai.temperature);
  add('--max-tokens', ai.maxTokens);
  add('--request-timeout', ai.requestTimeoutMs);
  add('--retries', ai.retries);
  if (ai.cache === false) words.push('--no-cache');
  add('--max-response-bytes', ai.maxResponseBytes);
  if (ai.batch === true) words.push('--batch');
  add('--price-input', ai.priceInput);
  add('--price-output', ai.priceOutput);
  return words;
}

/** A word as a POSIX shell reads it back: as it is when it holds only safe characters, else in single quotes. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=,@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
