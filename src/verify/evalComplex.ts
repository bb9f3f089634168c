import { constantValue } from '../expr/constantValue.js';
import { ALL_FUNCTIONS, fnInfo, type FnName } from '../expr/functions.js';
import { cabs, cdiv, clog, cnew, cpow, cpowInt, type C } from './complex.js';
import { COMPLEX_FUNCTIONS, nan, nearCut, type BinaryRealFn, type FnOut, type UnaryComplexFn } from './complexFunctions.js';
import { EPS, type RealResult } from './special/realResult.js';
import { Op, type Tape } from './tape.js';

/** The value of a compiled tree at one point, with a first-order bound on its rounding error. */
export interface Evaluated {
  readonly re: number;
  readonly im: number;
  /** Bound on |computed - exact| (complex modulus); Infinity when no useful bound exists. */
  readonly err: number;
  /** A function that could not be evaluated at this point (the value is then NaN). */
  readonly failed: FnName | null;
}

export type ComplexEvaluator = (x: number) => Evaluated;

/** Absolute error floor of every multiplication, division and function value: a result that
 * underflows loses everything below the smallest normal double. */
const ETA = 2.2250738585072014e-308;

/**
 * Compile a tape into an evaluator at real points in complex double arithmetic with running
 * error analysis (Wilkinson): every node carries a value v and a bound e on |v - exact|.
 *
 * - sum:      e = Σ e_i + ε Σ_k |partial sum_k|   (cancellation shows as e large against |v|)
 * - product:  e = |a| e_b + |b| e_a + e_a e_b + 3ε|ab| + η
 * - quotient: e = (e_a + |q| e_b) / (|b| - e_b) + 3ε|q| + η, unbounded once e_b ≥ |b|
 * - power:    e = |v| (|b| e_a/|a| + |log a| e_b) + cε|v|(1 + |b log a|) + η
 * - function: e = |f'(a)| e_a + (own rounding of f) + η
 * with ε = 2^-53 and η the underflow floor. The linearisation is not valid when an operand's error
 * reaches the distance to a singularity or branch cut; those cases return an infinite bound so that
 * the caller re-evaluates the point at high precision instead of trusting it.
 * Constant subtrees (free of x) are evaluated once, at compile time.
 */
