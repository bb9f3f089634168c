/**
 * Symbols that stand for a number the problem does not give, each a `sym` leaf beside x and the
 * named constants:
 *
 * - a problem's parameters (ASyMOB's "assume A, B, F, G are real and positive"), one capital letter
 *   from PARAMETER_LETTERS: every capital except those with a meaning of their own elsewhere (C a
 *   constant of integration, D a derivative, E Euler's number, I the imaginary unit, N, Q and S
 *   SymPy's functions and singletons, O big-O, X and Y which read as x and y);
 * - an ODE's arbitrary constants C1 … C9 in a general solution.
 *
 * A reader accepts them only where its caller lists them (ReadOptions.parameters), so a text read
 * without a list is read exactly as before: an unknown capital letter is refused.
 */
export const PARAMETER_LETTERS = ['A', 'B', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'P', 'R', 'T', 'U', 'V', 'W', 'Z'] as const;
export type ParameterLetter = (typeof PARAMETER_LETTERS)[number];

export const ARBITRARY_CONSTANTS = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9'] as const;
export type ArbitraryConstant = (typeof ARBITRARY_CONSTANTS)[number];

export type ParameterName = ParameterLetter | ArbitraryConstant;

/** Every name a parameter may have: for reading back an answer that was read with its problem's (a stored one). */
export const ALL_PARAMETER_NAMES: readonly ParameterName[] = [...PARAMETER_LETTERS, ...ARBITRARY_CONSTANTS];

const LETTERS: ReadonlySet<string> = new Set(PARAMETER_LETTERS);
const CONSTANTS: ReadonlySet<string> = new Set(ARBITRARY_CONSTANTS);

/** The rule in words, for refusals. */
export const PARAMETER_RULE = `a parameter is one of the capital letters ${PARAMETER_LETTERS.join(', ')}; C1 … C9 are an ODE's arbitrary constants`;

export function isParameterLetter(text: string): text is ParameterLetter {
  return LETTERS.has(text);
}

export function isArbitraryConstant(text: string): text is ArbitraryConstant {
  return CONSTANTS.has(text);
}

export function isParameterName(text: string): text is ParameterName {
  return LETTERS.has(text) || CONSTANTS.has(text);
}

/** `C_{1}` for C1 in LaTeX; a letter is itself. */
export function parameterLatex(name: ParameterName): string {
  return isArbitraryConstant(name) ? `C_{${name.slice(1)}}` : name;
}
