import type { TargetOptions } from './targetOptions.js';

type TargetOwnOptions = Omit<TargetOptions, 'concurrency' | 'outDir'>;

/**
 * `given` over `recorded`: an option given now wins, one not given (undefined) keeps the recorded
 * value, the OpenAI options one by one.
 */
export function mergeTargetOptions(recorded: TargetOwnOptions, given: TargetOwnOptions | undefined): TargetOwnOptions {
  const openai = { ...defined(recorded.openai), ...defined(given?.openai) };
  return { ...defined(recorded), ...defined(given), ...(Object.keys(openai).length > 0 ? { openai } : {}) };
}

function defined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
