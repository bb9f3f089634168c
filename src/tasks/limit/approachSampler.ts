import type { Decimal } from 'decimal.js';
import type { ComplexEvaluator } from '../../verify/evalComplex.js';
import type { DecimalEvaluator, DecimalValue } from '../../verify/evalDecimal.js';
import type { WorkMeter } from '../../verify/workMeter.js';

/** How x approaches: from one side of a finite point (x = a ± h), or towards +oo or −oo. */
export type Approach = { readonly kind: 'finite'; readonly at: Decimal; readonly side: 1 | -1 } | { readonly kind: 'infinite'; readonly sign: 1 | -1 };

/**
 * The problem in decimals at the working precision, and at twice it: a value that cancels to exactly
 * 0 (x + abs(x) for x < 0) has no reliable digit by the evaluator's count, and is believed when it is
 * exactly 0 again at twice the digits.
 */
export interface ProblemEvaluators {
  readonly working: DecimalEvaluator;
  readonly doubled: DecimalEvaluator;
  /** In complex doubles: tells a side where f is not real from one where decimals cannot compute it (exp(1000/x)). */
  readonly complex: ComplexEvaluator;
}

/** f along the approach: consecutive points of the schedule, the nearest to the limit last. */
export interface ApproachSamples {
  readonly values: readonly Decimal[];
  /** The distance of each value from the limit point: h, or 1/|x| towards an infinity. */
  readonly steps: readonly Decimal[];
  /** Position in the schedule of `values[0]`: its parity says which of the two geometric subsequences it is on. */
  readonly first: number;
  /** The x of the last value, for reasons. */
  readonly lastX: Decimal | null;
  /** Least reliable digits among the values kept. */
  readonly reliableDigits: number;
  /** Why the sequence ended before the schedule did, when it did. */
  readonly cut: string | null;
  /** No value at all, and f is not real (complex, in doubles) at the first points of the schedule. */
  readonly notReal: boolean;
  /**
   * When the sequence was cut where f is not real (complex, in doubles): whether it stays so at
   * every later point of the schedule (its real domain ends short of the point), or is real again
   * somewhere closer in. Null when the sequence was not cut there.
   */
  readonly notRealInward: 'everywhere' | 'not everywhere' | null;
}

/** Points of the schedule looked at in complex doubles to say that f is not real on a side. */
const NOT_REAL_POINTS = 8;

/**
 * Points of the schedule: two interleaved geometric sequences of ratio 1/2, from the first step down
 * to about 7e-15 (or out to x ≈ 1.3e14): close enough that an envelope such as x·sin(1/x) shrinks to
 * 1e-14, and within the 1e15 up to which the decimal evaluator reduces trigonometric arguments.
 */
export const SCHEDULE_POINTS = 90;
/**
 * The first step from a finite point, and the first x towards an infinity. Neither is dyadic nor a
 * simple fraction, so that x never lands on the zeros of sin(pi/x) or sin(pi*x) (every step, halved
 * again and again, would).
 */
const FIRST_STEP = '0.1234567';
const FIRST_X = '7.654321';

/**
 * f at the points of the schedule, in decimals, sampled as far as asked (`extend`). Points where f is
 * not real (or not computable) before the first real one are skipped, so a domain that starts near
 * the point is fine; the sequence ends at the first point after that where f is not real or keeps
 * fewer than `minReliable` digits (cancellation near the point, exp of a huge argument far out).
 */
export class ApproachSampler {
  private readonly values: Decimal[] = [];
  private readonly steps: Decimal[] = [];
  private next = 0;
  private first = -1;
  private lastX: Decimal | null = null;
  private reliableDigits = Infinity;
  private cut: string | null = null;
  private notRealInward: ApproachSamples['notRealInward'] = null;

  constructor(
    private readonly evaluators: ProblemEvaluators,
    private readonly D: typeof Decimal,
    private readonly approach: Approach,
    private readonly minReliable: number,
    private readonly meter: WorkMeter,
  ) {}

