import { formatNumber } from './formatNumber.js';
import { flattenOperands, hasLeadingMinus, negateIntoLeadingFactor, withoutLeadingMinus } from './leadingMinus.js';
import type { Expr } from './types.js';

// How tightly a printed piece holds together, loosest first. A parent wraps a child in
// parentheses when the child is looser than the slot it goes into.
const ADD = 1;
const MUL = 2; // products and quotients
const NEG = 3; // a leading unary minus: `-x`, `-3`
const POW = 4;
const ATOM = 5; // non-negative literals, symbols, function calls

interface Printed {
  readonly text: string;
  readonly prec: number;
  /** The text starts with '-', so it cannot follow '+', '*', '/' or '^' without parentheses. */
  readonly minus: boolean;
}

const paren = (p: Printed): string => `(${p.text})`;

/**
 * The canonical infix text of a tree: what archives store as `problem` and what `cmd:` targets
 * receive. It uses `^` for powers, explicit `*`, the whitelist's function names, `pi` and `e`, and
 * only the parentheses the grammar needs, so that it reads back unchanged with `parseExpr`, with
 * mathjs, and with SymPy's `parse_expr` once `^` is replaced by `**` (and `e` is bound to `E`,
 * since SymPy reads a bare `e` as a symbol). A parameter prints as its name (`A`, `C1`) and reads back
 * where the reader is given it (ReadOptions.parameters); an ODE's unknown prints as `y`, `y'`, `y''`.
 *
 * Re-reading gives the same tree up to two harmless rewrites: nested sums/products come back
 * flattened, and a sign may move between a node and its leading factor (`x - 3` is read as
 * add(x, neg(3)) for add(x, num(-3)); neg(mul(2, x)) prints as `-2*x`).
 */
export function toInfix(e: Expr): string {
  return print(e).text;
}

function print(e: Expr): Printed {
  switch (e.type) {
    case 'num': {
      const text = formatNumber(e.value);
      return text.startsWith('-') ? { text, prec: NEG, minus: true } : { text, prec: ATOM, minus: false };
    }
    case 'sym':
      return { text: e.name, prec: ATOM, minus: false };
    case 'fn':
      return { text: `${e.name}(${e.args.map((a) => print(a).text).join(', ')})`, prec: ATOM, minus: false };
    case 'pow': {
      const base = print(e.args[0]);
      const exponent = print(e.args[1]);
      // `^` is right-associative in every reader, so x^2^3 needs no parentheses but (x^2)^3 does.
      const b = base.prec === ATOM ? base.text : paren(base);
      const x = exponent.prec >= POW && !exponent.minus ? exponent.text : paren(exponent);
      return { text: `${b}^${x}`, prec: POW, minus: false };
    }
    case 'neg': {
      const arg = e.args[0];
      // `-x*y` reads as (-x)*y everywhere, which is the same number as -(x*y); say it that way.
      if ((arg.type === 'mul' && arg.args.length > 0) || arg.type === 'div') return print(negateIntoLeadingFactor(arg));
      const a = print(arg);
      return { text: `-${a.prec <= MUL || a.minus ? paren(a) : a.text}`, prec: NEG, minus: true };
    }
    case 'add': {
      const terms = flattenOperands(e);
      if (terms.length === 0) return { text: '0', prec: ATOM, minus: false };
      const first = print(terms[0]);
      let text = first.text;
      for (let i = 1; i < terms.length; i++) {
        const t = terms[i];
        if (hasLeadingMinus(t)) {
          const p = print(withoutLeadingMinus(t));
          text += ` - ${p.prec <= ADD || p.minus ? paren(p) : p.text}`;
        } else {
          const p = print(t);
          text += ` + ${p.minus ? paren(p) : p.text}`;
        }
      }
      return terms.length === 1 ? first : { text, prec: ADD, minus: first.minus };
    }
    case 'mul': {
      const factors = flattenOperands(e);
      if (factors.length === 0) return { text: '1', prec: ATOM, minus: false };
      const first = print(factors[0]);
      if (factors.length === 1) return first;
      const firstText = first.prec <= ADD ? paren(first) : first.text;
      let text = firstText;
      for (let i = 1; i < factors.length; i++) {
        const p = print(factors[i]);
        // A quotient after '*' would swallow what precedes it: x*(y/z) is not x*y/z as a tree.
        text += `*${p.prec < POW || p.minus ? paren(p) : p.text}`;
      }
      return { text, prec: MUL, minus: first.minus && first.prec > ADD };
    }
    case 'div': {
      const top = print(e.args[0]);
      const bottom = print(e.args[1]);
      const t = top.prec <= ADD ? paren(top) : top.text;
      const b = bottom.prec < POW || bottom.minus ? paren(bottom) : bottom.text;
      return { text: `${t}/${b}`, prec: MUL, minus: top.minus && top.prec > ADD };
    }
  }
}
