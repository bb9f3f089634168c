import { NO_BUG_LEAN, type BugLean } from '../population/bugLean.js';

/**
 * How hard the search leans on the asked fitness when it chooses parents and children. The spread
 * pressure keeps the population from collapsing: most parents are elites drawn nearly uniformly over
 * the grid and known bugs' forms, whatever their fitness, and every child drawn is asked. When the
 * fitness asks for failures at a given place (`length:L`, `near:`), that spread holds the search back
 * from the place: the targeted pressure gives the fittest failures of the generation just judged a
 * larger share of the parents, lets the asked fitness decide the tournaments that draw elites and
 * known bugs' forms, and asks, of several children drawn for each slot, the one the fitness prefers.
 * That brood doubles every generation (`broodAt`): with a brood of a fixed size, the children asked
 * settle at one distance from the place after two generations, each a mutation or a graft away
 * from parents that are no closer; the fittest of twice as many lands a step closer again.
 */
export interface SelectionPressure {
  /** Share of the parents not drawn from known bugs chosen the paper's way from the generation just judged. */
  readonly poolShare: number;
  /** Cells drawn for each elite parent, the fittest winning (2: a binary tournament). */
  readonly eliteTournament: number;
  /** Known bugs' forms drawn for each bug parent, the fittest by the asked fitness winning (1: uniform). */
  readonly bugTournament: number;
  /**
   * How bug parents lean toward the bugs found last (`BugLean`; `none`: every known bug's forms
   * alike, by `bugTournament`). The children of a bug found long ago have been asked for many
   * generations; those of a new one have not, and a deep bug is most often one step from a bug
   * found just before it. The spread pressure's default, `rank`, weighs the bug of recency rank r
   * by 1/r: a bug's share falls as the reciprocal of the bugs found after it, so none starves,
   * where `newest:p` halves an old bug's share (p = 0.5) with each new one, and some runs never
   * take the rare step from a bug found early (docs/search.md, Yield).
   */
  readonly bugLean: BugLean;
  /** Children drawn for each child asked in the first generation, the fittest shape asked (1: every child drawn is asked). */
  readonly brood: number;
  /** What the brood is multiplied by from one generation to the next (1: the same size throughout). */
  readonly broodGrowth: number;
  /** The brood's largest size: it bounds the children drawn, screened and embedded for each one asked. */
  readonly maxBrood: number;
  /**
   * Children a generation's brood may draw in all: a larger generation grows a smaller brood, so
   * that drawing and screening one (synchronous work) holds the event loop about a second at most.
   */
  readonly maxBroodChildren: number;
  /** Share of the children grafted with one of the fitness's given problems (`near:`'s targets), when it has any. */
  readonly graftShare: number;
  /**
   * Problems of one shape (numbers erased) asked before the shape is asked no more (`ShapeTally`;
   * 0: no cap). Mutations of numbers alone make endless new problems of a shape already tried; the
   * spread pressure spends those calls on other shapes. A targeting fitness refines the shapes
   * nearest its place, numbers included, and caps none.
   */
  readonly shapeCap: number;
}

/** The pressure of a fitness that only rewards failures (`short`, the default). */
export const SPREAD_PRESSURE: SelectionPressure = {
  poolShare: 0.3,
  eliteTournament: 2,
  bugTournament: 1,
  bugLean: { kind: 'rank' },
  brood: 1,
  broodGrowth: 1,
  maxBrood: 1,
  maxBroodChildren: Number.POSITIVE_INFINITY,
  graftShare: 0,
  shapeCap: 4,
};

/** The pressure of a targeting fitness. */
export const TARGETED_PRESSURE: SelectionPressure = {
  poolShare: 0.6,
  eliteTournament: 4,
  bugTournament: 4,
  bugLean: NO_BUG_LEAN,
  brood: 8,
  broodGrowth: 2,
  maxBrood: 128,
  maxBroodChildren: 32_000,
  graftShare: 0.5,
  shapeCap: 0,
};

/**
 * The pressure for a run's fitness; `bugLean` (`--bug-lean`) sets the spread pressure's lean
 * toward the bugs found last (the targeted pressure's bug parents are drawn by the asked fitness),
 * `shapeCap` (`--shape-cap`) its cap on problems of one shape.
 */
export function selectionPressure(
  fitness: { readonly targeting: boolean },
  bugLean: BugLean = SPREAD_PRESSURE.bugLean,
  shapeCap: number = SPREAD_PRESSURE.shapeCap,
): SelectionPressure {
  return fitness.targeting ? TARGETED_PRESSURE : { ...SPREAD_PRESSURE, bugLean, shapeCap };
}
