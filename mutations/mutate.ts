import { freeSymbols } from '../src/expr/freeSymbols.js';
import { isParameterLetter } from '../src/expr/parameters.js';
import { simplify } from '../src/expr/simplify.js';
import { isLeaf, type Expr } from '../src/expr/types.js';
import type { Rng } from '../src/util/rng.js';
import { nodeAt, numberPaths, randomNodePath, replaceAt } from '../src/expr/edit/nodePaths.js';
import { numberErasedShape } from './numberErasedShape.js';
import { INTERNAL_OPERATOR_NAMES, INTERNAL_OPERATORS, LEAF_OPERATOR_NAMES, LEAF_OPERATORS } from './operators.js';
import type { MutationConfig, MutationOperator, MutationParams } from './types.js';

/** Attempts at a numbers-only mutation whose simplified result keeps the tree's shape. */
const NUMBER_MUTATION_ATTEMPTS = 8;

function paramsOf(config: MutationConfig, tree: Expr): MutationParams {
  const params: MutationParams = { vmin: config.vmin, vmax: config.vmax, ops: config.ops, avoid: config.avoid };
  // Only an operator that introduces parameters needs the tree's; others never pay for the walk.
  if ((config.leaf.symbolicPerturbationMutation ?? 0) <= 0) return params;
  return { ...params, parameters: freeSymbols(tree).parameters.filter(isParameterLetter) };
}

/**
 * The operators' weights in list order, without the trailing ones of weight 0: an operator listed
 * last at weight 0 (one added since, off in the presets) can then never be the generator's choice when
 * rounding leaves its weighted draw past every weight, and the draw among the others is the one made
 * before it was added.
 */
function weightsOf<N extends string>(names: readonly N[], probabilities: Readonly<Partial<Record<N, number>>>): number[] {
  const weights = names.map((n) => probabilities[n] ?? 0);
  while (weights.length > 0 && !(weights[weights.length - 1] > 0)) weights.pop();
  return weights;
}

function hasWeight(weights: readonly number[]): boolean {
  return weights.some((w) => w > 0);
}

/**
 * One mutation, as in Algorithm 1 of the paper: choose a node (see `randomNodePath`), choose an
 * operator for its kind (internal or leaf) with the configured probabilities, replace the node by
 * the operator's result, and simplify.
 *
 * When the chosen node's kind has no operator with positive probability, the node is chosen again
 * among nodes of the other kind on a fresh path. With `nodes: 'numbers'` (robustness) only numeric
 * leaves are chosen, uniformly, and only leaf operators are used; a result whose simplified form
 * no longer has the seed's shape (numbers erased) is drawn again, and after a few failed draws the
 * simplified input is returned unchanged, so such a config never changes structure.
 */
export function mutate(tree: Expr, rng: Rng, config: MutationConfig): Expr {
  const params = paramsOf(config, tree);
  const internalWeights = weightsOf(INTERNAL_OPERATOR_NAMES, config.internal);
  const leafWeights = weightsOf(LEAF_OPERATOR_NAMES, config.leaf);
  const canInternal = hasWeight(internalWeights);
  const canLeaf = hasWeight(leafWeights);
  if (!canInternal && !canLeaf) throw new RangeError('mutation config has no operator with positive probability');

  if (config.nodes === 'numbers') {
    const start = simplify(tree);
    if (!canLeaf) return start;
    const paths = numberPaths(start);
    if (paths.length === 0) return start;
    const shape = numberErasedShape(start);
    for (let attempt = 0; attempt < NUMBER_MUTATION_ATTEMPTS; attempt++) {
      const path = rng.pick(paths);
      const operator = LEAF_OPERATORS[LEAF_OPERATOR_NAMES[rng.weighted(leafWeights)]];
      const mutant = simplify(replaceAt(start, path, operator(nodeAt(start, path), rng, params)));
      if (numberErasedShape(mutant) === shape) return mutant;
    }
    return start;
  }

  let path = randomNodePath(tree, rng, 'any');
  let node = nodeAt(tree, path);
  let useLeafOperators = isLeaf(node);
  if (useLeafOperators && !canLeaf) {
    path = randomNodePath(tree, rng, 'internal');
    node = nodeAt(tree, path);
    useLeafOperators = false;
  } else if (!useLeafOperators && !canInternal) {
    path = randomNodePath(tree, rng, 'leaf');
    node = nodeAt(tree, path);
    useLeafOperators = true;
  }
  const operator: MutationOperator = useLeafOperators
    ? LEAF_OPERATORS[LEAF_OPERATOR_NAMES[rng.weighted(leafWeights)]]
    : INTERNAL_OPERATORS[INTERNAL_OPERATOR_NAMES[rng.weighted(internalWeights)]];
  return simplify(replaceAt(tree, path, operator(node, rng, params)));
}
