import { formatReasonNumber as fmt } from './formatReasonNumber.js';

/** Intervals listed in a reason, nearest to 0 first; the rest are counted. */
const SHOWN_INTERVALS = 3;

/**
 * Where a check failed and where it held, as a reason says it: the sample points sorted into runs
 * of neighbours with the same outcome, each run an interval (`[0.2, 1.5]`) or a point (`x = 3`),
 * the ones nearest to 0 first (moderate x are the easiest to check by hand).
 */
export function describePointRuns(
  failing: readonly number[],
  holding: readonly number[],
): { readonly compared: number; readonly failing: string; readonly holding: string } {
  const marked = [...failing.map((x) => ({ x, holds: false })), ...holding.map((x) => ({ x, holds: true }))].sort((a, b) => a.x - b.x);
  const runs: { holds: boolean; from: number; to: number }[] = [];
  for (const m of marked) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.holds === m.holds) last.to = m.x;
    else runs.push({ holds: m.holds, from: m.x, to: m.x });
  }
  const nearness = (r: { from: number; to: number }) => (r.from <= 0 && r.to >= 0 ? 0 : Math.min(Math.abs(r.from), Math.abs(r.to)));
  const list = (holds: boolean): string => {
    const of = runs.filter((r) => r.holds === holds).sort((a, b) => nearness(a) - nearness(b));
    const shown = of.slice(0, SHOWN_INTERVALS).map((r) => (r.from === r.to ? `x = ${fmt(r.from)}` : `[${fmt(r.from)}, ${fmt(r.to)}]`));
    return shown.join(', ') + (of.length > SHOWN_INTERVALS ? ` and ${of.length - SHOWN_INTERVALS} more` : '');
  };
  return { compared: marked.length, failing: list(false), holding: list(true) };
}
