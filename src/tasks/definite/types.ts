import type { Decimal } from 'decimal.js';
import type { Expr } from '../../expr/types.js';
import type { VerifyResult } from '../../verify/types.js';

/** One end of the interval of ∫ₐᵇ f(x) dx: a constant expression (`0`, `pi/2`, `1/3`) or ±∞. */
export type DefiniteBound = { readonly kind: 'finite'; readonly expr: Expr } | { readonly kind: 'inf'; readonly sign: 1 | -1 };

/**
 * An answer to a definite integral as read from a model: a plain decimal literal as it was written
 * (`0.7853981`, `-1.2e-3`), judged with a numerical tolerance and read from its text so that no
 * digit is lost to a double, or any other constant expression (`pi/4 - log(2)/2`, `355/113`, `2`),
 * judged as a closed form.
 */
export type DefiniteAnswer =
  | { readonly kind: 'decimal'; readonly text: string; readonly value: Decimal; readonly statedTolerance: Decimal }
  | { readonly kind: 'closed'; readonly expr: Expr };

/**
 * How a decimal answer is held: `absolute` within `value` (IntegralBench: 1e-6), or `stated` within
 * half a unit of its own last written digit (`0.785` within 5e-4, `0.7853982` within 5e-8).
 */
export type NumericTolerance = { readonly kind: 'absolute'; readonly value: number } | { readonly kind: 'stated' };

export interface DefiniteOptions {
  /** Work budget per pair, in the units of `WorkMeter` (one double-precision operation). */
  readonly work: number;
  /** Wall-clock backstop per pair, milliseconds: only against a runaway (the verdict says when it fired). */
  readonly backstopMs: number;
  /** The tolerance of decimal answers (default: absolute 1e-6, IntegralBench's rule). */
  readonly numericTolerance: NumericTolerance;
  /** Significant digits a closed-form answer must agree to (default 12). */
  readonly closedFormDigits: number;
}

/** A verdict on a definite integral, with the values it rests on (as decimal text) when they were computed. */
export interface DefiniteResult extends VerifyResult {
  /** The integral's value and the quadrature's error bound. */
  readonly integral?: { readonly value: string; readonly error: string };
  /** The answer's value and a bound on its error (0 for a decimal, which is its own value). */
  readonly answerValue?: { readonly value: string; readonly error: string };
  /** answer − integral. */
  readonly difference?: string;
}

/** The value of ∫ over the interval, or why there is none. */
export type QuadratureResult =
  | {
      readonly ok: true;
      readonly value: Decimal;
      /** A bound on |value − exact|: the last two levels' difference, the truncated ends and the rounding noise. */
      readonly error: Decimal;
      /** ∫|f|, the scale against which cancellation is judged. */
      readonly l1: Decimal;
      readonly digits: number;
      readonly level: number;
      readonly points: number;
    }
  | {
      readonly ok: false;
      /**
       * `diverges`: no convergence within the levels, or an end whose terms do not vanish;
       * `precision`: the error is rounding's (noise, or nodes that round onto an end), so more digits
       * would help; `undefined`: f is not real at a point; `unsupported`: f uses a function without a
       * high-precision evaluation; `exhausted`/`timeout`: the budget.
       */
      readonly why: 'diverges' | 'precision' | 'undefined' | 'unsupported' | 'exhausted' | 'timeout';
      readonly reason: string;
      /** The estimate so far, when there is one. */
      readonly value?: Decimal;
      readonly error?: Decimal;
      readonly points: number;
    };

/** IntegralBench's rule for decimal answers: absolute error below 1e-6. */
export const INTEGRALBENCH_TOLERANCE: NumericTolerance = { kind: 'absolute', value: 1e-6 };

/**
 * The budget and rules of every caller unless it says otherwise. The work is counted, not timed, so
 * a verdict is the same on any machine at any load; it is a few seconds of one core at most (a
 * typical pair needs a hundredth of it).
 */
export const DEFAULT_DEFINITE_OPTIONS: DefiniteOptions = {
  work: 300_000_000,
  backstopMs: 60_000,
  numericTolerance: INTEGRALBENCH_TOLERANCE,
  closedFormDigits: 12,
};
