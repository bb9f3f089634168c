#!/usr/bin/python3
"""Labelled definite integrals for sagga's `definite` task: tests/fixtures/labelled/definite.jsonl.

Runs under Debian's /usr/bin/python3 with python3-sympy (SymPy 1.11, mpmath 1.2). It shares no code
with the TypeScript verifier it is used to test.

Each base integral is drawn from a family (regular integrands on finite intervals, endpoint
singularities, infinite ranges, oscillatory integrands) with seeded random parameters. Its exact
value comes from SymPy: `integrate` where the family leaves it to SymPy (under an alarm), else the
family's classical formula written as a SymPy expression. Either way the value is confirmed by
mpmath at 45 digits (`quad`, split into pieces for oscillatory integrands; `quadosc` for oscillatory
tails): a base whose closed form and quadrature do not agree to 25 significant digits is dropped.

From each base come these lines, each label checked again numerically (mpmath, 45 digits):
  correct    the closed form; another form of it (expanded, combined logarithms, ...) when SymPy
             gives a different text; the value as a decimal to 7-10 places (error <= 5e-8);
  incorrect  two wrong twins among: the sign flipped, a factor of 2 or 1/2, a term added
             (1, 1/2, pi/4, log(2)), a near-miss rational (pi -> 355/113 or 22/7, or the best
             rational with a denominator up to 10^4 when it lies within 1e-5 relative but beyond
             1e-11); the value off by 1e-5 .. 3e-5 as a decimal to 7 places.
A twin closer to the value than 1e-9 (relative to max(1, |value|)) is not written.

Values that need a named constant the infix reader does not know yet (Catalan, EulerGamma, zeta(n))
go to the `--pending` file instead, with a `pending` field naming the constant.

    /usr/bin/python3 bench/python/make_definite_set.py \\
        --out tests/fixtures/labelled/definite.jsonl --pending tests/fixtures/labelled/definite-pending.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

import mpmath
import sympy as sp

X = sp.Symbol('x', real=True)
R = sp.Rational
pi = sp.pi
oo = sp.oo
E = sp.E

DPS = 45
AGREE = mpmath.mpf(10) ** -25
SEED = 20240612
PENDING_NAMES = ('Catalan', 'EulerGamma', 'zeta')


class Timeout(BaseException):
    """Raised by SIGALRM; a BaseException so that SymPy's broad `except Exception` cannot swallow it."""


def _alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    raise Timeout()


signal.signal(signal.SIGALRM, _alarm)


def sympy_integral(f, a, b, seconds=20):
    """SymPy's definite integral, or None when it does not finish, stays unevaluated or is not real."""
    signal.alarm(seconds)
    try:
        v = sp.integrate(f, (X, a, b))
        signal.alarm(0)
    except Timeout:
        return None
    except Exception:  # noqa: BLE001 - any SymPy failure just drops the candidate
        signal.alarm(0)
        return None
    if v.has(sp.Integral, sp.Piecewise, sp.I, sp.zoo, sp.nan, oo, -oo, sp.meijerg, sp.hyper):
        return None
    return v


# ---------------------------------------------------------------------------------------------
# Families. Each returns (family, integrand, lower, upper, formula or None, omega or None): omega is
# the angular frequency of an oscillatory integrand on a finite interval (quadrature splits by it),
# or for an oscillatory tail the distance between the points where mpmath's quadosc cuts it.


