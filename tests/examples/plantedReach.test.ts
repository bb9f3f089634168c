import { describe, expect, test } from 'vitest';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { crossover } from '../../mutations/crossover.js';
import { mutate } from '../../mutations/mutate.js';
import { PRESET_CONFIGS } from '../../mutations/presets.js';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { toInfix } from '../../src/expr/toInfix.js';
import type { Expr } from '../../src/expr/types.js';
import { createRng } from '../../src/util/rng.js';
import { createJudge } from '../../testkit/plantedFailures.js';
import { loadPlantedModel } from '../../testkit/plantedModel.js';

/*
 * The deep planted bugs are ones random chains of mutations almost never build (bench:planted
 * finds none of them in 200,000 chains of up to 6 steps), yet each is reachable the way a search
 * makes children: a few steps from a default seed, each one default mutation (mutate, `uniform`)
 * or a crossover with a failing problem of another bug as the donor, through intermediate shapes
 * a population can keep. Each step here is drawn at random until a child has the next shape.
 */

const model = await loadPlantedModel();
const judge = createJudge(model);
const deepModel = await loadPlantedModel('planted-deep');
const judgeDeep = createJudge(deepModel);

/** One step: a default mutation, or a crossover taking a subtree of this failing problem. */
type Step = { readonly shape: string; readonly crossWith?: string };

/** From `seed`, each step's shape in turn, each reached by one step from the previous shape's trees; returns the last trees. */
function walk(seed: string, steps: readonly Step[], label: string): Expr[] {
  const rng = createRng(`planted-reach ${label}`);
  let current: Expr[] = [parseExpr(seed)];
  for (const step of steps) {
    const next = new Map<string, Expr>();
    for (let attempt = 0; attempt < 20_000 && next.size < 30; attempt++) {
      const parent = rng.pick(current);
      const child = step.crossWith === undefined ? mutate(parent, rng, PRESET_CONFIGS.uniform) : crossover(parent, parseExpr(step.crossWith), rng);
      const check = checkCandidate(child);
      if (check.ok && signature(check.expr) === step.shape) next.set(check.key, check.expr);
    }
    expect(next.size, `${label}: no child of ${current.map(toInfix).slice(0, 3).join(', ')} has the shape ${step.shape}`).toBeGreaterThan(0);
    current = [...next.values()];
  }
  return current;
}

const PATHS: Readonly<Record<string, { readonly seed: string; readonly steps: readonly Step[] }>> = {
  // 1 → k/x^2 → k/(x + p)^2 → k/(x + p)^(x + 2) → k/((x + p)*(x + 2))
  'partial-fractions': {
    seed: '1',
    steps: [{ shape: '/(#,^(x,#))' }, { shape: '/(#,^(+(#,x),#))' }, { shape: '/(#,^(+(#,x),+(#,x)))' }, { shape: '/(#,*(+(#,x),+(#,x)))' }],
  },
  // 1 → k*x^2 → k*(x + p)^2 → k*(x + p)^2*x → k*(x + p)^2*x^2 → k*(x + p)^2*(x + q)^2
  'product-of-binomial-powers': {
    seed: '1',
    steps: [
      { shape: '*(#,^(x,#))' },
      { shape: '*(#,^(+(#,x),#))' },
      { shape: '*(#,^(+(#,x),#),x)' },
      { shape: '*(#,^(+(#,x),#),^(x,#))' },
      { shape: '*(#,^(+(#,x),#),^(+(#,x),#))' },
    ],
  },
  // 1 → k/x → k/(m*x^2) → k/((x + p)*x^2), crossed with a failure of reciprocal-binomial-power
  'square-times-binomial-reciprocal': {
    seed: '1',
    steps: [{ shape: '/(#,x)' }, { shape: '/(#,*(#,^(x,#)))' }, { shape: '/(#,*(+(#,x),^(x,#)))', crossWith: '7/(x + 728)^2' }],
  },
  // 1 → k/x^2 → k/(x^2 + b) → k/(x^2 + b + x)
  'quadratic-partial-fractions': { seed: '1', steps: [{ shape: '/(#,^(x,#))' }, { shape: '/(#,+(#,^(x,#)))' }, { shape: '/(#,+(#,^(x,#),x))' }] },
  // … → k/(x^2 + b + x) → m*x/(x^2 + b + x)
  'quadratic-log-part': {
    seed: '1',
    steps: [{ shape: '/(#,^(x,#))' }, { shape: '/(#,+(#,^(x,#)))' }, { shape: '/(#,+(#,^(x,#),x))' }, { shape: '/(*(#,x),+(#,^(x,#),x))' }],
  },
};

