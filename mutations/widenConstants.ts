import { MAX_ABS_CONSTANT, type MutationConfig } from './types.js';

/** The same mutations drawing constants from a range `factor` times wider, within the candidate limits. */
export function widenConstants(config: MutationConfig, factor: number): MutationConfig {
  if (factor === 1) return config;
  const clamp = (v: number): number => Math.max(-MAX_ABS_CONSTANT, Math.min(MAX_ABS_CONSTANT, Math.round(v * factor)));
  return { ...config, vmin: clamp(config.vmin), vmax: clamp(config.vmax) };
}
