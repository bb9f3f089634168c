import type { Expr } from '../../expr/types.js';
import { toInfix } from '../../expr/toInfix.js';
import { readConstantField } from '../readConstantField.js';
import type { LineFields, ParamsRead, TaskParams } from '../task.js';
import type { DefiniteBound } from './types.js';

/** The bounds of a definite integral as a problem's parameters: two trees free of x, `oo` and `-oo` for the infinite ends. */
export interface DefiniteParams {
  readonly lower: Expr;
  readonly upper: Expr;
}

/** The bounds of a problem's parameters (written by `readDefiniteParams` or the mutations: trust the shape). */
export function definiteParams(params: TaskParams): DefiniteParams {
  return { lower: params.lower as Expr, upper: params.upper as Expr };
}

/** A bound tree as the verifier takes it: `oo` and `-oo` are the infinite ends. */
export function boundOf(tree: Expr): DefiniteBound {
  if (tree.type === 'sym' && tree.name === 'oo') return { kind: 'inf', sign: 1 };
  if (tree.type === 'neg' && tree.args[0].type === 'sym' && tree.args[0].name === 'oo') return { kind: 'inf', sign: -1 };
  return { kind: 'finite', expr: tree };
}

/** `lower` and `upper` of a line (numbers, constants such as `pi/2`, `oo`, `-oo`); an error names the field. */
export function readDefiniteParams(line: Readonly<Record<string, unknown>>): ParamsRead {
  const lower = readConstantField(line, 'lower', { infinity: true });
  if (!lower.ok) return lower;
  const upper = readConstantField(line, 'upper', { infinity: true });
  if (!upper.ok) return upper;
  return { ok: true, params: { lower: lower.expr, upper: upper.expr } };
}

/** The fields of a definite problem's line: `"task": "definite", "lower": "0", "upper": "pi/2"`. */
export function definiteLineFields(params: TaskParams): LineFields {
  const { lower, upper } = definiteParams(params);
  return { task: 'definite', lower: toInfix(lower), upper: toInfix(upper) };
}