/** The three bugs planted-deep-bugs.mjs adds, each a step or two past a shape above. */
const DEEP_PATHS: typeof PATHS = {
  // 1 → k/x^2 → k/(x + p)^2 → m*x^2/(x + p)^2 → m*(x + q)^2/(x + p)^2
  'binomial-power-quotient': {
    seed: '1',
    steps: [{ shape: '/(#,^(x,#))' }, { shape: '/(#,^(+(#,x),#))' }, { shape: '/(*(#,^(x,#)),^(+(#,x),#))' }, { shape: '/(*(#,^(+(#,x),#)),^(+(#,x),#))' }],
  },
  // 1 → k*x^2 → k*(x + p)^2 → k*(x + p)^2*x → k*(x + p)^2*c^x
  'binomial-power-times-exponential': {
    seed: '1',
    steps: [{ shape: '*(#,^(x,#))' }, { shape: '*(#,^(+(#,x),#))' }, { shape: '*(#,^(+(#,x),#),x)' }, { shape: '*(#,^(#,x),^(+(#,x),#))' }],
  },
  // 1 → k/x^2 → k/(x + p)^2 → x/(x + p)^2 → c^x/(x + p)^2
  'exponential-over-binomial-power': {
    seed: '1',
    steps: [{ shape: '/(#,^(x,#))' }, { shape: '/(#,^(+(#,x),#))' }, { shape: '/(x,^(+(#,x),#))' }, { shape: '/(^(#,x),^(+(#,x),#))' }],
  },
};

describe('the deep planted bugs are reachable', () => {
  test.each(Object.keys(PATHS).map((id) => [id]))('%s: built by the search’s own steps from a default seed', (id) => {
    const path = PATHS[id];
    const last = walk(path.seed, path.steps, id);
    const failing = last.map(toInfix).filter((p) => judge(p).bugs.includes(id) && judge(p).verdict === 'incorrect');
    expect(failing.length, `${id}: none of ${last.map(toInfix).slice(0, 5).join(', ')} fails by it`).toBeGreaterThan(0);
  });

  test.each(Object.keys(DEEP_PATHS).map((id) => [id]))('planted-deep-bugs.mjs, %s: built by the search’s own steps from a default seed', (id) => {
    const path = DEEP_PATHS[id];
    const last = walk(path.seed, path.steps, id);
    const failing = last.map(toInfix).filter((p) => judgeDeep(p).bugs.includes(id) && judgeDeep(p).verdict === 'incorrect');
    expect(deepModel.bugs.some((b) => b.id === id)).toBe(true);
    expect(failing.length, `${id}: none of ${last.map(toInfix).slice(0, 5).join(', ')} fails by it`).toBeGreaterThan(0);
  });

  test('five bugs are deep: each has a path here, and a minimal form of at least eight nodes', () => {
    const deep = model.bugs.filter((b) => PATHS[b.id] !== undefined);
    expect(deep).toHaveLength(5);
    // Deep: minimal forms of eight to twelve nodes (a node is a number, x, or an operation).
    for (const bug of deep) {
      const nodes = (e: Expr): number => (e.type === 'num' || e.type === 'sym' ? 1 : 1 + e.args.reduce((n, a) => n + nodes(a), 0));
      const check = checkCandidate(parseExpr(bug.example));
      expect(check.ok).toBe(true);
      if (check.ok) expect(nodes(check.expr), bug.example).toBeGreaterThanOrEqual(8);
    }
  });
});
