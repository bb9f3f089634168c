import type { Rng } from '../util/rng.js';
import { cellKey, type ProblemDescriptor } from './problemDescriptor.js';
import { tournamentWinner } from '../util/tournamentWinner.js';

/** A problem the population may keep: its tree, its cell and how good a parent it is. */
export interface Elite<T> {
  /** The problem's canonical key. */
  readonly key: string;
  readonly cell: string;
  readonly descriptor: ProblemDescriptor;
  /** Higher is better; finite and ≥ 0. */
  readonly objective: number;
  /** Generation in which it was evaluated. */
  readonly generation: number;
  readonly value: T;
}

/**
 * What `add` did (as pyribs' archives report it): `new` took an empty cell, `improved` replaced a
 * worse elite of its cell, `not-added` was no better than the cell's elite (or the grid is full and
 * the cell is new).
 */
export type EliteAddStatus = 'new' | 'improved' | 'not-added';

export interface EliteAddResult<T> {
  readonly status: EliteAddStatus;
  readonly cell: string;
  /** The elite it replaced (`improved`). */
  readonly replaced?: Elite<T>;
}

/** The archive's own figures, for generations.jsonl and the report. */
export interface EliteArchiveStats {
  /** Cells holding an elite. */
  readonly cells: number;
  /** Sum of the elites' objectives (pyribs' QD-score with offset 0). */
  readonly qdScore: number;
}

/** What a checkpoint keeps of the archive: its elites in insertion order of their cells. */
export interface EliteArchiveState<T> {
  readonly elites: ReadonlyArray<Elite<T>>;
}

/**
 * One elite per cell of the problem grid (MAP-Elites): the population the search draws parents
 * from, which keeps a problem of every structure it has seen, solved or not, so that no run of
 * repeated failures can empty it. Cells are created as problems reach them (a dictionary over the
 * descriptor, not a dense grid) up to `maxCells`. Deterministic: ties keep the elite already there,
 * and iteration follows the order in which cells were first filled.
 */
export class EliteArchive<T> {
  private readonly cells = new Map<string, Elite<T>>();
  private readonly maxCells: number;

  constructor(maxCells: number, restore?: EliteArchiveState<T>) {
    if (!(maxCells >= 1)) throw new RangeError(`EliteArchive: maxCells must be at least 1, got ${maxCells}`);
    this.maxCells = maxCells;
    for (const elite of restore?.elites ?? []) this.cells.set(elite.cell, elite);
  }

  add(candidate: Omit<Elite<T>, 'cell'>): EliteAddResult<T> {
    if (!Number.isFinite(candidate.objective) || candidate.objective < 0)
      throw new RangeError(`EliteArchive.add: objective must be finite and ≥ 0, got ${candidate.objective}`);
    const cell = cellKey(candidate.descriptor);
    const current = this.cells.get(cell);
    if (current === undefined) {
      if (this.cells.size >= this.maxCells) return { status: 'not-added', cell };
      this.cells.set(cell, { ...candidate, cell });
      return { status: 'new', cell };
    }
    if (candidate.objective <= current.objective) return { status: 'not-added', cell };
    this.cells.set(cell, { ...candidate, cell });
    return { status: 'improved', cell, replaced: current };
  }

  get size(): number {
    return this.cells.size;
  }

  elites(): Array<Elite<T>> {
    return [...this.cells.values()];
  }

  /**
   * `n` elites drawn by tournaments of `tournament` cells (default 2, binary), each drawn uniformly
   * at random, the one with the highest objective winning (the first drawn on a tie). Uniform over
   * cells, so rare structures are drawn as often as common ones; a binary tournament adds a mild pull
   * toward the fitness the user asked for, a larger one a stronger pull.
   */
  sample(n: number, rng: Rng, filter?: (elite: Elite<T>) => boolean, tournament = 2): Array<Elite<T>> {
    const pool = filter ? this.elites().filter(filter) : this.elites();
    if (pool.length === 0 || n <= 0) return [];
    const out: Array<Elite<T>> = [];
    for (let i = 0; i < n; i++) out.push(tournamentWinner(pool, tournament, (e) => e.objective, rng));
    return out;
  }

  stats(): EliteArchiveStats {
    let qdScore = 0;
    for (const e of this.cells.values()) qdScore += e.objective;
    return { cells: this.cells.size, qdScore };
  }

  state(): EliteArchiveState<T> {
    return { elites: this.elites() };
  }
}
