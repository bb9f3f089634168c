import { canonicalKey } from './canonicalKey.js';
import { isParameterName } from './parameters.js';
import { simplify } from './simplify.js';
import { mul, num, pow, type Expr } from './types.js';

/** What every number becomes in a signature. */
export const NUMBER_PLACEHOLDER = '#';
/** What every parameter becomes in a signature. */
export const PARAMETER_PLACEHOLDER = '@';

/**
 * The shape of a problem with its numbers erased: `2^x^2` and `612^x^2` are both `^(#,^(x,#))`, so
 * one bug found again with other constants is recognised as the same bug. It is computed on the
 * simplified tree, in the prefix notation of `canonicalKey` (operands of sums and products sorted),
 * with these rules (docs/FORMATS.md, `signature`):
 *
 * - every number is `#`: a subtree without x, `pi` or `e` (`612`, `-3`, `2.5`, `1/2`, `sqrt(2)`, `13946^4`),
 *   whether or not simplification could fold it (it folds `1008^4` and not `13946^4`); the several
 *   numbers of a sum or product are one `#`;
 * - a negation is dropped, since a sign is part of a number (`-sin(x)` is `sin(x)`, `x - 1` is `x + 1`);
 * - simplification removes a unit coefficient and a unit exponent, so `x` has no number and differs
 *   from `3*x` (`*(#,x)`): a coefficient is structure an integrator must handle (a substitution u = c·x),
 *   while `3*x` and `5*x` are one shape;
 * - `pi` and `e` are named constants, not numbers, and stay; functions keep their names;
 * - a parameter (`A`, `B` …) is structure, not a number: `A*x` is `*(@,x)`, apart from `3*x`; its letter
 *   is only a name, so `A*x` and `B*x` are one shape;
 * - repeated terms of a sum are merged first, as in `canonicalKey` (`x + x` is `2*x`), so problems with
 *   equal canonical keys have equal signatures, and repeated factors of a product likewise become a
 *   power (`2^(x*x)` is `2^x^2`: one bug). Terms that only look alike once their numbers are
 *   erased are not merged: `sin(2*x) + sin(3*x)` has two terms.
 */
export function signature(e: Expr): string {
  return shapeOf(simplify(e));
}

function shapeOf(e: Expr): string {
  if (isLiteral(e)) return NUMBER_PLACEHOLDER;
  switch (e.type) {
    case 'num':
      return NUMBER_PLACEHOLDER;
    case 'sym':
      return isParameterName(e.name) ? PARAMETER_PLACEHOLDER : e.name;
    case 'neg':
      return shapeOf(e.args[0]);
    case 'add':
      return operands('+', mergeRepeatedTerms(flatTerms(e)));
    case 'mul':
      return operands('*', mergeRepeatedFactors(e.args));
    case 'div':
      return `/(${shapeOf(e.args[0])},${shapeOf(e.args[1])})`;
    case 'pow':
      return `^(${shapeOf(e.args[0])},${shapeOf(e.args[1])})`;
    case 'fn':
      return `${e.name}(${e.args.map(shapeOf).join(',')})`;
  }
}

/** A number: a subtree of numerals alone, without x, a named constant or a parameter (3, -3, 1/2, sqrt(2), 7^15). */
function isLiteral(e: Expr): boolean {
  if (e.type === 'num') return true;
  if (e.type === 'sym') return false;
  return e.args.every(isLiteral);
}

function operands(op: '+' | '*', args: readonly Expr[]): string {
  const shapes: string[] = [];
  let literal = false;
  for (const a of args) {
    if (isLiteral(a)) literal = true;
    else shapes.push(shapeOf(a));
  }
  if (literal) shapes.push(NUMBER_PLACEHOLDER);
  if (shapes.length === 1) return shapes[0];
  return `${op}(${shapes.sort().join(',')})`;
}

function flatTerms(e: Expr): Expr[] {
  if (e.type !== 'add') return [e];
  return e.args.flatMap(flatTerms);
}

/** f · f · … (m times) is f^m, so that `x*x` and `x^2` agree. */
function mergeRepeatedFactors(factors: readonly Expr[]): Expr[] {
  return mergeRepeats(factors, (f, m) => pow(f, num(m)));
}

/** t + t + … (m times) is m·t, as canonicalKey counts it, so that `x + x` and `2*x` agree. */
function mergeRepeatedTerms(terms: readonly Expr[]): Expr[] {
  return mergeRepeats(terms, (t, m) => mul(num(m), t));
}

/** Operands equal by canonical key, merged into one by `combine(operand, times)`, in first-seen order. */
function mergeRepeats(operands: readonly Expr[], combine: (operand: Expr, times: number) => Expr): Expr[] {
  const groups = new Map<string, { operand: Expr; count: number }>();
  for (const o of operands) {
    const key = canonicalKey(o);
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { operand: o, count: 1 });
  }
  return [...groups.values()].map(({ operand, count }) => (count === 1 ? operand : simplify(combine(operand, count))));
}