// Long by design: one case per operation of the tape, each with its error bound beside its value;
// the cases share the registers of one compiled tape and read best side by side.
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a case per operation of the tape (above)
export function createComplexEvaluator(tape: Tape): ComplexEvaluator {
  const { instrs } = tape;
  const n = instrs.length;
  const R = new Float64Array(n);
  const I = new Float64Array(n);
  const E = new Float64Array(n);
  const codes = new Int32Array(n);
  const varying: number[] = [];
  for (let i = 0; i < n; i++) {
    const ins = instrs[i];
    if (ins.op === Op.Fn) codes[i] = FN_CODE.get(ins.name as FnName) ?? -1;
    if (!ins.constant) varying.push(i);
  }
  const state: RunState = { failed: null };
  // constants once
  for (let i = 0; i < n; i++) if (instrs[i].constant) step(i, 0);
  const order = Int32Array.from(varying);

  // Long by design: a switch over every operation of the tape, each case writing a value and its
  // error bound into the registers; it runs once per instruction per point.
  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: a case per operation of the tape (above)
  function step(i: number, x: number): void {
    const ins = instrs[i];
    const args = ins.args;
    switch (ins.op) {
      case Op.Num: {
        const v = ins.value;
        R[i] = v;
        I[i] = 0;
        E[i] = Number.isInteger(v) && Math.abs(v) <= 2 ** 53 ? 0 : EPS * Math.abs(v);
        return;
      }
      case Op.Const: {
        const v = constantValue(ins.named!);
        R[i] = v;
        I[i] = 0;
        E[i] = EPS * Math.abs(v);
        return;
      }
      case Op.X:
        R[i] = x;
        I[i] = 0;
        E[i] = 0;
        return;
      case Op.Neg: {
        const a = args[0];
        R[i] = -R[a];
        I[i] = -I[a];
        E[i] = E[a];
        return;
      }
      case Op.Add: {
        let sr = 0;
        let si = 0;
        let e = 0;
        for (let k = 0; k < args.length; k++) {
          const a = args[k];
          sr += R[a];
          si += I[a];
          e += E[a];
          if (k > 0) e += EPS * (si === 0 ? Math.abs(sr) : cabs(sr, si));
        }
        R[i] = sr;
        I[i] = si;
        E[i] = e;
        return;
      }
      case Op.Mul: {
        const a0 = args[0];
        let pr = R[a0];
        let pi = I[a0];
        let e = E[a0];
        for (let k = 1; k < args.length; k++) {
          const b = args[k];
          const br = R[b];
          const bi = I[b];
          const eb = E[b];
          const pa = pi === 0 ? Math.abs(pr) : cabs(pr, pi);
          const ba = bi === 0 ? Math.abs(br) : cabs(br, bi);
          let nr: number;
          let ni: number;
          if (pi === 0 && bi === 0) {
            nr = pr * br;
            ni = 0;
          } else {
            nr = pr * br - pi * bi;
            ni = pr * bi + pi * br;
          }
          e = pa * eb + ba * e + e * eb + 3 * EPS * pa * ba + ETA;
          pr = nr;
          pi = ni;
        }
        R[i] = pr;
        I[i] = pi;
        E[i] = e;
        return;
      }
      case Op.Div: {
        const a = args[0];
        const b = args[1];
        cdiv(R[a], I[a], R[b], I[b], tmp);
        R[i] = tmp.re;
        I[i] = tmp.im;
        const bAbs = cabs(R[b], I[b]);
        const eb = E[b];
        const q = cabs(tmp.re, tmp.im);
        E[i] = eb >= 0.5 * bAbs ? Infinity : (E[a] + q * eb) / (bAbs - eb) + 3 * EPS * q + ETA;
        return;
      }
      case Op.Pow: {
        if (ins.oddRoot !== null && I[args[0]] === 0 && R[args[0]] < 0 && I[args[1]] === 0) realRoot(i, args[0], args[1], ins.oddRoot.p);
        else power(i, args[0], args[1]);
        return;
      }
      case Op.Fn: {
        if (args.length === 1) unary(i, codes[i], args[0], state);
        else binary(i, codes[i], args[0], args[1], state);
        return;
      }
    }
  }

  function power(i: number, a: number, b: number): void {
    const ar = R[a];
    const ai = I[a];
    const br = R[b];
    const bi = I[b];
    const ea = E[a];
    const eb = E[b];
    const aAbs = cabs(ar, ai);
    if (eb === 0 && bi === 0 && Number.isInteger(br) && Math.abs(br) <= 1024) {
      cpowInt(ar, ai, br, tmp);
      R[i] = tmp.re;
      I[i] = tmp.im;
      const v = cabs(tmp.re, tmp.im);
      const nAbs = Math.abs(br);
      if (ea === 0) E[i] = (2 + Math.log2(nAbs + 1)) * 2 * EPS * v + ETA;
      else if (ea >= 0.5 * aAbs) E[i] = br > 0 ? Math.pow(aAbs + ea, br) + v : Infinity;
      else E[i] = (v * nAbs * ea) / (aAbs - ea) + (2 + Math.log2(nAbs + 1)) * 2 * EPS * v + ETA;
      return;
    }
    cpow(ar, ai, br, bi, tmp);
    R[i] = tmp.re;
    I[i] = tmp.im;
    const v = cabs(tmp.re, tmp.im);
    if (aAbs === 0 || ea >= 0.5 * aAbs || nearCut(ar, ai, ea)) {
      E[i] = aAbs === 0 && ea === 0 ? ETA : Infinity;
      return;
    }
    clog(ar, ai, tmp2);
    const logAbs = cabs(tmp2.re, tmp2.im);
    const bAbs = cabs(br, bi);
    E[i] = v * ((bAbs * ea) / (aAbs - ea) + logAbs * eb) + 4 * EPS * v * (1 + bAbs * logAbs) + ETA;
  }

  /** A negative real base to a constant p/q with q odd: the real root, |a|^(p/q) with the sign (-1)^p. */
  function realRoot(i: number, a: number, b: number, p: number): void {
    const aAbs = -R[a];
    const br = R[b];
    const ea = E[a];
    const magnitude = Math.pow(aAbs, br);
    R[i] = p % 2 === 0 ? magnitude : -magnitude;
    I[i] = 0;
    if (ea >= 0.5 * aAbs) {
      E[i] = br > 0 ? Math.pow(aAbs + ea, br) + magnitude : Infinity;
      return;
    }
    const logAbs = Math.abs(Math.log(aAbs));
    const bAbs = Math.abs(br);
    E[i] = magnitude * ((bAbs * ea) / (aAbs - ea) + logAbs * E[b]) + 4 * EPS * magnitude * (1 + bAbs * logAbs) + ETA;
  }

  function unary(i: number, code: number, a: number, st: RunState): void {
    const ar = R[a];
    const ai = I[a];
    const ea = E[a];
    if (Number.isNaN(ar) || Number.isNaN(ai)) {
      R[i] = I[i] = E[i] = NaN;
      return;
    }
    const out = fnOut;
    out.err = 0;
    const h = UNARY[code];
    if (h === undefined || h === null || (ai !== 0 && REAL_ONLY[code] === 1)) nan(out);
    else h(ar, ai, ea, out);
    R[i] = out.re;
    I[i] = out.im;
    if (Number.isNaN(out.re) || Number.isNaN(out.im)) {
      if (SPECIAL[code] === 1 && st.failed === null) st.failed = ALL_FUNCTIONS[code];
      E[i] = NaN;
      return;
    }
    E[i] = (ea === 0 ? 0 : out.d * ea) + out.err + ETA;
  }

  function binary(i: number, code: number, a: number, b: number, st: RunState): void {
    // lowergamma, uppergamma, polylog: (s, z), s a real constant
    const sr = R[a];
    const zr = R[b];
    if (I[a] !== 0 || I[b] !== 0 || Number.isNaN(sr) || Number.isNaN(zr)) {
      R[i] = I[i] = E[i] = NaN;
      if (st.failed === null && !Number.isNaN(sr) && !Number.isNaN(zr)) st.failed = ALL_FUNCTIONS[code];
      return;
    }
    const h = BINARY[code];
    let d: number;
    if (h === undefined || h === null) {
      rr.v = NaN;
      d = 0;
    } else d = h(sr, zr, rr);
    R[i] = rr.v;
    I[i] = 0;
    if (Number.isNaN(rr.v)) {
      if (st.failed === null) st.failed = ALL_FUNCTIONS[code];
      E[i] = NaN;
      return;
    }
    // the order s is a constant; an inexact s (e.g. 1/3) perturbs the value: bounded crudely
    const es = E[a] > 0 ? E[a] * (Math.abs(rr.v) + 1) * 64 : 0;
    E[i] = d * E[b] + rr.err + es + ETA;
  }

  return (x: number): Evaluated => {
    state.failed = null;
    let overflowed = false;
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      step(i, x);
      if (R[i] === Infinity || R[i] === -Infinity || I[i] === Infinity || I[i] === -Infinity) overflowed = true;
    }
    const root = n - 1;
    // A part that overflowed a double (x^372 at x = 7) can leave a finite result that means nothing
    // (a finite number over it is 0): no bound holds, and the point is decided in decimals, if at all.
    const err = overflowed && Number.isFinite(R[root]) && Number.isFinite(I[root]) ? Infinity : E[root];
    return { re: R[root], im: I[root], err, failed: state.failed };
  };
}

