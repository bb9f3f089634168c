// A problem split the way the model reads it, by linearity: top-level terms, each a sign and
// numeric factors times a core. Numeric factors and divisors are pulled out of every term (out of
// quotients too: 6/(5*(x + 1)^2) is 6/5 times 1/(x + 1)^2) and spread over sums (3*(x^12 + x) is
// the two terms 3*x^12 and 3*x), so a term's core is never a sum and has no numeric factor.

/** A subtree of numbers only (no x, pi or e), as in sagga's signatures. */
export function isLiteral(e) {
  if (e.type === 'num') return true;
  if (e.type === 'sym') return false;
  return e.args.every(isLiteral);
}

export const isX = (e) => e.type === 'sym' && e.name === 'x';

const isZeroLiteral = (e) => e.type === 'num' && e.value === 0;

/** A product's operands with their signs pulled out: { negative, factors }. */
function unsigned(args) {
  let negative = false;
  const factors = args.map((a) => {
    for (; a.type === 'neg'; a = a.args[0]) negative = !negative;
    return a;
  });
  return { negative, factors };
}

const ONE = { type: 'num', value: 1 };
const reciprocal = (k) => ({ type: 'div', args: [ONE, k] });

/**
 * Collects the terms of `e`, scaled by the numeric `factors` and the sign. A term whose core is a
 * product of numbers and one other factor is that factor's terms, scaled; a sum's terms are its
 * operands'; a quotient's numbers (of its numerator, and as divisors, of its denominator) are
 * pulled out of it, and a quotient by a number alone is its numerator's terms, divided.
 */
function collect(e, factors, negative, out) {
  if (isLiteral(e)) {
    out.push({ core: null, factors: [...factors, e], negative });
    return out;
  }
  switch (e.type) {
    case 'add':
      for (const a of e.args) collect(a, factors, negative, out);
      return out;
    case 'neg':
      return collect(e.args[0], factors, !negative, out);
    case 'mul': {
      const u = unsigned(e.args);
      const sign = negative !== u.negative;
      const literals = u.factors.filter(isLiteral);
      const rest = u.factors.filter((a) => !isLiteral(a));
      if (rest.length === 1) return collect(rest[0], [...factors, ...literals], sign, out);
      out.push({ core: { type: 'mul', args: rest }, factors: [...factors, ...literals], negative: sign });
      return out;
    }
    case 'div': {
      const [top, bottom] = e.args;
      if (isLiteral(bottom)) {
        if (isZeroLiteral(bottom)) break;
        return collect(top, [...factors, reciprocal(bottom)], negative, out);
      }
      const t = unsigned(top.type === 'mul' ? top.args : [top]);
      const b = unsigned(bottom.type === 'mul' ? bottom.args : [bottom]);
      const divisors = b.factors.filter(isLiteral);
      if (divisors.some(isZeroLiteral)) break;
      const topRest = t.factors.filter((a) => !isLiteral(a));
      const bottomRest = b.factors.filter((a) => !isLiteral(a));
      const core = {
        type: 'div',
        args: [
          topRest.length === 0 ? ONE : topRest.length === 1 ? topRest[0] : { type: 'mul', args: topRest },
          bottomRest.length === 1 ? bottomRest[0] : { type: 'mul', args: bottomRest },
        ],
      };
      out.push({
        core,
        factors: [...factors, ...t.factors.filter(isLiteral), ...divisors.map(reciprocal)],
        negative: negative !== (t.negative !== b.negative),
      });
      return out;
    }
  }
  out.push({ core: e, factors, negative });
  return out;
}

/** A term as an expression again: sign × numeric factors × core. */
function termExpr({ core, factors, negative }) {
  const parts = core === null ? factors : [...factors, core];
  const product = parts.length === 0 ? { type: 'num', value: 1 } : parts.length === 1 ? parts[0] : { type: 'mul', args: parts };
  return negative ? { type: 'neg', args: [product] } : product;
}

/** The terms of a problem: { core (null for a constant), literals (numeric factors), negative, expr }. */
export function problemTerms(tree) {
  return collect(tree, [], false, []).map((t) => ({ core: t.core, literals: t.factors, negative: t.negative, expr: termExpr(t) }));
}
