import { describe, expect, it } from 'vitest';
import { isLaterCountSetting, LATER_COUNT_SETTINGS, runCountSetting } from '../../src/search/runCountSetting.js';

describe('runCountSetting', () => {
  it('gives a recorded count as it is, and 0 (off) for a run made before the setting was recorded', () => {
    expect(runCountSetting({ patience: 20, shrinkCalls: 48, shrinkCallsPerNode: 6 }, 'patience')).toBe(20);
    expect(runCountSetting({ patience: 20, shrinkCalls: 48, shrinkCallsPerNode: 6 }, 'shrinkCallsPerNode')).toBe(6);
    expect(runCountSetting({ patience: 0 }, 'patience')).toBe(0);
    // A run's cap (`--shape-cap`): runs made before it asked every new problem, whatever its shape.
    expect(runCountSetting({ shapeCap: 4 }, 'shapeCap')).toBe(4);
    // Every setting the list names, including one added to it later.
    for (const name of LATER_COUNT_SETTINGS) expect(runCountSetting({}, name)).toBe(0);
  });

  it('names the count settings that read as 0 when absent, and no other setting', () => {
    for (const name of ['patience', 'shrinkCalls', 'shrinkCallsPerNode', 'shapeCap']) expect(isLaterCountSetting(name)).toBe(true);
    for (const name of ['bugLean', 'task', 'generationSize', 'maxGenerations']) expect(isLaterCountSetting(name)).toBe(false);
  });
});
