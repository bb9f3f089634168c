import { isArbitraryConstant, isParameterLetter, PARAMETER_RULE, type ParameterLetter } from '../expr/parameters.js';

/**
 * What a problem assumes of a parameter: `positive` (the default, as ASyMOB states it: "real and
 * positive"), `negative`, `nonzero` or `real`.
 */
export type Assumption = 'positive' | 'negative' | 'nonzero' | 'real';

export const ASSUMPTIONS: readonly Assumption[] = ['positive', 'negative', 'nonzero', 'real'];

/** A problem's parameters and what it assumes of each: the `parameters` field of a `verify` line. */
export type ParameterAssumptions = Readonly<Partial<Record<ParameterLetter, Assumption>>>;

/** The parameters' names, in the order PARAMETER_LETTERS has them. */
export function parameterNames(parameters: ParameterAssumptions): ParameterLetter[] {
  return (Object.keys(parameters) as ParameterLetter[]).sort();
}

/**
 * The `parameters` field of a line (`{"A": "positive", "B": "real"}`), checked: each key a parameter
 * letter, each value an assumption (an empty string or null is the default, `positive`). Absent is
 * no parameter at all.
 */
export function parseParameterAssumptions(raw: unknown): { ok: true; parameters: ParameterAssumptions } | { ok: false; error: string } {
  if (raw === undefined || raw === null) return { ok: true, parameters: {} };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, error: 'parameters: an object such as {"A": "positive"} is needed' };
  const parameters: Partial<Record<ParameterLetter, Assumption>> = {};
  for (const [name, value] of Object.entries(raw)) {
    const shown = JSON.stringify(name.slice(0, 20));
    if (isArbitraryConstant(name)) return { ok: false, error: `parameters: ${shown} is an arbitrary constant of an ODE's general solution, not a parameter` };
    if (!isParameterLetter(name)) return { ok: false, error: `parameters: ${shown} is not a parameter; ${PARAMETER_RULE}` };
    if (value === null || value === '') parameters[name] = 'positive';
    else if (typeof value === 'string' && (ASSUMPTIONS as readonly string[]).includes(value)) parameters[name] = value as Assumption;
    else
      return {
        ok: false,
        error: `parameters: ${name} is assumed ${JSON.stringify(String(value).slice(0, 20))}; the assumptions are ${ASSUMPTIONS.join(', ')}`,
      };
  }
  return { ok: true, parameters };
}
