import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_CANDIDATE_LIMITS } from '../../constraints/candidateLimits.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { noRunThere } from '../run/noRunThere.js';
import { RunFiles } from '../run/runFiles.js';
import type { SearchSettings } from '../run/runSchema.js';
import { loadSeeds } from '../seeds/loadSeeds.js';
import { shrinkBudget } from '../shrink/shrinkBudget.js';
import { readLineTree } from '../tasks/readLineTree.js';
import { CANARY_PROBLEMS } from '../targets/canaryProblems.js';
import { mergeTargetOptions } from '../targets/mergeTargetOptions.js';
import { loadPromptTemplate } from '../targets/openai/promptTemplates.js';
import { resolveTokenPrices } from '../targets/openai/resolveTokenPrices.js';
import type { TargetOptions } from '../targets/registry.js';
import { targetOptionsFromSettings } from '../targets/targetOptionsFromSettings.js';
import { budgetSpent } from './budgetSpent.js';
import { HEALTH_STREAK } from './evaluateGeneration.js';
import { explicitSettings, newRunSettings, type SearchCommandOptions } from './resolveSearchSettings.js';
import { runCountSetting } from './runCountSetting.js';

/** What a search with these options would do, found without starting it (`sagga search --dry-run`). */
export interface SearchPlan {
  readonly outDir: string;
  readonly resume: boolean;
  /** Every setting as the run would record it; `rngSeed` null when a random one would be drawn. */
  readonly settings: Omit<SearchSettings, 'rngSeed'> & { readonly rngSeed: string | null };
  /** The seeds the run would start from. */
  readonly seeds: { readonly source: string; readonly count: number };
  readonly calls: CallPlan;
  readonly cost: CostPlan;
}

/** Target calls (problems, references, shrinking and health checks together; the call budget counts all but the check before the run). */
export interface CallPlan {
  /** The most calls the run can make; null when nothing bounds them. */
  readonly max: number | null;
  /** What sets `max`: the call budget, or the generations with the worst case of each problem. */
  readonly boundBy: 'max-target-calls' | 'max-generations' | null;
  /** Problems asked at most: generations × generation size (each asked again at most `retries` times after a transport fault). */
  readonly problems: number | null;
  readonly retries: number;
  /** The health check before the run. */
  readonly health: number;
  /** At most per failure: one call to each reference, and the shrinking budget. */
  readonly perFailure: { readonly references: number; readonly shrinking: number };
  /** Calls already made (a resumed run); the budget counts them. */
  readonly spent: number;
}

/** USD the run can cost, when prices are given. */
export interface CostPlan {
  /** USD per million input and output tokens; null when none are given. */
  readonly prices: { readonly input: number; readonly output: number } | null;
  /** The most USD the run can spend (the budget, a token budget at the dearer price, or the calls' tokens), null when unbounded or unpriced. */
  readonly max: number | null;
  readonly boundBy: 'max-cost' | 'max-tokens-total' | 'calls' | null;
  /** Per call, for `boundBy: calls`: the prompt's tokens estimated from its length (about 4 characters a token) and the completion's from --max-tokens, for k answers. */
  readonly tokensPerCall: { readonly input: number; readonly output: number | null } | null;
}

/** Characters a problem adds to a prompt, at most as far as the estimate goes (a long LaTeX integrand). */
const PROBLEM_CHARS = 240;

/**
 * Resolve a search's settings as `searchWithServices` would (a new run's defaults, or a resumed run's
 * config.json with the options given now), check the seeds and the mutation preset, and work out
 * the most target calls and cost they allow. Reads the seed, prompt and pricing files; writes
 * nothing, starts no target, takes no lock.
 */
