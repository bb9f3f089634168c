import { ALL_FUNCTIONS, lookupFunction, type FnName } from '../src/expr/functions.js';
import type { Expr } from '../src/expr/types.js';
import type { FitnessTerm } from './types.js';

function containsAny(e: Expr, names: ReadonlySet<FnName>): boolean {
  if (e.type === 'num' || e.type === 'sym') return false;
  if (e.type === 'fn' && names.has(e.name)) return true;
  for (const c of e.args) if (containsAny(c, names)) return true;
  return false;
}

/**
 * 1 for candidates that contain at least one of the given functions, 0 for the others (the paper's
 * trig-biased run: `requireOpsFitness(['sin', 'cos', 'tan'])`). Names are whitelist names or their
 * aliases (`ln` is `log`); an unknown name throws.
 */
export function requireOpsFitness(ops: readonly string[]): FitnessTerm {
  if (ops.length === 0) throw new RangeError('require-ops: the list of functions is empty');
  const names = new Set<FnName>();
  for (const op of ops) {
    const name = lookupFunction(op.trim());
    if (name === undefined) throw new RangeError(`require-ops: unknown function '${op}'; valid ones: ${ALL_FUNCTIONS.join(', ')}`);
    names.add(name);
  }
  return {
    name: `require-ops(${[...names].join('|')})`,
    score: (ctx) => (containsAny(ctx.expr, names) ? 1 : 0),
  };
}
