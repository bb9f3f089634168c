/**
 * The precision of the figures a run records: seconds, lengths and fitness to 4 decimals, which a
 * person reads; costs in USD to 6, so that a run of cheap calls does not sum to zero.
 */
export function round4(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

/** `round4` of a figure that may be missing (a mean over nothing). */
export function round4OrNull(v: number | null): number | null {
  return v === null ? null : round4(v);
}

/** A cost in USD, to the millionth. */
export function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
