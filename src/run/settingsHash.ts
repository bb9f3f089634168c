import { createHash } from 'node:crypto';

/**
 * The parts of config.json that shape a run. `settings_sha256` is the sha256 of their canonical
 * JSON (keys sorted at every level), so that `--resume` can tell a config.json edited by hand.
 */
export const HASHED_CONFIG_FIELDS = ['settings', 'rng_seed', 'mutation_config', 'fitness', 'embedder', 'seeds', 'candidate_limits', 'target'] as const;

/** sha256 (hex) of the canonical JSON of `config`'s HASHED_CONFIG_FIELDS (absent ones as null). */
export function settingsHash(config: unknown): string {
  const record = (config !== null && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const parts: Record<string, unknown> = {};
  for (const field of HASHED_CONFIG_FIELDS) parts[field] = record[field] ?? null;
  // As it reads back from the file: the hash of what is written equals the hash of what is read.
  return createHash('sha256')
    .update(canonicalJson(JSON.parse(JSON.stringify(parts))))
    .digest('hex');
}

/** JSON with object keys sorted at every level; undefined members left out, as JSON.stringify does. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
