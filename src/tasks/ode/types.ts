import type { Expr } from '../../expr/types.js';

/**
 * A linear ordinary differential equation of order 1 or 2 in y(x),
 * a2·y'' + a1·y' + a0·y = rhs, read from its text (readOde). `coefficients[k]` is the coefficient of
 * the k-th derivative (absent terms are 0; a2 is 0 for order 1); every tree is in x and the
 * problem's parameters, free of y.
 */
export interface LinearOde {
  readonly order: 1 | 2;
  readonly coefficients: readonly [Expr, Expr, Expr];
  readonly rhs: Expr;
}

/** A condition y(at) = value or y'(at) = value: `at` and `value` are constants (free of x). */
export interface OdeCondition {
  /** Which derivative of y: 0 for y(…), 1 for y'(…). */
  readonly order: 0 | 1 | 2;
  readonly at: Expr;
  readonly value: Expr;
}

export interface OdeOptions {
  /** Work budget for the pair, in the units of `WorkMeter`, over every value of the constants tried. */
  readonly work: number;
  /** Wall-clock backstop for the pair, milliseconds: only against a runaway (the verdict says when it fired). */
  readonly backstopMs: number;
}

/**
 * The budget of every caller unless it says otherwise: work counted, not timed, so a verdict is the
 * same on any machine at any load. A general solution of order 2 is checked at four values of its
 * constants, each like an antiderivative; three times an antiderivative's budget covers it.
 */
export const DEFAULT_ODE_OPTIONS: OdeOptions = { work: 60_000_000, backstopMs: 30_000 };
