import type { Expr } from '../expr/types.js';
import type { EliteArchive } from '../population/eliteArchive.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { loadProblem, paramsField, type StoredProblem } from '../tasks/storedProblem.js';
import type { TaskParams, TaskProblem } from '../tasks/task.js';
import { newestFirstIndex } from '../util/newestFirstIndex.js';
import { recentRankIndex } from '../util/recentRankIndex.js';
import type { Rng } from '../util/rng.js';
import { tournamentWinner } from '../util/tournamentWinner.js';
import type { Parent } from './breedGeneration.js';
import type { BreedingPlan } from './escalationPlan.js';
import type { KnownBug } from './failureArchive.js';
import { SPREAD_PRESSURE, type SelectionPressure } from './selectionPressure.js';
import { selectSeeds, type SeedCandidate, type SeedSelection } from './selectSeeds.js';

/** A problem of the generation just told that may become a parent. */
export interface PoolMember extends SeedCandidate {
  readonly expr: Expr;
  readonly params?: TaskParams;
}

export interface ParentSources {
  readonly method: SeedSelection;
  readonly seedSize: number;
  readonly clusters: number;
  /** This generation's decided problems with fitness ≥ τ. */
  readonly pool: readonly PoolMember[];
  readonly elites: EliteArchive<StoredProblem>;
  readonly bugs: readonly KnownBug[];
  readonly initialSeeds: readonly StoredProblem[];
  /** A problem's key (the task's; default integrate's, the tree's canonical key). */
  readonly key?: (problem: TaskProblem) => string;
  readonly keepInitialSeeds: boolean;
  /** The plan of the level the next generation starts at (its share of parents from known bugs). */
  readonly plan: BreedingPlan;
  readonly level: number;
  /** How the parents are shared out and drawn (default: the spread pressure). */
  readonly pressure?: SelectionPressure;
  /**
   * The asked fitness of a known bug's form, as if it failed: it decides the tournaments
   * among bugs' forms (without it, or with tournaments of one, forms are drawn uniformly).
   */
  readonly formFitness?: (form: TaskProblem) => number;
}

export interface ParentSelection {
  readonly parents: readonly Parent[];
  /** k-means clusters used for the pool's share (0 when none were needed). */
  readonly clusters: number;
}

/**
 * The next generation's parents.
 * - `elites` (default): a share from the generation just told, chosen the paper's way (k-means
 *   over embeddings, the fittest of each cluster); a share from the archived bugs' minimal and
 *   original forms (larger at higher escalation levels; the bugs drawn by the pressure's `bugLean`); the rest drawn from the population's
 *   elites by tournaments, one elite per cell, solved problems included, so the parents can never
 *   collapse onto a few known bugs. The shares and tournaments are the `pressure`'s (`selectionPressure.ts`).
 * - `kmeans`, `fitness`: the paper's selection alone (plus known bugs once the search escalates).
 * - `random`: the initial seeds only; with `RANDOM_SAMPLING_PLAN` this is the no-evolution baseline.
 * The initial seeds are added when `keepInitialSeeds` (except for `random`, whose parents they are).
 */
