import { mkAdd, mkDiv, mkMul, mkNeg } from '../../expr/build.js';
import { isOdeUnknown, unknownOrder } from '../../expr/odeUnknowns.js';
import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { clip } from '../../util/clip.js';

/** A tree as c0·y + c1·y' + c2·y'' + rest, each part free of y (undefined for an absent one). */
export interface LinearParts {
  readonly coefficients: readonly [Expr | undefined, Expr | undefined, Expr | undefined];
  readonly rest: Expr | undefined;
}

class NotLinear extends Error {}

/**
 * The tree written as a linear combination of y, y' and y'' (the ODE reader's unknowns) with
 * coefficients free of them, plus what is left: or why it is not linear (`y*y'`, `y^2`, `sin(y)`,
 * `1/y`). The parts are built with the light simplifications of expr/build.ts, never reordered.
 */
export function linearForm(e: Expr): { ok: true; parts: LinearParts } | { ok: false; reason: string } {
  try {
    return { ok: true, parts: new Splitter().split(e) };
  } catch (error) {
    if (error instanceof NotLinear) return { ok: false, reason: error.message };
    throw error;
  }
}

const shown = (e: Expr): string => clip(toInfix(e), 60);

class Splitter {
  private readonly memo = new Map<Expr, boolean>();

  private hasUnknown(e: Expr): boolean {
    if (e.type === 'sym') return isOdeUnknown(e.name);
    if (e.type === 'num') return false;
    let r = this.memo.get(e);
    if (r === undefined) {
      r = e.args.some((a) => this.hasUnknown(a));
      this.memo.set(e, r);
    }
    return r;
  }

  split(e: Expr): LinearParts {
    if (!this.hasUnknown(e)) return { coefficients: [undefined, undefined, undefined], rest: e };
    switch (e.type) {
      case 'sym': {
        const c: [Expr | undefined, Expr | undefined, Expr | undefined] = [undefined, undefined, undefined];
        if (isOdeUnknown(e.name)) c[unknownOrder(e.name)] = { type: 'num', value: 1 };
        return { coefficients: c, rest: undefined };
      }
      case 'neg':
        return this.scale(this.split(e.args[0]), (c) => mkNeg(c));
      case 'add':
        return e.args.map((a) => this.split(a)).reduce((a, b) => this.sum(a, b));
      case 'mul': {
        const carrying = e.args.filter((a) => this.hasUnknown(a));
        if (carrying.length > 1) throw new NotLinear(`the equation is not linear in y: ${shown(e)} multiplies terms in y`);
        const others = e.args.filter((a) => !this.hasUnknown(a));
        return this.scale(this.split(carrying[0]), (c) => mkMul([...others, c]));
      }
      case 'div': {
        const [top, bottom] = e.args;
        if (this.hasUnknown(bottom)) throw new NotLinear(`the equation is not linear in y: ${shown(e)} divides by a term in y`);
        return this.scale(this.split(top), (c) => mkDiv(c, bottom));
      }
      case 'pow': {
        const [base, exponent] = e.args;
        if (!this.hasUnknown(exponent) && exponent.type === 'num' && exponent.value === 1) return this.split(base);
        throw new NotLinear(`the equation is not linear in y: ${shown(e)} is a power of a term in y`);
      }
      case 'fn':
        throw new NotLinear(`the equation is not linear in y: ${shown(e)} applies ${e.name} to a term in y`);
      case 'num':
        return { coefficients: [undefined, undefined, undefined], rest: e };
    }
  }

  private scale(p: LinearParts, by: (c: Expr) => Expr): LinearParts {
    const [c0, c1, c2] = p.coefficients;
    const f = (c: Expr | undefined) => (c === undefined ? undefined : by(c));
    return { coefficients: [f(c0), f(c1), f(c2)], rest: f(p.rest) };
  }

  private sum(a: LinearParts, b: LinearParts): LinearParts {
    const add = (u: Expr | undefined, v: Expr | undefined) => (u === undefined ? v : v === undefined ? u : mkAdd([u, v]));
    return {
      coefficients: [add(a.coefficients[0], b.coefficients[0]), add(a.coefficients[1], b.coefficients[1]), add(a.coefficients[2], b.coefficients[2])],
      rest: add(a.rest, b.rest),
    };
  }
}
