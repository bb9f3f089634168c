import { MAX_ZETA_ORDER } from './constants.js';
import { isUnsupportedFunction } from './isUnsupportedFunction.js';

// A name applied to arguments: `name(`, `name[` (Mathematica), and in LaTeX `\operatorname{name}(`
// or `name\left(`. Bounded quantifiers and a 40-character name keep the scan linear.
const CALL = /\b([A-Za-z_][A-Za-z0-9_]{0,39})\s{0,8}\}?\s{0,8}(?:\(|\[|\\left\s{0,8}[([])/g;

// The rest of `zeta(n)` after its opening parenthesis: the constant ζ(n), which sagga reads.
const ZETA_CONSTANT_REST = /^\s{0,8}(\d{1,4})\s{0,8}(?:\\right\s{0,8})?\)/;

/**
 * The first call of a function sagga does not support in `text` (as `isUnsupportedFunction`), with
 * its offset; undefined when there is none. Readers use it to say why a text they could not read is
 * refused, whatever else in it they stumbled on first. `zeta(n)` for an integer n that sagga reads
 * as a constant is not such a call, nor is one of the names the reader was asked to read (`reads`:
 * the ODE reader's `Derivative` and `diff`).
 */
export function findUnsupportedCall(text: string, reads?: ReadonlySet<string>): { readonly name: string; readonly position: number } | undefined {
  CALL.lastIndex = 0;
  for (let m = CALL.exec(text); m !== null; m = CALL.exec(text)) {
    if (!isUnsupportedFunction(m[1]) || reads?.has(m[1]) === true) continue;
    if (m[1] === 'zeta') {
      const n = ZETA_CONSTANT_REST.exec(text.slice(CALL.lastIndex, CALL.lastIndex + 40));
      if (n !== null && Number(n[1]) >= 2 && Number(n[1]) <= MAX_ZETA_ORDER) continue;
    }
    return { name: m[1], position: m.index };
  }
  return undefined;
}
