import { isOdeUnknown, type OdeUnknown } from './odeUnknowns.js';
import { isParameterName, PARAMETER_LETTERS, ARBITRARY_CONSTANTS, type ParameterName } from './parameters.js';
import type { Expr } from './types.js';

/** The order parameters are listed in: the letters as PARAMETER_LETTERS has them, then C1 … C9. */
const RANK = new Map<string, number>([...PARAMETER_LETTERS, ...ARBITRARY_CONSTANTS].map((name, i) => [name, i]));

/**
 * The symbols of a tree that have no value of their own: its parameters (each once, in the order of
 * PARAMETER_LETTERS then C1 … C9) and its ODE unknowns (y, y', y''). One iterative pass.
 */
export function freeSymbols(root: Expr): { readonly parameters: ParameterName[]; readonly unknowns: OdeUnknown[] } {
  const parameters = new Set<ParameterName>();
  const unknowns = new Set<OdeUnknown>();
  const stack: Expr[] = [root];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.type === 'sym') {
      if (isParameterName(e.name)) parameters.add(e.name);
      else if (isOdeUnknown(e.name)) unknowns.add(e.name);
    } else if (e.type !== 'num') for (const c of e.args) stack.push(c);
  }
  return {
    parameters: [...parameters].sort((a, b) => RANK.get(a)! - RANK.get(b)!),
    unknowns: [...unknowns].sort((a, b) => a.length - b.length),
  };
}
