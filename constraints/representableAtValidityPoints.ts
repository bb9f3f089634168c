import { isConstantName } from '../src/expr/constants.js';
import { constantValue } from '../src/expr/constantValue.js';
import { compileReal, type RealFunction } from '../src/expr/evalReal.js';
import type { FnName } from '../src/expr/functions.js';
import type { Expr } from '../src/expr/types.js';
import { VALIDITY_POINTS } from './finiteAtValidityPoints.js';
import { OK, type Constraint } from './types.js';

/** The smallest positive normal double (2^-1022): a nonzero value below it has lost digits. */
const SMALLEST_NORMAL = 2 ** -1022;

// Functions that are never 0 for a finite argument: a 0 from one of them is an underflow.
const NEVER_ZERO: ReadonlySet<FnName> = new Set<FnName>(['exp', 'erfc', 'sech', 'csch', 'cosh', 'gamma']);

/** A value and whether a step on the way to it over- or underflowed a double. */
interface Tracked {
  readonly value: number;
  readonly lost: boolean;
}

const unaryCache = new Map<FnName, RealFunction | undefined>();

/** The real function `name` of one argument, as src/expr/evalReal computes it; undefined if it has none. */
function unary(name: FnName): RealFunction | undefined {
  if (!unaryCache.has(name)) unaryCache.set(name, compileReal({ type: 'fn', name, args: [{ type: 'sym', name: 'x' }] }));
  return unaryCache.get(name);
}

const tiny = (v: number): boolean => v !== 0 && Math.abs(v) < SMALLEST_NORMAL;
const finiteNonzero = (v: number): boolean => Number.isFinite(v) && v !== 0;

/**
 * Evaluate like evalReal, noting every step that leaves a double's range: a finite result that
 * becomes infinite, a product, quotient, power or exponential of nonzero numbers that becomes 0 or
 * subnormal. Undefined when a function has no real evaluation here.
 */
function evaluate(e: Expr, x: number): Tracked | undefined {
  switch (e.type) {
    case 'num':
      return { value: e.value, lost: false };
    case 'sym':
      if (e.name === 'x') return { value: x, lost: false };
      // A parameter has no value until it is instantiated.
      return isConstantName(e.name) ? { value: constantValue(e.name), lost: false } : undefined;
    case 'neg': {
      const a = evaluate(e.args[0], x);
      return a && { value: -a.value, lost: a.lost };
    }
    case 'add':
    case 'mul': {
      const parts: Tracked[] = [];
      for (const c of e.args) {
        const t = evaluate(c, x);
        if (t === undefined) return undefined;
        parts.push(t);
      }
      const value = e.type === 'add' ? parts.reduce((s, p) => s + p.value, 0) : parts.reduce((s, p) => s * p.value, 1);
      const inputsFinite = parts.every((p) => Number.isFinite(p.value));
      const overflow = inputsFinite && !Number.isFinite(value);
      const underflow = e.type === 'mul' && parts.every((p) => finiteNonzero(p.value)) && (value === 0 || tiny(value));
      return { value, lost: parts.some((p) => p.lost) || overflow || underflow };
    }
    case 'div':
    case 'pow': {
      const a = evaluate(e.args[0], x);
      const b = evaluate(e.args[1], x);
      if (a === undefined || b === undefined) return undefined;
      const value = e.type === 'div' ? a.value / b.value : Math.pow(a.value, b.value);
      // 1/0 and 0^-1 are poles (undefined), not overflows; only nonzero finite inputs can overflow.
      const inputs = finiteNonzero(a.value) && Number.isFinite(b.value) && (e.type === 'pow' || b.value !== 0);
      const left = inputs && (!Number.isFinite(value) ? !Number.isNaN(value) : value === 0 || tiny(value));
      return { value, lost: a.lost || b.lost || left };
    }
    case 'fn': {
      if (e.args.length !== 1) {
        const f = compileReal(e);
        if (f === undefined) return undefined;
        const args = e.args.map((c) => evaluate(c, x));
        if (args.some((t) => t === undefined)) return undefined;
        const value = f(x);
        return { value, lost: args.some((t) => t!.lost) || tiny(value) };
      }
      const f = unary(e.name);
      const a = evaluate(e.args[0], x);
      if (f === undefined || a === undefined) return undefined;
      const value = f(a.value);
      const overflow = Number.isFinite(a.value) && (value === Infinity || value === -Infinity) && a.value !== 0;
      const underflow = Number.isFinite(a.value) && (tiny(value) || (value === 0 && NEVER_ZERO.has(e.name)));
      return { value, lost: a.lost || overflow || underflow };
    }
  }
}

/**
 * A value a double holds at no fewer than `limits.minFinitePoints` of the 16 VALIDITY_POINTS:
 * finite, and reached without overflowing or underflowing on the way. `576^(-893)` is 0 in double
 * arithmetic everywhere, though it is not 0; a verifier comparing doubles cannot judge answers to
 * it, and no exact answer fits sagga's literal limits (its denominator has 2,466 digits). Trees
 * using functions the real evaluator does not know pass rather than being refused.
 */
export const representableAtValidityPoints: Constraint = {
  name: 'representable-at-validity-points',
  check: (e, { limits }) => {
    let representable = 0;
    for (let i = 0; i < VALIDITY_POINTS.length && representable < limits.minFinitePoints; i++) {
      const t = evaluate(e, VALIDITY_POINTS[i]);
      if (t === undefined) return OK;
      if (Number.isFinite(t.value) && !t.lost && !tiny(t.value)) representable++;
    }
    if (representable < limits.minFinitePoints) {
      return {
        ok: false,
        reason: `over- or underflows a double (representable at fewer than ${limits.minFinitePoints} of ${VALIDITY_POINTS.length} sample points)`,
      };
    }
    return OK;
  },
};
