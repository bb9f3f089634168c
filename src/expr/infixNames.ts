import type { SymName } from './types.js';

const IMAGINARY_UNIT = 'the imaginary unit is not supported';

/**
 * The names that the infix reader (parse.ts) knows besides the whitelisted functions, and why it
 * refuses the ones it refuses.
 */
export const INFIX_NAMES = {
  /** Spellings of the variable and the constants. */
  symbols: { x: 'x', pi: 'pi', e: 'e', E: 'e', π: 'pi', Catalan: 'Catalan', EulerGamma: 'EulerGamma' } as Readonly<Record<string, SymName>>,
  /** Spellings of infinity, read where a caller asks for it (ReadOptions.infinity) and refused elsewhere. */
  infinity: new Set(['oo', 'inf', 'Infinity', 'infinity', '∞']) as ReadonlySet<string>,
  imaginaryUnit: IMAGINARY_UNIT,
  /**
   * Things a CAS or model may print that are meaningful elsewhere but not in a real antiderivative;
   * named so that the error tells the user what was seen rather than just "unknown name".
   */
  refusals: {
    I: IMAGINARY_UNIT,
    i: IMAGINARY_UNIT,
    zoo: 'complex infinity is not a value',
    nan: 'nan is not a value',
    NaN: 'NaN is not a value',
    integrate: 'unevaluated integral',
    Integral: 'unevaluated integral',
    int: 'unevaluated integral',
    C: 'drop the constant of integration C; give just the antiderivative',
  } as Readonly<Record<string, string>>,
  /** mathjs spellings of logarithms to a fixed base, read as log(x)/log(b) like log(x, b). */
  logBases: { log10: 10, log2: 2 } as Readonly<Record<string, number>>,
} as const;
