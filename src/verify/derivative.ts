import type { FnName } from '../expr/functions.js';
import { mkAdd, mkDiv, mkMul, mkNeg, mkPow, ONE, ZERO } from '../expr/build.js';
import { freeSymbols } from '../expr/freeSymbols.js';
import { hasX, type Expr } from '../expr/types.js';

export type DerivativeResult = { ok: true; expr: Expr } | { ok: false; reason: string };

const TWO: Expr = { type: 'num', value: 2 };
const PI: Expr = { type: 'sym', name: 'pi' };

/** A derivative rule that does not exist in the whitelist (gamma needs digamma, …). */
class Unsupported extends Error {}

/**
 * Exact symbolic d/dx of a whitelisted tree.
 *
 * The result reuses the input's subtrees (by reference, so the evaluator compiles each shared piece
 * once) and is lightly simplified on the way (×0, ×1, +0, x^1, --a) so that it stays about as big as
 * the input. Branch questions disappear here: d/dx log(-x) is 1/x exactly, whatever branch of the
 * logarithm a numeric evaluation of log(-x) would take.
 *
 * Returns `{ok:false}` when a rule would need a function outside the whitelist: gamma(u) with u
 * depending on x (digamma), incomplete gamma or polylog whose order depends on x. A parameter is a
 * constant (its derivative is 0); an ODE's unknown y is refused, since its derivative is not a tree
 * of x.
 */
export function derivative(e: Expr): DerivativeResult {
  const { unknowns } = freeSymbols(e);
  if (unknowns.length > 0) return { ok: false, reason: `${unknowns[0]} is the unknown of an equation, not a function of x that can be differentiated` };
  try {
    return { ok: true, expr: new Differentiator().d(e) };
  } catch (err) {
    if (err instanceof Unsupported) return { ok: false, reason: err.message };
    throw err;
  }
}

/** d/dx of e, or undefined where `derivative` refuses (the shape `substitute` in src/expr/edit takes). */
export function derivativeOrUndefined(e: Expr): Expr | undefined {
  const d = derivative(e);
  return d.ok ? d.expr : undefined;
}

class Differentiator {
  private readonly memo = new Map<Expr, Expr>();
  private readonly xMemo = new Map<Expr, boolean>();

  private hasX(e: Expr): boolean {
    if (e.type === 'num' || e.type === 'sym') return e.type === 'sym' && e.name === 'x';
    let r = this.xMemo.get(e);
    if (r === undefined) {
      r = hasX(e);
      this.xMemo.set(e, r);
    }
    return r;
  }

  d(e: Expr): Expr {
    if (!this.hasX(e)) return ZERO;
    let r = this.memo.get(e);
    if (r === undefined) {
      r = this.rule(e);
      this.memo.set(e, r);
    }
    return r;
  }

  private rule(e: Expr): Expr {
    switch (e.type) {
      case 'num':
        return ZERO;
      case 'sym':
        return e.name === 'x' ? ONE : ZERO;
      case 'add':
        return mkAdd(e.args.map((a) => this.d(a)));
      case 'neg':
        return mkNeg(this.d(e.args[0]));
      case 'mul': {
        const terms: Expr[] = [];
        e.args.forEach((a, i) => {
          if (!this.hasX(a)) return;
          const others = e.args.filter((_, j) => j !== i);
          terms.push(mkMul([...others, this.d(a)]));
        });
        return mkAdd(terms);
      }
      case 'div': {
        const [u, v] = e.args;
        const du = this.d(u);
        if (!this.hasX(v)) return mkDiv(du, v);
        // u'/v - u v'/v^2: the first term keeps its own accuracy when u v'/v^2 is small.
        const second = mkDiv(mkMul([u, this.d(v)]), mkPow(v, TWO));
        return mkAdd([mkDiv(du, v), mkNeg(second)]);
      }
      case 'pow':
        return this.power(e.args[0], e.args[1]);
      case 'fn':
        return this.fn(e.name, e.args);
    }
  }

