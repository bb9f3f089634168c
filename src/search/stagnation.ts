/**
 * How a search reacts when it stops finding new bugs: it escalates (larger steps, crossover,
 * restarts from known bugs; see `escalationPlan`) and, when even the highest level finds nothing new
 * for `patience` generations, it stops by itself instead of spinning.
 */
export interface StagnationPolicy {
  /** Generations in a row without a new signature after which the run stops; 0: never. */
  readonly patience: number;
  /** The highest escalation level (levels run from 0). */
  readonly topLevel: number;
}

export interface StagnationState {
  readonly level: number;
  /** Generations since the last new signature. */
  readonly staleGenerations: number;
  /** Target calls since the last new signature. */
  readonly staleCalls: number;
}

export const CALM: StagnationState = { level: 0, staleGenerations: 0, staleCalls: 0 };

/** What one generation brought, as far as stagnation goes. */
export interface GenerationYield {
  /** Distinct signatures the archive gained. */
  readonly newSignatures: number;
  /** Share of the generation's valid candidates that were new problems (not evaluated before). */
  readonly newShare: number;
  readonly targetCalls: number;
}

/** Below this share of new candidates a generation escalates at once, whatever it found. */
export const LOW_NEW_SHARE = 0.25;

/**
 * Stale generations that take the level from 0 past the top: with five levels, one level every
 * second generation, the top after the eighth. A shorter patience is taken instead, so that every
 * level gets its turn before the run stops.
 */
export const CLIMB_GENERATIONS = 10;

/**
 * The next state. A new signature calms the search (level 0). Otherwise the level climbs with the
 * stale generations (CLIMB_GENERATIONS), so that a search whose bugs lie beyond the calm levels'
 * reach soon gets to the levels that reach them and spends the rest of its patience at the top; a
 * generation whose candidates were mostly known problems climbs one level at once.
 */
export function observeGeneration(state: StagnationState, seen: GenerationYield, policy: StagnationPolicy): StagnationState {
  if (seen.newSignatures > 0) return seen.newShare < LOW_NEW_SHARE ? { ...CALM, level: Math.min(1, policy.topLevel) } : CALM;
  const staleGenerations = state.staleGenerations + 1;
  const staleCalls = state.staleCalls + seen.targetCalls;
  const span = policy.patience > 0 ? Math.min(CLIMB_GENERATIONS, policy.patience) : CLIMB_GENERATIONS;
  let level = Math.max(state.level, Math.floor((staleGenerations * (policy.topLevel + 1)) / span));
  if (seen.newShare < LOW_NEW_SHARE) level = Math.max(level, state.level + 1);
  return { level: Math.min(policy.topLevel, level), staleGenerations, staleCalls };
}

/** Has the search stagnated for good (stop), given its patience? */
export function hasStagnated(state: StagnationState, policy: StagnationPolicy): boolean {
  return policy.patience > 0 && state.staleGenerations >= policy.patience;
}
