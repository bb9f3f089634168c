import { describe, expect, it } from 'vitest';
import { parseFitnessSpec } from '../../fitness/parseFitnessSpec.js';
import type { Fitness } from '../../fitness/types.js';
import { mutate } from '../../mutations/mutate.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { structuralEmbedder } from '../../src/embed/structuralEmbedder.js';
import { canonicalKey } from '../../src/expr/canonical.js';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { SearchEngine, type EngineParams, type Evaluation, type GenerationAsk } from '../../src/search/searchEngine.js';
import type { Judgement } from '../../src/judge/judgeTypes.js';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { createRng } from '../../src/util/rng.js';

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
        ? { status, kind: 'wrong', reason: 'rule', answers: [{ text: '0', status: 'ok', verdict: 'incorrect', reason: 'rule' }], proof: { by: 'verifier', reason: 'rule' } }
        : { status, reason: 'rule', answers: [] };
    return { problem, judgement };
  });
}

describe('SearchEngine', () => {
  it('asks for generationSize mutants spread evenly over the seeds, all valid and distinct', async () => {
    const engine = await makeEngine();
    const ask = engine.ask();
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
      const ask = engine.ask();
      for (const p of ask.problems) {
        expect(seen.has(p.key)).toBe(false);
        seen.add(p.key);
      }
      await engine.tell(judge(ask));
    }
    expect(engine.state().evaluatedCount).toBe(seen.size);
  });

  it('archives failures meeting τ only, never passes or undecided problems, up to the archive size', async () => {
    const engine = await makeEngine({ archiveSize: 25 });
    const ask = engine.ask();
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
    const ask = engine.ask();
    await engine.tell(judge(ask));
    const seeds = engine.state().seeds;
    const seedKeys = seeds.map(canonicalKey);
    for (const s of SEEDS) expect(seedKeys).toContain(canonicalKey(s));
    const failingKeys = new Set(ask.problems.filter((p) => /[13579]/.test(p.infix)).map((p) => p.key));
    const selected = seedKeys.filter((k) => !SEEDS.some((s) => canonicalKey(s) === k));
    expect(selected.length).toBe(PARAMS.seedSize);
    for (const k of selected) expect(failingKeys.has(k)).toBe(true);
  });

  it('stops with no-seeds when nothing reaches τ and the initial seeds are not kept', async () => {
    const engine = await makeEngine({ keepInitialSeeds: false });
    const told = await engine.tell(judge(engine.ask(), () => 'pass'));
    expect(told.stopReason).toBe('no-seeds');
    expect(engine.state().seeds).toEqual([]);
  });

  it('stops at max-generations', async () => {
    const engine = await makeEngine({ maxGenerations: 2 });
    expect((await engine.tell(judge(engine.ask()))).stopReason).toBeNull();
    expect((await engine.tell(judge(engine.ask()))).stopReason).toBe('max-generations');
  });

  it('asks again for problems lost in transport, then skips them', async () => {
    const engine = await makeEngine({ maxRetries: 1 });
    const first = engine.ask();
    const lost = first.problems[0];
    const told = await engine.tell(judge(first, (s) => (s === lost.infix ? 'error' : 'pass')));
    expect(told.errors).toBe(1);
    expect(engine.hasEvaluated(lost.key)).toBe(false);
    const second = engine.ask();
    const again = second.problems.find((p) => p.key === lost.key)!;
    expect(again).toMatchObject({ id: 'g2-r0', attempt: 1 });
    const told2 = await engine.tell(judge(second, (s) => (s === lost.infix ? 'error' : 'pass')));
    expect(told2.skipped).toBe(1);
    expect(told2.evaluated.find((r) => r.key === lost.key)).toMatchObject({ status: 'skipped' });
    expect(engine.ask().problems.some((p) => p.key === lost.key && p.attempt > 0)).toBe(false);
  });

  it('is reproducible from its seed, and from a saved state plus the evaluated keys', async () => {
    const a = await makeEngine({}, 'same');
    const b = await makeEngine({}, 'same');
    const evaluated: string[] = [];
    for (let g = 0; g < 2; g++) {
      const askA = a.ask();
      const askB = b.ask();
      expect(askB.problems.map((p) => p.key)).toEqual(askA.problems.map((p) => p.key));
      evaluated.push(...askA.problems.map((p) => p.key));
      await a.tell(judge(askA));
      await b.tell(judge(askB));
    }
    const saved = JSON.parse(JSON.stringify(a.state()));
    const restored = await makeEngine({}, 'same', undefined, { state: saved, evaluatedKeys: evaluated });
    const next = a.ask();
    const nextRestored = restored.ask();
    expect(nextRestored.generation).toBe(3);
    expect(nextRestored.problems.map((p) => p.key)).toEqual(next.problems.map((p) => p.key));
    const other = await makeEngine({}, 'different');
    expect(other.ask().problems.map((p) => p.key)).not.toEqual((await makeEngine({}, 'same')).ask().problems.map((p) => p.key));
  });
});
