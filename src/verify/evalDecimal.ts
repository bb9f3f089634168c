import { Decimal } from 'decimal.js';
import { constantDecimal } from '../expr/constantDecimal.js';
import type { FnName } from '../expr/functions.js';
import { Op, type Tape } from './tape.js';
import { DECIMAL_FN_UNITS, DECIMAL_OP_UNITS, type WorkMeter } from './workMeter.js';

/** Digits used to re-check points where double precision cannot decide (and twice that, to see
 * whether the first answer was already stable). */
export const HIGH_PRECISION_DIGITS = 32;

type Dec = Decimal;

/** Digits a value must keep, after the digits lost to cancellation and ill-conditioning, to be
 * believed: fewer, and the value is treated as unknown (its size may still show that it vanishes). */
export const RELIABLE_DIGITS = 15;

/** A value, `null` where the point is outside what decimals can evaluate, `'exhausted'` when the
 * meter's work ran out, `'timeout'` when its wall-clock backstop fired. The point is a double or a
 * decimal, taken with all its digits: a quadrature node 10^-30 from an endpoint, or 1/3 + 2^-40,
 * only exists as a decimal. */
export type DecimalEvaluator = (x: number | Dec, meter?: WorkMeter) => DecimalValue | null | 'exhausted' | 'timeout';

/** A decimal result and how many of its leading digits survived cancellation and conditioning. */
export interface DecimalValue {
  readonly value: Dec;
  readonly reliableDigits: number;
  /** Decimal exponent of the largest value met on the way: the rounding noise of the result is
   * about 10^(magnitude - digits), whatever cancelled. */
  readonly magnitude: number;
}

const UNLIMITED: WorkMeter = { left: Infinity, deadline: Infinity };

interface Context {
  readonly D: typeof Decimal;
  readonly ONE: Dec;
  readonly PI: Dec;
}

const contexts = new Map<number, Context>();

/**
 * decimal.js's class at `digits` digits, shared with the evaluators (one clone per precision), for
 * callers that compute with decimals of their own (extrapolations, Taylor coefficients).
 */
export function decimalAt(digits: number): typeof Decimal {
  return contextFor(digits).D;
}

function contextFor(digits: number): Context {
  let c = contexts.get(digits);
  if (c === undefined) {
    const D = Decimal.clone({ precision: digits, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -9e15, toExpPos: 9e15, minE: -9e15, maxE: 9e15 });
    c = { D, ONE: new D(1), PI: constantDecimal('pi', D) };
    contexts.set(digits, c);
  }
  return c;
}

/**
 * Real evaluation of a tape in decimal arithmetic at `digits` digits. Returns null where a value
 * leaves the reals (log of a negative, even root of a negative; an odd root of a negative expression
 * in x is its real root, as in the double evaluator) or uses a function decimal.js does not provide:
 * such points stay undecided rather than being guessed. The result says how many of its digits
 * survived cancellation and conditioning; a caller believes it only from RELIABLE_DIGITS on. Every
 * operation is paid from the meter's work (a function costs more than arithmetic), so the same point
 * costs the same on any machine. The input x is taken exactly as the double it is, so both sides
 * are compared at the same point; a decimal x is taken with all its digits.
 */
