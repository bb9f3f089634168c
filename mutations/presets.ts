import { INTERNAL_OPERATOR_NAMES, LEAF_OPERATOR_NAMES } from './operators.js';
import { MAX_ABS_CONSTANT, MUTATION_OPS, type MutationConfig, type MutationNodes, type MutationOp } from './types.js';

export type MutationPresetName = 'robustness' | 'distance' | 'uniform';
export const MUTATION_PRESETS: readonly MutationPresetName[] = ['robustness', 'distance', 'uniform'];

const ALL_INTERNAL = { internalConstantMutation: 0.25, internalSymbolMutation: 0.25, operationChangeMutation: 0.25, addArgumentMutation: 0.25 };
const ALL_LEAF = { leafConstantMutation: 1 / 3, leafScaledSymbolMutation: 1 / 3, leafSimpleOperationMutation: 1 / 3 };
const ARITHMETIC: readonly MutationOp[] = ['add', 'mul', 'pow'];

/**
 * The named configurations (paper, appendix C):
 * - `robustness`: change numbers only: numeric leaves get a new constant from [-100, 100]; -1, 0 and
 *   1 are never drawn because simplification would fold them away (x^1, 0·x, x + 0, 1·x).
 * - `distance`: all mutations (internal 1/4 each, leaf 1/3 each), constants in [-100, 100].
 * - `uniform`: all mutations with the paper's default range [-1000, 1000].
 * `distance+semantic` and `uniform+semantic` add the meaning-aware operators (see SEMANTIC_SUFFIX).
 */
export const PRESET_CONFIGS: Readonly<Record<MutationPresetName, MutationConfig>> = {
  robustness: { internal: {}, leaf: { leafConstantMutation: 1 }, vmin: -100, vmax: 100, ops: ARITHMETIC, nodes: 'numbers', avoid: [-1, 0, 1] },
  distance: { internal: ALL_INTERNAL, leaf: ALL_LEAF, vmin: -100, vmax: 100, ops: ARITHMETIC, nodes: 'any' },
  uniform: { internal: ALL_INTERNAL, leaf: ALL_LEAF, vmin: -1000, vmax: 1000, ops: ARITHMETIC, nodes: 'any' },
};

/**
 * Suffix that adds the meaning-aware operators (substitution, identity insertion, numeric blow-up:
 * the answer-known families of `sagga augment`) to a preset that mutates structure:
 * `distance+semantic`, `uniform+semantic`. They get together a quarter of the internal-node draws.
 */
export const SEMANTIC_SUFFIX = '+semantic';
export const SEMANTIC_OPERATORS = { substitutionMutation: 1 / 9, identityInsertionMutation: 1 / 9, numericBlowUpMutation: 1 / 9 } as const;

/**
 * Suffix that gives ASyMOB's symbolic perturbation (a number becomes a parameter A, B …, assumed
 * real and positive) a share of the leaf draws: a quarter of them in `distance` and `uniform` (one
 * weight beside their three), half in `robustness` (beside its one). Combines with `+semantic`, in
 * either order: `distance+semantic+symbolic`.
 */
export const SYMBOLIC_SUFFIX = '+symbolic';

function basePreset(presetName: string): MutationConfig {
  const symbolic = presetName.endsWith(SYMBOLIC_SUFFIX) || presetName.includes(`${SYMBOLIC_SUFFIX}+`);
  const withoutSymbolic = symbolic ? presetName.replace(SYMBOLIC_SUFFIX, '') : presetName;
  const semantic = withoutSymbolic.endsWith(SEMANTIC_SUFFIX);
  const name = semantic ? withoutSymbolic.slice(0, -SEMANTIC_SUFFIX.length) : withoutSymbolic;
  if (!(MUTATION_PRESETS as readonly string[]).includes(name)) {
    throw new Error(
      `unknown mutation preset '${presetName}'; valid ones: ${MUTATION_PRESETS.join(', ')} (append ${SEMANTIC_SUFFIX} to distance or uniform for the meaning-aware operators, ${SYMBOLIC_SUFFIX} to any for parameters)`,
    );
  }
  let preset = PRESET_CONFIGS[name as MutationPresetName];
  if (semantic) {
    if (preset.nodes === 'numbers')
      throw new Error(
        `'${presetName}': ${name} changes numbers only, so it cannot use the meaning-aware operators; use distance${SEMANTIC_SUFFIX} or uniform${SEMANTIC_SUFFIX}`,
      );
    preset = { ...preset, internal: { ...preset.internal, ...SEMANTIC_OPERATORS } };
  }
  if (!symbolic) return preset;
  // One more weight equal to the largest leaf weight: a quarter of the draws beside three equal ones.
  const weight = Math.max(...Object.values(preset.leaf).map((w) => w ?? 0));
  return { ...preset, leaf: { ...preset.leaf, symbolicPerturbationMutation: weight } };
}

