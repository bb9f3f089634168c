import { DEFAULT_CANDIDATE_LIMITS, type CandidateLimits } from '../../constraints/candidateLimits.js';
import { DISTANCE_KINDS, LENGTH_MEASURES } from '../../fitness/types.js';
import { isBugLeanText } from '../population/bugLean.js';
import { NotARunError } from './readRun.js';
import type { RunConfig, SearchSettings } from './runSchema.js';

/** Why a value is not of a field's shape, or undefined when it is. */
type Check = (value: unknown) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};
const expect =
  (what: string, ok: (v: unknown) => boolean): Check =>
  (v) =>
    ok(v) ? undefined : `is ${v === undefined ? 'missing' : shown(v)}, not ${what}`;

const text = expect('a string', (v) => typeof v === 'string');
const finite = expect('a number', (v) => typeof v === 'number' && Number.isFinite(v));
const count = expect('a whole number ≥ 0', (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
const flag = expect('true or false', (v) => typeof v === 'boolean');
const texts = expect('a list of strings', (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'));
const record = expect('an object', isObject);
const list = expect('a list', Array.isArray);
const oneOf = (values: readonly string[]): Check =>
  expect(values.map((x) => JSON.stringify(x)).join(' or '), (v) => typeof v === 'string' && values.includes(v));
const orNull =
  (check: Check): Check =>
  (v) =>
    v === null ? undefined : check(v);
/** A field absent in runs made before it existed. */
const later =
  (check: Check): Check =>
  (v) =>
    v === undefined ? undefined : check(v);

/** `why` of a field or element named `where`: nested reasons already start with their own path. */
const at = (where: string, why: string): string => (why.startsWith('.') || why.startsWith('[') ? `${where}${why}` : `${where} ${why}`);

/** An object whose fields are checked by `fields` (others are kept as they are). */
const shape =
  (fields: Readonly<Record<string, Check>>): Check =>
  (v) => {
    if (!isObject(v)) return record(v);
    for (const [name, check] of Object.entries(fields)) {
      const why = check(v[name]);
      if (why !== undefined) return at(`.${name}`, why);
    }
    return undefined;
  };
/** Every element checked by `check`. */
const each =
  (check: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) return list(v);
    for (let i = 0; i < v.length; i++) {
      const why = check(v[i]);
      if (why !== undefined) return at(`[${i}]`, why);
    }
    return undefined;
  };

/** Every setting, each with its check: a setting added to SearchSettings does not compile until it has one. */
const SETTINGS: Readonly<Record<keyof SearchSettings, Check>> = {
  target: text,
  task: later(text),
  seeds: text,
  mutations: text,
  mutationParams: orNull(record),
  ops: orNull(texts),
  fitness: text,
  distance: oneOf(DISTANCE_KINDS),
  lengthMeasure: oneOf(LENGTH_MEASURES),
  requireOps: texts,
  tau: finite,
  seedSize: count,
  generationSize: count,
  clusters: count,
  archiveSize: count,
  maxGenerations: orNull(count),
  k: expect('a whole number ≥ 1', (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1),
  embedder: text,
  rngSeed: text,
  concurrency: count,
  seedSelection: oneOf(['elites', 'kmeans', 'fitness', 'random']),
  keepInitialSeeds: flag,
  maxRetries: count,
  canaries: later(flag),
  failures: later(oneOf(['proven', 'all'])),
  reference: later(texts),
  novelty: later(oneOf(['signature', 'exact'])),
  patience: later(count),
  shrinkCalls: later(count),
  shrinkCallsPerNode: later(count),
  bugLean: later(expect('none, rank or newest:p with 0 < p ≤ 1', isBugLeanText)),
  shapeCap: later(count),
  newestBugOdds: later(expect('a number from 0 to 1', (v) => typeof v === 'number' && v >= 0 && v <= 1)),
  maxTargetCalls: later(orNull(finite)),
  maxTokensTotal: later(orNull(finite)),
  maxCost: later(orNull(finite)),
};

const LIMITS: Readonly<Record<keyof CandidateLimits, Check>> = Object.fromEntries(
  Object.entries(DEFAULT_CANDIDATE_LIMITS).map(([name, value]) => [name, typeof value === 'boolean' ? flag : finite]),
) as Record<keyof CandidateLimits, Check>;

const scalars = expect(
  'an object of strings, numbers, booleans and nulls',
  (v) => isObject(v) && Object.values(v).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x)),
);

const CONFIG: Readonly<Record<keyof RunConfig, Check>> = {
  sagga: shape({ version: text, node: text, dependencies: record }),
  created: text,
  settings: shape(SETTINGS),
  rng_seed: text,
  mutation_config: shape({ internal: record, leaf: record, vmin: finite, vmax: finite, ops: texts }),
  fitness: shape({ spec: text, description: text }),
  embedder: shape({ name: text, dim: count }),
  seeds: shape({
    name: text,
    source: text,
    sha256: later(text),
    keys_sha256: later(text),
    count: later(count),
    exprs: later(texts),
    keys: later(texts),
    trees: later(each(record)),
  }),
  candidate_limits: shape(LIMITS),
  target: shape({ name: text, settings: later(scalars) }),
  task: later(shape({ name: text, settings: scalars })),
  references: later(each(shape({ name: text, settings: scalars }))),
  endpoints: later(each(shape({ url: text, requests: count, errors: count, out_of_service_ms: finite }))),
  files: expect('an object of file names', (v) => isObject(v) && Object.values(v).every((x) => typeof x === 'string')),
  resumes: each(shape({ at: text, after_generation: count, changed: list, forced: flag })),
  settings_sha256: later(text),
};

/**
 * config.json as sagga reads it back: `value` (the parsed file at `path`) checked field by field
 * against `RunConfig`, and returned as it is (unknown fields kept, nothing filled in, so that its
 * `settings_sha256` and a rewrite are those of the file). Fields added since the first runs may be
 * absent (read as the defaults docs/FORMATS.md gives); anything else wrong is a NotARunError naming
 * the field, never guessed around.
 */
export function parseRunConfig(value: unknown, path: string): RunConfig {
  const why = shape(CONFIG)(value);
  if (why !== undefined) throw new NotARunError(`${path}: not a config.json of a sagga run: ${why.startsWith('.') ? why.slice(1) : `it ${why}`}`, path);
  return value as RunConfig;
}