// Long by design: one case per operation of the tape, each paid from the meter; the cases share the
// registers of one compiled tape.
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a case per operation of the tape (above)
export function createDecimalEvaluator(tape: Tape, digits = HIGH_PRECISION_DIGITS): DecimalEvaluator {
  const { instrs } = tape;
  const { D, ONE, PI } = contextFor(digits);
  const values: (Dec | null)[] = new Array(instrs.length).fill(null);
  // Decimal digits lost so far by each value: cancellation in sums and the condition number of
  // functions. Catches what a comparison of two precisions cannot: a sum of terms near 1e140 that
  // cancels to 1e-139 is 0 at 40 digits and again 0 at 80, a "stable" but meaningless result.
  const lost = new Float64Array(instrs.length);
  const scale = digits / HIGH_PRECISION_DIGITS;
  const opUnits = DECIMAL_OP_UNITS * scale;
  const fnUnits = DECIMAL_FN_UNITS * scale * scale;
  const costs = Float64Array.from(instrs, (ins) => {
    const integerPower = ins.op === Op.Pow && instrs[ins.args[1]].op === Op.Num && Number.isInteger(instrs[ins.args[1]].value);
    return ins.op === Op.Fn || (ins.op === Op.Pow && !integerPower) ? fnUnits : opUnits;
  });
  return (x: number | Dec, meter = UNLIMITED) => {
    try {
      return run(x, meter);
    } catch {
      // decimal.js throws on what it cannot do (e.g. trigonometry of arguments so large that
      // reducing them would need more digits of π than it keeps): undecided, not a crash.
      return null;
    }
  };

  function run(x: number | Dec, meter: WorkMeter): DecimalValue | null | 'exhausted' | 'timeout' {
    const xd = new D(x);
    let magnitude = -Infinity;
    for (let i = 0; i < instrs.length; i++) {
      if ((i & 15) === 15 && performance.now() > meter.deadline) return 'timeout';
      const ins = instrs[i];
      meter.left -= costs[i];
      if (meter.left < 0) return 'exhausted';
      const a = ins.args;
      let v: Dec | null;
      let l = 0;
      for (let k = 0; k < a.length; k++) l = Math.max(l, lost[a[k]]);
      switch (ins.op) {
        case Op.Num:
          v = new D(ins.value);
          break;
        case Op.Const:
          v = constantDecimal(ins.named!, D);
          break;
        case Op.X:
          v = xd;
          break;
        case Op.Neg:
          v = values[a[0]]?.neg() ?? null;
          break;
        case Op.Add: {
          // A term's error is its size times its own lost digits: a term that lost every digit but is
          // 10^-30 of the sum (cos x at π/2 in cos(x) + 2) costs the sum nothing. So the sum loses
          // max over terms of (exponent + lost digits) minus its own exponent, which is also the
          // cancellation of terms that were exact.
          let s: Dec | null = new D(0);
          let worst = -Infinity;
          for (let k = 0; k < a.length && s !== null; k++) {
            const t = values[a[k]];
            if (t !== null) {
              // A 0 that is the remains of a cancellation carries an error no exponent shows; any other
              // 0 (0^2 at x = 0) is exact.
              if (t.isZero()) worst = lost[a[k]] === Infinity ? Infinity : worst;
              else worst = Math.max(worst, t.e + lost[a[k]]);
            }
            s = t === null ? null : s.plus(t);
          }
          l = 0;
          if (s !== null && worst > -Infinity) l = s.isZero() || worst === Infinity ? Infinity : Math.max(0, worst - s.e);
          v = s;
          break;
        }
        case Op.Mul: {
          let p: Dec | null = ONE;
          for (let k = 0; k < a.length && p !== null; k++) {
            const t = values[a[k]];
            p = t === null ? null : p.times(t);
          }
          v = p;
          break;
        }
        case Op.Div: {
          const n = values[a[0]];
          const d = values[a[1]];
          v = n === null || d === null || d.isZero() ? null : n.div(d);
          break;
        }
        case Op.Pow: {
          const b = values[a[0]];
          const e = values[a[1]];
          v = power(b, e, ins.oddRoot?.p);
          // Relative condition: |e| with respect to the base, |e·ln b| to the exponent.
          if (v !== null && b !== null && e !== null && !e.isZero()) l += Math.max(0, e.e + 1 + Math.log10(Math.abs(b.e) + 1));
          break;
        }
        case Op.Fn: {
          const arg = a.length === 1 ? values[a[0]] : null;
          v = arg === null ? null : unary(ins.name, arg, ONE, PI);
          if (v !== null && arg !== null) l += conditionDigits(ins.name, arg, v);
          break;
        }
      }
      if (v !== null && !v.isFinite()) v = null;
      if (v !== null && !v.isZero() && v.e > magnitude) magnitude = v.e;
      values[i] = v;
      lost[i] = l;
    }
    const last = instrs.length - 1;
    const value = values[last];
    const reliableDigits = Math.max(0, Math.floor(digits - lost[last]));
    return value === null ? null : { value, reliableDigits, magnitude: magnitude === -Infinity ? 0 : magnitude };
  }
}

/**
 * Decimal digits a function loses to its relative condition number |a·f'(a)/f(a)|, estimated from
 * exponents (a digit or so of slack is covered by RELIABLE_DIGITS).
 */
function conditionDigits(name: FnName | '', a: Dec, v: Dec): number {
  if (a.isZero()) return 0;
  if (v.isZero()) return Infinity;
  return (name === '' ? inverseCondition : CONDITION[name])(a, v);
}

type ConditionRule = (a: Dec, v: Dec) => number;
/** exp-like: |a·f'/f| is about |a|. */
const expCondition: ConditionRule = (a) => Math.max(0, a.e + 1);
/** |a|·|f'/f| is about |a|/|sin| near a zero of sin and |a|·|f| near a pole. */
const trigCondition: ConditionRule = (a, v) => Math.max(0, a.e + Math.abs(v.e) + 1);
const wellConditioned: ConditionRule = () => 0;
/** Inverse functions: |a/f(a)| is the condition number's leading factor away from branch points. */
const inverseCondition: ConditionRule = (a, v) => Math.max(0, a.e - v.e + 1);

