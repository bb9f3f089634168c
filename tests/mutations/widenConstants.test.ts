import { describe, expect, it } from 'vitest';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { widenConstants } from '../../mutations/widenConstants.js';

describe('widenConstants', () => {
  it('widens the constant range within the candidate limits, and leaves a factor of 1 alone', () => {
    const config = resolveMutationConfig('uniform');
    expect(widenConstants(config, 1)).toBe(config);
    expect(widenConstants(config, 10)).toMatchObject({ vmin: -10000, vmax: 10000 });
    expect(widenConstants(config, 1e9)).toMatchObject({ vmin: -10_000_000, vmax: 10_000_000 });
  });
});
