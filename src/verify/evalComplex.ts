import { digamma, erf, erfc, gamma } from '../util/stdlibSpecial.js';
import type { FnName } from '../expr/functions.js';
import {
  cabs,
  cacos,
  cacosh,
  casin,
  casinh,
  catan,
  catanh,
  ccos,
  ccosh,
  cdiv,
  cexp,
  clog,
  cmul,
  cnew,
  cpow,
  cpowInt,
  csin,
  csinh,
  csqrt,
  ctan,
  ctanh,
  type C,
} from './complex.js';
import { chi, ei, li, shi, siCi, type SiCi } from './special/expIntegrals.js';
import { erfi } from './special/erfi.js';
import { fresnel } from './special/fresnel.js';
import { incompleteGamma } from './special/incompleteGamma.js';
import { lambertW } from './special/lambertW.js';
import { polylog } from './special/polylog.js';
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
const SQRT_PI = Math.sqrt(Math.PI);

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
      case Op.Pi:
        R[i] = Math.PI;
        I[i] = 0;
        E[i] = EPS * Math.PI;
        return;
      case Op.E:
        R[i] = Math.E;
        I[i] = 0;
        E[i] = EPS * Math.E;
        return;
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
        power(i, args[0], args[1]);
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
    evalUnary(code, ar, ai, ea, out);
    R[i] = out.re;
    I[i] = out.im;
    if (Number.isNaN(out.re) || Number.isNaN(out.im)) {
      if (code >= FIRST_SPECIAL && st.failed === null) st.failed = FN_NAMES[code];
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
      if (st.failed === null && !Number.isNaN(sr) && !Number.isNaN(zr)) st.failed = FN_NAMES[code];
      return;
    }
    let d: number;
    if (code === CODE_POLYLOG) {
      polylog(sr, zr, rr);
      if (!Number.isNaN(rr.v)) {
        // d/dz Li_s(z) = Li_{s-1}(z)/z
        polylog(sr - 1, zr, rr2);
        d = Number.isNaN(rr2.v) ? Infinity : Math.abs(rr2.v / zr);
        if (zr === 0) d = 1;
      } else d = 0;
    } else {
      incompleteGamma(sr, zr, code === CODE_UPPERGAMMA, rr);
      d = Math.abs(Math.pow(zr, sr - 1) * Math.exp(-zr));
    }
    R[i] = rr.v;
    I[i] = 0;
    if (Number.isNaN(rr.v)) {
      if (st.failed === null) st.failed = FN_NAMES[code];
      E[i] = NaN;
      return;
    }
    // the order s is a constant; an inexact s (e.g. 1/3) perturbs the value: bounded crudely
    const es = E[a] > 0 ? E[a] * (Math.abs(rr.v) + 1) * 64 : 0;
    E[i] = d * E[b] + rr.err + es + ETA;
  }

  return (x: number): Evaluated => {
    state.failed = null;
    for (let k = 0; k < order.length; k++) step(order[k], x);
    const root = n - 1;
    return { re: R[root], im: I[root], err: E[root], failed: state.failed };
  };
}

interface RunState {
  failed: FnName | null;
}

interface FnOut {
  re: number;
  im: number;
  /** |f'(a)| (or a bound on it) */
  d: number;
  /** the function's own rounding/truncation error, absolute */
  err: number;
}

const tmp: C = cnew();
const tmp2: C = cnew();
const tmp3: C = cnew();
const fnOut: FnOut = { re: 0, im: 0, d: 0, err: 0 };
const rr: RealResult = { v: 0, err: 0 };
const rr2: RealResult = { v: 0, err: 0 };
const sc: SiCi = { si: 0, siErr: 0, ci: 0, ciErr: 0 };

const FN_NAMES: FnName[] = [
  'exp', 'log', 'sqrt', 'cbrt', 'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'asin', 'acos', 'atan', 'acot', 'asec', 'acsc',
  'sinh', 'cosh', 'tanh', 'coth', 'sech', 'csch', 'asinh', 'acosh', 'atanh', 'acoth', 'asech', 'acsch', 'abs', 'sign',
  'erf', 'erfc', 'erfi', 'Ei', 'li', 'Si', 'Ci', 'Shi', 'Chi', 'gamma', 'fresnels', 'fresnelc', 'LambertW',
  'lowergamma', 'uppergamma', 'polylog',
];
const FN_CODE = new Map<FnName, number>(FN_NAMES.map((f, i) => [f, i]));
const code = (f: FnName): number => FN_CODE.get(f)!;
const FIRST_SPECIAL = code('erf');
const CODE_POLYLOG = code('polylog');
const CODE_UPPERGAMMA = code('uppergamma');

