import { describe, expect, it } from 'vitest';
import { runCountSetting } from '../../src/search/runCountSetting.js';

describe('runCountSetting', () => {
  it('gives a recorded count as it is, and 0 (off) for a run made before the setting was recorded', () => {
    expect(runCountSetting({ patience: 20, shrinkCalls: 48, shrinkCallsPerNode: 6 }, 'patience')).toBe(20);
    expect(runCountSetting({ patience: 20, shrinkCalls: 48, shrinkCallsPerNode: 6 }, 'shrinkCallsPerNode')).toBe(6);
    expect(runCountSetting({ patience: 0 }, 'patience')).toBe(0);
    for (const name of ['patience', 'shrinkCalls', 'shrinkCallsPerNode'] as const) expect(runCountSetting({}, name)).toBe(0);
  });
});
