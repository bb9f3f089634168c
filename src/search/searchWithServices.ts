import { createHash, randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { mutate } from '../../mutations/mutate.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { widenConstants } from '../../mutations/widenConstants.js';
import { parseFitnessSpec } from '../../fitness/parseFitnessSpec.js';
import type { Fitness } from '../../fitness/types.js';
import { createEmbedder } from '../embed/createEmbedder.js';
import type { Embedder } from '../embed/types.js';
import { canonicalKey } from '../expr/canonical.js';
import { toInfix } from '../expr/print.js';
import { checkCanaries } from '../targets/checkCanaries.js';
import { CANARY_PROBLEMS } from '../targets/canaryProblems.js';
import { signature } from '../expr/signature.js';
import { TargetUnhealthyError } from '../targets/targetUnhealthyError.js';
import type { Target, TargetSettings } from '../targets/types.js';
import { createRng } from '../util/rng.js';
import type { VerifyPair } from '../judge/judgeOutcome.js';
import { builtinSeedSets, loadSeeds, seedsFolder, type SeedSet } from '../seeds/loadSeeds.js';
import { readLineTree } from '../tasks/readLineTree.js';
import type { Expr } from '../expr/types.js';
import { noRunThere } from '../run/noRunThere.js';
import { openRunDir } from '../run/openRunDir.js';
import { settingsHash } from '../run/settingsHash.js';
import type { RunSeeds } from '../run/runSchema.js';
import { packageVersion } from '../util/packageVersion.js';
import { REDACTED, redactSecrets } from '../util/redactSecrets.js';
import { budgetSpent } from './budgetSpent.js';
import { silentProgress, type ProgressReporter, type SearchSummary } from './progressReporter.js';
import {
  compareSettings,
  explicitSettings,
  newRunSettings,
  optionName,
  RESUMABLE_CHANGES,
  type SearchCommandOptions,
  type SettingDifference,
} from './resolveSearchSettings.js';
import { RUN_FILES, RunFiles } from '../run/runFiles.js';
import { STOP_REASON_TEXT, type RunConfig, type RunTotals, type SearchSettings } from '../run/runSchema.js';
import { runGenerations } from './runGenerations.js';
import type { Spent } from './spendingBudget.js';
import { runSpendingBudget } from './runSpendingBudget.js';
import type { Shrinker } from './evaluateGeneration.js';
import { shrinkFailure } from '../shrink/shrinkFailure.js';
import type { EngineState } from './searchEngine.js';
import { DEFAULT_CANDIDATE_LIMITS } from '../../constraints/candidateLimits.js';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { taskNamed } from '../tasks/registry.js';
import type { Task } from '../tasks/task.js';
import { loadProblem, type StoredProblem } from '../tasks/storedProblem.js';
import { seedProblems } from './seedProblems.js';

export type { SearchCommandOptions } from './resolveSearchSettings.js';

/** The collaborators `searchWithServices` cannot build itself: the model under test and the verifier. */
export interface SearchServices {
  /**
   * `createTarget` of src/targets/registry.ts. `recorded`: on resume, the target settings the run
   * recorded (config.json `target.settings`), for the options not given again.
   */
  readonly createTarget: (
    spec: string,
    options: { readonly concurrency: number; readonly recorded?: TargetSettings; readonly task: Task },
  ) => Target | Promise<Target>;
  /** `verifyPair` of src/verify: the check of an antiderivative, the integrate task's verifier (a task's own verifier is its `Task.verifier`). */
  readonly verify: VerifyPair;
  /** Default: createEmbedder of src/embed. */
  readonly createEmbedder?: (spec: string) => Promise<Embedder>;
  /** Makes a reference target (`--reference`); default: `createTarget`. */
  readonly createReference?: (spec: string, options: { readonly concurrency: number; readonly task: Task }) => Target | Promise<Target>;
  /** Shrinks proven failures (`shrinkFailure` of src/shrink, the candidate check bound); absent: none are shrunk. */
  readonly shrink?: Shrinker;
}

/**
 * How a search reports while it runs. Each is optional: without them it runs silently and cannot be
 * stopped early, and it never prints, exits or installs signal handlers (the CLI passes its own).
 */
export interface SearchCommandIo {
  /** Aborting it stops the search after its current write; the summary's stop reason is then `interrupted`. */
  readonly signal?: AbortSignal;
  /** Progress of each generation and the end of the run. */
  readonly progress?: ProgressReporter;
  /** Notices for a person: a lock taken over, the endpoints' share of requests, how to resume. */
  readonly notify?: (text: string) => void;
}

/**
 * How a search ended: its summary (with its stop reason) and, when a person should act on it, what
 * to do next (resume once the target works again, raise a budget).
 */
export interface SearchCommandResult {
  readonly outDir: string;
  readonly summary: SearchSummary;
  /** The notice about the run's end that was also given to `notify`, if any. */
  readonly notice?: string;
}

/**
 * A search in a run directory: resolve the options (or, with --resume, the saved run's settings),
 * build the target, verifier, embedder, fitness, mutation and seeds, and run the search, reporting
 * through `io`. Aborting `io.signal` stops it after the current write (stop reason `interrupted`).
 */
export async function searchWithServices(options: SearchCommandOptions, services: SearchServices, io: SearchCommandIo = {}): Promise<SearchCommandResult> {
  const explicit = explicitSettings(options);
  const resuming = options.resume !== undefined;
  const outDir = resolve(resuming ? options.resume! : (options.out ?? defaultOutDir(explicit.target)));
  if (resuming && options.out !== undefined && resolve(options.out) !== outDir) {
    throw new Error(`--out ${options.out} and --resume ${options.resume} name different directories; --resume alone is enough`);
  }
  // One writer per run directory, from before the first read to the end (run.lock; see docs/FORMATS.md).
  const lock = openRunDir(outDir, { resume: resuming, force: options.force, warn: (message) => io.notify?.(`sagga search: ${message}`) });
  try {
    return await searchInRunDir(options, services, io, outDir, explicit);
  } finally {
    lock.release();
  }
}

/** `searchWithServices` once the run directory is locked. */
async function searchInRunDir(
  options: SearchCommandOptions,
  services: SearchServices,
  io: SearchCommandIo,
  outDir: string,
  explicit: ReturnType<typeof explicitSettings>,
): Promise<SearchCommandResult> {
  const files = new RunFiles<EngineState>(outDir);
  const run = runSettings(options, explicit, files, outDir);
  const { settings, saved } = run;
  const forced = Boolean(options.forceResume);

  // Build everything before the first write, so that a bad option leaves no half-made run behind.
  const task = taskNamed(settings.task);
  const { record: seeds, trees: seedTrees } = resolveSeeds(outDir, settings, saved, forced, task);
  const mutationConfig = resolveMutationConfig(settings.mutations, mutationOverrides(settings));
  if (saved && JSON.stringify(saved.mutation_config) !== JSON.stringify(mutationConfig) && !forced) {
    throw new Error(
      refusal(
        outDir,
        [{ setting: 'mutations', saved: saved.mutation_config, requested: mutationConfig }],
        'the resolved mutation config differs (a different sagga version?)',
      ),
    );
  }
  const embedder = await (services.createEmbedder ?? createEmbedder)(settings.embedder);
  let target: Target | undefined;
  const references: Target[] = [];
  try {
    const fitness = await runFitness(settings, embedder, saved, forced, outDir);
    // Resumed with the same target: the settings it recorded stand for the options not given again.
    const recorded = saved?.target.settings !== undefined && redactSecrets(settings.target) === saved.settings.target ? saved.target.settings : undefined;
    target = await services.createTarget(settings.target, { concurrency: settings.concurrency, task, ...(recorded !== undefined ? { recorded } : {}) });
    // Time limits, model, prompt …: what the target options given now (or recorded) set up.
    const targetSettings = JSON.parse(JSON.stringify(target.describe())) as TargetSettings;
    const changes = [...run.changes, ...targetChanges(saved, targetSettings, forced, outDir)];
    const startup = await checkTargetAtStart(settings, files, target, services.verify, task);
    if (settings.maxCost !== null && settings.maxCost !== undefined && (target.stats().cost ?? null) === null) {
      throw new Error('--max-cost needs prices: give --price-input and --price-output (USD per million input and output tokens) or --prices-file');
    }
    // References answer only what the target did not; they share the run's concurrency.
    for (const spec of settings.reference ?? [])
      references.push(await (services.createReference ?? services.createTarget)(spec, { concurrency: settings.concurrency, task }));
    const configRecord = runConfigRecord({ settings, saved, mutationConfig, fitness, embedder, seeds, target, targetSettings, task, references });
    if (saved) {
      const after = files.readCheckpoint()?.engine.generation ?? 0;
      const forcedChange = forced && (run.editedByHand || changes.some((c) => !RESUMABLE_CHANGES.has(c.setting)));
      files.writeConfig({
        ...configRecord,
        resumes: [...configRecord.resumes, { at: new Date().toISOString(), after_generation: after, changed: changes, forced: forcedChange }],
      });
    }

    const summary: SearchSummary = await runGenerations(
      { settings, outDir, resume: run.resuming, configRecord, startup },
      {
        target,
        verify: services.verify,
        task,
        embedder,
        fitness,
        mutate: (tree, rng, constantScale = 1) => mutate(tree, rng, widenConstants(mutationConfig, constantScale)),
        checkCandidate: (e) => checkCandidate(e),
        initialSeeds: seedTrees,
        rng: createRng(settings.rngSeed),
        progress: io.progress ?? silentProgress(),
        signal: io.signal ?? new AbortController().signal,
        signature,
        references,
        shrink: services.shrink ?? shrinkWith(references.length, task),
        // Only a run that checked its target at the start re-checks it when it stops answering.
        ...(settings.canaries !== false ? { checkHealth: (t: Target) => checkCanaries(t, services.verify, { task }), healthCalls: task.canaries.length } : {}),
      },
    );
    reportEndpoints(target, files, io);
    const notice = endNotice(summary, outDir);
    if (notice !== undefined) io.notify?.(notice);
    return { outDir, summary, ...(notice !== undefined ? { notice } : {}) };
  } finally {
    await target?.close();
    for (const reference of references) await reference.close();
    await embedder.close?.();
  }
}

/** The settings a search runs with, and, on resume, the run's config.json and what changed since. */
interface RunSettings {
  readonly resuming: boolean;
  readonly settings: SearchSettings;
  /** The resumed run's config.json; null for a new run. */
  readonly saved: RunConfig | null;
  /** Settings given now that differ from the run's (harmless ones first), for its resume record. */
  readonly changes: readonly SettingDifference[];
  /** config.json no longer matches the hash sagga recorded, and --force-resume goes on with it. */
  readonly editedByHand: boolean;
}

/**
 * A new run's settings (the options over the defaults, a fresh seed), or a resumed run's: its
 * config.json checked against the hash sagga recorded, with the options given again over it. A
 * change that would make the run irreproducible is refused unless forced.
 */
function runSettings(options: SearchCommandOptions, explicit: Partial<SearchSettings>, files: RunFiles<EngineState>, outDir: string): RunSettings {
  if (options.resume === undefined) {
    const settings = newRunSettings(explicit, { rngSeed: String(randomInt(0, 2 ** 31 - 1)), concurrency: availableParallelism() });
    if (files.hasRun()) throw new Error(`${outDir} already holds a run; resume it with --resume ${outDir}, or choose another --out`);
    return { resuming: false, settings, saved: null, changes: [], editedByHand: false };
  }
  const saved = files.readConfig();
  if (saved === null) throw new Error(noRunThere(options.resume));
  let editedByHand = false;
  if (typeof saved.settings_sha256 === 'string' && saved.settings_sha256 !== settingsHash(saved)) {
    if (!options.forceResume) {
      throw new Error(
        `refusing to resume ${outDir}: ${RUN_FILES.config} was edited by hand: its settings no longer match the settings_sha256 sagga recorded when it wrote them. ` +
          `Restore the file, start a new run with the settings you want (another --out), or pass --force-resume to go on with it as it is (recorded in ${RUN_FILES.config})`,
      );
    }
    editedByHand = true;
  }
  // Before anything else runs: a run whose checkpoint is gone is refused with its files untouched.
  files.checkLinesAccountedFor();
  const requested = { ...explicit };
  // A target command line is recorded without its secrets; compare it the same way.
  if (requested.target !== undefined && redactSecrets(requested.target) === saved.settings.target) delete requested.target;
  if (requested.target === undefined && saved.settings.target.includes(REDACTED)) {
    throw new Error(`--resume: the run's --target held a secret that ${RUN_FILES.config} does not store; give --target again`);
  }
  const { harmless, conflicting } = compareSettings(saved.settings, requested);
  if (conflicting.length > 0 && !options.forceResume) throw new Error(refusal(outDir, conflicting));
  const settings = { ...saved.settings, ...requested, target: requested.target ?? explicit.target ?? saved.settings.target };
  return { resuming: true, settings, saved, changes: [...harmless, ...conflicting], editedByHand };
}

/** The run's fitness, built from its spec; on resume it must describe itself as the run recorded it, unless forced. */
async function runFitness(settings: SearchSettings, embedder: Embedder, saved: RunConfig | null, forced: boolean, outDir: string): Promise<Fitness> {
  const fitness: Fitness = await parseFitnessSpec(settings.fitness, {
    requireOps: settings.requireOps,
    distance: settings.distance,
    lengthMeasure: settings.lengthMeasure,
    embed: (exprs) => embedder.embed(exprs),
    baseDir: process.cwd(),
  });
  if (saved && saved.fitness.description !== fitness.describe() && !forced) {
    throw new Error(
      refusal(outDir, [{ setting: 'fitness', saved: saved.fitness.description, requested: fitness.describe() }], 'the fitness resolves differently now'),
    );
  }
  return fitness;
}

/** On resume, the target settings that differ from those the run recorded: refused unless forced. */
function targetChanges(saved: RunConfig | null, targetSettings: TargetSettings, forced: boolean, outDir: string): SettingDifference[] {
  if (saved?.target.settings === undefined) return [];
  const differences = targetDifferences(saved.target.settings, targetSettings);
  if (differences.length > 0 && !forced) {
    throw new Error(
      refusal(outDir, differences, "the target's settings differ", "Drop those target options (the run's own, in config.json under target.settings, are used)"),
    );
  }
  return differences;
}

/**
 * Before anything is written (config.json of a new run, a resume record): a target that cannot
 * solve a few easy problems would fill the archive with bogus failures. Absent in older runs: on.
 * The canaries are calls like any other, counted against the budgets; a run whose budget is spent
 * already asks nothing, canaries included. Returns what the check spent (undefined: no check).
 */
async function checkTargetAtStart(
  settings: SearchSettings,
  files: RunFiles<EngineState>,
  target: Target,
  verify: VerifyPair,
  task: Task,
): Promise<Spent | undefined> {
  if (settings.canaries === false || !budgetAllows(settings, files.readTotals(), CANARY_PROBLEMS.length)) return undefined;
  const before = spentBy(target);
  const health = await checkCanaries(target, verify, { task });
  const after = spentBy(target);
  if (!health.ok) {
    throw new TargetUnhealthyError(
      `${health.message} The search was not started. To run anyway (a scripted target that answers wrong on purpose), pass --no-canaries.`,
    );
  }
  return { calls: CANARY_PROBLEMS.length, input: after.input - before.input, output: after.output - before.output, cost: after.cost - before.cost };
}

/** What config.json records of a run: the settings (secrets redacted) and everything they resolved to. */
function runConfigRecord(run: {
  readonly settings: SearchSettings;
  readonly saved: RunConfig | null;
  readonly mutationConfig: RunConfig['mutation_config'];
  readonly fitness: Fitness;
  readonly embedder: Embedder;
  readonly seeds: RunSeeds;
  readonly target: Target;
  readonly targetSettings: TargetSettings;
  readonly task: Task;
  readonly references: readonly Target[];
}): RunConfig {
  const { settings, saved, task } = run;
  return {
    sagga: { version: packageVersion(), node: process.version, dependencies: dependencyVersions() },
    created: saved?.created ?? new Date().toISOString(),
    settings: { ...settings, target: redactSecrets(settings.target) },
    rng_seed: settings.rngSeed,
    mutation_config: run.mutationConfig,
    fitness: { spec: settings.fitness, description: run.fitness.describe() },
    embedder: { name: run.embedder.name, dim: run.embedder.dim },
    seeds: run.seeds,
    candidate_limits: DEFAULT_CANDIDATE_LIMITS,
    target: { name: redactSecrets(run.target.name), settings: run.targetSettings },
    // Integrate's runs record no task, as before tasks (absent: integrate).
    ...(task.fields.length > 0 ? { task: { name: task.name, settings: task.settings } } : {}),
    references: run.references.map((r) => ({ name: r.name, settings: JSON.parse(JSON.stringify(r.describe())) as TargetSettings })),
    files: RUN_FILES,
    resumes: saved?.resumes ?? [],
  };
}

/** Several endpoints: how the requests spread over them, and how long each was out of service, told and recorded. */
function reportEndpoints(target: Target, files: RunFiles<EngineState>, io: SearchCommandIo): void {
  const endpoints = target.stats().endpoints;
  if (endpoints === undefined || endpoints.length <= 1) return;
  const lines = endpoints.map((e) => `  ${e.url}: ${e.requests} requests, ${e.errors} errors, ${(e.outOfServiceMs / 1000).toFixed(1)} s out of service`);
  io.notify?.(`sagga search: endpoints:\n${lines.join('\n')}`);
  // The last session's counts, with the run's other records (config.json `endpoints`).
  files.recordEndpoints(endpoints.map((e) => ({ url: e.url, requests: e.requests, errors: e.errors, out_of_service_ms: Math.round(e.outOfServiceMs) })));
}

/** What a person should do after a run that stopped short of its end, or that had nothing to do. */
function endNotice(summary: SearchSummary, outDir: string): string | undefined {
  if (summary.stopReason === 'interrupted')
    return `sagga search: interrupted after generation ${summary.generations}; nothing was lost. Resume with:\n  sagga search --resume ${outDir}`;
  if (summary.stopReason === 'target-broken') {
    return (
      `sagga search: the target stopped working after generation ${summary.generations}: ${summary.targetTrouble ?? 'no answer came back'}\n` +
      `Nothing was lost; once the target works again, resume with:\n  sagga search --resume ${outDir}`
    );
  }
  if (summary.stopReason === 'budget') {
    const which = summary.budget ?? 'max-target-calls';
    const startup = summary.totals.startup_calls ?? 0;
    const checks = startup > 0 ? ` (and ${startup} of the canary checks sessions begin with)` : '';
    return `sagga search: stopped by the --${which} budget after ${budgetSpent(summary.totals).calls} target calls${checks}; raise it to go on:\n  sagga search --resume ${outDir} --${which} <more>`;
  }
  if (summary.resumedAfter !== null && summary.generations === summary.resumedAfter) {
    return `sagga search: nothing to do: ${STOP_REASON_TEXT[summary.stopReason]} (raise --archive-size or --max-generations to go on)`;
  }
  return undefined;
}

/**
 * `shrinkFailure` of src/shrink as the search calls it: moves on the tree, every candidate with the
 * problem's parameters, checked, signed and its wrong answers told apart as the task does; a
 * probe's most calls.
 */
function shrinkWith(references: number, task: Task): Shrinker {
  return async (problem, judgement, probe, { maxCalls, rng, confirmations, knownSignature, params = {} }) => {
    const wrong = judgement.status === 'fail' && judgement.kind === 'wrong';
    const check = (tree: Expr) => {
      const c = task.check({ expr: tree, params }, (e) => checkCandidate(e));
      return c.ok ? { ok: true as const, expr: c.problem.expr, key: c.key } : c;
    };
    const r = await shrinkFailure(problem, probe, {
      judgement,
      rng,
      maxCalls,
      confirmations,
      knownSignature,
      maxProbeCalls: wrong ? 1 : 1 + references,
      checkCandidate: check,
      signature: (tree) => task.signature({ expr: tree, params }, signature),
      errorShape: task.errorShape,
    });
    return { expr: r.problem, judgement: r.judgement, calls: r.calls, probes: r.probes, steps: r.steps.length, refused: r.refused, stopped: r.stopped };
  };
}

/**
 * The seeds a run starts from, and their record in config.json. A seed file is recorded by path,
 * sha256 and count (config.json stays small whatever its size); a built-in set also by its
 * expressions. On resume the seeds are read again (from the path given, else the recorded one) and
 * must be the same seeds (`keys_sha256`: comments and spacing may change), else the resume is
 * refused unless forced, which starts from the seeds as they are now.
 */
function resolveSeeds(
  outDir: string,
  settings: SearchSettings,
  saved: RunConfig | null,
  force: boolean,
  task: Task,
): { record: RunSeeds; trees: readonly StoredProblem[] } {
  if (saved) {
    const stored = saved.seeds;
    let current: SeedSet | null = null;
    let readError = '';
    for (const name of [settings.seeds, stored.source]) {
      try {
        current = loadSeeds(name, readLineTree);
        break;
      } catch (err) {
        readError ||= err instanceof Error ? err.message : String(err);
      }
    }
    if (stored.keys_sha256 !== undefined) {
      if (current === null) {
        if (stored.trees !== undefined) return { record: stored, trees: stored.trees };
        throw new Error(
          `refusing to resume ${outDir}: the run's seeds cannot be read (${readError}); ${RUN_FILES.config} records only their file's path and hash: restore ${stored.source}`,
        );
      }
      const problems = seedProblems(current, task);
      const now = seedRecord(current, problems, task);
      if (now.keys_sha256 === stored.keys_sha256) return { record: stored, trees: problems };
      if (!force) {
        throw new Error(
          refusal(
            outDir,
            [{ setting: 'seeds', saved: describeSeeds(stored), requested: describeSeeds(now) }],
            `the seed set '${settings.seeds}' changed since the run started`,
          ),
        );
      }
      return { record: now, trees: problems };
    }
    // A run made before seeds were recorded by hash (an integrate run): every set's keys and trees are in config.json.
    const keys = current?.exprs.map(canonicalKey) ?? null;
    const same = keys !== null && JSON.stringify(keys) === JSON.stringify(stored.keys);
    if (keys !== null && !same && !force) {
      throw new Error(
        refusal(
          outDir,
          [{ setting: 'seeds', saved: stored.exprs, requested: current!.exprs.map(toInfix) }],
          `the seed set '${settings.seeds}' changed since the run started`,
        ),
      );
    }
    if ((current === null || same || !force) && stored.trees !== undefined) return { record: stored, trees: stored.trees };
    if (current === null) throw new Error(`refusing to resume ${outDir}: the run's seeds cannot be read (${readError})`);
    const problems = seedProblems(current, task);
    return { record: seedRecord(current, problems, task), trees: problems };
  }
  const set = loadSeeds(settings.seeds, readLineTree);
  const problems = seedProblems(set, task);
  return { record: seedRecord(set, problems, task), trees: problems };
}

/** config.json `seeds` for a set just read: keyed by the task (integrate's keys are the trees' canonical keys). */
function seedRecord(set: SeedSet, problems: readonly StoredProblem[], task: Task): RunSeeds {
  const keys = problems.map((p) => task.key(loadProblem(p)));
  const record = {
    name: set.name,
    source: set.source,
    sha256: set.sha256,
    keys_sha256: createHash('sha256').update(keys.join('\n')).digest('hex'),
    count: set.exprs.length,
  };
  const builtin = builtinSeedSets().includes(set.name) && set.source === join(seedsFolder(), `${set.name}.txt`);
  return builtin ? { ...record, exprs: set.exprs.map(toInfix), keys, trees: [...set.exprs] } : record;
}

function describeSeeds(seeds: RunSeeds): string {
  return `${seeds.source} (${seeds.count ?? '?'} seeds, sha256 ${seeds.sha256?.slice(0, 12) ?? '?'}…)`;
}

function mutationOverrides(settings: SearchSettings): Record<string, unknown> | undefined {
  if (settings.mutationParams === null && settings.ops === null) return undefined;
  return { ...(settings.mutationParams ?? {}), ...(settings.ops !== null ? { ops: settings.ops } : {}) };
}

/** One difference per target setting that changed, for `refusal`. */
function targetDifferences(saved: TargetSettings, now: TargetSettings): SettingDifference[] {
  const keys = [...new Set([...Object.keys(saved), ...Object.keys(now)])];
  return keys
    .filter((key) => JSON.stringify(saved[key]) !== JSON.stringify(now[key]))
    .map((key): SettingDifference => ({ setting: 'target', saved: { [key]: saved[key] ?? null }, requested: { [key]: now[key] ?? null } }));
}

function refusal(outDir: string, differences: readonly SettingDifference[], why?: string, remedy = 'Drop those options (the saved ones are used)'): string {
  const lines = differences.map((d) => `  ${optionName(d.setting)}: the run has ${JSON.stringify(d.saved)}, now ${JSON.stringify(d.requested)}`);
  return (
    `refusing to resume ${outDir}: ${why ?? 'settings differ from the run being resumed'}:\n${lines.join('\n')}\n` +
    `Resuming with other settings would make the run irreproducible. ${remedy}, ` +
    `start a new run with another --out, or pass --force-resume to continue anyway (recorded in config.json).`
  );
}

/** Would the run's budgets allow `calls` more calls, after what it has spent? */
function budgetAllows(settings: SearchSettings, totals: RunTotals, calls: number): boolean {
  return runSpendingBudget(settings, totals).allowsCall(calls);
}

/** The tokens and cost a target has reported since it was created. */
function spentBy(target: Target): { input: number; output: number; cost: number } {
  const stats = target.stats();
  return { input: stats.tokens?.prompt ?? 0, output: stats.tokens?.completion ?? 0, cost: stats.cost ?? 0 };
}

function defaultOutDir(target: string | undefined): string {
  const slug =
    (target ?? 'run')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'run';
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return join('archives', `${slug}-${stamp}`);
}

/**
 * Versions of the packages whose behaviour the archive depends on, found where Node would load them
 * from (the package's own node_modules, or a consumer's when sagga is installed as a dependency).
 */
function dependencyVersions(): Record<string, string> {
  const out: Record<string, string> = {};
  const lookup = createRequire(import.meta.url).resolve.paths;
  for (const name of ['nerdamer', 'algebrite', '@xenova/transformers', 'ml-kmeans', 'seedrandom']) {
    const path = (lookup(name) ?? []).map((dir) => join(dir, name, 'package.json')).find((p) => existsSync(p));
    if (path === undefined) continue;
    try {
      out[name] = (JSON.parse(readFileSync(path, 'utf8')) as { version?: string }).version ?? 'unknown';
    } catch {
      // Unreadable package.json: leave it out.
    }
  }
  return out;
}
