import { Decimal } from 'decimal.js';
import type { SideLimit } from './sideLimit.js';

/** What the numbers say the limit is, over every side asked for. */
export type LimitOutcome =
  | { readonly kind: 'finite'; readonly value: Decimal; readonly error: Decimal; readonly note: string }
  | { readonly kind: 'infinite'; readonly sign: 1 | -1; readonly how: string }
  | { readonly kind: 'dne'; readonly how: string }
  | { readonly kind: 'undecided'; readonly why: string };

/**
 * The limit from one side (`right` alone, or `left` alone) or from both: two sides make a limit
 * only when they agree (the same finite value within their errors, or the same infinity). One-sided
 * limits that clearly differ, opposite infinities, or a finite limit against an infinite one make it
 * DNE, as does oscillation on either side. A side where f is not real at all is left out, so the
 * two-sided limit of sqrt(x) at 0 is its limit from the right.
 */
export function limitOutcome(sides: readonly { readonly name: string; readonly limit: SideLimit }[]): LimitOutcome {
  const real = sides.filter((s) => s.limit.kind !== 'notReal');
  if (real.length === 0) return { kind: 'undecided', why: `f is not real (complex in doubles) ${sides.map((s) => s.name).join(' nor ')}` };
  const left = sides.length > 1 && real.length === 1 ? `; f is not real ${sides.find((s) => s.limit.kind === 'notReal')!.name}` : '';
  const oscillating = real.find((s) => s.limit.kind === 'oscillating');
  if (oscillating !== undefined && oscillating.limit.kind === 'oscillating') return { kind: 'dne', how: `${oscillating.limit.how} ${oscillating.name}` };
  const undecided = real.find((s) => s.limit.kind === 'undecided');
  if (undecided !== undefined && undecided.limit.kind === 'undecided') {
    return sides.length > 1 ? { kind: 'undecided', why: `${undecided.name}: ${undecided.limit.why}` } : { kind: 'undecided', why: undecided.limit.why };
  }
  const [a, b] = real;
  if (b === undefined) {
    const only = a.limit;
    if (only.kind === 'finite') return { kind: 'finite', value: only.value, error: only.error, note: left };
    if (only.kind === 'infinite') return { kind: 'infinite', sign: only.sign, how: only.how + left };
    return { kind: 'undecided', why: 'nothing decided' };
  }
  const la = a.limit;
  const lb = b.limit;
  const show = (s: SideLimit): string =>
    s.kind === 'finite'
      ? `tends to ${s.value.toSignificantDigits(10).toString()}`
      : s.kind === 'infinite'
        ? `diverges to ${s.sign > 0 ? 'oo' : '-oo'}`
        : 'has no limit';
  const differ = `one-sided limits differ: ${a.name} f ${show(la)}, ${b.name} it ${show(lb)}`;
  if (la.kind === 'finite' && lb.kind === 'finite') {
    const gap = la.value.minus(lb.value).abs();
    const errors = Decimal.max(la.error, lb.error);
    if (gap.lte(errors.times(10)))
      return { kind: 'finite', value: la.error.lte(lb.error) ? la.value : lb.value, error: Decimal.max(errors, gap), note: ' from both sides' };
    if (gap.gt(errors.times(100))) return { kind: 'dne', how: differ };
    return {
      kind: 'undecided',
      why: `the one-sided limits are ${la.value.toSignificantDigits(10).toString()} and ${lb.value.toSignificantDigits(10).toString()}, neither clearly equal nor clearly different`,
    };
  }
  if (la.kind === 'infinite' && lb.kind === 'infinite' && la.sign === lb.sign) return { kind: 'infinite', sign: la.sign, how: `${la.how}, from both sides` };
  return { kind: 'dne', how: differ };
}
