/**
 * The target calls one shrink may spend on a problem of `nodes` nodes: `calls`, or `callsPerNode`
 * for each node where that is more, since a larger problem takes more steps, and more probes a
 * step, to reach its minimum; 0 when `calls` is 0 (shrinking is off).
 */
export function shrinkBudget(nodes: number, calls: number, callsPerNode: number): number {
  if (calls <= 0) return 0;
  return Math.max(calls, Math.max(0, callsPerNode) * nodes);
}
