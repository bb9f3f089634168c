// The model's algebra: an integrand as a finite sum of terms it knows how to integrate.
//
//   mono  { kind: 'mono', c, n, ex }    c·x^n·Π b^(a_b·x + k_b)   (n an integer, ex below)
//   lin   { kind: 'lin', c, a, b, m }   c·(a·x + b)^m            (a ≠ 0, b ≠ 0, m an integer ≠ 0)
//   trig  { kind: 'trig', c, fn, a, b } c·fn(a·x + b)            (fn sin or cos, a ≠ 0)
//
// `ex` is a list of { base, a, k } sorted by base, where base is 'e' or a prime (as a decimal
// string): every positive constant base is factored into primes, so that 4^x·2^(-2·x) is seen to
// be 1 and no rate of growth is wrongly taken for non-zero. Coefficients and exponents are exact
// rationals (rational.mjs). Every function returns null for what the model cannot do; the caller
// then declines the problem.
import * as Q from './rational.mjs';

/** Bounds that keep every problem cheap: past them the model declines. */
export const LIMITS = { maxTerms: 300, maxDigits: 200, maxExpandPower: 12, maxDegree: 1_000_000 };

const mono = (c, n, ex = []) => ({ kind: 'mono', c, n, ex });
const lin = (c, a, b, m) => ({ kind: 'lin', c, a, b, m });
const trig = (c, fn, a, b) => ({ kind: 'trig', c, fn, a, b });
const ONE_SUM = [mono(Q.ONE, 0)];

const compareBases = (u, v) => (u === v ? 0 : u === 'e' ? -1 : v === 'e' ? 1 : BigInt(u) < BigInt(v) ? -1 : 1);

/** The product of two exponential parts. */
function mergeEx(e1, e2) {
  const out = [];
  let i = 0;
  let j = 0;
  while (i < e1.length || j < e2.length) {
    const order = i >= e1.length ? 1 : j >= e2.length ? -1 : compareBases(e1[i].base, e2[j].base);
    if (order < 0) out.push(e1[i++]);
    else if (order > 0) out.push(e2[j++]);
    else {
      const a = Q.add(e1[i].a, e2[j].a);
      const k = Q.add(e1[i].k, e2[j].k);
      if (!Q.isZero(a) || !Q.isZero(k)) out.push({ base: e1[i].base, a, k });
      i++;
      j++;
    }
  }
  return out;
}

const scaleEx = (ex, r) => (Q.isZero(r) ? [] : ex.map((e) => ({ base: e.base, a: Q.mul(e.a, r), k: Q.mul(e.k, r) })));
const exKey = (ex) => ex.map((e) => `${e.base}:${e.a.p}/${e.a.q}:${e.k.p}/${e.k.q}`).join(',');
/** Does the exponential part grow with x (a non-zero rate), or is it a constant factor? */
export const hasRate = (ex) => ex.some((e) => !Q.isZero(e.a));
const tooBig = (r) => Q.digits(r) > LIMITS.maxDigits;

function termKey(t) {
  switch (t.kind) {
    case 'mono':
      return `m|${t.n}|${exKey(t.ex)}`;
    case 'lin':
      return `l|${t.a.p}/${t.a.q}|${t.b.p}/${t.b.q}|${t.m}`;
    case 'trig':
      return `t|${t.fn}|${t.a.p}/${t.a.q}|${t.b.p}/${t.b.q}`;
  }
}

const withCoefficient = (t, c) => ({ ...t, c });

/** Like terms merged (in first-seen order), zero terms dropped; null past the size bounds. */
export function combine(terms) {
  const byKey = new Map();
  for (const t of terms) {
    const key = termKey(t);
    const seen = byKey.get(key);
    byKey.set(key, seen === undefined ? t : withCoefficient(seen, Q.add(seen.c, t.c)));
  }
  const out = [...byKey.values()].filter((t) => !Q.isZero(t.c));
  if (out.length > LIMITS.maxTerms || out.some((t) => tooBig(t.c))) return null;
  return out;
}

export const negate = (s) => s.map((t) => withCoefficient(t, Q.neg(t.c)));

