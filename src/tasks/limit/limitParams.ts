import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { readConstantField } from '../readConstantField.js';
import type { LineFields, ParamsRead, TaskParams } from '../task.js';
import type { LimitDirection, LimitPoint } from './limitTypes.js';

/** A limit's parameters: where x goes (a tree free of x, `oo` or `-oo`) and from which side. */
export interface LimitParams {
  readonly point: Expr;
  readonly direction: LimitDirection;
}

const DIRECTIONS: readonly LimitDirection[] = ['+', '-', '+-'];

/** The point and direction of a problem's parameters (written by `readLimitParams` or the mutations). */
export function limitParams(params: TaskParams): LimitParams {
  return { point: params.point as Expr, direction: params.direction as LimitDirection };
}

/** A point tree as the verifier takes it: `oo` and `-oo` are the infinities. */
export function limitPointOf(tree: Expr): LimitPoint {
  if (tree.type === 'sym' && tree.name === 'oo') return { kind: 'infinite', sign: 1 };
  if (tree.type === 'neg' && tree.args[0].type === 'sym' && tree.args[0].name === 'oo') return { kind: 'infinite', sign: -1 };
  return { kind: 'finite', at: tree };
}

/** The only direction at an infinity, and both sides at a finite point. */
export function defaultDirection(point: Expr): LimitDirection {
  const at = limitPointOf(point);
  return at.kind === 'finite' ? '+-' : at.sign === 1 ? '-' : '+';
}

/**
 * `point` (a number, a constant, `oo` or `-oo`) and `direction` (`+`, `-` or `+-`; absent: both
 * sides at a finite point, the only one at an infinity, which is `-` at oo and `+` at -oo) of a line.
 */
export function readLimitParams(line: Readonly<Record<string, unknown>>): ParamsRead {
  const point = readConstantField(line, 'point', { infinity: true });
  if (!point.ok) return point;
  const raw = line.direction;
  const fallback = defaultDirection(point.expr);
  if (raw === undefined || raw === null) return { ok: true, params: { point: point.expr, direction: fallback } };
  const direction = DIRECTIONS.find((d) => typeof raw === 'string' && d === raw.trim());
  if (direction === undefined) return { ok: false, error: `direction: '+', '-' or '+-' is needed, not ${JSON.stringify(String(raw).slice(0, 20))}` };
  if (limitPointOf(point.expr).kind === 'infinite' && direction !== fallback)
    return { ok: false, error: `direction: at ${toInfix(point.expr)} the only direction is ${fallback}` };
  return { ok: true, params: { point: point.expr, direction } };
}

/** The fields of a limit problem's line: `"task": "limit", "point": "0", "direction": "+-"`. */
export function limitLineFields(params: TaskParams): LineFields {
  const { point, direction } = limitParams(params);
  return { task: 'limit', point: toInfix(point), direction };
}
