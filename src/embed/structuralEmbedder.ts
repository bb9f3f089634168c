import { ALL_FUNCTIONS, type FnName } from '../expr/functions.js';
import type { Expr } from '../expr/types.js';
import type { Embedder } from './types.js';

/*
 * Layout of the vector. Each block describes one aspect of the tree; count blocks are scaled to
 * unit length before weighting so that a long polynomial does not drown the function block, and
 * the whole vector is L2-normalised at the end (k-means on unit vectors ≈ clustering by cosine).
 */
const KINDS = ['num', 'x', 'pi', 'e', 'add', 'mul', 'div', 'pow', 'neg', 'fn'] as const;
const PAIR_BUCKETS = 96;
const SHAPE_FEATURES = 4; // depth, nodes, top-level terms, widest node
/** Sign × decade buckets of the constants: |c| in [0,1), [1,10), [10,100), [100,1000), ≥ 1000. */
const MAGNITUDE_BUCKETS = 5;
const CONSTANT_FEATURES = 2 * MAGNITUDE_BUCKETS + 4; // histogram, #positive, #negative, mean and max log-magnitude

const OFFSET_KINDS = 0;
const OFFSET_FUNCTIONS = OFFSET_KINDS + KINDS.length;
const OFFSET_PAIRS = OFFSET_FUNCTIONS + ALL_FUNCTIONS.length;
const OFFSET_SHAPE = OFFSET_PAIRS + PAIR_BUCKETS;
const OFFSET_CONSTANTS = OFFSET_SHAPE + SHAPE_FEATURES;
const OFFSET_HISTOGRAM = OFFSET_CONSTANTS + 4;
export const STRUCTURAL_DIM = OFFSET_CONSTANTS + CONSTANT_FEATURES;

/** Relative weight of each block after per-block scaling. Pairs carry the most structure. */
const WEIGHT = { kinds: 1, functions: 1, pairs: 1.5, shape: 1, constants: 1 } as const;

const KIND_INDEX = new Map<string, number>(KINDS.map((k, i) => [k, i]));
const FUNCTION_INDEX = new Map<FnName, number>(ALL_FUNCTIONS.map((f, i) => [f, i]));

/** Scales for the shape features (log1p of the value divided by log1p of a typical maximum). */
const SHAPE_SCALE = [Math.log1p(30), Math.log1p(200), Math.log1p(30), Math.log1p(30)];

/**
 * The default embedder: a fixed-size description of the tree — which node kinds and functions it
 * uses, which operator sits above which (hashed parent–child pairs, with the operand position for
 * the non-commutative `/` and `^`), its depth and size, and the signs and decades of its
 * constants. Deterministic, needs no model and no network, and embeds tens of thousands of
 * problems per second.
 */
export function structuralEmbedder(): Embedder {
  return {
    name: 'structural',
    dim: STRUCTURAL_DIM,
    embed: async (exprs) => exprs.map(structuralVector),
  };
}

/** The structural vector of one tree (L2 norm 1, or all zeros for no tree at all). */
export function structuralVector(e: Expr): Float64Array {
  const v = new Float64Array(STRUCTURAL_DIM);
  const shape = { depth: 0, nodes: 0, widest: 0 };
  const constants: number[] = [];
  visit(e, undefined, 1, v, shape, constants);

  // Count blocks: log-damped counts, then scaled to unit length.
  for (let i = OFFSET_KINDS; i < OFFSET_PAIRS; i++) v[i] = Math.log1p(v[i]);
  for (let i = OFFSET_PAIRS; i < OFFSET_SHAPE; i++) v[i] = Math.sign(v[i]) * Math.log1p(Math.abs(v[i]));
  scaleBlock(v, OFFSET_KINDS, OFFSET_FUNCTIONS, WEIGHT.kinds);
  scaleBlock(v, OFFSET_FUNCTIONS, OFFSET_PAIRS, WEIGHT.functions);
  scaleBlock(v, OFFSET_PAIRS, OFFSET_SHAPE, WEIGHT.pairs);

  const topTerms = e.type === 'add' ? e.args.length : 1;
  const rawShape = [shape.depth, shape.nodes, topTerms, shape.widest];
  for (let i = 0; i < SHAPE_FEATURES; i++) {
    v[OFFSET_SHAPE + i] = (WEIGHT.shape * Math.min(1.5, Math.log1p(rawShape[i]) / SHAPE_SCALE[i])) / Math.sqrt(SHAPE_FEATURES);
  }

  constantFeatures(constants, v);
  normalizeInPlace(v);
  return v;
}

