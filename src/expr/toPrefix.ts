import { isConstantName, zetaOrder } from './constants.js';
import { formatNumber } from './formatNumber.js';
import type { Expr } from './types.js';

/**
 * Prefix (Polish) tokens in the convention of Lample & Charton, "Deep learning for symbolic
 * mathematics" (ICLR 2020), as their `sympy_to_prefix` writes a SymPy expression:
 *
 * - `add`, `mul`, `div`, `pow` are binary; an n-ary sum or product is right-nested, so
 *   a + b + c is `add a add b c` (nested and flattened sums give the same tokens).
 * - An integer is a sign token followed by its decimal digits, one token each:
 *   123 → `INT+ 1 2 3`, -45 → `INT- 4 5`, 0 → `INT+ 0`.
 *   A non-integer literal is written the same way with a `.` token at the decimal point:
 *   2.5 → `INT+ 2 . 5`, 0.001 → `INT+ 0 . 0 0 1` (Lample–Charton had no floats; this is our extension).
 * - A rational is `div` of two integers (1/43 → `div INT+ 1 INT+ 4 3`), which is what `div` of two
 *   literals in our trees already is.
 * - Negation is multiplication by -1, as in SymPy: -sin(x) → `mul INT- 1 sin x`; a negated literal
 *   is just a negative integer (`INT- 3`).
 * - Symbols: `x`, `pi`, `E` (Euler's number, SymPy's spelling), `Catalan`, `EulerGamma`, `oo`, and
 *   ζ(n) as SymPy's function of an integer: `zeta INT+ 3`; a parameter by its name (`A`, `C1`).
 * - Functions by name, with `ln` for the natural logarithm and `sqrt`; `cbrt(a)` is `pow a div INT+ 1 INT+ 3`
 *   (SymPy's cbrt is Pow(a, 1/3)). Other names are the whitelist's canonical names.
 */
export function toPrefix(e: Expr): string[] {
  const out: string[] = [];
  emit(e, out);
  return out;
}

function emit(e: Expr, out: string[]): void {
  switch (e.type) {
    case 'num':
      emitNumber(e.value, out);
      return;
    case 'sym': {
      const n = isConstantName(e.name) ? zetaOrder(e.name) : undefined;
      if (n !== undefined) {
        out.push('zeta');
        emitNumber(n, out);
      } else out.push(e.name === 'e' ? 'E' : e.name);
      return;
    }
    case 'add':
    case 'mul':
      emitChain(e.type, e.args, out);
      return;
    case 'div':
    case 'pow':
      out.push(e.type);
      emit(e.args[0], out);
      emit(e.args[1], out);
      return;
    case 'neg': {
      const arg = e.args[0];
      if (arg.type === 'num') {
        emitNumber(-arg.value, out);
        return;
      }
      out.push('mul', 'INT-', '1');
      emit(arg, out);
      return;
    }
    case 'fn':
      if (e.name === 'cbrt') {
        out.push('pow');
        emit(e.args[0], out);
        out.push('div', 'INT+', '1', 'INT+', '3');
        return;
      }
      out.push(e.name === 'log' ? 'ln' : e.name);
      for (const a of e.args) emit(a, out);
      return;
  }
}

function emitChain(op: 'add' | 'mul', args: readonly Expr[], out: string[]): void {
  if (args.length === 0) {
    out.push('INT+', op === 'add' ? '0' : '1');
    return;
  }
  for (let i = 0; i < args.length; i++) {
    if (i < args.length - 1) out.push(op);
    emit(args[i], out);
  }
}

function emitNumber(value: number, out: string[]): void {
  const text = formatNumber(value, Infinity);
  out.push(text.startsWith('-') ? 'INT-' : 'INT+');
  for (const ch of text) if (ch !== '-') out.push(ch);
}