/** The value of a sum that is a plain rational number, else null. */
export function asRational(s) {
  if (s.length === 0) return Q.ZERO;
  if (s.length === 1 && s[0].kind === 'mono' && s[0].n === 0 && s[0].ex.length === 0) return s[0].c;
  return null;
}

/** A sum that is one constant term c·Π b^k (no x anywhere), else null. */
function asConstant(s) {
  if (s.length !== 1) return null;
  const t = s[0];
  return t.kind === 'mono' && t.n === 0 && !hasRate(t.ex) ? t : null;
}

/** a·x + b with rational a, b (either may be 0), else null. */
export function asLinear(s) {
  let a = Q.ZERO;
  let b = Q.ZERO;
  for (const t of s) {
    if (t.kind !== 'mono' || t.ex.length > 0) return null;
    if (t.n === 0) b = Q.add(b, t.c);
    else if (t.n === 1) a = Q.add(a, t.c);
    else return null;
  }
  return { a, b };
}

function binomial(m, j) {
  let r = 1n;
  for (let i = 0; i < j; i++) r = (r * BigInt(m - i)) / BigInt(i + 1);
  return r;
}

/** c·(a·x + b)^m as monomials, for a small positive m. */
function expandLin(t) {
  const out = [];
  for (let j = 0; j <= t.m; j++) {
    const c = Q.mul(t.c, Q.mul(Q.rat(binomial(t.m, j)), Q.mul(Q.pow(t.a, j), Q.pow(t.b, t.m - j))));
    out.push(mono(c, j));
  }
  return out;
}

const isPlainConstant = (t) => t.kind === 'mono' && t.n === 0 && t.ex.length === 0;
const expandable = (t) => t.kind === 'lin' && t.m > 0 && t.m <= LIMITS.maxExpandPower;

function mulTerms(t, u) {
  if (t.kind === 'mono' && u.kind === 'mono') {
    const n = t.n + u.n;
    if (Math.abs(n) > LIMITS.maxDegree) return null;
    return [mono(Q.mul(t.c, u.c), n, mergeEx(t.ex, u.ex))];
  }
  if (isPlainConstant(t)) return [withCoefficient(u, Q.mul(t.c, u.c))];
  if (isPlainConstant(u)) return [withCoefficient(t, Q.mul(t.c, u.c))];
  if (t.kind === 'lin' && u.kind === 'lin' && Q.equal(t.a, u.a) && Q.equal(t.b, u.b)) {
    const m = t.m + u.m;
    return m === 0 ? [mono(Q.mul(t.c, u.c), 0)] : [lin(Q.mul(t.c, u.c), t.a, t.b, m)];
  }
  if (expandable(t)) return mulSums(expandLin(t), [u]);
  if (expandable(u)) return mulSums([t], expandLin(u));
  return null;
}

export function mulSums(s, t) {
  if (s.length * t.length > LIMITS.maxTerms * 4) return null;
  const out = [];
  for (const u of s) {
    for (const v of t) {
      const p = mulTerms(u, v);
      if (p === null) return null;
      out.push(...p);
    }
  }
  return combine(out);
}

function powTerm(t, k) {
  if (Q.isZero(t.c) && k < 0) return null;
  const unit = t.c.q === 1n && (t.c.p === 1n || t.c.p === -1n);
  if (!unit && Q.digits(t.c) * Math.abs(k) > LIMITS.maxDigits) return null;
  const c = Q.pow(t.c, k);
  if (t.kind === 'mono') {
    const n = t.n * k;
    if (Math.abs(n) > LIMITS.maxDegree) return null;
    return mono(c, n, scaleEx(t.ex, Q.fromInt(k)));
  }
  if (t.kind === 'lin') {
    const m = t.m * k;
    if (Math.abs(m) > LIMITS.maxDegree) return null;
    return m === 0 ? mono(c, 0) : lin(c, t.a, t.b, m);
  }
  return k === 1 ? t : null;
}

