import { isConstantName, type ConstantName } from '../../expr/constants.js';
import type { FnName } from '../../expr/functions.js';
import { isParameterName } from '../../expr/parameters.js';
import type { Expr, SymName } from '../../expr/types.js';
import { decimalFraction } from './decimalFraction.js';

/**
 * How one CAS spells constants and functions. `fn` receives the already printed arguments and
 * returns a complete, self-delimiting call or a parenthesized rewrite (e.g. Algebrite has no `sec`,
 * so sec(u) becomes `(1/cos(u))`).
 */
export interface CasDialect {
  readonly constant: (name: ConstantName) => string;
  readonly fn: (name: FnName, args: readonly string[]) => string;
}

// Binding strength of what a printed string is at its top level; a child is wrapped in parentheses
// whenever the parent needs something tighter. Parentheses are added generously: the printed text
// is read by someone else's parser, whose precedence rules for unary minus and `^` we do not trust.
enum Prec {
  Add = 1,
  Mul = 2,
  Neg = 3,
  Pow = 4,
  Atom = 5,
}

interface Printed {
  readonly text: string;
  readonly prec: Prec;
}

const wrap = (p: Printed): string => `(${p.text})`;

/** Print a tree in the plain infix syntax that nerdamer and Algebrite both read, per `dialect`. */
export function printForCas(e: Expr, dialect: CasDialect): string {
  return print(e, dialect).text;
}

/**
 * x, a constant in the dialect's spelling, or a parameter by its name (a capital letter or C1 … C9,
 * which every CAS reads as a symbol). An ODE's unknown never reaches a CAS: the ODE reader takes it
 * out of the tree.
 */
function printSymbol(name: SymName, d: CasDialect): string {
  if (name === 'x') return 'x';
  if (isConstantName(name)) return d.constant(name);
  if (isParameterName(name)) return name;
  throw new Error(`the ODE's unknown ${name} cannot be printed for a CAS`);
}

function print(e: Expr, d: CasDialect): Printed {
  switch (e.type) {
    case 'num':
      return printNumber(e.value);
    case 'sym':
      return { text: printSymbol(e.name, d), prec: Prec.Atom };
    case 'fn':
      return {
        text: d.fn(
          e.name,
          e.args.map((a) => print(a, d).text),
        ),
        prec: Prec.Atom,
      };
    case 'neg': {
      const inner = print(e.args[0], d);
      return { text: `-${inner.prec === Prec.Atom ? inner.text : wrap(inner)}`, prec: Prec.Neg };
    }
    case 'add': {
      let text = '';
      e.args.forEach((term, i) => {
        if (term.type === 'neg') {
          const inner = print(term.args[0], d);
          const body = inner.prec >= Prec.Mul && inner.prec !== Prec.Neg ? inner.text : wrap(inner);
          text += i === 0 ? `-${body}` : ` - ${body}`;
        } else {
          const p = print(term, d);
          const body = p.prec === Prec.Add ? wrap(p) : p.text;
          text += i === 0 ? body : ` + ${body}`;
        }
      });
      return { text, prec: Prec.Add };
    }
    case 'mul': {
      const parts = e.args.map((f) => {
        const p = print(f, d);
        return p.prec >= Prec.Pow || f.type === 'mul' ? p.text : wrap(p);
      });
      return { text: parts.join('*'), prec: Prec.Mul };
    }
    case 'div': {
      const [a, b] = e.args;
      const pa = print(a, d);
      const pb = print(b, d);
      const num = pa.prec >= Prec.Pow || a.type === 'mul' ? pa.text : wrap(pa);
      const den = pb.prec === Prec.Atom ? pb.text : wrap(pb);
      return { text: `${num}/${den}`, prec: Prec.Mul };
    }
    case 'pow': {
      const pb = print(e.args[0], d);
      const pe = print(e.args[1], d);
      const base = pb.prec === Prec.Atom ? pb.text : wrap(pb);
      const exponent = pe.prec === Prec.Atom ? pe.text : wrap(pe);
      return { text: `${base}^${exponent}`, prec: Prec.Pow };
    }
  }
}

function printNumber(value: number): Printed {
  const { numerator, denominator } = decimalFraction(value);
  if (denominator === 1n) {
    return numerator < 0n ? { text: `(${numerator})`, prec: Prec.Atom } : { text: String(numerator), prec: Prec.Atom };
  }
  return { text: `(${numerator}/${denominator})`, prec: Prec.Atom };
}
