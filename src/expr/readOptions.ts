import type { ParameterName } from './parameters.js';

/**
 * What a reader accepts, when its caller asks, beyond the language of an integrand (which is what
 * it reads by default).
 */
export interface ReadOptions {
  /**
   * Infinity: `oo`, `-oo` (also `inf`, `Infinity`, `infinity`, `∞`; in LaTeX `\infty`), for an
   * integral's bound, a limit's point and a limit's value. Only as the whole text: `oo + 1` or
   * `x*oo` is still refused.
   */
  readonly infinity?: boolean;
  /**
   * A limit's answer that there is none: `DNE` (also `dne`), only as the whole text, read as the
   * named constant `DNE`.
   */
  readonly noLimit?: boolean;
  /** LaTeX only: the letter `G` is Catalan's constant (as SymPy prints it), where no variable G can be meant. */
  readonly catalanLetter?: boolean;
  /**
   * The parameters the text may use (parameters.ts): each name listed here is read as a symbol;
   * any other capital letter is refused as it is without the list.
   */
  readonly parameters?: readonly ParameterName[];
  /** Infix only, for the ODE reader: `y`, `y'` and `y''` are the symbols of the equation's unknown. */
  readonly odeUnknown?: boolean;
}