def regular_families(rng):
    out = []
    for _ in range(6):
        cs = [rng.randint(-4, 4) for _ in range(4)]
        a, b = sorted(rng.sample([R(-2), R(-1), R(0), R(1, 2), R(1), R(2), R(3)], 2))
        out.append(('regular/polynomial', sum(c * X**k for k, c in enumerate(cs)) + 1, a, b, None, None))
    for _ in range(5):
        n, k = rng.choice([1, 2, 3]), rng.choice([1, 2, -1, -2, R(1, 2)])
        out.append(('regular/power-exp', X**n * sp.exp(k * X), 0, 1, None, None))
    for _ in range(6):
        n, k, f = rng.choice([1, 2]), rng.choice([1, 2, 3]), rng.choice([sp.sin, sp.cos])
        out.append(('regular/power-trig', X**n * f(k * X), 0, rng.choice([pi, pi / 2]), None, None))
    for c, b in [(1, 1), (2, 2), (3, 1), (1, sp.sqrt(3))]:
        out.append(('regular/arctangent', 1 / (X**2 + c**2), 0, b, None, None))
    for c in [1, 2, 3]:
        out.append(('regular/logarithm', 1 / (X + c), 0, rng.choice([1, 2]), None, None))
    out.append(('regular/logarithm', X / (X**2 + 1), 0, 1, None, None))
    for n, m in [(2, 0), (0, 4), (3, 2), (2, 2), (5, 0)]:
        out.append(('regular/trig-powers', sp.sin(X) ** n * sp.cos(X) ** m, 0, pi / 2, None, None))
    for a, b in [(1, 1), (2, 1), (-1, 2), (1, 3)]:
        out.append(('regular/exp-trig', sp.exp(a * X) * sp.sin(b * X), 0, pi, None, None))
    for f, lo, hi in [(sp.log(X + 1), 0, 1), (X * sp.log(X + 2), 0, 1), (sp.log(X), 1, E), (X**2 * sp.log(X), 1, 2)]:
        out.append(('regular/log-power', f, lo, hi, None, None))
    for f in [sp.atan(X), X * sp.atan(X), sp.asin(X), sp.acos(X) * X, sp.asinh(X)]:
        out.append(('regular/inverse-trig', f, 0, 1, None, None))
    for f in [sp.sinh(2 * X), sp.cosh(X) ** 2, sp.tanh(X), X * sp.cosh(X)]:
        out.append(('regular/hyperbolic', f, 0, 1, None, None))
    for f in [1 / (X**2 + X + 1), 1 / (1 + X**2) ** 2, X**3 / (1 + X**4), (X + 1) / (X**2 + 2 * X + 5), 1 / (X**2 + 4 * X + 3)]:
        out.append(('regular/rational', f, 0, 1, None, None))
    for f, lo, hi in [(sp.sqrt(1 - X**2), 0, R(1, 2)), (X * sp.sqrt(1 + X**2), 0, 1), (1 / sp.sqrt(1 + X**2), 0, 1), (sp.sqrt(X) * (1 + X), 0, 4)]:
        out.append(('regular/algebraic', f, lo, hi, None, None))
    for f, lo, hi in [(sp.tan(X), 0, pi / 4), (sp.sec(X) ** 2, 0, pi / 4), (sp.tan(X) ** 2, 0, pi / 4), (1 / (2 + sp.cos(X)), 0, pi), (1 / (5 - 4 * sp.cos(X)), 0, 2 * pi)]:
        out.append(('regular/trig-rational', f, lo, hi, None, None))
    # Integrals that cancel to 0: judged against the scale of what cancelled.
    for f, lo, hi in [(sp.sin(X) ** 3, -pi, pi), (X * sp.cos(X), -1, 1), (X**3 - X, -2, 2)]:
        out.append(('regular/cancelling', f, lo, hi, None, None))
    return out


