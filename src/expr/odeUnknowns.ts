/**
 * The unknown function of an ordinary differential equation and its first two derivatives, as
 * symbols of the tree: `y`, `y'`, `y''`. Only the ODE reader asks for them (ReadOptions.odeUnknown);
 * it takes them out of the tree again (as the coefficients of a linear equation) before anything
 * evaluates it, so no evaluator gives them a value: each refuses them.
 */
export const ODE_UNKNOWNS = ['y', "y'", "y''"] as const;
export type OdeUnknown = (typeof ODE_UNKNOWNS)[number];

const UNKNOWNS: ReadonlySet<string> = new Set(ODE_UNKNOWNS);

export function isOdeUnknown(text: string): text is OdeUnknown {
  return UNKNOWNS.has(text);
}

/** How many times y is differentiated: 0, 1 or 2. */
export function unknownOrder(name: OdeUnknown): 0 | 1 | 2 {
  return (name.length - 1) as 0 | 1 | 2;
}
