import type { Expr } from '../expr/types.js';
import type { EliteArchive } from '../population/eliteArchive.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { loadProblem, paramsField, type StoredProblem } from '../tasks/storedProblem.js';
import type { TaskParams, TaskProblem } from '../tasks/task.js';
import type { Rng } from '../util/rng.js';
import type { Parent } from './breedGeneration.js';
import type { BreedingPlan } from './escalationPlan.js';
import type { KnownBug } from './failureArchive.js';
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
}

export interface ParentSelection {
  readonly parents: readonly Parent[];
  /** k-means clusters used for the pool's share (0 when none were needed). */
  readonly clusters: number;
}

/** Share of the `elites` method's parents chosen the paper's way, from the generation just told. */
export const POOL_SHARE = 0.3;

/**
 * The next generation's parents.
 * - `elites` (default): a share from the generation just told, chosen the paper's way (k-means
 *   over embeddings, the fittest of each cluster); a share from the archived bugs' minimal and
 *   original forms (larger at higher escalation levels); the rest drawn from the population's
 *   elites by binary tournaments, one elite per cell, solved problems included, so the parents can
 *   never collapse onto a few known bugs.
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
  const bugForms = sources.bugs.flatMap((b): Omit<Parent, 'origin'>[] => {
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
  const bugCount = useBugs && bugForms.length > 0 ? Math.min(n, Math.round(n * sources.plan.bugShare)) : 0;
  const bugParents: Parent[] = [];
  const bugRng = rng.fork('bugs');
  for (let i = 0; i < bugCount; i++) bugParents.push({ ...bugRng.pick(bugForms), origin: 'bug' });

  const poolCount = sources.method === 'elites' ? Math.round((n - bugCount) * POOL_SHARE) : n - bugCount;
  const selection = selectSeeds(
    sources.pool,
    { seedSize: poolCount, clusters: Math.min(sources.clusters, Math.max(1, poolCount)), method: sources.method === 'fitness' ? 'fitness' : 'kmeans' },
    rng.fork('select'),
  );
  const poolParents: Parent[] = selection.seeds.map((s) => ({ expr: s.expr, ...paramsField(s.params), origin: 'pool' }));

  const eliteParents: Parent[] = [];
  if (sources.method === 'elites') {
    const eliteCount = n - bugCount - poolParents.length;
    for (const e of sources.elites.sample(eliteCount, rng.fork('elites'))) eliteParents.push({ ...asParent(e.value), origin: 'elite' });
  }
  const chosen = [...poolParents, ...eliteParents, ...bugParents];
  return { parents: sources.keepInitialSeeds ? [...dedupe(initial, key), ...chosen] : chosen, clusters: selection.clusters };
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
