import type { Expr } from '../../expr/types.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { integrateDefinite } from './integrateDefinite.js';
import type { DefiniteBound, QuadratureResult } from './types.js';

/** What the quadrature is asked for: the accuracy sought (see TanhSinhGoal) at a working precision. */
export interface IntegralRequest {
  readonly digits: number;
  readonly relative: number;
  readonly absolute: number;
}

/**
 * A definite integral set up once, to judge several answers (Fail@k): each requested integral is
 * computed on first use and remembered. A remembered result is charged to the meter again at the
 * work it took (and is `exhausted` if the meter cannot pay it), so a verdict and its work are the
 * same whether the integral was computed for this answer or for an earlier one.
 */
export interface PreparedDefinite {
  readonly problem: Expr;
  readonly lower: DefiniteBound;
  readonly upper: DefiniteBound;
  integral(request: IntegralRequest, meter: WorkMeter): QuadratureResult;
}

export function prepareDefinite(problem: Expr, lower: DefiniteBound, upper: DefiniteBound): PreparedDefinite {
  const memo = new Map<string, { readonly result: QuadratureResult; readonly work: number }>();
  return {
    problem,
    lower,
    upper,
    integral(request, meter) {
      const key = `${request.digits}/${request.relative}/${request.absolute}`;
      const known = memo.get(key);
      if (known !== undefined) {
        meter.left -= known.work;
        if (meter.left >= 0) return known.result;
        return { ok: false, why: 'exhausted', reason: 'the work budget ran out computing the integral', points: 0 };
      }
      const before = meter.left;
      const result = integrateDefinite(problem, lower, upper, { digits: request.digits, relative: request.relative, absolute: request.absolute }, meter);
      // Only what any budget would give again is remembered; a run cut short by its budget is not.
      if (result.ok || (result.why !== 'exhausted' && result.why !== 'timeout')) memo.set(key, { result, work: before - meter.left });
      return result;
    },
  };
}
