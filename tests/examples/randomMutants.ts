import { checkCandidate } from '../../constraints/checkCandidate.js';
import { mutate } from '../../mutations/mutate.js';
import { PRESET_CONFIGS } from '../../mutations/presets.js';
import { toInfix } from '../../src/expr/toInfix.js';
import type { Expr } from '../../src/expr/types.js';
import { loadSeeds } from '../../src/seeds/loadSeeds.js';
import { createRng } from '../../src/util/rng.js';

/** `count` distinct problems a search could ask: 1..4 uniform mutations of a default seed, each step checked. */
export function randomMutants(count: number, seed: string): string[] {
  const seeds = loadSeeds('default').exprs;
  const rng = createRng(seed);
  const problems = new Set<string>();
  while (problems.size < count) {
    let tree: Expr = rng.pick(seeds);
    for (let i = rng.int(1, 4); i > 0; i--) {
      const check = checkCandidate(mutate(tree, rng, PRESET_CONFIGS.uniform));
      if (check.ok) tree = check.expr;
    }
    problems.add(toInfix(tree));
  }
  return [...problems];
}