def endpoint_families():
    out = []
    for k in [R(0), R(1), R(2), R(1, 2), R(-1, 2), R(3)]:
        out.append(('endpoint/power-log', X**k * sp.log(X), 0, 1, -1 / (k + 1) ** 2, None))
    for n in [1, 2, 3, 4]:
        out.append(('endpoint/log-power', sp.log(X) ** n, 0, 1, (-1) ** n * sp.factorial(n), None))
    for p in [R(-1, 2), R(-1, 3), R(-2, 3), R(-3, 4), R(1, 3)]:
        out.append(('endpoint/power', X**p, 0, 1, 1 / (p + 1), None))
    out += [
        ('endpoint/inverse-sqrt', 1 / sp.sqrt(1 - X**2), 0, 1, pi / 2, None),
        ('endpoint/inverse-sqrt', 1 / sp.sqrt(X * (1 - X)), 0, 1, pi, None),
        ('endpoint/inverse-sqrt', 1 / sp.sqrt(1 - X), 0, 1, 2, None),
        ('endpoint/inverse-sqrt', (1 - X) ** R(-1, 3), 0, 1, R(3, 2), None),
        ('endpoint/inverse-sqrt', X / sp.sqrt(1 - X**2), 0, 1, 1, None),
        ('endpoint/log-rational', sp.log(X) / (1 + X), 0, 1, -(pi**2) / 12, None),
        ('endpoint/log-rational', sp.log(X) / (1 - X), 0, 1, -(pi**2) / 6, None),
        ('endpoint/log-rational', sp.log(1 - X) / X, 0, 1, -(pi**2) / 6, None),
        ('endpoint/log-rational', sp.log(X) / (1 - X**2), 0, 1, -(pi**2) / 8, None),
        ('endpoint/log-rational', sp.log(X) * sp.log(1 - X), 0, 1, 2 - pi**2 / 6, None),
        ('endpoint/log-rational', sp.log(X) / sp.sqrt(X), 0, 1, -4, None),
        ('endpoint/log-rational', X * sp.log(X) / (1 - X), 0, 1, 1 - pi**2 / 6, None),
        ('endpoint/log-trig', sp.log(sp.sin(X)), 0, pi / 2, -pi * sp.log(2) / 2, None),
        ('endpoint/log-trig', sp.log(sp.cos(X)), 0, pi / 2, -pi * sp.log(2) / 2, None),
        ('endpoint/log-trig', sp.log(sp.tan(X)), 0, pi / 2, 0, None),
        ('endpoint/log-trig', sp.asin(X) / X, 0, 1, pi * sp.log(2) / 2, None),
        ('endpoint/log-trig', sp.log(1 + X) / (1 + X**2), 0, 1, pi * sp.log(2) / 8, None),
        ('endpoint/sqrt-log', sp.sqrt(X) * sp.log(X), 0, 1, R(-4, 9), None),
        ('endpoint/sqrt-log', sp.log(X) ** 2 * sp.sqrt(X), 0, 1, R(16, 27), None),
    ]
    for p, q in [(R(1, 2), R(1, 2)), (R(1, 2), R(3, 2)), (R(1, 3), R(2, 3)), (R(1, 4), R(1, 2)), (R(1, 3), 1), (R(2, 3), R(1, 2))]:
        out.append(('endpoint/beta', X ** (p - 1) * (1 - X) ** (q - 1), 0, 1, sp.gamma(p) * sp.gamma(q) / sp.gamma(p + q), None))
    # Values with a named constant (pending until the reader knows it).
    out += [
        ('endpoint/catalan', sp.atan(X) / X, 0, 1, sp.Catalan, None),
        ('endpoint/catalan', sp.log(X) / (1 + X**2), 0, 1, -sp.Catalan, None),
        ('endpoint/catalan', X / sp.sin(X), 0, pi / 2, 2 * sp.Catalan, None),
        ('endpoint/zeta', sp.log(X) ** 2 / (1 - X), 0, 1, 2 * sp.zeta(3), None),
    ]
    return out


