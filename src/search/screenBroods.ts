import type { AskedProblem } from './searchTypes.js';

/**
 * Of each slot's brood of new children, the one the asked fitness prefers (the first drawn on a
 * tie), in slot order. The fitness of a problem's shape (its length, its distance to given
 * problems) is known before the target is asked; only whether it fails is not. So where a fitness
 * targets a place, drawing several children and asking the one nearest the place moves the search
 * there by a step of selection each generation, for no target call.
 *
 * `scores` gives the preference of every problem (parallel to `problems`); `slots` says which slot
 * each was drawn for, slots in increasing order as `breedGeneration` draws them.
 */
export function screenBroods(problems: readonly AskedProblem[], slots: readonly number[], scores: readonly number[]): AskedProblem[] {
  if (slots.length !== problems.length || scores.length !== problems.length)
    throw new RangeError(`screenBroods: ${problems.length} problems, ${slots.length} slots and ${scores.length} scores`);
  const kept: AskedProblem[] = [];
  let best = -1;
  for (let i = 0; i < problems.length; i++) {
    const opensSlot = i === 0 || slots[i] !== slots[i - 1];
    if (opensSlot) {
      if (best >= 0) kept.push(problems[best]);
      best = i;
    } else if (scoreOf(scores[i]) > scoreOf(scores[best])) best = i;
  }
  if (best >= 0) kept.push(problems[best]);
  return kept;
}

/** A score that is not a number ranks last. */
function scoreOf(score: number): number {
  return Number.isNaN(score) ? -Infinity : score;
}
