import type { Evaluated } from '../../verify/evalComplex.js';
import { describePointRuns } from '../../verify/describePointRuns.js';
import { formatReasonNumber as fmt } from '../../verify/formatReasonNumber.js';

/** A point where the equation's two sides differ beyond doubt. */
export interface SideDifference {
  readonly x: number;
  readonly left: Evaluated;
  readonly right: Evaluated;
}

/**
 * The reason an answer does not solve its equation: the clearest difference (a large relative one at
 * a moderate x), then where the equation fails and where it holds among the points compared, as
 * intervals of consecutive points, those nearest 0 first.
 */
export function describeResidualDifferences(differences: readonly SideDifference[], agreeing: readonly number[]): string {
  const best = differences.reduce((a, b) => (convincing(b) > convincing(a) ? b : a));
  const residual = { re: best.left.re - best.right.re, im: best.left.im - best.right.im };
  let reason = `y does not satisfy the equation at x = ${fmt(best.x)}: the residual is ${complex(residual.re, residual.im)} (the leading term is ${complex(best.left.re, best.left.im)})`;
  const xs = differences.map((d) => d.x);
  if (agreeing.length === 0)
    return `${reason}; it is not 0 at any of the ${differences.length} points compared, in [${fmt(Math.min(...xs))}, ${fmt(Math.max(...xs))}]`;
  const runs = describePointRuns(xs, agreeing);
  reason += `; it fails at ${differences.length} of ${runs.compared} points compared, in ${runs.failing}, and holds in ${runs.holding}`;
  return reason;
}

/** Large relative differences first, then moderate and simple x. */
function convincing(d: SideDifference): number {
  const diff = Math.hypot(d.left.re - d.right.re, d.left.im - d.right.im);
  const rel = diff / Math.max(Math.hypot(d.left.re, d.left.im), Math.hypot(d.right.re, d.right.im));
  const size = rel >= 0.1 ? 4 : rel >= 1e-4 ? 2 : 0;
  const ax = Math.abs(d.x);
  const moderate = ax >= 0.1 && ax <= 20 ? 1 : 0;
  const simple = Number.isInteger(d.x) || Number.isInteger(1 / d.x) ? 0.5 : 0;
  return size + moderate + simple + 0.1 * Math.min(rel, 1) - 0.01 * Math.min(Math.abs(Math.log10(ax)), 9);
}

function complex(re: number, im: number): string {
  if (Math.abs(im) <= 1e-12 * Math.abs(re)) return fmt(re);
  return `${fmt(re)} ${im < 0 ? '-' : '+'} ${fmt(Math.abs(im))}i`;
}
