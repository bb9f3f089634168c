import { checkCandidate } from '../constraints/checkCandidate.js';
import { mutate } from '../mutations/mutate.js';
import { PRESET_CONFIGS } from '../mutations/presets.js';
import { parseExpr } from '../src/expr/parse.js';
import { toInfix } from '../src/expr/toInfix.js';
import type { Expr } from '../src/expr/types.js';
import { loadSeeds } from '../src/seeds/loadSeeds.js';
import type { Rng } from '../src/util/rng.js';
import { SEARCH_VERIFY_OPTIONS, type Verdict } from '../src/verify/types.js';
import { verifyStrings } from '../src/verify/verifyStrings.js';
import type { PlantedModel } from './plantedModel.js';

/** What became of one problem: the verifier's verdict on the model's answer (or declined) and the bugs that fired. */
export interface Outcome {
  readonly verdict: Verdict | 'declined';
  readonly bugs: readonly string[];
  readonly answer?: string;
}

/**
 * The model's answer to a problem (canonical infix), judged by sagga's verifier; each problem asked
 * once. The verifier runs when the verdict is first read: a caller that needs only which bugs fired
 * (most problems a test draws fire none, or only the bugs it already knows) does not pay for it.
 */
export function createJudge(model: PlantedModel): (problem: string) => Outcome {
  const outcomes = new Map<string, Outcome>();
  return (problem) => {
    let o = outcomes.get(problem);
    if (o === undefined) {
      const a = model.answer(problem);
      if (a.answers.length === 0) o = { verdict: 'declined', bugs: [] };
      else {
        const answer = a.answers[0];
        let verdict: Verdict | undefined;
        o = {
          get verdict(): Verdict {
            verdict ??= verifyStrings(problem, answer, SEARCH_VERIFY_OPTIONS).verdict;
            return verdict;
          },
          bugs: a.bugs,
          answer,
        };
      }
      outcomes.set(problem, o);
    }
    return o;
  };
}

/**
 * A problem as a search draws one: 1..steps mutations (`uniform`, the default; `robustness` changes
 * numbers only), every step passing the candidate check (as bench:planted draws them).
 */
export function drawProblem(start: Expr, steps: number, rng: Rng, preset: 'uniform' | 'robustness' = 'uniform'): string | null {
  let tree = start;
  for (let i = rng.int(1, steps); i > 0; i--) {
    const check = checkCandidate(mutate(tree, rng, PRESET_CONFIGS[preset]));
    if (!check.ok) return null;
    tree = check.expr;
  }
  return toInfix(tree);
}

/**
 * Proven failures of exactly one bug, by bug id, its example first: from `draws` chains of 1..6
 * mutations of the default seeds, then, for bugs with fewer than `perBug`, from chains of 1..3
 * mutations of the bug's example (every other one changing numbers only, so that each bug is seen
 * with many other numbers as well as beside other terms), at most `draws` of them per bug.
 */
export function failingProblemsByBug(model: PlantedModel, judge: (problem: string) => Outcome, rng: Rng, perBug: number, draws: number): Map<string, string[]> {
  const byBug = new Map(model.bugs.map((b) => [b.id, new Set<string>([b.example])]));
  const offer = (problem: string | null): void => {
    if (problem === null) return;
    const o = judge(problem);
    if (o.bugs.length !== 1 || o.verdict !== 'incorrect') return;
    const set = byBug.get(o.bugs[0])!;
    if (set.size <= perBug) set.add(problem);
  };
  const seeds = loadSeeds('default').exprs;
  for (let i = 0; i < draws; i++) offer(drawProblem(rng.pick(seeds), 6, rng));
  for (const bug of model.bugs) {
    const example = checkCandidate(parseExpr(bug.example));
    if (!example.ok) throw new Error(`${bug.id}: its example fails the candidate check`);
    for (let i = 0; i < draws && byBug.get(bug.id)!.size <= perBug; i++) offer(drawProblem(example.expr, 3, rng, i % 2 === 0 ? 'uniform' : 'robustness'));
  }
  return new Map([...byBug].map(([id, set]) => [id, [...set]]));
}
