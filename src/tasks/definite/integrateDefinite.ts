import type { Decimal } from 'decimal.js';
import type { Expr } from '../../expr/types.js';
import { compileTape, TapeTooLarge, type Tape } from '../../verify/tape.js';
import { criticalSubtrees } from './criticalSubtrees.js';
import { findCriticalPoints, type CriticalPoint } from './findCriticalPoints.js';
import { refineRoot } from './refineRoot.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import { createIntegrand, type Integrand } from './createIntegrand.js';
import { findOscillation, type Oscillation } from './findOscillation.js';
import { oscillatoryTail, type TailResult } from './oscillatoryTail.js';
import { decimalContext } from './decimalContext.js';
import { evaluateConstant } from './evaluateConstant.js';
import type { QuadraturePanel } from './quadraturePanel.js';
import { tanhSinh } from './tanhSinh.js';
import type { TanhSinhGoal } from './tanhSinhGoal.js';
import type { DefiniteBound, QuadratureResult } from './types.js';

export interface IntegrateOptions extends TanhSinhGoal {
  /** Working precision of the first attempt, in significant digits. */
  readonly digits: number;
  /** Most digits an attempt may use: a result limited by rounding is retried at twice the digits up to this. */
  readonly maxDigits: number;
}

/** The finest step tanh-sinh gets on a tail of an oscillating integrand before the tail is summed period by period. */
const OSCILLATING_TAIL_LEVEL = 7;

export const DEFAULT_INTEGRATE_OPTIONS: IntegrateOptions = { digits: 30, maxDigits: 120, relative: 1e-15, absolute: 0, maxLevel: 10 };

/**
 * ∫ f(x) dx from `lower` to `upper` in high precision, with an error bound: tanh-sinh quadrature on
 * the finite interval or on each tail (see quadraturePanel.ts), split at the integrand's critical
 * points inside it (kinks of abs, zeros of denominators, singularities of logarithms and roots: see
 * criticalSubtrees.ts), so that each becomes an end of a panel, where tanh-sinh handles it; an
 * integral whose error is rounding's is retried at twice the digits, up to `maxDigits`. Reversed bounds give the negated integral,
 * equal bounds 0. Every evaluation is paid from `meter`.
 */
export function integrateDefinite(
  problem: Expr,
  lower: DefiniteBound,
  upper: DefiniteBound,
  options: Partial<IntegrateOptions>,
  meter: WorkMeter,
): QuadratureResult {
  const opts = { ...DEFAULT_INTEGRATE_OPTIONS, ...options };
  let tape: Tape;
  try {
    tape = compileTape(problem);
  } catch (error) {
    if (error instanceof TapeTooLarge) return { ok: false, why: 'unsupported', reason: `the integrand is too large to evaluate: ${error.message}`, points: 0 };
    throw error;
  }
  let points = 0;
  let critical: readonly CriticalPoint[] | undefined;
  const knownTails = new Map<QuadraturePanel['kind'], Extract<TailResult, { ok: true }>>();
  for (let digits = opts.digits; ; digits *= 2) {
    const ends = endsAt(lower, upper, digits, meter);
    if ('why' in ends) return { ...ends, points };
    const { ZERO } = decimalContext(digits);
    if (ends.lo === ends.hi || (typeof ends.lo !== 'number' && typeof ends.hi !== 'number' && ends.lo.eq(ends.hi))) {
      return { ok: true, value: ZERO, error: ZERO, l1: ZERO, digits, level: 0, points };
    }
    if (critical === undefined) {
      const found = findCriticalPoints(criticalSubtrees(problem), toNumber(ends.lo), toNumber(ends.hi), meter);
      if (found === 'exhausted')
        return { ok: false, why: 'exhausted', reason: 'the work budget ran out looking for the critical points of the integrand', points };
      critical = found;
    }
    const panels = panelsBetween(ends.lo, ends.hi, breakpoints(critical, ends.lo, ends.hi, digits, meter), digits);
    const integrand = createIntegrand(problem, tape, digits);
    // An oscillating integrand over a tail is tried by tanh-sinh only up to OSCILLATING_TAIL_LEVEL
    // (damped ones, e^-x·sin x, converge by then; sin(x)/x never does), then summed period by period.
    // Tails already summed at fewer digits are kept when only the rest needs more.
    const oscillation = panels.some((p) => p.kind !== 'finite') ? findOscillation(problem, digits, meter) : undefined;
    let r: QuadratureResult | undefined;
    if (knownTails.size === 0)
      r = tanhSinh(integrand, panels, oscillation === undefined ? opts : { ...opts, maxLevel: Math.min(opts.maxLevel, OSCILLATING_TAIL_LEVEL) }, meter);
    if ((r === undefined || (!r.ok && (r.why === 'diverges' || r.why === 'precision'))) && oscillation !== undefined) {
      r = withOscillatoryTails(integrand, panels, oscillation, opts, meter, r, knownTails);
    }
    if (r === undefined) throw new Error('no attempt at the integral');
    points += r.points;
    if (r.ok) return { ...r, value: ends.reversed ? r.value.neg() : r.value, points };
    if (r.why !== 'precision' || digits * 2 > opts.maxDigits) {
      return { ...r, value: r.value !== undefined && ends.reversed ? r.value.neg() : r.value, points };
    }
  }
}

