import { canonicalKey } from '../expr/canonical.js';
import { compileReal } from '../expr/evalReal.js';
import { toInfix } from '../expr/print.js';
import { hasX, isLeaf, mul, type Expr } from '../expr/types.js';

/** Where a sum is compared with its terms: irrational-looking points on both sides of 0, of several sizes. */
// biome-ignore lint/suspicious/noApproximativeNumericConstant: points that only look irrational; none needs to be a constant exactly
const SAMPLE_POINTS = [0.3183098862, -0.5772156649, 1.4142135624, -2.7182818285, 3.3166247904, -7.0710678119, 12.566370614, 0.0437];

/** A sum is identically 0 when it is this small next to its largest term at every point where it is finite; two terms are alike when their ratio varies less than this. */
const RELATIVE_ZERO = 1e-9;

/**
 * Why a generated problem is not worth a line of a problem set, or undefined when it is: it does not
 * depend on x (a constant's antiderivative tests nothing), it has like terms not combined (`x + x`,
 * `3*x - 5*x`, `1/x - x/x^2`: an artefact of generation no benchmark would print), or it is
 * identically 0 (its terms cancel, as a·f + b·g does when b·g = -a·f).
 */
export function degenerateReason(problem: Expr): string | undefined {
  if (!hasX(problem)) return `${toInfix(problem)} does not depend on x`;
  const repeated = likeTerms(problem);
  if (repeated !== undefined) return `like terms ${toInfix(repeated[0])} and ${toInfix(repeated[1])} are not combined`;
  if (problem.type === 'add' && vanishes(problem.args)) return `${toInfix(problem)} is identically 0`;
  return undefined;
}

/**
 * Two terms of one sum, anywhere in the tree, that are like terms: the same but for a factor free of
 * x (`-3*x` and `18*x`), or, numerically, in a constant ratio at every point compared (`1/x` and
 * `x/x^2`, `sqrt(x)` and `x/(2*sqrt(x))`, two constants).
 */
function likeTerms(e: Expr): [Expr, Expr] | undefined {
  if (isLeaf(e)) return undefined;
  if (e.type === 'add') {
    const keys = e.args.map((t) => canonicalKey(withoutConstantFactors(t)));
    const compiled = e.args.map(compileReal);
    for (let i = 0; i < e.args.length; i++) {
      for (let j = i + 1; j < e.args.length; j++) {
        const fi = compiled[i];
        const fj = compiled[j];
        if (keys[i] === keys[j] || (fi !== undefined && fj !== undefined && proportional(fi, fj))) return [e.args[i], e.args[j]];
      }
    }
  }
  for (const c of e.args) {
    const found = likeTerms(c);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A term without its factors free of x (its sign and coefficient): `-3*x*sin(x)` → `x*sin(x)`; a constant → 1. */
function withoutConstantFactors(term: Expr): Expr {
  if (!hasX(term)) return { type: 'num', value: 1 };
  if (term.type === 'neg') return withoutConstantFactors(term.args[0]);
  if (term.type === 'mul') {
    const rest = term.args.filter(hasX);
    return rest.length === 1 ? rest[0] : mul(...rest);
  }
  return term;
}

/** Is f / g the same nonzero constant at every sample point where both are finite and g is not 0 (at least 3)? */
function proportional(f: (x: number) => number, g: (x: number) => number): boolean {
  let ratio: number | undefined;
  let compared = 0;
  for (const x of SAMPLE_POINTS) {
    const a = f(x);
    const b = g(x);
    if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) continue;
    const r = a / b;
    if (!Number.isFinite(r) || r === 0) return false;
    if (ratio === undefined) ratio = r;
    else if (Math.abs(r - ratio) > RELATIVE_ZERO * Math.abs(ratio)) return false;
    compared++;
  }
  return compared >= 3;
}

/** Do the terms cancel: the sum negligible next to its largest term wherever it is finite? */
function vanishes(terms: readonly Expr[]): boolean {
  const compiled = terms.map(compileReal);
  if (compiled.some((f) => f === undefined)) return false;
  let finite = 0;
  for (const x of SAMPLE_POINTS) {
    const values = compiled.map((f) => f!(x));
    if (!values.every(Number.isFinite)) continue;
    finite++;
    const sum = values.reduce((a, b) => a + b, 0);
    const largest = Math.max(...values.map(Math.abs));
    if (Math.abs(sum) > RELATIVE_ZERO * largest) return false;
  }
  return finite >= 3;
}