interface Shape {
  depth: number;
  nodes: number;
  widest: number;
}

function visit(e: Expr, parentLabel: string | undefined, depth: number, v: Float64Array, shape: Shape, constants: number[]): void {
  shape.nodes++;
  if (depth > shape.depth) shape.depth = depth;
  const label = nodeLabel(e);
  v[OFFSET_KINDS + KIND_INDEX.get(kindOf(e))!]++;
  if (e.type === 'fn') v[OFFSET_FUNCTIONS + FUNCTION_INDEX.get(e.name)!]++;
  if (parentLabel !== undefined) addHashed(v, `${parentLabel}>${label}`);
  else addHashed(v, `^${label}`);

  if (e.type === 'num') {
    constants.push(e.value);
    return;
  }
  if (e.type === 'sym') return;
  // A negated literal is one negative constant, not a negation of a positive one.
  if (e.type === 'neg' && e.args[0].type === 'num') {
    shape.nodes++;
    if (depth + 1 > shape.depth) shape.depth = depth + 1;
    v[OFFSET_KINDS + KIND_INDEX.get('num')!]++;
    addHashed(v, `${label}>num`);
    constants.push(-e.args[0].value);
    return;
  }
  if (e.args.length > shape.widest) shape.widest = e.args.length;
  const positional = e.type === 'div' || e.type === 'pow';
  for (let i = 0; i < e.args.length; i++) {
    visit(e.args[i], positional ? `${label}.${i}` : label, depth + 1, v, shape, constants);
  }
}

function kindOf(e: Expr): string {
  if (e.type !== 'sym') return e.type;
  // Constants other than π and e, and parameters (a letter standing for a number), count with the
  // numbers, so that the vector keeps its size and every tree without them its embedding; a
  // parameter still has its own label in the parent–child pairs.
  return KIND_INDEX.has(e.name) ? e.name : 'num';
}

function nodeLabel(e: Expr): string {
  if (e.type === 'sym') return e.name;
  if (e.type === 'fn') return e.name;
  return e.type;
}

function addHashed(v: Float64Array, feature: string): void {
  const h = fnv1a(feature);
  // The top bit picks the sign so that colliding features tend to cancel rather than pile up.
  v[OFFSET_PAIRS + (h % PAIR_BUCKETS)] += h & 0x80000000 ? -1 : 1;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function constantFeatures(constants: readonly number[], v: Float64Array): void {
  if (constants.length === 0) return;
  let positive = 0;
  let negative = 0;
  let sumLog = 0;
  let maxLog = 0;
  const histogram = new Float64Array(2 * MAGNITUDE_BUCKETS);
  for (const c of constants) {
    if (!Number.isFinite(c)) continue;
    const magnitude = Math.abs(c);
    const log = Math.log10(1 + magnitude);
    sumLog += log;
    if (log > maxLog) maxLog = log;
    if (c < 0) negative++;
    else positive++;
    const decade = magnitude < 1 ? 0 : Math.min(MAGNITUDE_BUCKETS - 1, 1 + Math.floor(Math.log10(magnitude)));
    histogram[(c < 0 ? MAGNITUDE_BUCKETS : 0) + decade]++;
  }
  const n = positive + negative;
  if (n === 0) return;
  // Histogram: log-damped, unit length, half the block's weight; the four summary values the other half.
  let norm = 0;
  for (let i = 0; i < histogram.length; i++) {
    histogram[i] = Math.log1p(histogram[i]);
    norm += histogram[i] * histogram[i];
  }
  norm = Math.sqrt(norm);
  const half = WEIGHT.constants / Math.SQRT2;
  for (let i = 0; i < histogram.length; i++) v[OFFSET_HISTOGRAM + i] = (half * histogram[i]) / norm;
  const summary = [
    Math.log1p(positive) / Math.log1p(50),
    Math.log1p(negative) / Math.log1p(50),
    sumLog / n / 4, // log10(1 + 1000) ≈ 3, so typical values stay under 1
    maxLog / 4,
  ];
  for (let i = 0; i < summary.length; i++) v[OFFSET_CONSTANTS + i] = (half * Math.min(1.5, summary[i])) / 2;
}

function scaleBlock(v: Float64Array, from: number, to: number, weight: number): void {
  let norm = 0;
  for (let i = from; i < to; i++) norm += v[i] * v[i];
  if (norm === 0) return;
  const f = weight / Math.sqrt(norm);
  for (let i = from; i < to; i++) v[i] *= f;
}

function normalizeInPlace(v: Float64Array): void {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i] * v[i];
  if (norm === 0) return;
  const f = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) v[i] *= f;
}
