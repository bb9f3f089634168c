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

/** What a unary function handler writes: its value, |f'(a)| and its own rounding. */
export interface FnOut {
  re: number;
  im: number;
  /** |f'(a)| (or a bound on it) */
  d: number;
  /** the function's own rounding/truncation error, absolute */
  err: number;
}

/**
 * f(a) for a = ar + i·ai known to within ea, into `o` (NaN value where f is undefined; infinite
 * `err` where no bound is possible). Called with `o.err` = 0.
 */
export type UnaryComplexFn = (ar: number, ai: number, ea: number, o: FnOut) => void;

/** f(s, z) for real s and z into `r` (v NaN where undefined); returns |∂f/∂z|. */
export type BinaryRealFn = (s: number, z: number, r: RealResult) => number;

export type ComplexFunction =
  /** `realOnly`: the value is NaN at every non-real argument (the special functions). */
  { readonly arity: 1; readonly realOnly: boolean; readonly evaluate: UnaryComplexFn } | { readonly arity: 2; readonly evaluate: BinaryRealFn };

const SQRT_PI = Math.sqrt(Math.PI);

const tmp: C = cnew();
const tmp2: C = cnew();
const tmp3: C = cnew();
const rr2: RealResult = { v: 0, err: 0 };
const sc: SiCi = { si: 0, siErr: 0, ci: 0, ciErr: 0 };
const scratch: RealResult = { v: 0, err: 0 };

/**
 * A complex argument whose error reaches the negative real axis: the principal branch could
 * be on either side, so no error bound is possible.
 */
export function nearCut(ar: number, ai: number, ea: number): boolean {
  return ar < 0 && ai !== 0 && Math.abs(ai) <= ea;
}

// Rounding of the complex formulas built from several real operations (and of functions such as
// asin near ±1 written through log and sqrt): generous constants, since only their order matters.
const C_REAL = 2 * EPS;
const C_CPLX = 64 * EPS;

const unary = (evaluate: UnaryComplexFn): ComplexFunction => ({ arity: 1, realOnly: false, evaluate });
/** A special function: real arguments only (NaN elsewhere, checked by the evaluator before the call). */
const realOnly = (evaluate: (ar: number, ea: number, o: FnOut) => void): ComplexFunction => ({
  arity: 1,
  realOnly: true,
  evaluate: (ar, _ai, ea, o) => evaluate(ar, ea, o),
});
const binary = (evaluate: BinaryRealFn): ComplexFunction => ({ arity: 2, evaluate });

function secCsc(isSec: boolean): UnaryComplexFn {
  return (ar, ai, ea, o) => {
    const real = ai === 0;
    (isSec ? ccos : csin)(ar, ai, tmp3);
    cdiv(1, 0, tmp3.re, tmp3.im, tmp);
    finish(o, tmp, real ? 3 : 16);
    // |sec'| = |sec tan| = |sec|·|sin|/|cos|; bounded by |v|² (|sin|,|cos| ≤ cosh Im a)
    o.d = sq(tmp) * (real ? 1 : Math.cosh(ai));
    if (real && ea > 0) poleGuard(o, Math.abs((isSec ? Math.cos : Math.sin)(ar)), ea);
  };
}