def infinite_families(rng):
    out = []
    for n, k in [(0, 1), (1, 1), (2, 2), (3, 1), (4, 3), (1, R(1, 2))]:
        out.append(('infinite/power-exp', X**n * sp.exp(-k * X), 0, oo, sp.factorial(n) / k ** (n + 1), None))
    out += [
        ('infinite/gaussian', sp.exp(-(X**2)), -oo, oo, sp.sqrt(pi), None),
        ('infinite/gaussian', sp.exp(-2 * X**2), -oo, oo, sp.sqrt(pi / 2), None),
        ('infinite/gaussian', X**2 * sp.exp(-(X**2)), 0, oo, sp.sqrt(pi) / 4, None),
        ('infinite/gaussian', sp.exp(-(X**2)) * sp.cos(X), -oo, oo, sp.sqrt(pi) * sp.exp(R(-1, 4)), None),
        ('infinite/gaussian', sp.exp(-(X**2)) * sp.cos(2 * X), 0, oo, sp.sqrt(pi) * sp.exp(-1) / 2, None),
    ]
    for c in [1, 2, 3]:
        out.append(('infinite/rational', 1 / (X**2 + c**2), 0, oo, pi / (2 * c), None))
    out.append(('infinite/rational', 1 / (X**2 + 1), -oo, oo, pi, None))
    out += [
        ('infinite/rational', 1 / (1 + X**2) ** 2, 0, oo, pi / 4, None),
        ('infinite/rational', 1 / (1 + X**4), 0, oo, sp.sqrt(2) * pi / 4, None),
        ('infinite/rational', X**2 / (1 + X**4), 0, oo, sp.sqrt(2) * pi / 4, None),
        ('infinite/rational', 1 / (1 + X**3), 0, oo, 2 * pi / (3 * sp.sqrt(3)), None),
        ('infinite/rational', 1 / (X**2 + X + 1), 0, oo, 2 * pi / (3 * sp.sqrt(3)), None),
        ('infinite/rational', 1 / (X * (X + 1)), 1, oo, sp.log(2), None),
        ('infinite/rational', 1 / (X**2 - 1), 2, oo, sp.log(3) / 2, None),
    ]
    for p in [R(2), R(3), R(3, 2), R(5, 2)]:
        out.append(('infinite/power', X ** (-p), 1, oo, 1 / (p - 1), None))
    for a, b in [(1, 1), (2, 3), (1, 2)]:
        out.append(('infinite/damped-oscillation', sp.exp(-a * X) * sp.sin(b * X), 0, oo, R(b, a * a + b * b), None))
        out.append(('infinite/damped-oscillation', sp.exp(-a * X) * sp.cos(b * X), 0, oo, R(a, a * a + b * b), None))
    out += [
        ('infinite/bose-fermi', X / (sp.exp(X) - 1), 0, oo, pi**2 / 6, None),
        ('infinite/bose-fermi', X / (sp.exp(X) + 1), 0, oo, pi**2 / 12, None),
        ('infinite/bose-fermi', X**3 / (sp.exp(X) - 1), 0, oo, pi**4 / 15, None),
        ('infinite/hyperbolic', 1 / sp.cosh(X), -oo, oo, pi, None),
        ('infinite/hyperbolic', 1 / sp.cosh(X) ** 2, -oo, oo, 2, None),
        ('infinite/hyperbolic', X / sp.sinh(X), 0, oo, pi**2 / 4, None),
        ('infinite/log', sp.log(X) / (1 + X**2), 0, oo, 0, None),
        ('infinite/log', sp.log(X) / (1 + X) ** 2, 0, oo, 0, None),
        ('infinite/log', sp.log(1 + X**2) / X**2, 0, oo, pi, None),
        ('infinite/singular-end', sp.sqrt(X) * sp.exp(-X), 0, oo, sp.sqrt(pi) / 2, None),
        ('infinite/singular-end', sp.exp(-X) / sp.sqrt(X), 0, oo, sp.sqrt(pi), None),
        ('infinite/singular-end', 1 / ((1 + X) * sp.sqrt(X)), 0, oo, pi, None),
        ('infinite/singular-end', X ** R(1, 3) * sp.exp(-X), 0, oo, sp.gamma(R(4, 3)), None),
        ('infinite/euler-gamma', sp.exp(-X) * sp.log(X), 0, oo, -sp.EulerGamma, None),
        ('infinite/zeta', X**2 / (sp.exp(X) - 1), 0, oo, 2 * sp.zeta(3), None),
    ]
    # Oscillatory tails: absolutely convergent, and conditionally (sin(x)/x).
    out += [
        ('infinite/oscillatory', sp.sin(X) / X, 0, oo, pi / 2, pi),
        ('infinite/oscillatory', sp.sin(X) ** 2 / X**2, 0, oo, pi / 2, pi),
        ('infinite/oscillatory', sp.cos(X) / (1 + X**2), 0, oo, pi / (2 * E), pi),
        ('infinite/oscillatory', (1 - sp.cos(X)) / X**2, 0, oo, pi / 2, 2 * pi),
        ('infinite/oscillatory', X * sp.sin(X) / (1 + X**2), 0, oo, pi / (2 * E), pi),
        ('infinite/oscillatory', sp.sin(3 * X) / X, 0, oo, pi / 2, pi / 3),
    ]
    return out


