import type { Expr } from '../../../src/expr/types.js';

/**
 * The equivalence under which printing and re-reading must give back the same tree: nested sums
 * and products flattened, and signs carried by the leftmost factor (neg(3) ≅ -3, --a ≅ a,
 * -(a*b) ≅ (-a)*b, -(a/b) ≅ (-a)/b). Written independently of the printers' own helpers.
 */
export function normalize(e: Expr): Expr {
  switch (e.type) {
    case 'num':
      return { type: 'num', value: e.value + 0 };
    case 'sym':
      return e;
    case 'add':
    case 'mul': {
      const out: Expr[] = [];
      for (const a of e.args) {
        const n = normalize(a);
        if (n.type === e.type) out.push(...n.args);
        else out.push(n);
      }
      return { type: e.type, args: out };
    }
    case 'neg':
      return negated(normalize(e.args[0]));
    default:
      return { ...e, args: e.args.map(normalize) } as Expr;
  }
}

/** -n for a normalized n, normalized. */
function negated(n: Expr): Expr {
  switch (n.type) {
    case 'num':
      return { type: 'num', value: -n.value + 0 };
    case 'neg':
      return n.args[0];
    case 'mul':
      return { type: 'mul', args: [negated(n.args[0]), ...n.args.slice(1)] };
    case 'div':
      return { type: 'div', args: [negated(n.args[0]), n.args[1]] };
    default:
      return { type: 'neg', args: [n] };
  }
}