/** How each function's condition is estimated (only those DECIMAL_FUNCTIONS evaluates are ever asked). */
const CONDITION: Record<FnName, ConditionRule> = {
  exp: expCondition,
  log: (_a, v) => Math.max(0, -v.e),
  sqrt: wellConditioned,
  cbrt: wellConditioned,
  sin: trigCondition,
  cos: trigCondition,
  tan: trigCondition,
  cot: trigCondition,
  sec: trigCondition,
  csc: trigCondition,
  asin: inverseCondition,
  acos: inverseCondition,
  atan: inverseCondition,
  acot: inverseCondition,
  asec: inverseCondition,
  acsc: inverseCondition,
  sinh: expCondition,
  cosh: expCondition,
  tanh: inverseCondition,
  coth: inverseCondition,
  sech: expCondition,
  csch: expCondition,
  asinh: inverseCondition,
  acosh: inverseCondition,
  atanh: inverseCondition,
  acoth: inverseCondition,
  asech: inverseCondition,
  acsch: inverseCondition,
  abs: wellConditioned,
  sign: wellConditioned,
  erf: inverseCondition,
  erfc: inverseCondition,
  erfi: inverseCondition,
  Ei: inverseCondition,
  li: inverseCondition,
  Si: inverseCondition,
  Ci: inverseCondition,
  Shi: inverseCondition,
  Chi: inverseCondition,
  gamma: inverseCondition,
  lowergamma: inverseCondition,
  uppergamma: inverseCondition,
  fresnels: inverseCondition,
  fresnelc: inverseCondition,
  polylog: inverseCondition,
  LambertW: inverseCondition,
};

/** b^e; `oddRootNumerator` is p when e is a constant p/q with q odd, whose negative bases take the real root. */
function power(b: Dec | null, e: Dec | null, oddRootNumerator?: number): Dec | null {
  if (b === null || e === null) return null;
  if (b.isZero()) return e.isPositive() && !e.isZero() ? b : null;
  if (b.isNegative() && !e.isInteger()) {
    if (oddRootNumerator === undefined) return null;
    const root = power(b.neg(), e);
    return root === null || oddRootNumerator % 2 === 0 ? root : root.neg();
  }
  // Guard against exponents whose result cannot be represented (decimal.js would grind).
  if (e.isInteger() && e.abs().gt(1e6)) return null;
  // A non-integer power is exp(e·ln b), as slow as exp of that argument. |ln b| from the double of b
  // where b has one (so (1 + 1/x)^x keeps a value far out), from b's exponent where it does not.
  if (!e.isInteger() && e.abs().times(lnMagnitude(b)).gt(HUGE_EXP)) return null;
  return b.pow(e);
}

/** An upper estimate of |ln b| for b > 0 (never 0, so that a huge exponent of a base near 1 is still caught). */
function lnMagnitude(b: Dec): number {
  if (Math.abs(b.e) >= 300) return 2.31 * (Math.abs(b.e) + 1);
  // |ln b| < 1.4·|b − 1| for |b − 1| < 1/2.
  const offOne = b.e === 0 || b.e === -1 ? b.minus(1).abs() : null;
  if (offOne !== null && offOne.lt(0.5)) return Math.max(offOne.toNumber() * 1.4, Number.MIN_VALUE);
  return Math.abs(Math.log(b.toNumber())) * 1.01;
}

const HUGE_TRIG = 1e15;
/** decimal.js's exp grows slow fast with its argument (exp(1e4) takes tens of milliseconds, exp(1e6)
 * minutes, and one call cannot be interrupted): beyond this the point is left undecided. */
const HUGE_EXP = 1000;
/** |a| beyond which 1 - tanh|a| < 10^-400, below the precision of any evaluator here. */
const SATURATED = 500;

/**
 * One whitelisted unary function of a decimal at `digits` digits, with the same refusals as the tape
 * evaluator (null where decimal.js has no such function or no real value), for callers that build
 * values other than by a tape, such as Taylor coefficients.
 */
export function decimalFunction(name: FnName, a: Dec, digits: number): Dec | null {
  const { D, ONE, PI } = contextFor(digits);
  try {
    const v = unary(name, new D(a), ONE, PI);
    return v !== null && v.isFinite() ? v : null;
  } catch {
    return null;
  }
}

