import { constantLatex, isConstantName } from './constants.js';
import { isParameterName, parameterLatex } from './parameters.js';
import { fnInfo } from './functions.js';
import { formatNumber } from './formatNumber.js';
import { flattenOperands, hasLeadingMinus, negateIntoLeadingFactor, withoutLeadingMinus } from './leadingMinus.js';
import type { Expr, Fn, SymName } from './types.js';

const ADD = 1;
const MUL = 2;
const NEG = 3;
const POW = 4;
const ATOM = 5;

interface Printed {
  readonly tex: string;
  readonly prec: number;
  readonly minus: boolean;
  /** A superscript may not be attached directly (`e^{x}`, `x^{2}` would become a double superscript). */
  readonly hasSuperscript?: boolean;
}

const wrap = (tex: string): string => `\\left(${tex}\\right)`;

/**
 * LaTeX for prompts and reports, rendered by KaTeX: `\frac{a}{b}`, `\sqrt{a}`, `e^{a}` for exp,
 * `\sin\left(x\right)`, `x^{2}`, juxtaposition for products with `\cdot` only where two numbers
 * (or a number and a fraction) would otherwise run together, and `\operatorname{…}` for functions
 * KaTeX has no command for. The natural logarithm is written `\ln` so that a reader cannot take it
 * for a base-10 logarithm.
 */
export function toLatex(e: Expr): string {
  return print(e).tex;
}

function print(e: Expr): Printed {
  switch (e.type) {
    case 'num':
      return printNumber(e.value);
    case 'sym':
      return { tex: symbolLatex(e.name), prec: ATOM, minus: false };
    case 'fn':
      return printFunction(e);
    case 'pow': {
      const base = print(e.args[0]);
      const exponent = print(e.args[1]);
      // A fraction as a base would carry the exponent on its whole box; bracket it as well.
      const b = base.prec === ATOM && !base.hasSuperscript && e.args[0].type !== 'div' ? base.tex : wrap(base.tex);
      return { tex: `${b}^{${exponent.tex}}`, prec: POW, minus: false, hasSuperscript: true };
    }
    case 'neg': {
      const arg = e.args[0];
      if ((arg.type === 'mul' && arg.args.length > 0) || arg.type === 'div') return print(negateIntoLeadingFactor(arg));
      const a = print(arg);
      return { tex: `-${a.prec <= ADD || a.minus ? wrap(a.tex) : a.tex}`, prec: NEG, minus: true };
    }
    case 'add': {
      const terms = flattenOperands(e);
      if (terms.length === 0) return { tex: '0', prec: ATOM, minus: false };
      const first = print(terms[0]);
      if (terms.length === 1) return first;
      let tex = first.tex;
      for (let i = 1; i < terms.length; i++) {
        const t = terms[i];
        if (hasLeadingMinus(t)) {
          const p = print(withoutLeadingMinus(t));
          tex += ` - ${p.prec <= ADD || p.minus ? wrap(p.tex) : p.tex}`;
        } else {
          const p = print(t);
          tex += ` + ${p.minus ? wrap(p.tex) : p.tex}`;
        }
      }
      return { tex, prec: ADD, minus: first.minus };
    }
    case 'mul': {
      const factors = flattenOperands(e);
      if (factors.length === 0) return { tex: '1', prec: ATOM, minus: false };
      const first = print(factors[0]);
      if (factors.length === 1) return first;
      let tex = first.prec <= ADD ? wrap(first.tex) : first.tex;
      for (let i = 1; i < factors.length; i++) {
        const p = print(factors[i]);
        const t = p.prec <= NEG || p.minus ? wrap(p.tex) : p.tex;
        // Juxtaposition reads as a product except where digits would run together (2 3, x^{2} 3)
        // or a fraction would read as a mixed number (2\frac{1}{2}).
        tex += /^[0-9.]|^\\frac/.test(t) ? ` \\cdot ${t}` : ` ${t}`;
      }
      return { tex, prec: MUL, minus: first.minus && first.prec > ADD };
    }
    case 'div': {
      const [top, bottom] = e.args;
      if (hasLeadingMinus(top)) {
        return { tex: `-\\frac{${print(withoutLeadingMinus(top)).tex}}{${print(bottom).tex}}`, prec: NEG, minus: true };
      }
      // A fraction is a self-contained box, so it is an atom for its neighbours.
      return { tex: `\\frac{${print(top).tex}}{${print(bottom).tex}}`, prec: ATOM, minus: false };
    }
  }
}

/** x, a constant's symbol, a parameter's letter (C_{1} for C1), or an ODE's y, y', y''. */
function symbolLatex(name: SymName): string {
  if (name === 'x') return 'x';
  if (isConstantName(name)) return constantLatex(name);
  return isParameterName(name) ? parameterLatex(name) : name;
}

function printNumber(value: number): Printed {
  const text = formatNumber(value);
  const m = /^(-?)([0-9.]+)e([+-]\d+)$/.exec(text);
  const tex = m ? `${m[1]}${m[2]} \\cdot 10^{${Number(m[3])}}` : text;
  if (tex.startsWith('-')) return { tex, prec: NEG, minus: true };
  return m ? { tex, prec: MUL, minus: false } : { tex, prec: ATOM, minus: false };
}

function printFunction(e: Fn): Printed {
  const args = e.args.map((a) => print(a).tex);
  switch (e.name) {
    case 'exp':
      return { tex: `e^{${args[0]}}`, prec: ATOM, minus: false, hasSuperscript: true };
    case 'sqrt':
      return { tex: `\\sqrt{${args[0]}}`, prec: ATOM, minus: false };
    case 'cbrt':
      return { tex: `\\sqrt[3]{${args[0]}}`, prec: ATOM, minus: false };
    case 'abs':
      return { tex: `\\left|${args[0]}\\right|`, prec: ATOM, minus: false };
    case 'log':
      return { tex: `\\ln${wrap(args[0])}`, prec: ATOM, minus: false };
    case 'polylog':
      return { tex: `\\operatorname{Li}_{${args[0]}}${wrap(args[1])}`, prec: ATOM, minus: false };
    default:
      return { tex: `${fnInfo(e.name).latex}${wrap(args.join(', '))}`, prec: ATOM, minus: false };
  }
}
