import { DISTANCE_KINDS, LENGTH_MEASURES, type DistanceKind, type LengthMeasure } from '../../fitness/types.js';
import { bugLeanText, parseBugLean, runBugLean } from '../population/bugLean.js';
import type { FailuresMode, NoveltyMode, SearchSettings, SettingDifference } from '../run/runSchema.js';
import { SEED_SELECTIONS, type SeedSelection } from './selectSeeds.js';
import { SPREAD_PRESSURE } from './selectionPressure.js';
import { isLaterCountSetting, runCountSetting } from './runCountSetting.js';
import { taskNamed } from '../tasks/registry.js';

/**
 * The options of `sagga search` as the CLI hands them over: every one optional (undefined = not
 * given on the command line, so that `--resume` can tell a changed setting from a default), numbers
 * as numbers or as the strings commander produces.
 */
export interface SearchCommandOptions {
  readonly target?: string;
  /** `--task`: integrate (default), definite, series, limit … */
  readonly task?: string;
  readonly out?: string;
  readonly seeds?: string;
  readonly mutations?: string;
  readonly mutationParams?: string;
  readonly ops?: string;
  readonly fitness?: string;
  readonly distance?: string;
  readonly lengthMeasure?: string;
  readonly requireOps?: string;
  readonly tau?: number | string;
  readonly seedSize?: number | string;
  readonly generationSize?: number | string;
  readonly clusters?: number | string;
  readonly archiveSize?: number | string;
  readonly maxGenerations?: number | string;
  readonly k?: number | string;
  readonly embedder?: string;
  readonly rngSeed?: number | string;
  readonly resume?: string;
  readonly forceResume?: boolean;
  /** `--force`: a new run may use a directory that holds other files (files named like the run's are replaced). */
  readonly force?: boolean;
  readonly concurrency?: number | string;
  readonly seedSelection?: string;
  /** `--no-keep-initial-seeds` gives false. */
  readonly keepInitialSeeds?: boolean;
  readonly maxRetries?: number | string;
  /** `--no-canaries` gives false: no health check of the target before the run. */
  readonly canaries?: boolean;
  readonly failures?: string;
  /** `--reference`: a comma-separated list of target specs, or `none`. */
  readonly reference?: string;
  readonly novelty?: string;
  readonly patience?: number | string;
  readonly shrinkCalls?: number | string;
  readonly shrinkCallsPerNode?: number | string;
  readonly bugLean?: string;
  readonly shapeCap?: number | string;
  readonly maxTargetCalls?: number | string;
  readonly maxTokensTotal?: number | string;
  readonly maxCost?: number | string;
  readonly json?: boolean;
}

/** Defaults: the paper's appendix C where it has one; `reference` depends on the target (`defaultReferences`). */
export const SEARCH_DEFAULTS: Omit<SearchSettings, 'target' | 'rngSeed' | 'concurrency' | 'reference'> = {
  seeds: 'default',
  mutations: 'uniform',
  mutationParams: null,
  ops: null,
  fitness: 'short',
  distance: 'cosine',
  lengthMeasure: 'chars',
  requireOps: [],
  tau: 0.01,
  seedSize: 100,
  generationSize: 1000,
  clusters: 10,
  archiveSize: 1000,
  maxGenerations: null,
  k: 1,
  embedder: 'structural',
  seedSelection: 'elites',
  keepInitialSeeds: true,
  maxRetries: 2,
  canaries: true,
  failures: 'proven',
  novelty: 'signature',
  patience: 20,
  shrinkCalls: 48,
  shrinkCallsPerNode: 6,
  bugLean: 'rank',
  shapeCap: SPREAD_PRESSURE.shapeCap,
  maxTargetCalls: null,
  maxTokensTotal: null,
  maxCost: null,
};

/**
 * `--reference`'s default: the task's references (for integrate nerdamer and Algebrite, the two
 * in-process CAS, offline and fast), less the target under test (it cannot prove its own failures).
 */
export function defaultReferences(target: string, task?: string): string[] {
  return taskNamed(task).references.filter((r) => r !== target.trim());
}

export const FAILURES_MODES: readonly FailuresMode[] = ['proven', 'all'];
export const NOVELTY_MODES: readonly NoveltyMode[] = ['signature', 'exact'];

/**
 * Settings that may change when a run is resumed without breaking its reproducibility. The health
 * check (`canaries`) runs before the search and changes none of its answers.
 */