def oscillatory_families(rng):
    out = []
    for k in [10, 20, 30, 50]:
        out.append(('oscillatory/power-trig', X * sp.sin(k * X), 0, pi, None, k))
    for k in [15, 40]:
        out.append(('oscillatory/exp-trig', sp.exp(X) * sp.cos(k * X), 0, 1, None, k))
    for k in [12, 25]:
        out.append(('oscillatory/trig-square', sp.sin(k * X) ** 2, 0, 1, None, k))
    for k in [8, 16]:
        out.append(('oscillatory/power-trig', X**2 * sp.cos(k * X), 0, 2 * pi, None, k))
    out.append(('oscillatory/orthogonality', sp.sin(7 * X) * sp.sin(9 * X), 0, pi, None, 9))
    out.append(('oscillatory/orthogonality', sp.cos(6 * X) ** 2, 0, pi, None, 12))
    return out


# ---------------------------------------------------------------------------------------------


def mp_quad(f, a, b, omega):
    """∫ f from a to b with mpmath: pieces of half a period when omega is given, quadosc on an
    oscillatory tail, and otherwise tanh-sinh at twice the digits (an endpoint singularity such as
    x^(-3/4) costs quad three quarters of its working digits)."""
    fn = sp.lambdify(X, f, 'mpmath')
    with mpmath.workdps(2 * DPS + 10):
        lo = mpmath.mpf(sp.N(a, 2 * DPS + 20)) if a not in (oo, -oo) else (mpmath.inf if a == oo else -mpmath.inf)
        hi = mpmath.mpf(sp.N(b, 2 * DPS + 20)) if b not in (oo, -oo) else (mpmath.inf if b == oo else -mpmath.inf)
        if omega is not None and mpmath.isinf(hi):
            step = mpmath.mpf(sp.N(omega, 2 * DPS + 20))
            with mpmath.workdps(DPS):
                return mpmath.quadosc(fn, [lo, hi], zeros=lambda n: n * step)
        if omega is not None:
            pieces = max(2, int(mpmath.ceil((hi - lo) * omega / (2 * mpmath.pi))) * 2)
            with mpmath.workdps(DPS):
                return mpmath.quad(fn, mpmath.linspace(lo, hi, pieces + 1))
        if mpmath.isinf(lo) and mpmath.isinf(hi):
            return +mpmath.quad(fn, [lo, 0, hi])
        return +mpmath.quad(fn, [lo, hi])


def num(e):
    return mpmath.mpf(sp.N(e, DPS + 10))


