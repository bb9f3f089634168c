/**
 * A special function's value at a real point with a bound on the error of computing it (rounding
 * and truncation, not the propagated error of the argument, which the evaluator adds). `v` is NaN
 * when the function is not real or not implemented at that point.
 */
export interface RealResult {
  v: number;
  err: number;
}

export const EPS = 2 ** -53;

export function setResult(r: RealResult, v: number, err: number): RealResult {
  r.v = v;
  r.err = err;
  return r;
}

export function undefinedResult(r: RealResult): RealResult {
  r.v = NaN;
  r.err = NaN;
  return r;
}

export const EULER_GAMMA = 0.5772156649015329;
