import type { SearchSettings } from '../run/runSchema.js';

/** Count settings that runs made before they were recorded lack in their config.json. */
export type LaterCountSetting = 'patience' | 'shrinkCalls' | 'shrinkCallsPerNode';

/**
 * A count setting of a run as it ran. A run made before the setting was recorded ran without it,
 * which is 0: no stop as stagnated, no shrinking, no per-node shrink budget.
 */
export function runCountSetting(settings: Partial<Pick<SearchSettings, LaterCountSetting>>, name: LaterCountSetting): number {
  return settings[name] ?? 0;
}