export async function planSearch(options: SearchCommandOptions, targetOptions: Omit<TargetOptions, 'concurrency' | 'outDir'> = {}): Promise<SearchPlan> {
  const explicit = explicitSettings(options);
  const resuming = options.resume !== undefined;
  let settings: SearchPlan['settings'];
  let own = targetOptions;
  let spent = 0;
  let outDir: string;
  if (resuming) {
    outDir = resolve(options.resume!);
    const files = new RunFiles(outDir);
    const saved = files.readConfig();
    if (saved === null) throw new Error(noRunThere(options.resume!));
    settings = { ...saved.settings, ...explicit, target: explicit.target ?? saved.settings.target };
    if (saved.target?.settings !== undefined) own = mergeTargetOptions(targetOptionsFromSettings(saved.target.settings).options, targetOptions);
    const checkpoint = files.readCheckpoint();
    spent = checkpoint ? budgetSpent(checkpoint.totals).calls : 0;
  } else {
    outDir = resolve(options.out ?? '(archives/<target>-<time>)');
    const chosen = newRunSettings(explicit, { rngSeed: '', concurrency: availableParallelism() });
    settings = { ...chosen, rngSeed: explicit.rngSeed ?? null };
  }
  const seeds = loadSeeds(settings.seeds, readLineTree);
  resolveMutationConfig(
    settings.mutations,
    settings.mutationParams === null && settings.ops === null
      ? undefined
      : { ...(settings.mutationParams ?? {}), ...(settings.ops !== null ? { ops: settings.ops } : {}) },
  );
  const calls = planCalls(settings, spent);
  const cost = await planCost(settings, own, calls);
  return { outDir, resume: resuming, settings, seeds: { source: seeds.source, count: seeds.exprs.length }, calls, cost };
}

function planCalls(settings: SearchPlan['settings'], spent: number): CallPlan {
  const health = settings.canaries === false ? 0 : CANARY_PROBLEMS.length;
  const references = (settings.reference ?? []).length;
  // A shrink's budget grows with its problem's size: the worst case is the largest problem a candidate may be.
  const shrinking = shrinkBudget(DEFAULT_CANDIDATE_LIMITS.maxNodes, runCountSetting(settings, 'shrinkCalls'), runCountSetting(settings, 'shrinkCallsPerNode'));
  const retries = settings.maxRetries;
  const problems = settings.maxGenerations === null ? null : settings.maxGenerations * settings.generationSize;
  // The worst case of each problem: asked until its last retry, then a failure that every reference
  // is asked about and that is shrunk with its whole budget; and a health check after every run of
  // non-answers and at the end of every generation.
  const asks = problems === null ? null : problems * (1 + retries);
  const worst =
    asks === null
      ? null
      : health + asks + problems! * (references + shrinking) + CANARY_PROBLEMS.length * (Math.floor(asks / HEALTH_STREAK) + settings.maxGenerations!);
  const budget = settings.maxTargetCalls;
  const [max, boundBy] =
    budget !== null && (worst === null || budget <= worst)
      ? [budget, 'max-target-calls' as const]
      : worst !== null
        ? [worst, 'max-generations' as const]
        : [null, null];
  return { max, boundBy, problems, retries, health, perFailure: { references, shrinking }, spent };
}

async function planCost(settings: SearchPlan['settings'], own: Omit<TargetOptions, 'concurrency' | 'outDir'>, calls: CallPlan): Promise<CostPlan> {
  const o = own.openai ?? {};
  const resolved = await resolveTokenPrices({ priceInput: o.priceInput, priceOutput: o.priceOutput, pricesFile: o.pricesFile, batch: o.batch === true });
  if (resolved === undefined) return { prices: null, max: settings.maxCost, boundBy: settings.maxCost !== null ? 'max-cost' : null, tokensPerCall: null };
  const prices = { input: resolved.inputPerMillion, output: resolved.outputPerMillion };
  const bounds: Array<[number, CostPlan['boundBy']]> = [];
  if (settings.maxCost !== null) bounds.push([settings.maxCost, 'max-cost']);
  if (settings.maxTokensTotal !== null) bounds.push([(settings.maxTokensTotal * Math.max(prices.input, prices.output)) / 1e6, 'max-tokens-total']);
  let tokensPerCall: CostPlan['tokensPerCall'] = null;
  if (settings.target.startsWith('openai:')) {
    const prompt = await loadPromptTemplate(o.promptTemplate);
    const input = Math.ceil(((prompt.system?.length ?? 0) + prompt.user.length + PROBLEM_CHARS) / 4) * settings.k;
    const output = o.maxTokens === undefined ? null : o.maxTokens * settings.k;
    tokensPerCall = { input, output };
    if (output !== null && calls.max !== null)
      bounds.push([((calls.max - calls.spent + calls.health) * (input * prices.input + output * prices.output)) / 1e6, 'calls']);
  }
  const lowest = bounds.sort((a, b) => a[0] - b[0])[0];
  return { prices, max: lowest?.[0] ?? null, boundBy: lowest?.[1] ?? null, tokensPerCall };
}
