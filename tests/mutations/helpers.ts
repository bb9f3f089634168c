// Shared fixtures for the mutation tests (not a test file itself).
import { canonicalKey } from '../../src/expr/canonical.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/print.js';
import { simplify } from '../../src/expr/simplify.js';
import type { Expr } from '../../src/expr/types.js';
import type { MutationParams } from '../../mutations/types.js';
import { mutate } from '../../mutations/mutate.js';
import { PRESET_CONFIGS } from '../../mutations/presets.js';
import { createRng, type Rng } from '../../src/util/rng.js';

/** Trees of every node kind: sums, products, quotients, powers, negations, functions, constants. */
export const SAMPLE_TEXTS = [
  '1',
  'x',
  'x + 1',
  'x^2 + x + 1',
  '2/x + 1',
  '-x - 3 + sqrt(3)',
  'x^2*exp(-2*x)',
  '2*sin(2*x)*cos(2*x)',
  'x/(log(cos(5)) + 1/(2*x^2))',
  'tan(exp(2))/(18*x)',
  'polylog(2, x) + atan(x)',
];
export const SAMPLE_TREES: Expr[] = SAMPLE_TEXTS.map((t) => parseExpr(t));

export const PARAMS: MutationParams = { vmin: -100, vmax: 100, ops: ['add', 'mul', 'pow'] };
export const TRIG_PARAMS: MutationParams = { vmin: -100, vmax: 100, ops: ['add', 'mul', 'pow', 'sin', 'cos', 'tan'] };

/**
 * The printed tree reads back through the whitelisting parser as the same expression (same
 * canonical key; printing may flatten sums or move a sign, which the key ignores).
 */
export function readsBack(e: Expr): boolean {
  const back = parseExpr(toInfix(e));
  return canonicalKey(back) === canonicalKey(simplify(e));
}

/** Every node of a tree, pre-order. */
export function nodesOf(e: Expr): Expr[] {
  const out: Expr[] = [e];
  if (e.type !== 'num' && e.type !== 'sym') for (const c of e.args) out.push(...nodesOf(c));
  return out;
}

/** Does the tree use function `name`? */
export function usesFunction(e: Expr, name: string): boolean {
  return nodesOf(e).some((n) => n.type === 'fn' && n.name === name);
}

/**
 * The tree with numbers erased (written independently of mutations/numberErasedShape.ts): a number,
 * or a negated number, is `#`; a negation elsewhere is kept as a sign-free wrapper.
 */
export function shapeOf(e: Expr): string {
  if (e.type === 'num') return '#';
  if (e.type === 'sym') return e.name;
  if (e.type === 'neg') return shapeOf(e.args[0]);
  const head = e.type === 'fn' ? e.name : e.type;
  return `${head}[${e.args.map(shapeOf).join(';')}]`;
}

/** A step that sets a part of a tree beside a relative of it (duplication, quotient), the relative's mutation given. */
export type PartStep = (tree: Expr, rng: Rng, mutateCopy: (copy: Expr) => Expr) => Expr;

/** The run's own mutation under the `uniform` preset, drawn from `rng`. */
export const uniformMutation =
  (rng: Rng) =>
  (e: Expr): Expr =>
    mutate(e, rng, PRESET_CONFIGS.uniform);

/** `count` children of `source` by `step`, the i-th drawn from the generator `${label}-${source}-${i}`, printed. */
export function stepChildren(step: PartStep, label: string, source: string, count: number, mutateCopy = uniformMutation): string[] {
  return Array.from({ length: count }, (_, i) => {
    const rng = createRng(`${label}-${source}-${i}`);
    return toInfix(step(parseExpr(source), rng, mutateCopy(rng)));
  });
}

/** What single mutations make of the sources: `count` of each under `uniform`, the i-th drawn from `m-${source}-${i}`, printed. */
export function singleMutants(sources: readonly string[], count: number): string[] {
  return sources.flatMap((s) => Array.from({ length: count }, (_, i) => toInfix(mutate(parseExpr(s), createRng(`m-${s}-${i}`), PRESET_CONFIGS.uniform))));
}
