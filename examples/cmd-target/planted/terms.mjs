// A problem split the way the model reads it: top-level terms, each a constant factor times a core.
import { signature } from './sagga.mjs';

/** A subtree of numbers only (no x, pi or e), as in sagga's signatures. */
export function isLiteral(e) {
  if (e.type === 'num') return true;
  if (e.type === 'sym') return false;
  return e.args.every(isLiteral);
}

export const isX = (e) => e.type === 'sym' && e.name === 'x';

/** The terms of a sum, with the signs of enclosing negations. */
function topTerms(e, negative, out) {
  if (e.type === 'add') for (const a of e.args) topTerms(a, negative, out);
  else if (e.type === 'neg') topTerms(e.args[0], !negative, out);
  else out.push({ expr: e, negative });
  return out;
}

/** A term as sign × numeric factors × core; the core is null for a constant term. */
function splitTerm(expr, negative) {
  let e = expr;
  const literals = [];
  for (;;) {
    if (e.type === 'neg') {
      negative = !negative;
      e = e.args[0];
    } else if (e.type === 'mul' && e.args.some(isLiteral)) {
      literals.push(...e.args.filter(isLiteral));
      const rest = e.args.filter((a) => !isLiteral(a));
      if (rest.length === 0) break;
      e = rest.length === 1 ? rest[0] : { type: 'mul', args: rest };
    } else break;
  }
  const core = isLiteral(e) ? null : e;
  if (core === null) literals.push(e);
  let shape;
  return {
    expr: negative ? { type: 'neg', args: [expr] } : expr,
    negative,
    literals,
    core,
    /** The core's signature, computed once and only when a bug table asks. */
    get shape() {
      return (shape ??= core === null ? null : signature(core));
    },
  };
}

export function problemTerms(tree) {
  return topTerms(tree, false, []).map(({ expr, negative }) => splitTerm(expr, negative));
}
