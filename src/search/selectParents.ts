import { canonicalKey } from '../expr/canonicalKey.js';
import type { Expr } from '../expr/types.js';
import type { EliteArchive } from '../population/eliteArchive.js';
import type { Rng } from '../util/rng.js';
import type { Parent } from './breedGeneration.js';
import type { BreedingPlan } from './escalationPlan.js';
import type { KnownBug } from './failureArchive.js';
import { selectSeeds, type SeedCandidate, type SeedSelection } from './selectSeeds.js';

/** A problem of the generation just told that may become a parent. */
export interface PoolMember extends SeedCandidate {
  readonly expr: Expr;
}

export interface ParentSources {
  readonly method: SeedSelection;
  readonly seedSize: number;
  readonly clusters: number;
  /** This generation's decided problems with fitness ≥ τ. */
  readonly pool: readonly PoolMember[];
  readonly elites: EliteArchive<Expr>;
  readonly bugs: readonly KnownBug[];
  readonly initialSeeds: readonly Expr[];
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
  const initial: Parent[] = sources.initialSeeds.map((expr) => ({ expr, origin: 'initial' }));
  if (sources.method === 'random') return { parents: dedupe(initial), clusters: 0 };
  const n = Math.max(0, Math.floor(sources.seedSize));
  const bugForms = sources.bugs.flatMap((b) => (canonicalKey(b.minimal) === canonicalKey(b.problem) ? [b.minimal] : [b.minimal, b.problem]));
  const useBugs = sources.method === 'elites' || sources.level > 0;
  const bugCount = useBugs && bugForms.length > 0 ? Math.min(n, Math.round(n * sources.plan.bugShare)) : 0;
  const bugParents: Parent[] = [];
  const bugRng = rng.fork('bugs');
  for (let i = 0; i < bugCount; i++) bugParents.push({ expr: bugRng.pick(bugForms), origin: 'bug' });

  const poolCount = sources.method === 'elites' ? Math.round((n - bugCount) * POOL_SHARE) : n - bugCount;
  const selection = selectSeeds(sources.pool, { seedSize: poolCount, clusters: Math.min(sources.clusters, Math.max(1, poolCount)), method: sources.method === 'fitness' ? 'fitness' : 'kmeans' }, rng.fork('select'));
  const poolParents: Parent[] = selection.seeds.map((s) => ({ expr: s.expr, origin: 'pool' }));

  const eliteParents: Parent[] = [];
  if (sources.method === 'elites') {
    const eliteCount = n - bugCount - poolParents.length;
    for (const e of sources.elites.sample(eliteCount, rng.fork('elites'))) eliteParents.push({ expr: e.value, origin: 'elite' });
  }
  const chosen = [...poolParents, ...eliteParents, ...bugParents];
  return { parents: sources.keepInitialSeeds ? [...dedupe(initial), ...chosen] : chosen, clusters: selection.clusters };
}

function dedupe(parents: readonly Parent[]): Parent[] {
  const seen = new Set<string>();
  return parents.filter((p) => {
    const key = canonicalKey(p.expr);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
