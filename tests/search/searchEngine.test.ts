import { describe, expect, it } from 'vitest';
import { parseFitnessSpec } from '../../fitness/parseFitnessSpec.js';
import type { Fitness } from '../../fitness/types.js';
import type { Expr } from '../../src/expr/types.js';
import { mutate } from '../../mutations/mutate.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { structuralEmbedder } from '../../src/embed/structuralEmbedder.js';
import { canonicalKey } from '../../src/expr/canonical.js';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import type { BugLean } from '../../src/population/bugLean.js';
import { SearchEngine, type EngineParams, type Evaluation, type GenerationAsk } from '../../src/search/searchEngine.js';
import { keyShape } from '../../src/search/shapeTally.js';
import type { Judgement } from '../../src/judge/judgeTypes.js';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { metrics } from '../../src/expr/metrics.js';
import { loadProblem } from '../../src/tasks/storedProblem.js';
import { createRng } from '../../src/util/rng.js';
import { treeEditDistance } from '../../src/expr/treeEditDistance.js';

const SEEDS = ['1', 'x', 'x + 1', 'x^2 + x + 1'].map((t) => parseExpr(t));
const config = resolveMutationConfig('uniform');

const PARAMS: EngineParams = {
  seedSize: 12,
  generationSize: 120,
  clusters: 3,
  tau: 0.01,
  archiveSize: 1000,
  maxGenerations: null,
  seedSelection: 'kmeans',
  keepInitialSeeds: true,
  maxRetries: 1,
  lengthMeasure: 'chars',
  targetName: 'test',
  failures: 'proven',
  // These tests are about the loop; novelty by signature has its own tests.
  novelty: 'exact',
  patience: 0,
  bugLean: { kind: 'none' },
  shapeCap: 0,
};

async function makeEngine(params: Partial<EngineParams> = {}, seed = 'engine', fitness?: Fitness, restore?: ConstructorParameters<typeof SearchEngine>[2]) {
  return new SearchEngine(
    { ...PARAMS, ...params },
    {
      mutate: (tree, rng) => mutate(tree, rng, config),
      checkCandidate: (e) => checkCandidate(e),
      embedder: structuralEmbedder(),
      fitness: fitness ?? (await parseFitnessSpec('short')),
      rng: createRng(seed),
      initialSeeds: SEEDS,
      signature,
    },
    restore,
  );
}

/** Judge by a fixed rule: problems whose printed form contains an odd digit count as failures. */
function judge(ask: GenerationAsk, rule: (infix: string) => Judgement['status'] = (s) => (/[13579]/.test(s) ? 'fail' : 'pass')): Evaluation[] {
  return ask.problems.map((problem) => {
    const status = rule(problem.infix);
    const judgement: Judgement =
      status === 'fail'
        ? {
            status,
            kind: 'wrong',
            reason: 'rule',
            answers: [{ text: '0', status: 'ok', verdict: 'incorrect', reason: 'rule' }],
            proof: { by: 'verifier', reason: 'rule' },
          }
        : { status, reason: 'rule', answers: [] };
    return { problem, judgement };
  });
}