/**
 * A complex argument whose error reaches the negative real axis: the principal branch could
 * be on either side, so no error bound is possible.
 */
function nearCut(ar: number, ai: number, ea: number): boolean {
  return ar < 0 && ai !== 0 && Math.abs(ai) <= ea;
}

// Rounding of the complex formulas built from several real operations (and of functions such as
// asin near ±1 written through log and sqrt): generous constants, since only their order matters.
const C_REAL = 2 * EPS;
const C_CPLX = 64 * EPS;

function evalUnary(c: number, ar: number, ai: number, ea: number, o: FnOut): void {
  const real = ai === 0;
  switch (FN_NAMES[c]) {
    case 'exp':
      cexp(ar, ai, tmp);
      finish(o, tmp, real ? 1 : 4 * (1 + Math.abs(ai)));
      // the largest |exp'| within the argument's error, not the one at its centre
      o.d = cabs(tmp.re, tmp.im) * Math.exp(ea);
      if (!real) o.err += EPS * Math.abs(ai) * o.d;
      return;
    case 'log': {
      const m = cabs(ar, ai);
      if (m === 0) return nan(o);
      clog(ar, ai, tmp);
      finish(o, tmp, real && ar > 0 ? 1 : 8);
      o.d = 1 / m;
      if (ea >= 0.5 * m || nearCut(ar, ai, ea)) bad(o);
      return;
    }
    case 'sqrt': {
      const m = cabs(ar, ai);
      csqrt(ar, ai, tmp);
      finish(o, tmp, real ? 1 : 8);
      if (nearCut(ar, ai, ea)) return bad(o);
      if (m === 0) {
        o.d = 0;
        o.err += Math.sqrt(ea); // sqrt is not Lipschitz at 0
      } else if (ea >= 0.5 * m) {
        o.d = 0;
        o.err += Math.sqrt(m + ea) + Math.sqrt(m);
      } else o.d = 1 / (2 * cabs(tmp.re, tmp.im));
      return;
    }
    case 'cbrt': {
      if (real) {
        const v = Math.cbrt(ar);
        setOut(o, v, 0, C_REAL * Math.abs(v));
        const m = Math.abs(ar);
        if (m === 0) o.err += Math.cbrt(ea);
        else if (ea >= 0.5 * m) o.err += Math.cbrt(m + ea) + Math.abs(v);
        else o.d = 1 / (3 * v * v);
        return;
      }
      cpow(ar, ai, 1 / 3, 0, tmp);
      finish(o, tmp, 16);
      const m = cabs(tmp.re, tmp.im);
      o.d = 1 / (3 * m * m);
      if (nearCut(ar, ai, ea)) bad(o);
      return;
    }
    case 'sin':
      csin(ar, ai, tmp);
      finish(o, tmp, real ? 1 : 8);
      // |sin'| within the argument's error is at most |cos a| + e_a: at a stationary point the
      // derivative is 0 while the value can still move by e_a²/2 (or by 2 once e_a is large)
      o.d = real ? Math.min(1, Math.abs(Math.cos(ar)) + ea) : Math.cosh(Math.abs(ai) + ea);
      if (!real) o.err += C_CPLX * o.d;
      return;
    case 'cos':
      ccos(ar, ai, tmp);
      finish(o, tmp, real ? 1 : 8);
      o.d = real ? Math.min(1, Math.abs(Math.sin(ar)) + ea) : Math.cosh(Math.abs(ai) + ea);
      if (!real) o.err += C_CPLX * o.d;
      return;
    case 'tan':
      ctan(ar, ai, tmp);
      finish(o, tmp, real ? 2 : 16);
      o.d = 1 + sq(tmp);
      if (real && ea > 0) poleGuard(o, Math.abs(Math.cos(ar)), ea);
      return;
    case 'cot':
      ctan(ar, ai, tmp3);
      cdiv(1, 0, tmp3.re, tmp3.im, tmp);
      finish(o, tmp, real ? 3 : 16);
      o.d = 1 + sq(tmp);
      if (real && ea > 0) poleGuard(o, Math.abs(Math.sin(ar)), ea);
      return;
    case 'sec':
    case 'csc': {
      const isSec = FN_NAMES[c] === 'sec';
      (isSec ? ccos : csin)(ar, ai, tmp3);
      cdiv(1, 0, tmp3.re, tmp3.im, tmp);
      finish(o, tmp, real ? 3 : 16);
      // |sec'| = |sec tan| = |sec|·|sin|/|cos|; bounded by |v|² (|sin|,|cos| ≤ cosh Im a)
      o.d = sq(tmp) * (real ? 1 : Math.cosh(ai));
      if (real && ea > 0) poleGuard(o, Math.abs((isSec ? Math.cos : Math.sin)(ar)), ea);
      return;
    }
    case 'asin':
    case 'acos': {
      if (FN_NAMES[c] === 'asin') casin(ar, ai, tmp);
      else cacos(ar, ai, tmp);
      const inDomain = real && Math.abs(ar) <= 1;
      finish(o, tmp, inDomain ? 2 : 32);
      if (!inDomain) o.err += C_CPLX;
      const g = oneMinusSqAbs(ar, ai);
      if (ea > 0 && g <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
      o.d = 1 / Math.sqrt(g);
      return;
    }
    case 'atan':
    case 'acot': {
      const isAtan = FN_NAMES[c] === 'atan';
      if (isAtan) catan(ar, ai, tmp);
      else if (real) setC(tmp, ar === 0 ? Math.PI / 2 : Math.atan(1 / ar), 0);
      else {
        cdiv(1, 0, ar, ai, tmp3);
        catan(tmp3.re, tmp3.im, tmp);
      }
      finish(o, tmp, real ? 3 : 32);
      if (!real) o.err += C_CPLX;
      const g = onePlusSqAbs(ar, ai);
      if (!real && ea > 0 && g <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
      if (!isAtan && real && ea > 0 && Math.abs(ar) <= ea) return bad(o); // acot jumps at 0
      o.d = 1 / g;
      return;
    }
    case 'asec':
    case 'acsc': {
      const m = cabs(ar, ai);
      if (m === 0) return nan(o);
      cdiv(1, 0, ar, ai, tmp3);
      const inDomain = real && m >= 1;
      if (FN_NAMES[c] === 'asec') cacos(tmp3.re, tmp3.im, tmp);
      else casin(tmp3.re, tmp3.im, tmp);
      finish(o, tmp, inDomain ? 4 : 32);
      if (!inDomain) o.err += C_CPLX;
      const g = oneMinusSqAbs(tmp3.re, tmp3.im);
      o.d = 1 / (m * m * Math.sqrt(g));
      if (ea > 0 && (ea >= 0.5 * m || g <= 4 * (ea / m) * (1 + 1 / m))) bad(o);
      return;
    }
    case 'sinh':
      csinh(ar, ai, tmp);
      finish(o, tmp, real ? 2 : 8);
      o.d = Math.cosh(Math.abs(ar) + ea);
      if (!real) o.err += C_CPLX * o.d;
      return;
    case 'cosh':
      ccosh(ar, ai, tmp);
      finish(o, tmp, real ? 2 : 8);
      o.d = real ? Math.sinh(Math.abs(ar) + ea) : Math.cosh(Math.abs(ar) + ea);
      if (!real) o.err += C_CPLX * o.d;
      return;
    case 'tanh':
      ctanh(ar, ai, tmp);
      finish(o, tmp, real ? 2 : 16);
      o.d = 1 + sq(tmp);
      return;
    case 'coth':
      ctanh(ar, ai, tmp3);
      cdiv(1, 0, tmp3.re, tmp3.im, tmp);
      finish(o, tmp, real ? 3 : 16);
      o.d = 1 + sq(tmp);
      if (real && ea >= 0.5 * Math.abs(ar)) bad(o); // coth has a pole at 0
      return;
    case 'sech':
    case 'csch': {
      (FN_NAMES[c] === 'sech' ? ccosh : csinh)(ar, ai, tmp3);
      cdiv(1, 0, tmp3.re, tmp3.im, tmp);
      finish(o, tmp, real ? 3 : 16);
      // |csch'| = |csch coth| ≤ |csch| (1 + |csch|), since coth² = 1 + csch²; sech' is smaller
      const m = cabs(tmp.re, tmp.im);
      o.d = m * (1 + m) * (real ? 1 : Math.cosh(ai) + 1);
      if (real && FN_NAMES[c] === 'csch' && ea >= 0.5 * Math.abs(ar)) bad(o); // pole at 0
      return;
    }
    case 'asinh':
      casinh(ar, ai, tmp);
      finish(o, tmp, real ? 2 : 32);
      if (!real) o.err += C_CPLX;
      o.d = 1 / Math.sqrt(Math.max(onePlusSqAbs(ar, ai), 1e-300));
      if (!real && ea > 0 && onePlusSqAbs(ar, ai) <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
      return;
    case 'acosh': {
      cacosh(ar, ai, tmp);
      const inDomain = real && ar >= 1;
      finish(o, tmp, inDomain ? 2 : 32);
      if (!inDomain) o.err += C_CPLX;
      const g = oneMinusSqAbs(ar, ai); // |a² - 1|
      if (ea > 0 && g <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
      o.d = 1 / Math.sqrt(g);
      return;
    }
    case 'atanh':
    case 'acoth': {
      if (FN_NAMES[c] === 'atanh') catanh(ar, ai, tmp);
      else {
        if (ar === 0 && ai === 0) return nan(o);
        cdiv(1, 0, ar, ai, tmp3);
        catanh(tmp3.re, tmp3.im, tmp);
      }
      const inDomain = real && (FN_NAMES[c] === 'atanh' ? Math.abs(ar) < 1 : Math.abs(ar) > 1);
      finish(o, tmp, inDomain ? 3 : 32);
      if (!inDomain) o.err += C_CPLX;
      const g = oneMinusSqAbs(ar, ai);
      if (ea > 0 && g <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
      o.d = 1 / g;
      return;
    }
    case 'asech':
    case 'acsch': {
      const m = cabs(ar, ai);
      if (m === 0) return nan(o);
      cdiv(1, 0, ar, ai, tmp3);
      const isSech = FN_NAMES[c] === 'asech';
      if (isSech) cacosh(tmp3.re, tmp3.im, tmp);
      else casinh(tmp3.re, tmp3.im, tmp);
      const inDomain = real && (isSech ? ar > 0 && ar <= 1 : true);
      finish(o, tmp, inDomain ? 4 : 32);
      if (!inDomain) o.err += C_CPLX;
      const g = isSech ? oneMinusSqAbs(tmp3.re, tmp3.im) : onePlusSqAbs(tmp3.re, tmp3.im);
      o.d = 1 / (m * m * Math.sqrt(g));
      if (ea > 0 && (ea >= 0.5 * m || g <= 4 * (ea / m) * (1 + 1 / m))) bad(o);
      return;
    }
    case 'abs':
      if (!real) return nan(o); // not holomorphic: the derivative rule sign(u)·u' would not apply
      setOut(o, Math.abs(ar), 0, 0);
      o.d = 1;
      return;
    case 'sign':
      if (!real) return nan(o);
      setOut(o, ar > 0 ? 1 : ar < 0 ? -1 : 0, 0, 0);
      if (ea > 0 && Math.abs(ar) <= ea) bad(o);
      return;
  }
  // Special functions: real arguments only.
  if (!real) return nan(o);
  switch (FN_NAMES[c]) {
    case 'erf': {
      const v = erf(ar);
      setOut(o, v, 0, 4 * EPS * Math.abs(v));
      o.d = (2 / SQRT_PI) * Math.exp(-ar * ar);
      return;
    }
    case 'erfc': {
      const v = erfc(ar);
      setOut(o, v, 0, 8 * EPS * Math.abs(v));
      o.d = (2 / SQRT_PI) * Math.exp(-ar * ar);
      return;
    }
    case 'erfi':
      erfi(ar, rr);
      setOut(o, rr.v, 0, rr.err);
      o.d = (2 / SQRT_PI) * Math.exp(ar * ar);
      return;
    case 'Ei':
      ei(ar, rr);
      setOut(o, rr.v, 0, rr.err);
      o.d = Math.abs(Math.exp(ar) / ar);
      if (Math.abs(ar) <= ea) o.err = Infinity;
      return;
    case 'li':
      li(ar, rr);
      setOut(o, rr.v, 0, rr.err);
      o.d = Math.abs(1 / Math.log(ar));
      if (Math.abs(ar - 1) <= ea) o.err = Infinity;
      return;
    case 'Si':
    case 'Ci': {
      siCi(ar, sc);
      if (FN_NAMES[c] === 'Si') {
        setOut(o, sc.si, 0, sc.siErr);
        o.d = ar === 0 ? 1 : Math.abs(Math.sin(ar) / ar);
      } else {
        setOut(o, sc.ci, 0, sc.ciErr);
        o.d = Math.abs(Math.cos(ar) / ar);
        if (Math.abs(ar) <= ea) o.err = Infinity;
      }
      return;
    }
    case 'Shi':
      shi(ar, rr);
      setOut(o, rr.v, 0, rr.err);
      o.d = ar === 0 ? 1 : Math.abs(Math.sinh(ar) / ar);
      return;
    case 'Chi':
      chi(ar, rr);
      setOut(o, rr.v, 0, rr.err);
      o.d = Math.abs(Math.cosh(ar) / ar);
      if (Math.abs(ar) <= ea) o.err = Infinity;
      return;
    case 'gamma': {
      const v = gamma(ar);
      setOut(o, v, 0, 64 * EPS * Math.abs(v));
      o.d = Math.abs(v * digamma(ar));
      if (!Number.isFinite(o.d)) o.d = Infinity;
      return;
    }
    case 'fresnels':
    case 'fresnelc': {
      const isS = FN_NAMES[c] === 'fresnels';
      fresnel(ar, isS ? 'S' : 'C', rr);
      setOut(o, rr.v, 0, rr.err);
      const arg = (Math.PI * ar * ar) / 2;
      o.d = Math.abs(isS ? Math.sin(arg) : Math.cos(arg));
      return;
    }
    case 'LambertW': {
      lambertW(ar, rr);
      setOut(o, rr.v, 0, rr.err);
      const w = rr.v;
      o.d = ar === 0 ? 1 : Math.abs(w / (ar * (1 + w)));
      if (!Number.isFinite(o.d)) o.err = Infinity;
      return;
    }
  }
  nan(o);
}

function setOut(o: FnOut, re: number, im: number, err: number): void {
  o.re = re;
  o.im = im;
  o.err = err;
  o.d = 0;
}

function setC(z: C, re: number, im: number): void {
  z.re = re;
  z.im = im;
}

/** Copy a value with k ε of relative rounding. */
function finish(o: FnOut, z: C, k: number): void {
  o.re = z.re;
  o.im = z.im;
  o.err = k * EPS * cabs(z.re, z.im);
  o.d = 0;
}

function nan(o: FnOut): void {
  setOut(o, NaN, NaN, NaN);
}

/** Value computed but no bound possible (argument error reaches a singularity or cut). */
function bad(o: FnOut): void {
  o.err = Infinity;
  o.d = 0;
}

/**
 * tan, cot, sec, csc near a pole: `c` is |cos a| (or |sin a|), which is at most the distance to the
 * nearest pole. Within the argument's error |cos| stays above c - e_a, so |f'| ≤ 1/(c - e_a)²;
 * once the error reaches half of c the pole may be inside and no bound is possible.
 */
function poleGuard(o: FnOut, c: number, ea: number): void {
  if (ea >= 0.5 * c) bad(o);
  else o.d = Math.max(o.d, 1 / ((c - ea) * (c - ea)));
}

function sq(z: C): number {
  return z.re * z.re + z.im * z.im;
}

/** |1 - a²| */
function oneMinusSqAbs(ar: number, ai: number): number {
  cmul(ar, ai, ar, ai, tmp2);
  // (1-a)(1+a) is more accurate than 1 - a² near ±1
  return cabs(1 - ar, -ai) * cabs(1 + ar, ai);
}

/** |1 + a²| */
function onePlusSqAbs(ar: number, ai: number): number {
  // (1 + ia)(1 - ia)
  return cabs(1 - ai, ar) * cabs(1 + ai, -ar);
}