  /** Whether more points can come (the schedule is not done and the sequence was not cut). */
  get open(): boolean {
    return this.cut === null && this.next < SCHEDULE_POINTS;
  }

  /** Sample up to `count` points of the schedule; the pair's stop when its work runs out. */
  extend(count: number): ApproachSamples | 'exhausted' | 'timeout' {
    while (this.open && this.next < Math.min(count, SCHEDULE_POINTS)) {
      const { x, step } = this.pointAt(this.next++);
      const v = this.evaluate(x);
      if (v === 'exhausted' || v === 'timeout') return v;
      if (v === null || v.reliableDigits < this.minReliable) {
        if (this.first < 0) continue;
        const at = x.toSignificantDigits(6).toString();
        this.cut = v === null ? `f is not real or not computable at x = ${at}` : `f keeps only ${v.reliableDigits} reliable digits at x = ${at}`;
        if (v === null && this.notRealAt(this.next - 1)) this.notRealInward = this.notRealFrom(this.next) ? 'everywhere' : 'not everywhere';
        break;
      }
      if (this.first < 0) this.first = this.next - 1;
      this.values.push(v.value);
      this.steps.push(step);
      this.lastX = x;
      this.reliableDigits = Math.min(this.reliableDigits, v.reliableDigits);
    }
    return this.samples();
  }

  /** f is complex, by more than its error bound, at each of the first points of the schedule. */
  private notRealNear(): boolean {
    for (let i = 0; i < NOT_REAL_POINTS; i++) if (!this.notRealAt(i)) return false;
    return true;
  }

  /** f is complex, by more than its error bound, at every point of the schedule from the i-th on. */
  private notRealFrom(i: number): boolean {
    for (let j = i; j < SCHEDULE_POINTS; j++) if (!this.notRealAt(j)) return false;
    return true;
  }

  /** f is complex, by more than its error bound, at the i-th point of the schedule. */
  private notRealAt(i: number): boolean {
    const v = this.evaluators.complex(this.pointAt(i).x.toNumber());
    return Number.isFinite(v.re) && Number.isFinite(v.im) && Math.abs(v.im) > v.err + 1e-9 * Math.abs(v.re);
  }

  /** The i-th point of the schedule and its distance from the limit point. */
  private pointAt(i: number): { x: Decimal; step: Decimal } {
    const { D, approach } = this;
    const factor = new D(2).pow(i >> 1).times(i % 2 === 1 ? 1.5 : 1);
    const step = approach.kind === 'finite' ? new D(FIRST_STEP).div(factor) : new D(1).div(new D(FIRST_X).times(factor));
    const x = approach.kind === 'finite' ? approach.at.plus(step.times(approach.side)) : new D(FIRST_X).times(factor).times(approach.sign);
    return { x, step };
  }

  /** f at x, with an exact 0 that lost every digit to cancellation believed when twice the digits give 0 too. */
  private evaluate(x: Decimal): DecimalValue | null | 'exhausted' | 'timeout' {
    const v = this.evaluators.working(x, this.meter);
    if (v === null || v === 'exhausted' || v === 'timeout' || v.reliableDigits >= this.minReliable || !v.value.isZero()) return v;
    const again = this.evaluators.doubled(x, this.meter);
    if (again === 'exhausted' || again === 'timeout') return again;
    return again !== null && again.value.isZero() ? { ...v, reliableDigits: this.minReliable } : v;
  }

  private samples(): ApproachSamples {
    return {
      notReal: this.values.length === 0 && !this.open && this.notRealNear(),
      values: this.values,
      steps: this.steps,
      first: Math.max(this.first, 0),
      lastX: this.lastX,
      reliableDigits: Number.isFinite(this.reliableDigits) ? this.reliableDigits : 0,
      cut: this.cut,
      notRealInward: this.notRealInward,
    };
  }
}