/** An end of the interval: a value, or −1/+1 for −∞/+∞. */
type End = Decimal | 1 | -1;

function toNumber(end: End): number {
  return typeof end === 'number' ? end * Infinity : end.toNumber();
}

/** The bounds' values at `digits` digits in increasing order, and whether they were given reversed. */
function endsAt(
  lower: DefiniteBound,
  upper: DefiniteBound,
  digits: number,
  meter: WorkMeter,
): { lo: End; hi: End; reversed: boolean } | Extract<QuadratureResult, { ok: false }> {
  const ends: End[] = [];
  for (const [name, bound] of [
    ['lower', lower],
    ['upper', upper],
  ] as const) {
    if (bound.kind === 'inf') {
      ends.push(bound.sign);
      continue;
    }
    const v = evaluateConstant(bound.expr, digits, meter);
    if (!v.ok) {
      if (v.why === 'exhausted' || v.why === 'timeout') return { ok: false, why: v.why, reason: `the ${name} bound: ${v.reason}`, points: 0 };
      return { ok: false, why: 'undefined', reason: `the ${name} bound has no value: ${v.reason}`, points: 0 };
    }
    ends.push(v.value);
  }
  const [a, b] = ends;
  const reversed = typeof a === 'number' ? a === 1 : typeof b === 'number' ? b === -1 : a.gt(b);
  return reversed ? { lo: b, hi: a, reversed } : { lo: a, hi: b, reversed };
}

/** The critical points strictly inside (lo, hi), each refined to `digits` digits where it is a sign change. */
function breakpoints(critical: readonly CriticalPoint[], lo: End, hi: End, digits: number, meter: WorkMeter): Decimal[] {
  const inside: Decimal[] = [];
  for (const p of critical) {
    const x = p.kind === 'zero' ? refineRoot(p.subtree, p.x, digits, meter) : decimalContext(digits).D(p.x);
    const margin = x.abs().times(1e-12).plus(1e-300);
    if (typeof lo !== 'number' && x.minus(lo).lte(margin)) continue;
    if (typeof hi !== 'number' && hi.minus(x).lte(margin)) continue;
    const last = inside[inside.length - 1];
    if (last !== undefined && x.minus(last).lte(margin)) continue;
    inside.push(x);
  }
  return inside;
}

/** Panels from lo to hi split at `cuts` (increasing, strictly inside); the whole line is split at 0 when nothing else splits it. */
function panelsBetween(lo: End, hi: End, cuts: readonly Decimal[], digits: number): QuadraturePanel[] {
  const { ZERO } = decimalContext(digits);
  const inner = typeof lo === 'number' && typeof hi === 'number' && cuts.length === 0 ? [ZERO] : cuts;
  const panels: QuadraturePanel[] = [];
  let from: End = lo;
  for (const c of inner) {
    panels.push(typeof from === 'number' ? { kind: 'left', b: c } : { kind: 'finite', a: from, b: c });
    from = c;
  }
  panels.push(
    typeof hi === 'number'
      ? typeof from === 'number'
        ? { kind: 'right', a: ZERO }
        : { kind: 'right', a: from }
      : typeof from === 'number'
        ? { kind: 'left', b: hi }
        : { kind: 'finite', a: from, b: hi },
  );
  return panels;
}

/**
 * The integral over `panels` with each tail summed period by period (oscillatoryTail.ts) and the
 * rest, up to where each tail is cut, by tanh-sinh; `plain` (the failed attempt, if any) when a tail
 * does not converge either, with both reasons. Tails found in `known` (summed at fewer digits, to the
 * same goal) are taken as they are, and those summed here are added to it.
 */
function withOscillatoryTails(
  f: Integrand,
  panels: readonly QuadraturePanel[],
  oscillation: Oscillation,
  goal: TanhSinhGoal,
  meter: WorkMeter,
  plain: Extract<QuadratureResult, { ok: false }> | undefined,
  known: Map<QuadraturePanel['kind'], Extract<TailResult, { ok: true }>>,
): QuadratureResult {
  const finite: QuadraturePanel[] = [];
  let tails = decimalContext(f.digits).ZERO;
  let tailError = tails;
  let points = plain?.points ?? 0;
  for (const p of panels) {
    if (p.kind === 'finite') {
      finite.push(p);
      continue;
    }
    const from = p.kind === 'right' ? p.a : p.b;
    const t = known.get(p.kind) ?? oscillatoryTail(f, from, p.kind === 'right' ? 1 : -1, oscillation, goal, meter);
    if (!known.has(p.kind)) points += t.points;
    if (!t.ok) {
      if (t.why === 'exhausted' || t.why === 'timeout' || plain === undefined) return { ok: false, why: t.why, reason: t.reason, points };
      return { ...plain, reason: `${plain.reason}; summed period by period, ${t.reason}`, points };
    }
    known.set(p.kind, t);
    finite.push(p.kind === 'right' ? { kind: 'finite', a: from, b: t.cut } : { kind: 'finite', a: t.cut, b: from });
    tails = tails.plus(t.value);
    tailError = tailError.plus(t.error);
  }
  const r = tanhSinh(f, finite, goal, meter);
  points += r.points;
  if (!r.ok) return { ...r, points };
  return { ...r, value: r.value.plus(tails), error: r.error.plus(tailError), points };
}
