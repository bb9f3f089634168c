import type { SearchSettings } from '../run/runSchema.js';

/** Count settings that runs made before they were recorded lack in their config.json. */
export const LATER_COUNT_SETTINGS = ['patience', 'shrinkCalls', 'shrinkCallsPerNode', 'shapeCap'] as const;

export type LaterCountSetting = (typeof LATER_COUNT_SETTINGS)[number];

export function isLaterCountSetting(name: string): name is LaterCountSetting {
  return (LATER_COUNT_SETTINGS as readonly string[]).includes(name);
}

/**
 * A count setting of a run as it ran. A run made before the setting was recorded ran without it,
 * which is 0: no stop as stagnated, no shrinking, no per-node shrink budget, no cap on a shape.
 */
export function runCountSetting(settings: Partial<Pick<SearchSettings, LaterCountSetting>>, name: LaterCountSetting): number {
  return settings[name] ?? 0;
}
