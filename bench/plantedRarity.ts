/**
 * `npm run bench:planted`: how rare each planted bug of examples/cmd-target/planted-bugs.mjs is
 * among random problems, drawn the way a search without evolution would draw them.
 *
 * Each candidate is a chain of 1..S random mutations (mutations/mutate.ts, the `uniform` preset) of
 * a random default seed (`1, x, x + 1, x^2 + x + 1`), every step passing the candidate check
 * (constraints/checkCandidate.ts) as a search's mutants must; a chain with a refused step is drawn
 * again. The model answers each candidate in-process (the same code the program runs) and sagga's
 * verifier judges the answer. A bug counts for a candidate when it fired and the verifier calls the
 * answer incorrect: a wrong answer no one can prove is not a failure a search could find.
 *
 *   npm run bench:planted -- [--samples 50000] [--steps 5] [--seed planted-rarity] [--json FILE]
 */
import { writeFileSync } from 'node:fs';
import { checkCandidate } from '../constraints/checkCandidate.js';
import { mutate } from '../mutations/mutate.js';
import { PRESET_CONFIGS } from '../mutations/presets.js';
import { canonicalKey } from '../src/expr/canonicalKey.js';
import { toInfix } from '../src/expr/toInfix.js';
import type { Expr } from '../src/expr/types.js';
import { loadSeeds } from '../src/seeds/loadSeeds.js';
import { createRng, type Rng } from '../src/util/rng.js';
import { verifyStrings } from '../src/verify/verifyStrings.js';
import { loadPlantedModel, PLANTED_MODELS, plantedModelName, type PlantedBug, type PlantedModel } from '../testkit/plantedModel.js';
import { benchArg } from './benchArg.js';

type Model = PlantedModel['answer'];

interface BugCount {
  /** Candidates on which the bug fired and the answer was verified incorrect. */
  proven: number;
  /** Distinct problems (canonical keys) among those. */
  readonly distinct: Set<string>;
  /** Candidates on which it fired but the verifier could not refute the answer (hidden by larger terms). */
  hidden: number;
  /** 1-based index of the first candidate that proved it. */
  first: number | null;
}

interface Tally {
  candidates: number;
  refusedChains: number;
  readonly keys: Set<string>;
  declined: number;
  correct: number;
  wrongPlanted: number;
  undecided: number;
  readonly unplanted: string[];
  readonly bugs: Map<string, BugCount>;
}

/** One valid candidate: a chain of 1..steps mutations, each step checked; null when a step is refused. */
function drawCandidate(seeds: readonly Expr[], steps: number, rng: Rng): Expr | null {
  let tree = rng.pick(seeds);
  const length = rng.int(1, steps);
  for (let i = 0; i < length; i++) {
    const check = checkCandidate(mutate(tree, rng, PRESET_CONFIGS.uniform));
    if (!check.ok) return null;
    tree = check.expr;
  }
  return tree;
}

function judge(tally: Tally, model: Model, expr: Expr): void {
  const infix = toInfix(expr);
  const key = canonicalKey(expr);
  tally.candidates++;
  tally.keys.add(key);
  const answer = model(infix);
  if (answer.answers.length === 0) {
    tally.declined++;
    return;
  }
  const verdict = verifyStrings(infix, answer.answers[0]).verdict;
  if (verdict === 'correct') tally.correct++;
  else if (verdict !== 'incorrect') tally.undecided++;
  else if (answer.bugs.length === 0) tally.unplanted.push(`${infix}  →  ${answer.answers[0]}`);
  else tally.wrongPlanted++;
  for (const id of answer.bugs) {
    const count = tally.bugs.get(id)!;
    if (verdict !== 'incorrect') {
      count.hidden++;
      continue;
    }
    count.proven++;
    count.distinct.add(key);
    count.first ??= tally.candidates;
  }
}

function per10k(n: number, of: number): string {
  const v = (10_000 * n) / of;
  return v === 0 ? '0' : v.toFixed(v < 1 ? 2 : 1);
}
const share = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)} %`;

function report(tally: Tally, bugs: readonly PlantedBug[], program: string, settings: string, seconds: number): void {
  const n = tally.candidates;
  const distinct = tally.keys.size;
  console.log(`Planted bugs of ${program} among ${n} random valid candidates (${distinct} distinct), ${settings}; ${seconds.toFixed(0)} s.`);
  console.log('');
  console.log('| bug | minimal signature | example | per 10,000 candidates | per 10,000 distinct | first at candidate | fired, not provable |');
  console.log('|---|---|---|---:|---:|---:|---:|');
  const rows = [...bugs].sort((a, b) => tally.bugs.get(b.id)!.proven - tally.bugs.get(a.id)!.proven);
  for (const bug of rows) {
    const c = tally.bugs.get(bug.id)!;
    console.log(
      `| ${bug.id} | \`${bug.signature}\` | \`${bug.example}\` | ${per10k(c.proven, n)} | ${per10k(c.distinct.size, distinct)} | ${c.first ?? '–'} | ${c.hidden} |`,
    );
  }
  console.log('');
  console.log(
    `answered and verified correct ${share(tally.correct, n)}, declined ${share(tally.declined, n)}, wrong by a planted bug ${share(tally.wrongPlanted, n)}, verdict unknown ${share(tally.undecided, n)}, wrong with no planted bug ${tally.unplanted.length}; chains drawn again after a refused step: ${tally.refusedChains}`,
  );
  for (const line of tally.unplanted.slice(0, 10)) console.log(`  wrong with no planted bug: ${line}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const samples = Number(benchArg(argv, 'samples') ?? 50_000);
  const steps = Number(benchArg(argv, 'steps') ?? 5);
  const seed = benchArg(argv, 'seed') ?? 'planted-rarity';
  const json = benchArg(argv, 'json');
  if (!(Number.isInteger(samples) && samples > 0 && Number.isInteger(steps) && steps > 0)) throw new Error('--samples and --steps must be positive integers');
  const which = plantedModelName(benchArg(argv, 'model'));
  const { answer: model, bugs } = await loadPlantedModel(which);
  const seeds = loadSeeds('default').exprs;
  const rng = createRng(seed);
  const tally: Tally = {
    candidates: 0,
    refusedChains: 0,
    keys: new Set(),
    declined: 0,
    correct: 0,
    wrongPlanted: 0,
    undecided: 0,
    unplanted: [],
    bugs: new Map(),
  };
  for (const bug of bugs) tally.bugs.set(bug.id, { proven: 0, distinct: new Set(), hidden: 0, first: null });
  const started = performance.now();
  while (tally.candidates < samples) {
    const candidate = drawCandidate(seeds, steps, rng);
    if (candidate === null) tally.refusedChains++;
    else judge(tally, model, candidate);
  }
  const seconds = (performance.now() - started) / 1000;
  report(tally, bugs, PLANTED_MODELS[which].program, `chains of 1..${steps} uniform mutations of the default seeds, --seed ${seed}`, seconds);
  if (json !== undefined) {
    const perBug = Object.fromEntries(
      [...tally.bugs].map(([id, c]) => [id, { proven: c.proven, distinct: c.distinct.size, hidden: c.hidden, first: c.first }]),
    );
    const { candidates, refusedChains, declined, correct, wrongPlanted, undecided, unplanted } = tally;
    writeFileSync(
      json,
      `${JSON.stringify({ samples, steps, seed, candidates, distinct: tally.keys.size, refusedChains, declined, correct, wrongPlanted, undecided, unplanted, perBug }, null, 2)}\n`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
