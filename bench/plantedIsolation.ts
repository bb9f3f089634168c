/**
 * `npm run bench:isolation`: no single shrink move leads from one planted bug of
 * examples/cmd-target/planted-bugs.mjs (or of planted-deep-bugs.mjs, `--model planted-deep`) to
 * another (testkit/plantedIsolation.ts says why that keeps every shrink within the bugs it started
 * from), on the whole sets that
 * tests/examples/plantedIsolation.test.ts samples:
 *
 * 1. each bug's example and `--per-bug` random failing problems of it (chains of up to six
 *    mutations of the default seeds, `--draws` of them, then chains of one to three from the
 *    bug's example; testkit/plantedFailures.ts);
 * 2. `--correct` problems answered correctly drawn from the default seeds, and those among
 *    `--near` draws near each bug's example;
 * 3. `--pairs` sums of two bugs' failures that fail by both.
 *
 * For each set it prints the problems, the shrink moves judged and the slips (target: none), and
 * exits with status 1 if there is one.
 *
 *   npm run bench:isolation -- [--per-bug 200] [--draws 20000] [--correct 2000] [--near 200]
 *                              [--pairs 300] [--seed planted-isolation] [--model planted]
 */
import { createRng } from '../src/util/rng.js';
import { createJudge, failingProblemsByBug, type Outcome } from '../testkit/plantedFailures.js';
import { correctProblems, plantedSlips, twoBugProblems } from '../testkit/plantedIsolation.js';
import { loadPlantedModel, plantedModelName } from '../testkit/plantedModel.js';
import { benchArg } from './benchArg.js';

/** One set's figures: problems, moves judged, and the slips found (all of them kept, to print). */
interface SetFigures {
  readonly label: string;
  readonly problems: number;
  readonly moves: number;
  readonly slips: readonly string[];
}

function check(label: string, problems: Iterable<string>, judge: (problem: string) => Outcome): SetFigures {
  let count = 0;
  let moves = 0;
  const slips: string[] = [];
  for (const p of problems) {
    const s = plantedSlips(p, judge);
    count++;
    moves += s.moves;
    slips.push(...s.slips);
  }
  return { label, problems: count, moves, slips };
}

function option(argv: readonly string[], name: string, fallback: number): number {
  const value = Number(benchArg(argv, name) ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${benchArg(argv, name)}`);
  return value;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const perBug = option(argv, 'per-bug', 200);
  const draws = option(argv, 'draws', 20_000);
  const sizes = { fromSeeds: option(argv, 'correct', 2000), nearEach: option(argv, 'near', 200) };
  const pairCount = option(argv, 'pairs', 300);
  const seed = benchArg(argv, 'seed') ?? 'planted-isolation';
  const which = plantedModelName(benchArg(argv, 'model'));
  const model = await loadPlantedModel(which);
  const judge = createJudge(model);
  const rng = createRng(seed);
  const started = performance.now();

  // In the test's order, so that the same seed draws the same sets.
  const byBug = failingProblemsByBug(model, judge, rng, perBug, draws);
  const figures: SetFigures[] = [];
  for (const bug of model.bugs) {
    const problems = byBug.get(bug.id)!;
    const wrong = problems.filter((p) => {
      const outcome = judge(p);
      return outcome.verdict !== 'incorrect' || outcome.bugs.join() !== bug.id;
    });
    const set = check(bug.id, problems, judge);
    figures.push({ ...set, slips: [...wrong.map((p) => `${p}: does not fail by ${bug.id} alone`), ...set.slips] });
  }
  figures.push(check('answered correctly', correctProblems(model, judge, rng, sizes), judge));
  figures.push(check('failing by two bugs', twoBugProblems(model, judge, byBug, rng, pairCount), judge));
  const seconds = (performance.now() - started) / 1000;

  console.log(
    `Planted-bug isolation (--seed ${seed}): ${perBug} failing problems per bug from ${draws} draws, ${sizes.fromSeeds} correct ones and ${sizes.nearEach} draws near each example, ${pairCount} sums; ${seconds.toFixed(1)} s`,
  );
  console.log('');
  console.log('| set | problems | shrink moves judged | slips |');
  console.log('|---|---:|---:|---:|');
  for (const f of figures) console.log(`| ${f.label} | ${f.problems} | ${f.moves} | ${f.slips.length} |`);
  const slips = figures.flatMap((f) => f.slips);
  const short = figures.filter((f, i) => i < model.bugs.length && f.problems <= perBug).map((f) => f.label);
  console.log('');
  console.log(`slips: ${slips.length} (target 0); bugs with ${perBug} or fewer failing problems found: ${short.length === 0 ? 'none' : short.join(', ')}`);
  for (const line of slips.slice(0, 20)) console.log(`  ${line}`);
  if (slips.length > 0 || short.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