/** s^k for an integer k. */
export function powSum(s, k) {
  if (k === 0) return s.length === 0 ? null : ONE_SUM;
  if (s.length === 0) return k > 0 ? [] : null;
  if (k === 1) return s;
  if (s.length === 1) {
    const t = powTerm(s[0], k);
    return t === null ? null : [t];
  }
  const linear = asLinear(s);
  if (linear !== null && !Q.isZero(linear.a) && !Q.isZero(linear.b)) return [lin(Q.ONE, linear.a, linear.b, k)];
  if (k < 2 || k > LIMITS.maxExpandPower) return null;
  let out = s;
  for (let i = 1; i < k && out !== null; i++) out = mulSums(out, s);
  return out;
}

/** s / t, where t is one monomial, or a power of a linear form dividing a constant. */
export function divSums(s, t) {
  if (t.length === 1 && t[0].kind === 'mono') {
    const inverse = powTerm(t[0], -1);
    return inverse === null ? null : mulSums(s, [inverse]);
  }
  const r = asRational(s);
  if (r === null) return null;
  if (t.length === 1 && t[0].kind === 'lin') return [lin(Q.div(r, t[0].c), t[0].a, t[0].b, -t[0].m)];
  const linear = asLinear(t);
  if (linear !== null && !Q.isZero(linear.a) && !Q.isZero(linear.b)) return [lin(r, linear.a, linear.b, -1)];
  return null;
}

/** Trial division up to 10^4; what is left over (above 10^8, so never from a mutation) stands as its own base. */
function factor(n) {
  const out = new Map();
  for (let p = 2n; p <= 10_000n && p * p <= n; p += p === 2n ? 1n : 2n) {
    while (n % p === 0n) {
      out.set(p, (out.get(p) ?? 0) + 1);
      n /= p;
    }
  }
  if (n > 1n) out.set(n, (out.get(n) ?? 0) + 1);
  return out;
}

/** base^(A·x + B) for a positive constant base c·Π b^k: an exponential part over primes and e. */
function powConstant(base, A, B) {
  let ex = [];
  const exponentTimes = (r) => [{ a: Q.mul(r, A), k: Q.mul(r, B) }];
  for (const [p, count] of factor(base.c.p)) ex = mergeEx(ex, [{ base: p.toString(), ...exponentTimes(Q.fromInt(count))[0] }]);
  for (const [p, count] of factor(base.c.q)) ex = mergeEx(ex, [{ base: p.toString(), ...exponentTimes(Q.fromInt(-count))[0] }]);
  for (const e of base.ex) ex = mergeEx(ex, [{ base: e.base, ...exponentTimes(e.k)[0] }]);
  // sagga's readers refuse literals beyond 10^15: a base that long (never one a mutation makes) is declined.
  if (ex.some((e) => tooBig(e.a) || tooBig(e.k) || e.base.length > 15)) return null;
  return [mono(Q.ONE, 0, ex)];
}

/** base^exponent for normalised operands. */
export function powNormal(base, exponent) {
  const constantBase = asConstant(base);
  if (constantBase !== null && Q.isPositive(constantBase.c)) {
    const linear = asLinear(exponent);
    return linear === null ? null : powConstant(constantBase, linear.a, linear.b);
  }
  const k = asRational(exponent);
  if (k === null || !Q.isInteger(k)) return null;
  const n = Q.toSafeInteger(k);
  return n === null || Math.abs(n) > LIMITS.maxDegree ? null : powSum(base, n);
}

/** e^s, for s linear in x. */
export function expNormal(s) {
  const linear = asLinear(s);
  if (linear === null) return null;
  if (Q.isZero(linear.a) && Q.isZero(linear.b)) return ONE_SUM;
  return [mono(Q.ONE, 0, [{ base: 'e', a: linear.a, k: linear.b }])];
}

/** sin or cos of a linear argument. */
export function trigNormal(fn, s) {
  const linear = asLinear(s);
  if (linear === null || Q.isZero(linear.a)) return null;
  return [trig(Q.ONE, fn, linear.a, linear.b)];
}

export const constantSum = (r) => (Q.isZero(r) ? [] : [mono(r, 0)]);
export const X_SUM = [mono(Q.ONE, 1)];
export const E_SUM = [mono(Q.ONE, 0, [{ base: 'e', a: Q.ZERO, k: Q.ONE }])];
