/**
 * `npm run bench:steps`: the odds that a child bred from one given problem is each planted bug, at
 * every escalation level, beside the odds of a problem drawn by random sampling (the baseline of
 * bench:yield) in the same run. A search finds a deep bug by a step from a problem it keeps, most
 * often a known bug's minimal form (partial-fractions from linear-over-linear's `(2 + x)/(1 + x)`);
 * these odds say how many children that step costs, and so how soon a search can take it.
 *
 * Children are bred as a generation bred from that one parent would be (src/search/breedGeneration.ts
 * with the plan of the level, the `uniform` mutations, the parent its own crossover partner); the
 * baseline draws chains of 1 to 6 mutations of the default seeds. Each distinct child (what a search
 * would ask the target) is answered by the model in-process; a bug counts when it fired and sagga's
 * verifier calls the answer incorrect.
 *
 *   npm run bench:steps -- --from "(2 + x)/(1 + x)" [--model planted-deep] [--children 20000] [--levels 0,1,2,3,4] [--seed planted-steps]
 */
import { checkCandidate } from '../constraints/checkCandidate.js';
import { mutate } from '../mutations/mutate.js';
import { PRESET_CONFIGS } from '../mutations/presets.js';
import { widenConstants } from '../mutations/widenConstants.js';
import { parseExpr } from '../src/expr/parse.js';
import { toInfix } from '../src/expr/toInfix.js';
import type { Expr } from '../src/expr/types.js';
import { breedGeneration, type Parent } from '../src/search/breedGeneration.js';
import { escalationPlan, RANDOM_SAMPLING_PLAN, type BreedingPlan } from '../src/search/escalationPlan.js';
import { loadSeeds } from '../src/seeds/loadSeeds.js';
import { createRng } from '../src/util/rng.js';
import { verifyStrings } from '../src/verify/verifyStrings.js';
import { loadPlantedModel, plantedModelName, type PlantedModel } from '../testkit/plantedModel.js';
import { benchArg } from './benchArg.js';

/** Distinct children bred and, per bug, those on which it fired with an answer proven wrong. */
interface StepOdds {
  readonly distinct: number;
  readonly proven: ReadonlyMap<string, number>;
}

function breed(parents: readonly Parent[], plan: BreedingPlan, children: number, seed: string): Expr[] {
  const bred = breedGeneration(
    {
      generation: 1,
      parents,
      partners: parents.map((p) => p.expr),
      generationSize: children,
      level: 0,
      topLevel: 0,
      planAt: () => plan,
      taken: new Set(),
      rng: createRng(seed),
    },
    {
      mutate: (tree, rng, scale) => mutate(tree, rng, widenConstants(PRESET_CONFIGS.uniform, scale)),
      checkCandidate: (e) => checkCandidate(e),
      isKnown: () => false,
    },
  );
  return bred.problems.map((p) => p.expr);
}

function oddsOf(model: PlantedModel, exprs: readonly Expr[]): StepOdds {
  const proven = new Map<string, number>();
  for (const expr of exprs) {
    const infix = toInfix(expr);
    const answer = model.answer(infix);
    if (answer.bugs.length === 0 || answer.answers.length === 0) continue;
    if (verifyStrings(infix, answer.answers[0]).verdict !== 'incorrect') continue;
    for (const id of answer.bugs) proven.set(id, (proven.get(id) ?? 0) + 1);
  }
  return { distinct: exprs.length, proven };
}

function per10k(n: number, of: number): string {
  if (n === 0) return '0';
  const v = (10_000 * n) / of;
  return v.toFixed(v < 10 ? 1 : 0);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const from = benchArg(argv, 'from');
  if (from === undefined) throw new Error('give --from PROBLEM: the parent to breed from, e.g. --from "(2 + x)/(1 + x)"');
  const children = Number(benchArg(argv, 'children') ?? 20_000);
  const levels = (benchArg(argv, 'levels') ?? '0,1,2,3,4').split(',').map(Number);
  const seed = benchArg(argv, 'seed') ?? 'planted-steps';
  if (!(Number.isInteger(children) && children > 0)) throw new Error('--children must be a positive integer');
  if (levels.some((l) => !Number.isInteger(l) || l < 0)) throw new Error('--levels must be levels 0, 1, 2 …, separated by commas');
  const model = await loadPlantedModel(plantedModelName(benchArg(argv, 'model') ?? 'planted-deep'));
  let parent: Expr;
  try {
    parent = parseExpr(from);
  } catch (err) {
    throw new Error(`--from ${JSON.stringify(from)} is not a problem sagga reads: ${err instanceof Error ? err.message : String(err)}`);
  }

  const baseline = oddsOf(
    model,
    breed(
      loadSeeds('default').exprs.map((expr) => ({ expr, origin: 'initial' })),
      RANDOM_SAMPLING_PLAN,
      children,
      `${seed}/random`,
    ),
  );
  const bred = levels.map((level) => oddsOf(model, breed([{ expr: parent, origin: 'bug' }], escalationPlan(level), children, `${seed}/${level}`)));

  console.log(`Planted bugs among ${children} children drawn: random sampling of the default seeds, and children of ${toInfix(parent)} at each level.`);
  console.log('Per 10,000 distinct children (each one target call in a run); a bug counts when it fired and the verifier proved the answer wrong.');
  console.log('');
  console.log(`| bug | random sampling | ${levels.map((l) => `level ${l}`).join(' | ')} |`);
  console.log(`|---|---:|${levels.map(() => '---:').join('|')}|`);
  for (const bug of model.bugs) {
    const cells = [baseline, ...bred].map((o) => per10k(o.proven.get(bug.id) ?? 0, o.distinct));
    if (cells.every((c) => c === '0')) continue;
    console.log(`| ${bug.id} | ${cells.join(' | ')} |`);
  }
  console.log(`| distinct children | ${[baseline, ...bred].map((o) => o.distinct).join(' | ')} |`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