  private power(u: Expr, v: Expr): Expr {
    if (!this.hasX(v)) {
      // Constant exponent: v u^(v-1) u'. Keeps (-x)^3 real where the general rule would take
      // log(-x). An integer exponent stays an integer literal so the evaluator sees an integer power.
      return mkMul([v, mkPow(u, minusOne(v)), this.d(u)]);
    }
    if (!this.hasX(u)) {
      if (u.type === 'sym' && u.name === 'e') return mkMul([mkPow(u, v), this.d(v)]);
      return mkMul([mkPow(u, v), fn('log', u), this.d(v)]);
    }
    // u^v (v' log u + v u'/u)
    return mkMul([mkPow(u, v), mkAdd([mkMul([this.d(v), fn('log', u)]), mkDiv(mkMul([v, this.d(u)]), u)])]);
  }

  // Long by design: one rule per function of the whitelist, and the \`never\` at the end makes a new
  // function fail to compile until it has one; split, that check would be lost.
  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: a rule per whitelisted function (above)
  private fn(name: FnName, args: readonly Expr[]): Expr {
    if (name === 'lowergamma' || name === 'uppergamma') {
      const [s, u] = args;
      if (this.hasX(s)) throw new Unsupported(`${name}(s, u) with s depending on x has no derivative in the whitelist`);
      const inner = mkMul([mkPow(u, minusOne(s)), fn('exp', mkNeg(u)), this.d(u)]);
      return name === 'lowergamma' ? inner : mkNeg(inner);
    }
    if (name === 'polylog') {
      const [s, u] = args;
      if (this.hasX(s)) throw new Unsupported('polylog(s, u) with s depending on x has no derivative in the whitelist');
      const du = this.d(u);
      const lower = minusOne(s);
      // Li_1(u) = -log(1-u) and Li_0(u) = u/(1-u), so the chain ends in elementary functions.
      if (lower.type === 'num' && lower.value === 1) return mkNeg(mkDiv(mkMul([fn('log', mkAdd([ONE, mkNeg(u)])), du]), u));
      if (lower.type === 'num' && lower.value === 0) return mkDiv(du, mkAdd([ONE, mkNeg(u)]));
      return mkDiv(mkMul([fn('polylog', lower, u), du]), u);
    }
    const u = args[0];
    const du = this.d(u);
    const chain = (outer: Expr): Expr => mkMul([outer, du]);
    const over = (denominator: Expr): Expr => mkDiv(du, denominator);
    const sq = (a: Expr): Expr => mkPow(a, TWO);
    const oneMinusSq = (a: Expr): Expr => mkAdd([ONE, mkNeg(sq(a))]);
    switch (name) {
      case 'exp':
        return chain(fn('exp', u));
      case 'log':
        return over(u);
      case 'sqrt':
        return over(mkMul([TWO, fn('sqrt', u)]));
      case 'cbrt':
        return over(mkMul([{ type: 'num', value: 3 }, sq(fn('cbrt', u))]));
      case 'sin':
        return chain(fn('cos', u));
      case 'cos':
        return mkNeg(chain(fn('sin', u)));
      case 'tan':
        return over(sq(fn('cos', u)));
      case 'cot':
        return mkNeg(over(sq(fn('sin', u))));
      case 'sec':
        return chain(mkMul([fn('sec', u), fn('tan', u)]));
      case 'csc':
        return mkNeg(chain(mkMul([fn('csc', u), fn('cot', u)])));
      case 'asin':
        return over(fn('sqrt', oneMinusSq(u)));
      case 'acos':
        return mkNeg(over(fn('sqrt', oneMinusSq(u))));
      case 'atan':
        return over(mkAdd([ONE, sq(u)]));
      case 'acot':
        return mkNeg(over(mkAdd([ONE, sq(u)])));
      case 'asec':
        // 1/(u^2 sqrt(1 - 1/u^2)) = 1/(|u| sqrt(u^2-1)) on the real domain |u| >= 1.
        return over(mkMul([sq(u), fn('sqrt', mkAdd([ONE, mkNeg(mkDiv(ONE, sq(u)))]))]));
      case 'acsc':
        return mkNeg(over(mkMul([sq(u), fn('sqrt', mkAdd([ONE, mkNeg(mkDiv(ONE, sq(u)))]))])));
      case 'sinh':
        return chain(fn('cosh', u));
      case 'cosh':
        return chain(fn('sinh', u));
      case 'tanh':
        return over(sq(fn('cosh', u)));
      case 'coth':
        return mkNeg(over(sq(fn('sinh', u))));
      case 'sech':
        return mkNeg(chain(mkMul([fn('sech', u), fn('tanh', u)])));
      case 'csch':
        return mkNeg(chain(mkMul([fn('csch', u), fn('coth', u)])));
      case 'asinh':
        return over(fn('sqrt', mkAdd([sq(u), ONE])));
      case 'acosh':
        // The derivative of the principal acosh: 1/(sqrt(u-1) sqrt(u+1)), = 1/sqrt(u^2-1) for u > 1.
        return over(mkMul([fn('sqrt', mkAdd([u, { type: 'num', value: -1 }])), fn('sqrt', mkAdd([u, ONE]))]));
      case 'atanh':
      case 'acoth':
        return over(oneMinusSq(u));
      case 'asech':
        return mkNeg(over(mkMul([u, fn('sqrt', oneMinusSq(u))])));
      case 'acsch':
        return mkNeg(over(mkMul([sq(u), fn('sqrt', mkAdd([ONE, mkDiv(ONE, sq(u))]))])));
      case 'abs':
        return chain(fn('sign', u));
      case 'sign':
        return ZERO; // almost everywhere
      case 'erf':
        return chain(mkMul([twoOverSqrtPi(), fn('exp', mkNeg(sq(u)))]));
      case 'erfc':
        return mkNeg(chain(mkMul([twoOverSqrtPi(), fn('exp', mkNeg(sq(u)))])));
      case 'erfi':
        return chain(mkMul([twoOverSqrtPi(), fn('exp', sq(u))]));
      case 'Ei':
        return mkDiv(chain(fn('exp', u)), u);
      case 'li':
        return over(fn('log', u));
      case 'Si':
        return mkDiv(chain(fn('sin', u)), u);
      case 'Ci':
        return mkDiv(chain(fn('cos', u)), u);
      case 'Shi':
        return mkDiv(chain(fn('sinh', u)), u);
      case 'Chi':
        return mkDiv(chain(fn('cosh', u)), u);
      case 'fresnels':
        return chain(fn('sin', mkDiv(mkMul([PI, sq(u)]), TWO)));
      case 'fresnelc':
        return chain(fn('cos', mkDiv(mkMul([PI, sq(u)]), TWO)));
      case 'gamma':
        throw new Unsupported('the derivative of gamma(u) needs digamma, which is not in the whitelist');
      case 'LambertW': {
        const w = fn('LambertW', u);
        return mkDiv(chain(w), mkMul([u, mkAdd([ONE, w])]));
      }
    }
    // Every FnName has a case above (binary ones before the switch): adding a function to
    // src/expr/functions.ts fails to compile here until it has a rule (or an explicit refusal).
    const missing: never = name;
    throw new Unsupported(`no derivative rule for ${String(missing)}`);
  }
}

function fn(name: FnName, ...args: Expr[]): Expr {
  return { type: 'fn', name, args };
}

function twoOverSqrtPi(): Expr {
  return mkDiv(TWO, fn('sqrt', PI));
}

/** v - 1, as a literal when v is one (so an integer exponent stays an integer). */
function minusOne(v: Expr): Expr {
  if (v.type === 'num' && Number.isInteger(v.value)) return { type: 'num', value: v.value - 1 };
  return mkAdd([v, { type: 'num', value: -1 }]);
}