def decimal_text(v, places):
    with localcontext() as ctx:
        ctx.prec = 80
        d = Decimal(mpmath.nstr(v, 60, min_fixed=-100, max_fixed=100)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
    s = format(d, 'f')
    return '0.' + '0' * places if s.startswith('-') and d == 0 else s


def best_rational(v, max_den):
    return Fraction(str(mpmath.nstr(v, 40))).limit_denominator(max_den)


def text_of(e):
    return sp.sstr(e)


def twins(value, q, rng):
    """Wrong closed forms near `value` (exact q): (variant, expr)."""
    out = []
    if value != 0:
        out.append(('sign', -value))
        out.append(('factor', rng.choice([2 * value, value / 2])))
    term = rng.choice([1, R(1, 2), pi / 4, sp.log(2)])
    out.append(('term', value + term))
    if value.has(pi):
        out.append(('near-rational', value.subs(pi, rng.choice([R(355, 113), R(22, 7)]))))
    else:
        fr = best_rational(q, 10_000)
        r = R(fr.numerator, fr.denominator)
        rel = abs(num(r) - q) / max(abs(q), 1)
        if r != value and mpmath.mpf('1e-11') < rel < mpmath.mpf('1e-5'):
            out.append(('near-rational', r))
        elif value.is_Rational and value != 0:
            out.append(('near-rational', value * R(10**6 + 1, 10**6)))
    near = [t for t in out if t[0] == 'near-rational']
    rest = [t for t in out if t[0] != 'near-rational']
    rng.shuffle(rest)
    return (near + rest)[:2]


def other_form(value):
    """A different text of the same value, when SymPy's rewrites give one."""
    base = text_of(value)
    for rewrite in (
        lambda v: sp.expand(v),
        lambda v: sp.factor(v),
        lambda v: sp.together(v),
        lambda v: sp.expand_log(v, force=True),
        lambda v: sp.logcombine(v, force=True),
        lambda v: sp.radsimp(v),
        lambda v: v.rewrite(sp.log),
    ):
        try:
            signal.alarm(5)
            w = rewrite(value)
            signal.alarm(0)
        except (Timeout, Exception):  # noqa: BLE001 - a failed rewrite just gives no other form
            signal.alarm(0)
            continue
        t = text_of(w)
        if t != base and not w.has(sp.I) and len(t) < 300:
            return w
    return None


def bound_text(b):
    return text_of(b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', required=True)
    ap.add_argument('--pending', required=True)
    ap.add_argument('--seed', type=int, default=SEED)
    args = ap.parse_args()
    mpmath.mp.dps = DPS
    rng = random.Random(args.seed)
    bases = regular_families(rng) + endpoint_families() + infinite_families(rng) + oscillatory_families(rng)
    lines, pending = [], []
    kept = dropped = 0
    for n, (family, f, a, b, formula, omega) in enumerate(bases):
        value = sp.sympify(formula) if formula is not None else sympy_integral(f, a, b)
        if value is None:
            print(f'drop {family} {f} [{a}, {b}]: SymPy gives no closed form', file=sys.stderr)
            dropped += 1
            continue
        value = sp.sympify(value)
        try:
            q = mp_quad(f, a, b, omega)
            exact = num(value)
        except Exception as err:  # noqa: BLE001 - report and drop
            print(f'drop {family} {f} [{a}, {b}]: {err}', file=sys.stderr)
            dropped += 1
            continue
        if abs(q - exact) > AGREE * max(1, abs(exact)):
            print(f'drop {family} {f} [{a}, {b}]: SymPy {value} = {mpmath.nstr(exact, 20)} but mpmath {mpmath.nstr(q, 20)}', file=sys.stderr)
            dropped += 1
            continue
        kept += 1
        base_id = f'definite-{n:03d}'
        common = {'task': 'definite', 'problem': text_of(f).replace('**', '^'), 'lower': bound_text(a), 'upper': bound_text(b)}

        def emit(variant, answer_text, label):
            record = {'id': f'{base_id}-{variant}', **common, 'answer': answer_text, 'label': label, 'family': family, 'variant': variant}
            names = [name for name in PENDING_NAMES if name in answer_text]
            if names:
                record['pending'] = names[0]
            (pending if names else lines).append(record)

        def check_closed(e, want_correct):
            d = abs(num(e) - q)
            return d <= AGREE * max(1, abs(q)) if want_correct else d > mpmath.mpf('1e-9') * max(1, abs(q))

        emit('closed', text_of(value), 'correct')
        alt = other_form(value)
        if alt is not None and check_closed(alt, True):
            emit('other-form', text_of(alt), 'correct')
        for variant, twin in twins(value, q, rng):
            if check_closed(twin, False):
                emit(variant, text_of(twin), 'incorrect')
        places = rng.choice([7, 8, 10])
        right = decimal_text(q, places)
        if abs(mpmath.mpf(right) - q) <= mpmath.mpf('1e-7'):
            emit('decimal', right, 'correct')
        off = rng.choice([1, -1]) * mpmath.mpf(rng.choice([1, 1.5, 2, 3])) * mpmath.mpf('1e-5')
        wrong = decimal_text(q + off, 7)
        if abs(mpmath.mpf(wrong) - q) >= mpmath.mpf('5e-6'):
            emit('decimal-off', wrong, 'incorrect')
    with open(args.out, 'w', encoding='utf-8') as fh:
        for r in lines:
            fh.write(json.dumps(r) + '\n')
    with open(args.pending, 'w', encoding='utf-8') as fh:
        for r in pending:
            fh.write(json.dumps(r) + '\n')
    labels = [r['label'] for r in lines]
    print(f'{kept} integrals kept, {dropped} dropped; {len(lines)} lines ({labels.count("incorrect")} incorrect) in {args.out}, {len(pending)} pending in {args.pending}', file=sys.stderr)


if __name__ == '__main__':
    main()
