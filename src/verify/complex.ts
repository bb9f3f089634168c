/**
 * Complex arithmetic in doubles, written into a caller-owned `C` so that the evaluator's inner
 * loop allocates nothing.
 *
 * Principal branches, the conventions of SymPy/mpmath and DLMF 4.2, 4.23, 4.37:
 * - log z = ln|z| + i Arg z with Arg in (-π, π]. A zero imaginary part is read as +0 (a -0 left
 *   by `-(2+0i)` must not flip log(-2) to ln 2 - iπ), so the cut is approached from above.
 * - sqrt z = exp(log(z)/2): Re ≥ 0, sqrt(-a) = i sqrt(a) for a > 0.
 * - z^w = exp(w log z) (integer w: repeated products, so (-2)^3 = -8 exactly and stays real).
 * - asin z = -i log(iz + sqrt(1 - z^2)),  acos z = π/2 - asin z,
 *   atan z = (i/2) (log(1 - iz) - log(1 + iz)),
 *   asinh z = log(z + sqrt(z^2 + 1)),  acosh z = log(z + sqrt(z + 1) sqrt(z - 1)),
 *   atanh z = (log(1 + z) - log(1 - z)) / 2;
 *   acot, asec, acsc, acoth, asech, acsch are the above at 1/z.
 */
export interface C {
  re: number;
  im: number;
}

export const cnew = (re = 0, im = 0): C => ({ re, im });

const t1 = cnew();
const t2 = cnew();
const t3 = cnew();

export function cset(out: C, re: number, im: number): C {
  out.re = re;
  out.im = im;
  return out;
}

export function cabs(re: number, im: number): number {
  return im === 0 ? Math.abs(re) : re === 0 ? Math.abs(im) : Math.hypot(re, im);
}

export function cmul(ar: number, ai: number, br: number, bi: number, out: C): C {
  if (ai === 0 && bi === 0) return cset(out, ar * br, 0);
  return cset(out, ar * br - ai * bi, ar * bi + ai * br);
}

/** a / b by Smith's method (no overflow in |b|^2). */
export function cdiv(ar: number, ai: number, br: number, bi: number, out: C): C {
  if (bi === 0) return cset(out, ar / br, ai / br);
  if (Math.abs(br) >= Math.abs(bi)) {
    const r = bi / br;
    const d = br + bi * r;
    return cset(out, (ar + ai * r) / d, (ai - ar * r) / d);
  }
  const r = br / bi;
  const d = br * r + bi;
  return cset(out, (ar * r + ai) / d, (ai * r - ar) / d);
}

export function cexp(ar: number, ai: number, out: C): C {
  const m = Math.exp(ar);
  if (ai === 0) return cset(out, m, 0);
  return cset(out, m * Math.cos(ai), m * Math.sin(ai));
}

export function clog(ar: number, ai: number, out: C): C {
  const im = ai === 0 ? 0 : ai; // -0 → +0: the principal branch takes +iπ on the negative axis
  return cset(out, Math.log(cabs(ar, im)), Math.atan2(im, ar));
}

export function csqrt(ar: number, ai: number, out: C): C {
  if (ai === 0) return ar >= 0 ? cset(out, Math.sqrt(ar), 0) : cset(out, 0, Math.sqrt(-ar));
  // Stable form: t = sqrt((|z| + |Re z|)/2), no cancellation in either component.
  const t = Math.sqrt((cabs(ar, ai) + Math.abs(ar)) / 2);
  if (ar >= 0) return cset(out, t, ai / (2 * t));
  return cset(out, Math.abs(ai) / (2 * t), ai >= 0 ? t : -t);
}

/** z^n for an integer n, by binary powering. */
export function cpowInt(ar: number, ai: number, n: number, out: C): C {
  if (ai === 0) return cset(out, Math.pow(ar, n), 0);
  let k = Math.abs(n);
  let rr = 1;
  let ri = 0;
  let br = ar;
  let bi = ai;
  while (k > 0) {
    if (k & 1) {
      const nr = rr * br - ri * bi;
      ri = rr * bi + ri * br;
      rr = nr;
    }
    k = Math.floor(k / 2);
    if (k > 0) {
      const nb = br * br - bi * bi;
      bi = 2 * br * bi;
      br = nb;
    }
  }
  return n < 0 ? cdiv(1, 0, rr, ri, out) : cset(out, rr, ri);
}

