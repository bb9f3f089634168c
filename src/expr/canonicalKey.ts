import { asRational, exactText, rationalExpr, type Rational } from './rational.js';
import { simplify } from './simplify.js';
import type { Expr } from './types.js';

/**
 * A compact string that is equal for trivially identical problems: `x+1` and `1+x`, `2*x` and
 * `x*2`, `(x+1)+2` and `x+(1+2)`, `x+x` and `2*x`. It simplifies the tree, orders the operands of
 * every sum and product by their own keys (a total order on subtrees), and serialises in prefix form.
 * Different expressions that are not rearrangements of each other get different keys.
 */
export function canonicalKey(e: Expr): string {
  return keyOf(simplify(e));
}

function keyOf(e: Expr): string {
  switch (e.type) {
    case 'num':
      return String(e.value + 0);
    case 'sym':
      return e.name;
    case 'add':
      return `+(${mergeRepeatedTerms(operandKeys('add', e.args)).join(',')})`;
    case 'mul':
      return `*(${operandKeys('mul', e.args).join(',')})`;
    case 'div':
      return `/(${keyOf(e.args[0])},${keyOf(e.args[1])})`;
    case 'pow':
      return `^(${keyOf(e.args[0])},${keyOf(e.args[1])})`;
    case 'neg':
      return `-(${keyOf(e.args[0])})`;
    case 'fn':
      return `${e.name}(${e.args.map(keyOf).join(',')})`;
  }
}

/**
 * Sorted keys of a sum's or product's operands. A simplified sum or product holds more than one
 * literal only when their exact total passed the literal bound; then which literals it holds depends
 * on how the input was nested ((8*k)*7*7 vs 8*k*7*7), so they are described by their exact total.
 */
function operandKeys(op: 'add' | 'mul', args: readonly Expr[]): string[] {
  const keys: string[] = [];
  const literals: Rational[] = [];
  for (const a of args) {
    const r = asRational(a);
    if (r) literals.push(r);
    else keys.push(keyOf(a));
  }
  if (literals.length === 1) keys.push(keyOf(rationalExpr(literals[0])));
  else if (literals.length > 1) keys.push(exactText(op, literals));
  return keys.sort();
}

/**
 * t + t + … (m times) has the key of m*t when t has no numeric coefficient of its own, which is the
 * form `simplify` gives 2*x. Keys arrive sorted, so repeats are adjacent.
 */
function mergeRepeatedTerms(sorted: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    const m = j - i;
    out.push(m === 1 ? sorted[i] : mulKey(m, sorted[i]));
    i = j;
  }
  return out.sort();
}

function mulKey(m: number, key: string): string {
  // m*(a*b) is the flat product *(m,a,b), as simplify would build it.
  const factors = key.startsWith('*(') ? splitTopLevel(key.slice(2, -1)) : [key];
  return `*(${[String(m), ...factors].sort().join(',')})`;
}

function splitTopLevel(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}
