import { signature } from '../../src/expr/signature.js';
import type { Expr } from '../../src/expr/types.js';

const numeric = (e: Expr): boolean => e.type === 'num' || (e.type !== 'sym' && e.args.every(numeric));

/** A term without its numeric factors and signs. */
function core(e: Expr): Expr {
  if (e.type === 'neg') return core(e.args[0]);
  if (e.type !== 'mul') return e;
  const rest = e.args.filter((a) => !numeric(a));
  return rest.length === 1 ? core(rest[0]) : { type: 'mul', args: rest };
}

/**
 * The signatures a planted bug could fire on in a problem, found without the programs' code: the
 * signature of each top-level term without its numeric factors, and the sum of three power terms
 * when the problem has three or more terms of the shape x^n.
 */
export function plantedShapes(problem: Expr): string[] {
  const terms: Expr[] = [];
  const collect = (e: Expr): void => {
    if (e.type === 'add') e.args.forEach(collect);
    else if (e.type === 'neg') collect(e.args[0]);
    else terms.push(e);
  };
  collect(problem);
  const shapes = terms.map((t) => signature(core(t)));
  if (shapes.filter((s) => s === '^(x,#)').length >= 3) shapes.push('+(^(x,#),^(x,#),^(x,#))');
  return shapes;
}