interface RunState {
  failed: FnName | null;
}

const tmp: C = cnew();
const tmp2: C = cnew();
const fnOut: FnOut = { re: 0, im: 0, d: 0, err: 0 };
const rr: RealResult = { v: 0, err: 0 };

/**
 * COMPLEX_FUNCTIONS as arrays indexed by opcode (the function's index in ALL_FUNCTIONS), built
 * once: the hot loop dispatches on a small integer, not on the name.
 */
const FN_CODE = new Map<FnName, number>(ALL_FUNCTIONS.map((f, i) => [f, i]));
const UNARY: readonly (UnaryComplexFn | null)[] = ALL_FUNCTIONS.map((f) => {
  const h = COMPLEX_FUNCTIONS[f];
  return h.arity === 1 ? h.evaluate : null;
});
const BINARY: readonly (BinaryRealFn | null)[] = ALL_FUNCTIONS.map((f) => {
  const h = COMPLEX_FUNCTIONS[f];
  return h.arity === 2 ? h.evaluate : null;
});
/** 1 where the function is NaN at every non-real argument. */
const REAL_ONLY = Uint8Array.from(ALL_FUNCTIONS, (f) => {
  const h = COMPLEX_FUNCTIONS[f];
  return h.arity === 1 && h.realOnly ? 1 : 0;
});
/** 1 for special functions: a NaN from one is reported as `failed` (it may be our limitation). */
const SPECIAL = Uint8Array.from(ALL_FUNCTIONS, (f) => (fnInfo(f).kind === 'special' ? 1 : 0));