export const RESUMABLE_CHANGES: ReadonlySet<keyof SearchSettings> = new Set<keyof SearchSettings>([
  'archiveSize',
  'maxGenerations',
  'concurrency',
  'canaries',
  // Budgets say when to stop, not what is found.
  'maxTargetCalls',
  'maxTokensTotal',
  'maxCost',
  // How long to wait for a new bug says when to stop, not what is found.
  'patience',
]);

/**
 * The settings given explicitly in `options`, parsed and validated (throws with the option's name
 * on a bad value). Unknown-to-the-CLI settings are not produced.
 */
export function explicitSettings(options: SearchCommandOptions): Partial<SearchSettings> {
  const s: { -readonly [K in keyof SearchSettings]?: SearchSettings[K] } = {};
  if (options.target !== undefined) s.target = nonEmpty(options.target, '--target');
  if (options.task !== undefined) s.task = taskNamed(nonEmpty(options.task, '--task')).name;
  if (options.seeds !== undefined) s.seeds = nonEmpty(options.seeds, '--seeds');
  if (options.mutations !== undefined) s.mutations = nonEmpty(options.mutations, '--mutations');
  if (options.mutationParams !== undefined) s.mutationParams = parseJsonObject(options.mutationParams, '--mutation-params');
  if (options.ops !== undefined) s.ops = list(options.ops);
  if (options.fitness !== undefined) s.fitness = nonEmpty(options.fitness, '--fitness');
  if (options.distance !== undefined) s.distance = oneOf(options.distance, DISTANCE_KINDS, '--distance') as DistanceKind;
  if (options.lengthMeasure !== undefined) s.lengthMeasure = oneOf(options.lengthMeasure, LENGTH_MEASURES, '--length-measure') as LengthMeasure;
  if (options.requireOps !== undefined) s.requireOps = list(options.requireOps);
  if (options.tau !== undefined) s.tau = number(options.tau, '--tau', 0, Infinity);
  if (options.seedSize !== undefined) s.seedSize = integer(options.seedSize, '--seed-size', 1);
  if (options.generationSize !== undefined) s.generationSize = integer(options.generationSize, '--generation-size', 1);
  if (options.clusters !== undefined) s.clusters = integer(options.clusters, '--clusters', 1);
  if (options.archiveSize !== undefined) s.archiveSize = integer(options.archiveSize, '--archive-size', 1);
  if (options.maxGenerations !== undefined) s.maxGenerations = integer(options.maxGenerations, '--max-generations', 1);
  if (options.k !== undefined) s.k = integer(options.k, '--k', 1);
  if (options.embedder !== undefined) s.embedder = nonEmpty(options.embedder, '--embedder');
  if (options.rngSeed !== undefined) s.rngSeed = nonEmpty(String(options.rngSeed), '--rng-seed');
  if (options.concurrency !== undefined) s.concurrency = integer(options.concurrency, '--concurrency', 1);
  if (options.seedSelection !== undefined) s.seedSelection = oneOf(options.seedSelection, SEED_SELECTIONS, '--seed-selection') as SeedSelection;
  if (options.keepInitialSeeds !== undefined) s.keepInitialSeeds = options.keepInitialSeeds;
  if (options.maxRetries !== undefined) s.maxRetries = integer(options.maxRetries, '--max-retries', 0);
  if (options.canaries !== undefined) s.canaries = options.canaries;
  if (options.failures !== undefined) s.failures = oneOf(options.failures, FAILURES_MODES, '--failures') as FailuresMode;
  if (options.reference !== undefined) s.reference = referenceList(options.reference);
  if (options.novelty !== undefined) s.novelty = oneOf(options.novelty, NOVELTY_MODES, '--novelty') as NoveltyMode;
  if (options.patience !== undefined) s.patience = integer(options.patience, '--patience', 0);
  if (options.shrinkCalls !== undefined) s.shrinkCalls = integer(options.shrinkCalls, '--shrink-calls', 0);
  if (options.shrinkCallsPerNode !== undefined) s.shrinkCallsPerNode = integer(options.shrinkCallsPerNode, '--shrink-calls-per-node', 0);
  if (options.bugLean !== undefined) s.bugLean = bugLeanText(parseBugLean(options.bugLean));
  if (options.shapeCap !== undefined) s.shapeCap = integer(options.shapeCap, '--shape-cap', 0);
  if (options.maxTargetCalls !== undefined) s.maxTargetCalls = integer(options.maxTargetCalls, '--max-target-calls', 1);
  if (options.maxTokensTotal !== undefined) s.maxTokensTotal = integer(options.maxTokensTotal, '--max-tokens-total', 1);
  if (options.maxCost !== undefined) s.maxCost = number(options.maxCost, '--max-cost', 0, Infinity);
  return s;
}

