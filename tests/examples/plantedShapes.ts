import { signature } from '../../src/expr/signature.js';
import type { Expr } from '../../src/expr/types.js';

const numeric = (e: Expr): boolean => e.type === 'num' || (e.type !== 'sym' && e.args.every(numeric));

/** A product's factors without its numbers and signs, as one expression (1 when none is left). */
function withoutNumbers(e: Expr): Expr {
  if (e.type === 'neg') return withoutNumbers(e.args[0]);
  if (e.type !== 'mul') return numeric(e) ? { type: 'num', value: 1 } : e;
  const rest = e.args.filter((a) => !numeric(a)).map(withoutNumbers);
  return rest.length === 0 ? { type: 'num', value: 1 } : rest.length === 1 ? rest[0] : { type: 'mul', args: rest };
}

/** A term without its numeric factors and signs, in a quotient's numerator and denominator too. */
function core(e: Expr): Expr {
  if (e.type === 'neg') return core(e.args[0]);
  if (e.type === 'div') return numeric(e.args[1]) ? core(e.args[0]) : { type: 'div', args: [withoutNumbers(e.args[0]), withoutNumbers(e.args[1])] };
  return withoutNumbers(e);
}

/**
 * The signatures a planted bug could fire on in a problem, found without the programs' code: the
 * signature of each top-level term without its numeric factors (those of a quotient's numerator
 * and denominator too), and for a quotient, of its denominator (a/(3*x)^2 shrinks to (3*x)^2).
 */
export function plantedShapes(problem: Expr): string[] {
  const terms: Expr[] = [];
  const collect = (e: Expr): void => {
    if (e.type === 'add') e.args.forEach(collect);
    else if (e.type === 'neg') collect(e.args[0]);
    else terms.push(e);
  };
  collect(problem);
  return terms.map(core).flatMap((c) => (c.type === 'div' ? [signature(c), signature(c.args[1])] : [signature(c)]));
}