describe('SearchEngine', () => {
  it('asks for generationSize mutants spread evenly over the seeds, all valid and distinct', async () => {
    const engine = await makeEngine();
    const ask = await engine.ask();
    expect(ask.generation).toBe(1);
    expect(ask.candidates).toBe(120);
    expect(ask.valid + Object.values(ask.invalidReasons).reduce((a, b) => a + b, 0)).toBe(120);
    expect(ask.problems.length).toBe(ask.valid - ask.duplicates);
    expect(new Set(ask.problems.map((p) => p.key)).size).toBe(ask.problems.length);
    for (const p of ask.problems) {
      const check = checkCandidate(p.expr);
      expect(check.ok && check.key).toBe(p.key);
    }
    // 120 mutants over 4 seeds: every seed is the parent of the mutants it made (30 each, minus drops).
    const parents = new Set(ask.problems.map((p) => p.parent));
    expect(parents).toEqual(new Set(['1', 'x', 'x + 1', 'x^2 + x + 1']));
  });

  it('never asks for a problem twice across generations', async () => {
    const engine = await makeEngine();
    const seen = new Set<string>();
    for (let g = 0; g < 5; g++) {
      const ask = await engine.ask();
      for (const p of ask.problems) {
        expect(seen.has(p.key)).toBe(false);
        seen.add(p.key);
      }
      await engine.tell(judge(ask));
    }
    expect(engine.state().evaluatedCount).toBe(seen.size);
  });

  it('asks no problem of a shape asked shapeCap times in earlier generations, counting those asked before a resume', async () => {
    // The most problems of one shape asked before a generation that asks that shape again.
    const mostAskedBeforeRepeat = async (shapeCap: number) => {
      const engine = await makeEngine({ shapeCap });
      const counts = new Map<string, number>();
      let most = 0;
      for (let g = 0; g < 4; g++) {
        const ask = await engine.ask();
        for (const p of ask.problems) most = Math.max(most, counts.get(keyShape(p.key)) ?? 0);
        for (const p of ask.problems) counts.set(keyShape(p.key), (counts.get(keyShape(p.key)) ?? 0) + 1);
        await engine.tell(judge(ask));
      }
      return most;
    };
    expect(await mostAskedBeforeRepeat(0)).toBeGreaterThan(2);
    expect(await mostAskedBeforeRepeat(2)).toBeLessThan(2);

    const first = await makeEngine({ shapeCap: 1 });
    const asked = await first.ask();
    await first.tell(judge(asked));
    const keys = asked.problems.map((p) => p.key);
    const resumed = await makeEngine({ shapeCap: 1 }, 'engine', undefined, { state: first.state(), evaluatedKeys: keys });
    const shapesBefore = new Set(keys.map(keyShape));
    const next = await resumed.ask();
    expect(next.problems.length).toBeGreaterThan(0);
    for (const p of next.problems) expect(shapesBefore.has(keyShape(p.key))).toBe(false);
  });

  it('archives failures meeting τ only, never passes or undecided problems, up to the archive size', async () => {
    const engine = await makeEngine({ archiveSize: 25 });
    const ask = await engine.ask();
    const told = await engine.tell(judge(ask, (s) => (/[13579]/.test(s) ? 'fail' : /[2468]/.test(s) ? 'undecided' : 'pass')));
    const failing = ask.problems.filter((p) => /[13579]/.test(p.infix));
    expect(told.failures).toBe(failing.length);
    expect(told.archived.length).toBe(Math.min(25, failing.length));
    for (const a of told.archived) {
      expect(a.problem).toMatch(/[13579]/);
      expect(a.fitness).toBeCloseTo(1 / a.problem.length, 12);
      expect(a.kind).toBe('wrong');
    }
    expect(told.undecided).toBe(ask.problems.filter((p) => !/[13579]/.test(p.infix) && /[2468]/.test(p.infix)).length);
    expect(told.stopReason).toBe('archive-full');
    expect(engine.state().archiveCount).toBe(25);
  });

  it('selects the next seeds among problems meeting τ, keeping the initial seeds', async () => {
    const engine = await makeEngine();
    const ask = await engine.ask();
    await engine.tell(judge(ask));
    const seeds = engine.state().seeds;
    const seedKeys = seeds.map((s) => canonicalKey(loadProblem(s).expr));
    for (const s of SEEDS) expect(seedKeys).toContain(canonicalKey(s));
    const failingKeys = new Set(ask.problems.filter((p) => /[13579]/.test(p.infix)).map((p) => p.key));
    const selected = seedKeys.filter((k) => !SEEDS.some((s) => canonicalKey(s) === k));
    // A failing candidate may coincide with an initial seed (crossover can rebuild one); it is then listed once.
    const seedsAmongFailing = SEEDS.filter((s) => failingKeys.has(canonicalKey(s))).length;
    expect(selected.length).toBeGreaterThanOrEqual(PARAMS.seedSize - seedsAmongFailing);
    expect(selected.length).toBeLessThanOrEqual(PARAMS.seedSize);
    for (const k of selected) expect(failingKeys.has(k)).toBe(true);
  });

  it('stops with no-seeds when nothing reaches τ and the initial seeds are not kept', async () => {
    const engine = await makeEngine({ keepInitialSeeds: false });
    const told = await engine.tell(judge(await engine.ask(), () => 'pass'));
    expect(told.stopReason).toBe('no-seeds');
    expect(engine.state().seeds).toEqual([]);
  });

  it('stops at max-generations', async () => {
    const engine = await makeEngine({ maxGenerations: 2 });
    expect((await engine.tell(judge(await engine.ask()))).stopReason).toBeNull();
    expect((await engine.tell(judge(await engine.ask()))).stopReason).toBe('max-generations');
  });

  it('asks again for problems lost in transport, then skips them', async () => {
    const engine = await makeEngine({ maxRetries: 1 });
    const first = await engine.ask();
    const lost = first.problems[0];
    const told = await engine.tell(judge(first, (s) => (s === lost.infix ? 'error' : 'pass')));
    expect(told.errors).toBe(1);
    expect(engine.hasEvaluated(lost.key)).toBe(false);
    const second = await engine.ask();
    const again = second.problems.find((p) => p.key === lost.key)!;
    expect(again).toMatchObject({ id: 'g2-r0', attempt: 1 });
    const told2 = await engine.tell(judge(second, (s) => (s === lost.infix ? 'error' : 'pass')));
    expect(told2.skipped).toBe(1);
    expect(told2.evaluated.find((r) => r.key === lost.key)).toMatchObject({ status: 'skipped' });
    expect((await engine.ask()).problems.some((p) => p.key === lost.key && p.attempt > 0)).toBe(false);
  });

  it('is reproducible from its seed, and from a saved state plus the evaluated keys', async () => {
    const a = await makeEngine({}, 'same');
    const b = await makeEngine({}, 'same');
    const evaluated: string[] = [];
    for (let g = 0; g < 2; g++) {
      const askA = await a.ask();
      const askB = await b.ask();
      expect(askB.problems.map((p) => p.key)).toEqual(askA.problems.map((p) => p.key));
      evaluated.push(...askA.problems.map((p) => p.key));
      await a.tell(judge(askA));
      await b.tell(judge(askB));
    }
    const saved = JSON.parse(JSON.stringify(a.state()));
    const restored = await makeEngine({}, 'same', undefined, { state: saved, evaluatedKeys: evaluated });
    const next = await a.ask();
    const nextRestored = await restored.ask();
    expect(nextRestored.generation).toBe(3);
    expect(nextRestored.problems.map((p) => p.key)).toEqual(next.problems.map((p) => p.key));
    const other = await makeEngine({}, 'different');
    expect((await other.ask()).problems.map((p) => p.key)).not.toEqual((await (await makeEngine({}, 'same')).ask()).problems.map((p) => p.key));
  });

  it('keeps a population that cannot collapse: with elites, parents remain when no problem reaches τ', async () => {
    const engine = await makeEngine({ seedSelection: 'elites', keepInitialSeeds: false });
    const told = await engine.tell(judge(await engine.ask(), () => 'pass'));
    expect(told.stopReason).toBeNull();
    // Nothing failed, so the paper's selection would have no parent; the population's elites are parents.
    expect(told.parents.elite).toBe(PARAMS.seedSize);
    expect(told.population.cells).toBeGreaterThan(1);
    expect(told.population.newCells).toBe(told.population.cells);
    for (const seed of engine.state().seeds) expect(engine.hasEvaluated(canonicalKey(loadProblem(seed).expr))).toBe(true);
  });

  it('never asks an empty generation while new problems can be made, and keeps finding them for many generations', async () => {
    // One bug only: every failure after the first is a variant, as against a target whose bugs are all known.
    const oneBug = (s: string): Judgement['status'] => (s.includes('^x') ? 'fail' : 'pass');
    const engine = await makeEngine({ seedSelection: 'elites', novelty: 'signature', generationSize: 60, seedSize: 10, patience: 0 });
    let asked = 0;
    for (let g = 0; g < 25; g++) {
      const ask = await engine.ask();
      expect(ask.problems.length).toBeGreaterThan(0);
      asked += ask.problems.length;
      await engine.tell(judge(ask, oneBug));
    }
    expect(engine.state().evaluatedCount).toBe(asked);
    expect(engine.state().population!.elites.length).toBeGreaterThan(20);
  });

  it('escalates while no new signature comes, calms down when one does, and stops as stagnated after its patience', async () => {
    const engine = await makeEngine({ seedSelection: 'elites', novelty: 'signature', generationSize: 40, seedSize: 8, patience: 5 });
    const levels: number[] = [];
    let told: Awaited<ReturnType<typeof engine.tell>>;
    do {
      const ask = await engine.ask();
      // Only the first generation finds anything new.
      told = await engine.tell(
        judge(ask, (s) => (ask.generation === 1 && /[13579]/.test(s) ? 'fail' : 'pass')),
        { targetCalls: ask.problems.length },
      );
      levels.push(told.stagnation.level);
    } while (told.stopReason === null);
    expect(told.stopReason).toBe('stagnated');
    expect(told.generation).toBe(6);
    expect(told.stagnation.staleGenerations).toBe(5);
    expect(levels[0]).toBe(0);
    // The level never falls while nothing new comes, and reaches the top before the run stops.
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeGreaterThanOrEqual(levels[i - 1]);
    expect(levels.at(-1)).toBe(4);
    expect(told.stagnation.staleCalls).toBeGreaterThan(0);
  });

  it('stops as exhausted, without asking an empty generation, when nothing new can be made', async () => {
    // A problem space of a handful of problems: every candidate outside it is invalid.
    const allowed = new Set(['x', 'x + 1', 'x^2', 'x^2 + 1', '2*x', 'x^2 + x + 1', 'x + 2'].map((t) => canonicalKey(parseExpr(t))));
    const engine = new SearchEngine(
      { ...PARAMS, seedSelection: 'elites', generationSize: 20, seedSize: 4, patience: 0 },
      {
        mutate: (tree, rng) => mutate(tree, rng, config),
        checkCandidate: (e) => {
          const check = checkCandidate(e);
          return check.ok && !allowed.has(check.key) ? { ok: false, reason: 'outside the test space' } : check;
        },
        embedder: structuralEmbedder(),
        fitness: await parseFitnessSpec('short'),
        rng: createRng('small'),
        initialSeeds: SEEDS,
        signature,
      },
    );
    let generations = 0;
    for (;;) {
      const ask = await engine.ask();
      if (engine.stopReason() === 'exhausted') {
        expect(ask.problems).toEqual([]);
        break;
      }
      expect(ask.problems.length).toBeGreaterThan(0);
      await engine.tell(judge(ask, () => 'pass'));
      expect(++generations).toBeLessThan(50);
    }
    // Every problem of the space that mutations reach was asked once.
    expect(engine.state().evaluatedCount).toBeLessThanOrEqual(allowed.size);
  });

  it.each(['short', 'length:30'])('restores the population, the known bugs and the escalation level exactly from a saved state (%s)', async (spec) => {
    const params = { seedSelection: 'elites' as const, novelty: 'signature' as const, generationSize: 50, seedSize: 8, patience: 0 };
    const fitness = await parseFitnessSpec(spec);
    const a = await makeEngine(params, 'qd', fitness);
    const evaluated: string[] = [];
    for (let g = 0; g < 4; g++) {
      const ask = await a.ask();
      evaluated.push(...ask.problems.map((p) => p.key));
      await a.tell(
        judge(ask, (s) => (/[37]/.test(s) ? 'fail' : 'pass')),
        { targetCalls: ask.problems.length },
      );
    }
    const saved = JSON.parse(JSON.stringify(a.state()));
    expect(saved.population.elites.length).toBeGreaterThan(0);
    expect(saved.bugs.length).toBeGreaterThan(0);
    const restored = await makeEngine(params, 'qd', fitness, { state: saved, evaluatedKeys: evaluated });
    for (let g = 0; g < 2; g++) {
      const next = await a.ask();
      const nextRestored = await restored.ask();
      expect(nextRestored.problems.map((p) => p.key)).toEqual(next.problems.map((p) => p.key));
      const rule = (s: string): Judgement['status'] => (/[37]/.test(s) ? 'fail' : 'pass');
      const toldA = await a.tell(judge(next, rule), { targetCalls: 1 });
      const toldB = await restored.tell(judge(nextRestored, rule), { targetCalls: 1 });
      expect(toldB.archived.map((r) => r.problem)).toEqual(toldA.archived.map((r) => r.problem));
    }
    expect(JSON.stringify(restored.state())).toBe(JSON.stringify(a.state()));
  });

  it('under a targeting fitness, asks the fittest child of each brood and moves toward the target faster', async () => {
    const targeted = await parseFitnessSpec('length:30');
    // The same scores without the targeting flag: the spread pressure, every child asked.
    const spread: Fitness = { ...targeted, targeting: false };
    const params = { seedSelection: 'elites' as const, novelty: 'signature' as const, generationSize: 60, seedSize: 10 };
    const offTarget = (ask: GenerationAsk) => ask.problems.reduce((sum, p) => sum + Math.abs(metrics(p.expr).chars - 30), 0) / ask.problems.length;
    const runs = await Promise.all(
      [targeted, spread].map(async (fitness) => {
        const engine = await makeEngine(params, 'brood', fitness);
        const distances: number[] = [];
        const drawn: number[] = [];
        let screened = 0;
        for (let g = 0; g < 3; g++) {
          const ask = await engine.ask();
          distances.push(offTarget(ask));
          drawn.push(ask.candidates);
          screened += ask.screened;
          const told = await engine.tell(judge(ask), { targetCalls: ask.problems.length });
          if (g === 0) expect(told.seeds).toBeGreaterThan(0);
        }
        return { distances, screened, drawn };
      }),
    );
    const [lean, wide] = runs;
    // The brood doubles every generation (8, 16, 32 children a slot); each child asked is the fittest of more.
    expect(lean.drawn[1]).toBeGreaterThan(1.5 * lean.drawn[0]);
    expect(lean.drawn[2]).toBeGreaterThan(1.5 * lean.drawn[1]);
    expect(wide.screened).toBe(0);
    expect(lean.screened).toBeGreaterThan(0);
    for (let g = 0; g < 3; g++) expect(lean.distances[g]).toBeLessThan(wide.distances[g]);
    // Generation by generation the targeted search comes closer to 30 characters.
    expect(lean.distances[2]).toBeLessThan(lean.distances[0]);
  });

  it("under a targeting fitness, draws known bugs' forms by the asked fitness", async () => {
    const fitness = await parseFitnessSpec('length:30');
    const params = { seedSelection: 'elites' as const, novelty: 'signature' as const, generationSize: 60, seedSize: 30 };
    const offTarget = (e: Expr) => Math.abs(metrics(e).chars - 30);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const bugParentsOff = async (f: Fitness) => {
      const engine = await makeEngine(params, 'bugs', f);
      for (let g = 0; g < 3; g++) {
        const ask = await engine.ask();
        await engine.tell(judge(ask), { targetCalls: ask.problems.length });
      }
      const state = engine.state();
      const bugParents = state.seeds.filter((_, i) => state.seedOrigins?.[i] === 'bug').map((s) => loadProblem(s).expr);
      expect(bugParents.length).toBeGreaterThan(0);
      return { parents: mean(bugParents.map(offTarget)), forms: mean((state.bugs ?? []).map((b) => offTarget(b.problem))) };
    };
    const lean = await bugParentsOff(fitness);
    const wide = await bugParentsOff({ ...fitness, targeting: false });
    // Uniform draws are about as far off as the forms are; tournaments by the fitness come closer.
    expect(lean.parents).toBeLessThan(lean.forms * 0.8);
    expect(wide.parents).toBeGreaterThan(wide.forms * 0.8);
  });

  it("leans bug parents toward the newest bug by --bug-lean (the setting reaches the engine's parents)", async () => {
    const params = { seedSelection: 'elites' as const, novelty: 'signature' as const, generationSize: 60, seedSize: 40 };
    const newestShare = async (bugLean: BugLean) => {
      const engine = await makeEngine({ ...params, bugLean }, 'newest');
      for (let g = 0; g < 3; g++) {
        const ask = await engine.ask();
        await engine.tell(judge(ask), { targetCalls: ask.problems.length });
      }
      const state = engine.state();
      const bugs = state.bugs ?? [];
      expect(bugs.length).toBeGreaterThan(2);
      const newest = new Set([bugs.at(-1)!.problem, bugs.at(-1)!.minimal].map((e) => canonicalKey(e)));
      const bugParents = state.seeds.filter((_, i) => state.seedOrigins?.[i] === 'bug').map((s) => canonicalKey(loadProblem(s).expr));
      return bugParents.filter((k) => newest.has(k)).length / bugParents.length;
    };
    const none = await newestShare({ kind: 'none' });
    expect(await newestShare({ kind: 'newest', odds: 0.9 })).toBeGreaterThan(0.6);
    expect(await newestShare({ kind: 'rank' })).toBeGreaterThan(none);
    expect(none).toBeLessThan(0.5);
  });

  it('under near:, grafts children with the given problems and asks problems closer to them', async () => {
    const fitness = await parseFitnessSpec('near:tan(exp(2))/(18*x)', { distance: 'tree' });
    const target = parseExpr('tan(exp(2))/(18*x)');
    const params = { seedSelection: 'elites' as const, novelty: 'signature' as const, generationSize: 60, seedSize: 10 };
    const asked = async (f: Fitness) => {
      const engine = await makeEngine(params, 'graft', f);
      const distances: number[] = [];
      let carrying = 0;
      for (let g = 0; g < 3; g++) {
        const ask = await engine.ask();
        distances.push(ask.problems.reduce((sum, p) => sum + treeEditDistance(target, p.expr), 0) / ask.problems.length);
        carrying += ask.problems.filter((p) => p.infix.includes('tan(')).length;
        await engine.tell(judge(ask), { targetCalls: ask.problems.length });
      }
      return { distances, carrying };
    };
    const grafted = await asked(fitness);
    // The same fitness without its given problems: the targeted pressure alone, nothing to graft.
    const alone = await asked({ ...fitness, targets: [] });
    expect(alone.carrying).toBe(0);
    expect(grafted.carrying).toBeGreaterThan(0);
    for (let g = 0; g < 3; g++) expect(grafted.distances[g]).toBeLessThan(alone.distances[g]);
  });
});