/** Complete settings for a new run: explicit ones over the defaults. */
export function newRunSettings(explicit: Partial<SearchSettings>, fallback: { rngSeed: string; concurrency: number }): SearchSettings {
  if (explicit.target === undefined) throw new Error('--target is required (nerdamer, algebrite, sympy, maxima, openai:<model>, cmd:<command line>)');
  const { task: named, ...given } = explicit;
  const task = taskNamed(named);
  const merged: SearchSettings = {
    ...SEARCH_DEFAULTS,
    // A task's searches start from its own seeds; integrate's runs record no task, as before tasks.
    ...(task.fields.length > 0 ? { task: task.name, seeds: task.defaultSeeds } : {}),
    reference: defaultReferences(explicit.target, task.name),
    rngSeed: fallback.rngSeed,
    concurrency: fallback.concurrency,
    // The no-evolution baseline asks what its chains of mutations give, every shape as often as drawn.
    ...(explicit.seedSelection === 'random' ? { shapeCap: 0 } : {}),
    ...given,
    target: explicit.target,
  };
  if (merged.clusters > merged.seedSize) {
    // Only k-means selection draws a seed from every cluster; `random` and `fitness` never cluster.
    const usesClusters = merged.seedSelection === 'kmeans' || merged.seedSelection === 'elites';
    if (explicit.clusters !== undefined && usesClusters) {
      throw new Error(`--clusters ${merged.clusters} is larger than --seed-size ${merged.seedSize}: every cluster must be able to give a seed`);
    }
    // Only the seed size was lowered, or the selection clusters nothing: fewer clusters, one seed each.
    return { ...merged, clusters: merged.seedSize };
  }
  return merged;
}

export type { SettingDifference };

/** Explicit settings that differ from a saved run's, split into harmless and reproducibility-breaking. */
export function compareSettings(saved: SearchSettings, explicit: Partial<SearchSettings>): { harmless: SettingDifference[]; conflicting: SettingDifference[] } {
  const harmless: SettingDifference[] = [];
  const conflicting: SettingDifference[] = [];
  for (const [name, requested] of Object.entries(explicit) as Array<[keyof SearchSettings, unknown]>) {
    const was = savedValue(saved, name);
    if (JSON.stringify(was) === JSON.stringify(requested)) continue;
    (RESUMABLE_CHANGES.has(name) ? harmless : conflicting).push({ setting: name, saved: was, requested });
  }
  return { harmless, conflicting };
}

/** A saved run's setting as it ran: settings its version did not record yet have the value it ran with. */
function savedValue(saved: SearchSettings, name: keyof SearchSettings): unknown {
  // A run that records no task is an integrate run.
  if (name === 'task') return saved.task ?? 'integrate';
  if (name === 'bugLean') return bugLeanText(runBugLean(saved));
  if (isLaterCountSetting(name)) return runCountSetting(saved, name);
  return saved[name];
}

/** The CLI spelling of a setting, for messages. */
export function optionName(setting: keyof SearchSettings): string {
  return '--' + setting.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

function nonEmpty(v: string, name: string): string {
  const t = String(v).trim();
  if (!t) throw new Error(`${name} must not be empty`);
  return t;
}

/** `none` (or nothing): no references; else the specs, without the duplicates. */
function referenceList(v: string): string[] {
  const specs = list(v);
  if (specs.length === 0 || (specs.length === 1 && specs[0] === 'none')) return [];
  if (specs.includes('none')) throw new Error(`--reference ${v}: 'none' cannot be combined with targets`);
  return [...new Set(specs)];
}

function list(v: string): string[] {
  return String(v)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function oneOf(v: string, choices: readonly string[], name: string): string {
  if (!choices.includes(v)) throw new Error(`${name} ${v}: expected one of ${choices.join(', ')}`);
  return v;
}

function number(v: number | string, name: string, min: number, max: number): number {
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isFinite(n) || n < min || n > max || String(v).trim() === '') throw new Error(`${name} ${String(v)}: expected a number ≥ ${min}`);
  return n;
}

function integer(v: number | string, name: string, min: number): number {
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isSafeInteger(n) || n < min || String(v).trim() === '') throw new Error(`${name} ${String(v)}: expected an integer ≥ ${min}`);
  return n;
}

function parseJsonObject(v: string, name: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch (err) {
    throw new Error(`${name} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${name} must be a JSON object`);
  return parsed as Record<string, unknown>;
}
