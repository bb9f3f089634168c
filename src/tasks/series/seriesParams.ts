import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { readConstantField } from '../readConstantField.js';
import type { LineFields, ParamsRead, TaskParams } from '../task.js';
import { MAX_SERIES_ORDER } from './verifySeries.js';

/** A Taylor polynomial's parameters: the point (a tree free of x) and the order. */
export interface SeriesParams {
  readonly point: Expr;
  readonly order: number;
}

/** The point and order of a problem's parameters (written by `readSeriesParams` or the mutations). */
export function seriesParams(params: TaskParams): SeriesParams {
  return { point: params.point as Expr, order: params.order as number };
}

/** `point` (a number or constant, not infinity) and `order` (a whole number from 0 to 40, or its digits) of a line. */
export function readSeriesParams(line: Readonly<Record<string, unknown>>): ParamsRead {
  const point = readConstantField(line, 'point', { infinity: false });
  if (!point.ok) return point;
  const raw = line.order;
  const order = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,3}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(order) || order < 0 || order > MAX_SERIES_ORDER) {
    return {
      ok: false,
      error: `order: a whole number from 0 to ${MAX_SERIES_ORDER} is needed${raw === undefined ? ' (missing)' : `, not ${JSON.stringify(String(raw).slice(0, 20))}`}`,
    };
  }
  return { ok: true, params: { point: point.expr, order } };
}

/** The fields of a series problem's line: `"task": "series", "point": "0", "order": 5`. */
export function seriesLineFields(params: TaskParams): LineFields {
  const { point, order } = seriesParams(params);
  return { task: 'series', point: toInfix(point), order };
}