function asinAcos(isAsin: boolean): UnaryComplexFn {
  return (ar, ai, ea, o) => {
    const real = ai === 0;
    if (isAsin) casin(ar, ai, tmp);
    else cacos(ar, ai, tmp);
    const inDomain = real && Math.abs(ar) <= 1;
    finish(o, tmp, inDomain ? 2 : 32);
    if (!inDomain) o.err += C_CPLX;
    const g = oneMinusSqAbs(ar, ai);
    if (ea > 0 && g <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
    o.d = 1 / Math.sqrt(g);
  };
}

function atanAcot(isAtan: boolean): UnaryComplexFn {
  return (ar, ai, ea, o) => {
    const real = ai === 0;
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
  };
}

function asecAcsc(isAsec: boolean): UnaryComplexFn {
  return (ar, ai, ea, o) => {
    const real = ai === 0;
    const m = cabs(ar, ai);
    if (m === 0) return nan(o);
    cdiv(1, 0, ar, ai, tmp3);
    const inDomain = real && m >= 1;
    if (isAsec) cacos(tmp3.re, tmp3.im, tmp);
    else casin(tmp3.re, tmp3.im, tmp);
    finish(o, tmp, inDomain ? 4 : 32);
    if (!inDomain) o.err += C_CPLX;
    const g = oneMinusSqAbs(tmp3.re, tmp3.im);
    o.d = 1 / (m * m * Math.sqrt(g));
    if (ea > 0 && (ea >= 0.5 * m || g <= 4 * (ea / m) * (1 + 1 / m))) bad(o);
  };
}

function sechCsch(isSech: boolean): UnaryComplexFn {
  return (ar, ai, ea, o) => {
    const real = ai === 0;
    (isSech ? ccosh : csinh)(ar, ai, tmp3);
    cdiv(1, 0, tmp3.re, tmp3.im, tmp);
    finish(o, tmp, real ? 3 : 16);
    // |csch'| = |csch coth| ≤ |csch| (1 + |csch|), since coth² = 1 + csch²; sech' is smaller
    const m = cabs(tmp.re, tmp.im);
    o.d = m * (1 + m) * (real ? 1 : Math.cosh(ai) + 1);
    if (real && !isSech && ea >= 0.5 * Math.abs(ar)) bad(o); // pole at 0
  };
}

function atanhAcoth(isAtanh: boolean): UnaryComplexFn {
  return (ar, ai, ea, o) => {
    const real = ai === 0;
    if (isAtanh) catanh(ar, ai, tmp);
    else {
      if (ar === 0 && ai === 0) return nan(o);
      cdiv(1, 0, ar, ai, tmp3);
      catanh(tmp3.re, tmp3.im, tmp);
    }
    const inDomain = real && (isAtanh ? Math.abs(ar) < 1 : Math.abs(ar) > 1);
    finish(o, tmp, inDomain ? 3 : 32);
    if (!inDomain) o.err += C_CPLX;
    const g = oneMinusSqAbs(ar, ai);
    if (ea > 0 && g <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
    o.d = 1 / g;
  };
}

function asechAcsch(isSech: boolean): UnaryComplexFn {
  return (ar, ai, ea, o) => {
    const real = ai === 0;
    const m = cabs(ar, ai);
    if (m === 0) return nan(o);
    cdiv(1, 0, ar, ai, tmp3);
    if (isSech) cacosh(tmp3.re, tmp3.im, tmp);
    else casinh(tmp3.re, tmp3.im, tmp);
    const inDomain = real && (isSech ? ar > 0 && ar <= 1 : true);
    finish(o, tmp, inDomain ? 4 : 32);
    if (!inDomain) o.err += C_CPLX;
    const g = isSech ? oneMinusSqAbs(tmp3.re, tmp3.im) : onePlusSqAbs(tmp3.re, tmp3.im);
    o.d = 1 / (m * m * Math.sqrt(g));
    if (ea > 0 && (ea >= 0.5 * m || g <= 4 * (ea / m) * (1 + 1 / m))) bad(o);
  };
}

function fresnelSC(isS: boolean): (ar: number, ea: number, o: FnOut) => void {
  return (ar, _ea, o) => {
    fresnel(ar, isS ? 'S' : 'C', scratch);
    setOut(o, scratch.v, 0, scratch.err);
    const arg = (Math.PI * ar * ar) / 2;
    o.d = Math.abs(isS ? Math.sin(arg) : Math.cos(arg));
  };
}

function incomplete(upper: boolean): BinaryRealFn {
  return (s, z, r) => {
    incompleteGamma(s, z, upper, r);
    return Math.abs(Math.pow(z, s - 1) * Math.exp(-z));
  };
}

/**
 * Every whitelisted function in complex double arithmetic with running error analysis: the value,
 * a bound on |f'| near the argument and the function's own rounding. Keyed by FnName, so a new
 * function does not compile until it has an entry here. The evaluator (evalComplex.ts) turns this
 * table into arrays indexed by opcode once, at load time.
 */
export const COMPLEX_FUNCTIONS: Record<FnName, ComplexFunction> = {
  exp: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    cexp(ar, ai, tmp);
    finish(o, tmp, real ? 1 : 4 * (1 + Math.abs(ai)));
    // the largest |exp'| within the argument's error, not the one at its centre
    o.d = cabs(tmp.re, tmp.im) * Math.exp(ea);
    if (!real) o.err += EPS * Math.abs(ai) * o.d;
  }),
  log: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    const m = cabs(ar, ai);
    if (m === 0) return nan(o);
    clog(ar, ai, tmp);
    finish(o, tmp, real && ar > 0 ? 1 : 8);
    o.d = 1 / m;
    if (ea >= 0.5 * m || nearCut(ar, ai, ea)) bad(o);
  }),
  sqrt: unary((ar, ai, ea, o) => {
    const real = ai === 0;
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
  }),
  cbrt: unary((ar, ai, ea, o) => {
    if (ai === 0) {
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
  }),
  sin: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    csin(ar, ai, tmp);
    finish(o, tmp, real ? 1 : 8);
    // |sin'| within the argument's error is at most |cos a| + e_a: at a stationary point the
    // derivative is 0 while the value can still move by e_a²/2 (or by 2 once e_a is large)
    o.d = real ? Math.min(1, Math.abs(Math.cos(ar)) + ea) : Math.cosh(Math.abs(ai) + ea);
    if (!real) o.err += C_CPLX * o.d;
  }),
  cos: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    ccos(ar, ai, tmp);
    finish(o, tmp, real ? 1 : 8);
    o.d = real ? Math.min(1, Math.abs(Math.sin(ar)) + ea) : Math.cosh(Math.abs(ai) + ea);
    if (!real) o.err += C_CPLX * o.d;
  }),
  tan: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    ctan(ar, ai, tmp);
    finish(o, tmp, real ? 2 : 16);
    o.d = 1 + sq(tmp);
    if (real && ea > 0) poleGuard(o, Math.abs(Math.cos(ar)), ea);
  }),
  cot: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    ctan(ar, ai, tmp3);
    cdiv(1, 0, tmp3.re, tmp3.im, tmp);
    finish(o, tmp, real ? 3 : 16);
    o.d = 1 + sq(tmp);
    if (real && ea > 0) poleGuard(o, Math.abs(Math.sin(ar)), ea);
  }),
  sec: unary(secCsc(true)),
  csc: unary(secCsc(false)),
  asin: unary(asinAcos(true)),
  acos: unary(asinAcos(false)),
  atan: unary(atanAcot(true)),
  acot: unary(atanAcot(false)),
  asec: unary(asecAcsc(true)),
  acsc: unary(asecAcsc(false)),
  sinh: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    csinh(ar, ai, tmp);
    finish(o, tmp, real ? 2 : 8);
    o.d = Math.cosh(Math.abs(ar) + ea);
    if (!real) o.err += C_CPLX * o.d;
  }),
  cosh: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    ccosh(ar, ai, tmp);
    finish(o, tmp, real ? 2 : 8);
    o.d = real ? Math.sinh(Math.abs(ar) + ea) : Math.cosh(Math.abs(ar) + ea);
    if (!real) o.err += C_CPLX * o.d;
  }),
  tanh: unary((ar, ai, _ea, o) => {
    ctanh(ar, ai, tmp);
    finish(o, tmp, ai === 0 ? 2 : 16);
    o.d = 1 + sq(tmp);
  }),
  coth: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    ctanh(ar, ai, tmp3);
    cdiv(1, 0, tmp3.re, tmp3.im, tmp);
    finish(o, tmp, real ? 3 : 16);
    o.d = 1 + sq(tmp);
    if (real && ea >= 0.5 * Math.abs(ar)) bad(o); // coth has a pole at 0
  }),
  sech: unary(sechCsch(true)),
  csch: unary(sechCsch(false)),
  asinh: unary((ar, ai, ea, o) => {
    const real = ai === 0;
    casinh(ar, ai, tmp);
    finish(o, tmp, real ? 2 : 32);
    if (!real) o.err += C_CPLX;
    o.d = 1 / Math.sqrt(Math.max(onePlusSqAbs(ar, ai), 1e-300));
    if (!real && ea > 0 && onePlusSqAbs(ar, ai) <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
  }),
  acosh: unary((ar, ai, ea, o) => {
    cacosh(ar, ai, tmp);
    const inDomain = ai === 0 && ar >= 1;
    finish(o, tmp, inDomain ? 2 : 32);
    if (!inDomain) o.err += C_CPLX;
    const g = oneMinusSqAbs(ar, ai); // |a² - 1|
    if (ea > 0 && g <= 2 * ea * (1 + cabs(ar, ai))) return bad(o);
    o.d = 1 / Math.sqrt(g);
  }),
  atanh: unary(atanhAcoth(true)),
  acoth: unary(atanhAcoth(false)),
  asech: unary(asechAcsch(true)),
  acsch: unary(asechAcsch(false)),
  abs: unary((ar, ai, _ea, o) => {
    if (ai !== 0) return nan(o); // not holomorphic: the derivative rule sign(u)·u' would not apply
    setOut(o, Math.abs(ar), 0, 0);
    o.d = 1;
  }),
  sign: unary((ar, ai, ea, o) => {
    if (ai !== 0) return nan(o);
    setOut(o, ar > 0 ? 1 : ar < 0 ? -1 : 0, 0, 0);
    if (ea > 0 && Math.abs(ar) <= ea) bad(o);
  }),
  // Special functions: real arguments only.
  erf: realOnly((ar, _ea, o) => {
    const v = erf(ar);
    setOut(o, v, 0, 4 * EPS * Math.abs(v));
    o.d = (2 / SQRT_PI) * Math.exp(-ar * ar);
  }),
  erfc: realOnly((ar, _ea, o) => {
    const v = erfc(ar);
    setOut(o, v, 0, 8 * EPS * Math.abs(v));
    o.d = (2 / SQRT_PI) * Math.exp(-ar * ar);
  }),
  erfi: realOnly((ar, _ea, o) => {
    erfi(ar, scratch);
    setOut(o, scratch.v, 0, scratch.err);
    o.d = (2 / SQRT_PI) * Math.exp(ar * ar);
  }),
  Ei: realOnly((ar, ea, o) => {
    ei(ar, scratch);
    setOut(o, scratch.v, 0, scratch.err);
    o.d = Math.abs(Math.exp(ar) / ar);
    if (Math.abs(ar) <= ea) o.err = Infinity;
  }),
  li: realOnly((ar, ea, o) => {
    li(ar, scratch);
    setOut(o, scratch.v, 0, scratch.err);
    o.d = Math.abs(1 / Math.log(ar));
    if (Math.abs(ar - 1) <= ea) o.err = Infinity;
  }),
  Si: realOnly((ar, _ea, o) => {
    siCi(ar, sc);
    setOut(o, sc.si, 0, sc.siErr);
    o.d = ar === 0 ? 1 : Math.abs(Math.sin(ar) / ar);
  }),
  Ci: realOnly((ar, ea, o) => {
    siCi(ar, sc);
    setOut(o, sc.ci, 0, sc.ciErr);
    o.d = Math.abs(Math.cos(ar) / ar);
    if (Math.abs(ar) <= ea) o.err = Infinity;
  }),
  Shi: realOnly((ar, _ea, o) => {
    shi(ar, scratch);
    setOut(o, scratch.v, 0, scratch.err);
    o.d = ar === 0 ? 1 : Math.abs(Math.sinh(ar) / ar);
  }),
  Chi: realOnly((ar, ea, o) => {
    chi(ar, scratch);
    setOut(o, scratch.v, 0, scratch.err);
    o.d = Math.abs(Math.cosh(ar) / ar);
    if (Math.abs(ar) <= ea) o.err = Infinity;
  }),
  gamma: realOnly((ar, _ea, o) => {
    const v = gamma(ar);
    setOut(o, v, 0, 64 * EPS * Math.abs(v));
    o.d = Math.abs(v * digamma(ar));
    if (!Number.isFinite(o.d)) o.d = Infinity;
  }),
  lowergamma: binary(incomplete(false)),
  uppergamma: binary(incomplete(true)),
  fresnels: realOnly(fresnelSC(true)),
  fresnelc: realOnly(fresnelSC(false)),
  polylog: binary((s, z, r) => {
    polylog(s, z, r);
    if (Number.isNaN(r.v)) return 0;
    // d/dz Li_s(z) = Li_{s-1}(z)/z
    polylog(s - 1, z, rr2);
    return z === 0 ? 1 : Number.isNaN(rr2.v) ? Infinity : Math.abs(rr2.v / z);
  }),
  LambertW: realOnly((ar, _ea, o) => {
    lambertW(ar, scratch);
    setOut(o, scratch.v, 0, scratch.err);
    const w = scratch.v;
    o.d = ar === 0 ? 1 : Math.abs(w / (ar * (1 + w)));
    if (!Number.isFinite(o.d)) o.err = Infinity;
  }),
};

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

export function nan(o: FnOut): void {
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
