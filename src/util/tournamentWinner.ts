import type { Rng } from './rng.js';

/**
 * The winner of a tournament of `rounds` entrants (rounded down) drawn uniformly from `pool`: the
 * one with the highest score, the first drawn on a tie. A tournament of one or fewer is a uniform
 * draw and scores nothing.
 */
export function tournamentWinner<T>(pool: readonly T[], rounds: number, score: (entrant: T) => number, rng: Rng): T {
  let winner = rng.pick(pool);
  const entrants = Math.floor(rounds);
  if (entrants <= 1) return winner;
  let best = score(winner);
  for (let r = 1; r < entrants; r++) {
    const rival = rng.pick(pool);
    const s = score(rival);
    if (s > best) [winner, best] = [rival, s];
  }
  return winner;
}