export function selectParents(sources: ParentSources, rng: Rng): ParentSelection {
  const key = sources.key ?? integrateTask.key;
  const initial: Parent[] = sources.initialSeeds.map((seed) => ({ ...asParent(seed), origin: 'initial' }));
  if (sources.method === 'random') return { parents: dedupe(initial, key), clusters: 0 };
  const n = Math.max(0, Math.floor(sources.seedSize));
  // A bug's minimal form keeps the parameters of the problem it was shrunk from.
  const formsOfBugs = sources.bugs.map((b): Omit<Parent, 'origin'>[] => {
    const params = paramsField(b.params);
    const same = key({ expr: b.minimal, params: b.params ?? {} }) === key({ expr: b.problem, params: b.params ?? {} });
    return same
      ? [{ expr: b.minimal, ...params }]
      : [
          { expr: b.minimal, ...params },
          { expr: b.problem, ...params },
        ];
  });
  const useBugs = sources.method === 'elites' || sources.level > 0;
  const bugCount = useBugs && formsOfBugs.length > 0 ? Math.min(n, Math.round(n * sources.plan.bugShare)) : 0;
  const pressure = sources.pressure ?? SPREAD_PRESSURE;
  const bugRng = rng.fork('bugs');
  const lean = pressure.bugLean;
  const bugForms =
    lean.kind === 'none'
      ? drawBugForms(formsOfBugs.flat(), bugCount, pressure.bugTournament, sources.formFitness, bugRng)
      : drawLeaningBugForms(
          formsOfBugs,
          bugCount,
          (count) => (lean.kind === 'rank' ? recentRankIndex(count, bugRng) : newestFirstIndex(count, lean.odds, bugRng)),
          bugRng,
        );
  const bugParents: Parent[] = bugForms.map((form) => ({ ...form, origin: 'bug' }));

  const poolCount = sources.method === 'elites' ? Math.round((n - bugCount) * pressure.poolShare) : n - bugCount;
  const selection = selectSeeds(
    sources.pool,
    { seedSize: poolCount, clusters: Math.min(sources.clusters, Math.max(1, poolCount)), method: sources.method === 'fitness' ? 'fitness' : 'kmeans' },
    rng.fork('select'),
  );
  const poolParents: Parent[] = selection.seeds.map((s) => ({ expr: s.expr, ...paramsField(s.params), origin: 'pool' }));

  const eliteParents: Parent[] = [];
  if (sources.method === 'elites') {
    const eliteCount = n - bugCount - poolParents.length;
    for (const e of sources.elites.sample(eliteCount, rng.fork('elites'), undefined, pressure.eliteTournament))
      eliteParents.push({ ...asParent(e.value), origin: 'elite' });
  }
  const chosen = [...poolParents, ...eliteParents, ...bugParents];
  return { parents: sources.keepInitialSeeds ? [...dedupe(initial, key), ...chosen] : chosen, clusters: selection.clusters };
}

/**
 * `count` of the known bugs' forms, each the fittest of `tournament` drawn (the first drawn on a
 * tie); uniform draws when the tournament is of one or no fitness is given.
 */
function drawBugForms(
  forms: ReadonlyArray<Omit<Parent, 'origin'>>,
  count: number,
  tournament: number,
  fitnessOf: ((form: TaskProblem) => number) | undefined,
  rng: Rng,
): Array<Omit<Parent, 'origin'>> {
  const rounds = fitnessOf === undefined ? 1 : tournament;
  const scoreOf = (form: Omit<Parent, 'origin'>): number => (fitnessOf ? fitnessOf({ expr: form.expr, params: form.params ?? {} }) : 0);
  const drawn: Array<Omit<Parent, 'origin'>> = [];
  for (let i = 0; i < count; i++) drawn.push(tournamentWinner(forms, rounds, scoreOf, rng));
  return drawn;
}

/**
 * `count` forms of the known bugs (given oldest first, each with its forms), the bug of each drawn
 * by `bugIndex` (an index into that many bugs, the lean's) and its form uniformly.
 */
function drawLeaningBugForms(
  formsOfBugs: ReadonlyArray<ReadonlyArray<Omit<Parent, 'origin'>>>,
  count: number,
  bugIndex: (bugs: number) => number,
  rng: Rng,
): Array<Omit<Parent, 'origin'>> {
  const drawn: Array<Omit<Parent, 'origin'>> = [];
  for (let i = 0; i < count; i++) drawn.push(rng.pick(formsOfBugs[bugIndex(formsOfBugs.length)]));
  return drawn;
}

/** A stored problem as a parent's tree and parameters (none when it has none). */
function asParent(stored: StoredProblem): Omit<Parent, 'origin'> {
  const p = loadProblem(stored);
  return { expr: p.expr, ...paramsField(p.params) };
}

function dedupe(parents: readonly Parent[], keyOf: (problem: TaskProblem) => string): Parent[] {
  const seen = new Set<string>();
  return parents.filter((p) => {
    const key = keyOf({ expr: p.expr, params: p.params ?? {} });
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