/** Principal z^w. */
export function cpow(ar: number, ai: number, wr: number, wi: number, out: C): C {
  if (wi === 0 && Number.isInteger(wr) && Math.abs(wr) <= 1024) return cpowInt(ar, ai, wr, out);
  if (ar === 0 && ai === 0) {
    if (wr > 0) return cset(out, 0, 0);
    return cset(out, NaN, NaN);
  }
  if (ai === 0 && wi === 0 && ar > 0) return cset(out, Math.pow(ar, wr), 0);
  clog(ar, ai, t1);
  cmul(t1.re, t1.im, wr, wi, t2);
  return cexp(t2.re, t2.im, out);
}

export function csin(ar: number, ai: number, out: C): C {
  if (ai === 0) return cset(out, Math.sin(ar), 0);
  return cset(out, Math.sin(ar) * Math.cosh(ai), Math.cos(ar) * Math.sinh(ai));
}

export function ccos(ar: number, ai: number, out: C): C {
  if (ai === 0) return cset(out, Math.cos(ar), 0);
  return cset(out, Math.cos(ar) * Math.cosh(ai), -Math.sin(ar) * Math.sinh(ai));
}

export function csinh(ar: number, ai: number, out: C): C {
  if (ai === 0) return cset(out, Math.sinh(ar), 0);
  return cset(out, Math.sinh(ar) * Math.cos(ai), Math.cosh(ar) * Math.sin(ai));
}

export function ccosh(ar: number, ai: number, out: C): C {
  if (ai === 0) return cset(out, Math.cosh(ar), 0);
  return cset(out, Math.cosh(ar) * Math.cos(ai), Math.sinh(ar) * Math.sin(ai));
}

export function ctan(ar: number, ai: number, out: C): C {
  if (ai === 0) return cset(out, Math.tan(ar), 0);
  csin(ar, ai, t1);
  ccos(ar, ai, t2);
  return cdiv(t1.re, t1.im, t2.re, t2.im, out);
}

export function ctanh(ar: number, ai: number, out: C): C {
  if (ai === 0) return cset(out, Math.tanh(ar), 0);
  csinh(ar, ai, t1);
  ccosh(ar, ai, t2);
  return cdiv(t1.re, t1.im, t2.re, t2.im, out);
}

export function casin(ar: number, ai: number, out: C): C {
  if (ai === 0 && Math.abs(ar) <= 1) return cset(out, Math.asin(ar), 0);
  // -i log(iz + sqrt(1 - z^2)); for Re z < 0 use oddness so the log argument does not cancel.
  if (ar < 0 || (ar === 0 && ai < 0)) {
    casin(-ar, -ai, out);
    return cset(out, -out.re, -out.im);
  }
  cmul(ar, ai, ar, ai, t1);
  csqrt(1 - t1.re, -t1.im, t2);
  clog(t2.re - ai, t2.im + ar, t3);
  return cset(out, t3.im, -t3.re);
}

export function cacos(ar: number, ai: number, out: C): C {
  if (ai === 0 && Math.abs(ar) <= 1) return cset(out, Math.acos(ar), 0);
  casin(ar, ai, t3);
  return cset(out, Math.PI / 2 - t3.re, -t3.im);
}

export function catan(ar: number, ai: number, out: C): C {
  if (ai === 0) return cset(out, Math.atan(ar), 0);
  // (i/2)(log(1 - iz) - log(1 + iz)), 1 - iz = (1 + ai) - i ar, 1 + iz = (1 - ai) + i ar
  clog(1 + ai, -ar, t1);
  const r1 = t1.re;
  const i1 = t1.im;
  clog(1 - ai, ar, t2);
  const dr = r1 - t2.re;
  const di = i1 - t2.im;
  return cset(out, -di / 2, dr / 2);
}

export function casinh(ar: number, ai: number, out: C): C {
  if (ai === 0) return cset(out, Math.asinh(ar), 0);
  // asinh z = -i asin(iz)
  casin(-ai, ar, out);
  return cset(out, out.im, -out.re);
}

export function cacosh(ar: number, ai: number, out: C): C {
  if (ai === 0 && ar >= 1) return cset(out, Math.acosh(ar), 0);
  csqrt(ar + 1, ai, t1);
  const s1r = t1.re;
  const s1i = t1.im;
  csqrt(ar - 1, ai, t2);
  cmul(s1r, s1i, t2.re, t2.im, t3);
  return clog(ar + t3.re, ai + t3.im, out);
}

export function catanh(ar: number, ai: number, out: C): C {
  if (ai === 0 && Math.abs(ar) < 1) return cset(out, Math.atanh(ar), 0);
  clog(1 + ar, ai, t1);
  const r1 = t1.re;
  const i1 = t1.im;
  clog(1 - ar, -ai, t2);
  return cset(out, (r1 - t2.re) / 2, (i1 - t2.im) / 2);
}
