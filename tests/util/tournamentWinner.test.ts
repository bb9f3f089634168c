import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/util/rng.js';
import { tournamentWinner } from '../../src/util/tournamentWinner.js';

describe('tournamentWinner', () => {
  const pool = [1, 2, 3, 4, 5, 6, 7, 8];

  it('a tournament of one (or fewer, rounded down) is a uniform draw that never scores', () => {
    const score = (): number => {
      throw new Error('scored');
    };
    for (const rounds of [1, 0, 1.9]) {
      const rng = createRng('t1');
      const twin = createRng('t1');
      for (let i = 0; i < 20; i++) expect(tournamentWinner(pool, rounds, score, rng)).toBe(twin.pick(pool));
    }
  });

  it('the highest score of the entrants drawn wins, the first drawn on a tie', () => {
    const rng = createRng('t4');
    const twin = createRng('t4');
    for (let i = 0; i < 50; i++) {
      const entrants = [twin.pick(pool), twin.pick(pool), twin.pick(pool), twin.pick(pool)];
      expect(tournamentWinner(pool, 4, (x) => x, rng)).toBe(Math.max(...entrants));
    }
    // Every entrant scores the same: the first drawn wins.
    const tie = createRng('tie');
    const first = createRng('tie').pick(pool);
    expect(tournamentWinner(pool, 3, () => 0, tie)).toBe(first);
  });
});
