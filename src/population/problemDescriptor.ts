import { isLeaf, type Expr } from '../expr/types.js';

/**
 * What happened to a problem, as far as the population cares: solved (`pass`), a counted failure
 * with a wrong answer (`wrong`) or without one (`declined`: no-answer, timeout, unparseable, proven
 * by a reference), a failure nothing proves (`unproven`), or no decision (`undecided`).
 */
export type ProblemOutcome = 'pass' | 'wrong' | 'declined' | 'unproven' | 'undecided';

export const PROBLEM_OUTCOMES: readonly ProblemOutcome[] = ['pass', 'wrong', 'declined', 'unproven', 'undecided'];

/**
 * Where a problem sits in the population's grid (a MAP-Elites cell): the structural features it
 * has, a size bin, a bin of its largest number's magnitude, and its outcome. Two problems share a
 * cell when an integrator is likely to treat them alike; the grid keeps the best of each cell, so
 * the population stays spread over structures however often one of them fails.
 */
export interface ProblemDescriptor {
  /** Sorted feature names (see `structuralFeatures`). */
  readonly features: readonly string[];
  /** Index into SIZE_BIN_EDGES by node count. */
  readonly sizeBin: number;
  /** Index into MAGNITUDE_BIN_EDGES by the largest |number|; 0 when the problem has no number. */
  readonly magnitudeBin: number;
  readonly outcome: ProblemOutcome;
}

/** Upper node counts (inclusive) of the size bins; larger problems fall in the last bin. */
export const SIZE_BIN_EDGES: readonly number[] = [2, 4, 6, 9, 13, 19, 27, 39];

/** Upper magnitudes (inclusive) of the number bins after bin 0 (no number); larger ones fall in the last bin. */
export const MAGNITUDE_BIN_EDGES: readonly number[] = [2, 10, 100, 1000];

export function describeProblem(expr: Expr, outcome: ProblemOutcome): ProblemDescriptor {
  const scan = scanTree(expr);
  return {
    features: [...scan.features].sort(),
    sizeBin: binOf(scan.nodes, SIZE_BIN_EDGES),
    magnitudeBin: scan.largest === null ? 0 : 1 + binOf(scan.largest, MAGNITUDE_BIN_EDGES),
    outcome,
  };
}

/** The grid cell of a descriptor, as a string key (stable across versions of Node and runs). */
export function cellKey(d: ProblemDescriptor): string {
  return `${d.outcome}|${d.sizeBin}|${d.magnitudeBin}|${d.features.join(',')}`;
}

function binOf(value: number, edges: readonly number[]): number {
  for (let i = 0; i < edges.length; i++) if (value <= edges[i]) return i;
  return edges.length;
}

/**
 * The role of a subtree as an operand of a power: the variable itself, a number (no x), or the
 * kind of node that holds x. `(x + x^2)^2` is pow(sum, number), `2^x^2` pow(number, power).
 */
function operandClass(e: Expr): string {
  if (!hasVariable(e)) return 'number';
  if (e.type === 'sym') return 'x';
  if (e.type === 'fn') return 'function';
  switch (e.type) {
    case 'neg':
      return operandClass(e.args[0]);
    case 'add':
      return 'sum';
    case 'mul':
      return 'product';
    case 'div':
      return 'quotient';
    default:
      return 'power';
  }
}

function hasVariable(e: Expr): boolean {
  if (e.type === 'sym') return e.name === 'x';
  if (e.type === 'num') return false;
  return e.args.some(hasVariable);
}

/**
 * Features of a tree: each operation it uses (`add`, `mul`, `div`, `neg`, each function by name),
 * and each power by the classes of its base and exponent, with a numeric exponent split by sign
 * (`pow(x,number)`, `pow(x,-number)`, `pow(number,power)`, `pow(sum,number)` …): powers are where
 * integrators differ most. Numbers themselves are not features (they are the magnitude bin).
 */
function scanTree(root: Expr): { features: Set<string>; nodes: number; largest: number | null } {
  const features = new Set<string>();
  let nodes = 0;
  let largest: number | null = null;
  const stack: Expr[] = [root];
  while (stack.length > 0) {
    const e = stack.pop()!;
    nodes++;
    if (e.type === 'num') {
      const magnitude = Math.abs(e.value);
      if (largest === null || magnitude > largest) largest = magnitude;
      continue;
    }
    if (isLeaf(e)) continue;
    if (e.type === 'pow') {
      const [base, exponent] = e.args;
      let exponentClass = operandClass(exponent);
      if (exponentClass === 'number' && isNegativeNumber(exponent)) exponentClass = '-number';
      features.add(`pow(${operandClass(base)},${exponentClass})`);
    } else if (e.type === 'fn') features.add(e.name);
    else features.add(e.type);
    for (const c of e.args) stack.push(c);
  }
  return { features, nodes, largest };
}

function isNegativeNumber(e: Expr): boolean {
  if (e.type === 'num') return e.value < 0;
  if (e.type === 'neg') return !isNegativeNumber(e.args[0]);
  if (e.type === 'div' || e.type === 'mul') return e.args.filter(isNegativeNumber).length % 2 === 1;
  return false;
}