const OVERRIDE_KEYS = ['internal', 'leaf', 'vmin', 'vmax', 'ops', 'nodes', 'avoid'] as const;
const NODE_CHOICES: readonly MutationNodes[] = ['any', 'numbers'];

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function checkInteger(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) > MAX_ABS_CONSTANT) {
    throw new Error(`mutation override ${what} must be an integer in [-${MAX_ABS_CONSTANT}, ${MAX_ABS_CONSTANT}], got ${JSON.stringify(v)}`);
  }
  return v;
}

function mergeProbabilities<N extends string>(
  base: Readonly<Partial<Record<N, number>>>,
  override: unknown,
  valid: readonly N[],
  what: string,
): Partial<Record<N, number>> {
  if (!isPlainObject(override)) throw new Error(`mutation override '${what}' must be an object {operator: probability}; operators: ${valid.join(', ')}`);
  const merged: Partial<Record<N, number>> = { ...base };
  for (const [name, p] of Object.entries(override)) {
    if (!(valid as readonly string[]).includes(name)) {
      throw new Error(`unknown ${what} mutation '${name}'; valid ones: ${valid.join(', ')}`);
    }
    if (typeof p !== 'number' || !Number.isFinite(p) || p < 0) {
      throw new Error(`probability of ${name} must be a finite number >= 0, got ${JSON.stringify(p)}`);
    }
    merged[name as N] = p;
  }
  return merged;
}

/**
 * A preset, optionally adjusted by `overrides` (a JSON object, or its text) with any of the keys
 * internal, leaf ({operator: probability}, merged into the preset's; 0 disables one), vmin, vmax,
 * ops (the operation set), nodes ('any' | 'numbers'), avoid (integers never drawn).
 * Throws, listing the valid choices, on an unknown preset, key, operator or operation.
 */
export function resolveMutationConfig(presetName: string, overrides?: unknown): MutationConfig {
  const preset = basePreset(presetName);
  if (overrides === undefined || overrides === null) return preset;
  let o: unknown = overrides;
  if (typeof o === 'string') {
    try {
      o = JSON.parse(o);
    } catch (err) {
      throw new Error(`mutation overrides are not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (!isPlainObject(o)) throw new Error(`mutation overrides must be a JSON object with keys among: ${OVERRIDE_KEYS.join(', ')}`);
  for (const key of Object.keys(o)) {
    if (!(OVERRIDE_KEYS as readonly string[]).includes(key)) {
      throw new Error(`unknown mutation override '${key}'; valid ones: ${OVERRIDE_KEYS.join(', ')}`);
    }
  }
  const internal = 'internal' in o ? mergeProbabilities(preset.internal, o.internal, INTERNAL_OPERATOR_NAMES, 'internal') : preset.internal;
  const leaf = 'leaf' in o ? mergeProbabilities(preset.leaf, o.leaf, LEAF_OPERATOR_NAMES, 'leaf') : preset.leaf;
  const vmin = 'vmin' in o ? checkInteger(o.vmin, 'vmin') : preset.vmin;
  const vmax = 'vmax' in o ? checkInteger(o.vmax, 'vmax') : preset.vmax;
  if (vmin > vmax) throw new Error(`mutation range is empty: vmin ${vmin} > vmax ${vmax}`);
  let ops = preset.ops;
  if ('ops' in o) {
    if (!Array.isArray(o.ops) || o.ops.length === 0) throw new Error(`mutation override 'ops' must be a non-empty list among: ${MUTATION_OPS.join(', ')}`);
    for (const op of o.ops) {
      if (!(MUTATION_OPS as readonly unknown[]).includes(op))
        throw new Error(`unknown operation ${JSON.stringify(op)}; valid ones: ${MUTATION_OPS.join(', ')}`);
    }
    ops = [...new Set(o.ops as MutationOp[])];
    if (!ops.some((op) => ARITHMETIC.includes(op))) throw new Error(`the operation set needs at least one of ${ARITHMETIC.join(', ')}`);
  }
  let nodes = preset.nodes;
  if ('nodes' in o) {
    if (!(NODE_CHOICES as readonly unknown[]).includes(o.nodes)) throw new Error(`mutation override 'nodes' must be one of: ${NODE_CHOICES.join(', ')}`);
    nodes = o.nodes as MutationNodes;
  }
  let avoid = preset.avoid;
  if ('avoid' in o) {
    if (!Array.isArray(o.avoid)) throw new Error(`mutation override 'avoid' must be a list of integers`);
    avoid = o.avoid.map((v, i) => checkInteger(v, `avoid[${i}]`));
  }
  const config: MutationConfig = { internal, leaf, vmin, vmax, ops, nodes, avoid };
  const anyWeight = [...Object.values(internal), ...Object.values(leaf)].some((p) => (p ?? 0) > 0);
  if (!anyWeight) throw new Error('mutation config has no operator with positive probability');
  if (nodes === 'numbers' && !Object.values(leaf).some((p) => (p ?? 0) > 0)) {
    throw new Error("with nodes 'numbers' at least one leaf operator needs a positive probability");
  }
  let allowed = false;
  for (let k = vmin; k <= vmax && !allowed; k++) allowed = !(avoid ?? []).includes(k);
  if (!allowed) throw new Error(`every integer in [${vmin}, ${vmax}] is avoided`);
  return config;
}
