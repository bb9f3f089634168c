import type { Expr } from './types.js';

// Tree builders that simplify the little they can see at once (+0, ×0, ×1, integer coefficients,
// --a, a/1, a^0, a^1), so that trees built rule by rule (a derivative, the real part of a complex
// answer) stay about as small as their input. They never reorder or look deeper than one level.

/** Shared by reference with the builders' callers: a tape compiles one shared literal once. */
export const ZERO: Expr = { type: 'num', value: 0 };
export const ONE: Expr = { type: 'num', value: 1 };

const isNum = (e: Expr, v: number): boolean => e.type === 'num' && e.value === v;

export function mkAdd(terms: readonly Expr[]): Expr {
  const kept: Expr[] = [];
  for (const t of terms) {
    if (isNum(t, 0)) continue;
    if (t.type === 'add') kept.push(...t.args);
    else kept.push(t);
  }
  if (kept.length === 0) return ZERO;
  return kept.length === 1 ? kept[0] : { type: 'add', args: kept };
}

export function mkNeg(a: Expr): Expr {
  if (a.type === 'num') return { type: 'num', value: -a.value + 0 };
  if (a.type === 'neg') return a.args[0];
  return { type: 'neg', args: [a] };
}

export function mkMul(factors: readonly Expr[]): Expr {
  const kept: Expr[] = [];
  let coefficient = 1;
  for (const f of factors) {
    if (isNum(f, 0)) return ZERO;
    if (f.type === 'num' && Number.isInteger(f.value)) {
      // Only integer literals are folded, and only while the product stays exact.
      const c = coefficient * f.value;
      if (Number.isSafeInteger(c)) {
        coefficient = c;
        continue;
      }
    }
    if (f.type === 'mul') kept.push(...f.args);
    else kept.push(f);
  }
  let sign = 1;
  if (coefficient < 0) {
    sign = -1;
    coefficient = -coefficient;
  }
  if (coefficient !== 1) kept.unshift({ type: 'num', value: coefficient });
  const product: Expr = kept.length === 0 ? ONE : kept.length === 1 ? kept[0] : { type: 'mul', args: kept };
  return sign < 0 ? mkNeg(product) : product;
}

export function mkDiv(a: Expr, b: Expr): Expr {
  if (isNum(a, 0)) return ZERO;
  if (isNum(b, 1)) return a;
  return { type: 'div', args: [a, b] };
}

export function mkPow(a: Expr, b: Expr): Expr {
  if (isNum(b, 0)) return ONE;
  if (isNum(b, 1)) return a;
  return { type: 'pow', args: [a, b] };
}