function unary(name: FnName | '', a: Dec | null, ONE: Dec, PI: Dec): Dec | null {
  if (a === null || name === '') return null;
  const f = DECIMAL_FUNCTIONS[name];
  return f === null ? null : f(a, ONE, PI);
}

type DecimalFunction = (a: Dec, ONE: Dec, PI: Dec) => Dec | null;

/**
 * Each function in decimal arithmetic, or null where decimal.js has no such function (or no real
 * value to give): points using it stay undecided. Unary only: binary functions never reach here.
 */
const DECIMAL_FUNCTIONS: Record<FnName, DecimalFunction | null> = {
  exp: (a) => (a.abs().gt(HUGE_EXP) ? null : a.exp()),
  log: (a) => (a.isPositive() && !a.isZero() ? a.ln() : null),
  sqrt: (a) => (a.isNegative() ? null : a.sqrt()),
  cbrt: (a) => (a.isNegative() ? a.neg().cbrt().neg() : a.cbrt()),
  // Arguments beyond HUGE_TRIG would need that many digits of π to reduce (and have lost them all
  // to conditioning anyway); decimal.js would grind on them.
  sin: (a) => (a.abs().gt(HUGE_TRIG) ? null : a.sin()),
  cos: (a) => (a.abs().gt(HUGE_TRIG) ? null : a.cos()),
  // decimal.js's own tan is sin/sqrt(1 - sin²), which near a pole cancels away every digit (at 30
  // digits, tan(π/2 - 6.4e-28) comes out as 7e19, not 1.6e27): sin/cos keeps them all.
  tan: (a) => (a.abs().gt(HUGE_TRIG) ? null : a.sin().div(a.cos())),
  cot: (a) => (a.abs().gt(HUGE_TRIG) ? null : a.cos().div(a.sin())),
  sec: (a, ONE) => (a.abs().gt(HUGE_TRIG) ? null : ONE.div(a.cos())),
  csc: (a, ONE) => (a.abs().gt(HUGE_TRIG) ? null : ONE.div(a.sin())),
  asin: (a) => (a.abs().gt(1) ? null : a.asin()),
  acos: (a) => (a.abs().gt(1) ? null : a.acos()),
  atan: (a) => a.atan(),
  acot: (a, ONE, PI) => (a.isZero() ? PI.div(2) : ONE.div(a).atan()),
  asec: null, // not implemented in decimals: undecided points stay undecided
  acsc: null, // not implemented in decimals
  sinh: (a) => (a.abs().gt(HUGE_EXP) ? null : a.sinh()),
  cosh: (a) => (a.abs().gt(HUGE_EXP) ? null : a.cosh()),
  // Past SATURATED, tanh is ±1 to every digit kept; decimal.js would compute exp(2a) first.
  tanh: (a, ONE) => (a.abs().gt(SATURATED) ? (a.isNegative() ? ONE.neg() : ONE) : a.tanh()),
  coth: (a, ONE) => {
    if (a.isZero()) return null;
    return a.abs().gt(SATURATED) ? (a.isNegative() ? ONE.neg() : ONE) : ONE.div(a.tanh());
  },
  sech: (a, ONE) => (a.abs().gt(HUGE_EXP) ? null : ONE.div(a.cosh())),
  csch: (a, ONE) => (a.isZero() || a.abs().gt(HUGE_EXP) ? null : ONE.div(a.sinh())),
  asinh: (a) => a.asinh(),
  acosh: (a) => (a.lt(1) ? null : a.acosh()),
  atanh: (a) => (a.abs().gte(1) ? null : a.atanh()),
  acoth: null, // not implemented in decimals
  asech: null, // not implemented in decimals
  acsch: null, // not implemented in decimals
  abs: (a) => a.abs(),
  sign: (a, ONE) => (a.isZero() ? a : a.isNegative() ? ONE.neg() : ONE),
  // Special functions: decimal.js has none of them.
  erf: null,
  erfc: null,
  erfi: null,
  Ei: null,
  li: null,
  Si: null,
  Ci: null,
  Shi: null,
  Chi: null,
  gamma: null,
  lowergamma: null, // binary
  uppergamma: null, // binary
  fresnels: null,
  fresnelc: null,
  polylog: null, // binary
  LambertW: null,
};

export type { Dec as HighPrecisionValue };

/** Whether decimals evaluate `name` at all: a tree using one that they do not is undecided at every point. */
export function decimalEvaluates(name: FnName): boolean {
  return DECIMAL_FUNCTIONS[name] !== null;
}
