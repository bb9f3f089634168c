"""Labelled Taylor polynomials for the `series` task: correct answers, wrong twins and hard cases.

    /usr/bin/python3 bench/python/make_series_set.py > tests/fixtures/labelled/series.jsonl

Runs under Debian's /usr/bin/python3 with python3-sympy (SymPy and mpmath) and shares no code with
the TypeScript verifier it is used to test. Each line is
`{"id", "task": "series", "problem", "point", "order", "answer", "label", "family"}`.

Problems come from templates with seeded random coefficients (exp, trigonometric, hyperbolic and
inverse functions, logarithms, roots and powers, products, quotients, compositions, removable
singularities such as sin(x)/x), expanded at 0, at other rational points and at points such as pi/4.
The reference is SymPy's `series(f, x, a, n + 1)`. Answers, each with the label its family intends:

- correct: SymPy's polynomial as it prints it (in powers of x - a), the same expanded in powers of
  x, SymPy's own text with its `+ O(...)` remainder, and coefficients written as 12-digit decimals;
- incorrect: a wrong highest-order coefficient, a wrong low-order coefficient (its sign), a term
  beyond the order (the next term of the true series), a dropped term, f^(k)(a) without the 1/k!,
  the expansion at 0 given for a non-zero point, f itself (not a polynomial), a remainder that stops
  short of the order, and decimals off by 1e-3 in one coefficient.

The label written is not the intent but SymPy's own check of the answer against the reference: the
answer is parsed by SymPy (its `O(...)` term included), must be a polynomial in x whose remainder
term, if any, lies beyond the order, and its coefficients in powers of x - a must equal the
reference's up to the order and vanish beyond it (`simplify` of each difference, confirmed with
mpmath at 60 digits; a decimal answer within 1e-6 relative, or absolute where the coefficient is
0). A pair whose check disagrees with its family's intent, or that SymPy cannot settle in time, is
left out and reported on stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import signal
import sys
from typing import Callable, Optional

import mpmath
import sympy as sp
from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations

X = sp.Symbol('x')
T = sp.Symbol('t')
_LOCALS = {
    'x': X, 'pi': sp.pi, 'E': sp.E, 'O': sp.O, 'exp': sp.exp, 'log': sp.log, 'sqrt': sp.sqrt,
    'sin': sp.sin, 'cos': sp.cos, 'tan': sp.tan, 'cot': sp.cot, 'sec': sp.sec, 'csc': sp.csc,
    'asin': sp.asin, 'acos': sp.acos, 'atan': sp.atan, 'sinh': sp.sinh, 'cosh': sp.cosh,
    'tanh': sp.tanh, 'asinh': sp.asinh, 'atanh': sp.atanh, 'Abs': sp.Abs,
}
_TRANSFORMS = standard_transformations + (convert_xor,)


class Timeout(BaseException):
    pass


def _alarm(signum, frame):  # noqa: ARG001
    raise Timeout()


def with_alarm(seconds: float, thunk: Callable[[], object]) -> object:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return thunk()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def parse(text: str) -> sp.Expr:
    # The texts are this script's own, never outside input.
    return parse_expr(text, local_dict=dict(_LOCALS), transformations=_TRANSFORMS)


def nz(rng: random.Random, lo: int, hi: int) -> int:
    """A random non-zero integer in [lo, hi]."""
    while True:
        v = rng.randint(lo, hi)
        if v != 0:
            return v


R = sp.Rational
ZERO = sp.Integer(0)

# Each template: (name, rng -> (f, point)). Points other than 0 are where f is analytic.
Template = Callable[[random.Random], tuple[sp.Expr, sp.Expr]]
TEMPLATES: list[tuple[str, Template]] = [
    ('exp', lambda r: (sp.exp(nz(r, -3, 3) * X), ZERO)),
    ('exp_sin', lambda r: (sp.exp(sp.sin(X)), ZERO)),
    ('exp_cos', lambda r: (sp.exp(sp.cos(X)), ZERO)),
    ('exp_times_sin', lambda r: (sp.exp(nz(r, -2, 2) * X) * sp.sin(nz(r, 1, 3) * X), ZERO)),
    ('sin', lambda r: (sp.sin(nz(r, -4, 4) * X), ZERO)),
    ('cos_plus', lambda r: (sp.cos(nz(r, 1, 3) * X) + nz(r, -3, 3) * X, ZERO)),
    ('tan', lambda r: (sp.tan(nz(r, 1, 2) * X), ZERO)),
    ('sec', lambda r: (sp.sec(X), ZERO)),
    ('log1p', lambda r: (sp.log(1 + nz(r, -3, 3) * X), ZERO)),
    ('log_ratio', lambda r: (sp.log((1 + X) / (1 - X)), ZERO)),
    ('sqrt1p', lambda r: (sp.sqrt(1 + nz(r, -4, 4) * X), ZERO)),
    ('binomial', lambda r: ((1 + X) ** R(nz(r, -5, 5), r.choice([2, 3, 4])), ZERO)),
    ('geometric', lambda r: (1 / (1 - nz(r, -3, 3) * X), ZERO)),
    ('rational', lambda r: ((1 + nz(r, -3, 3) * X) / (1 + nz(r, 1, 3) * X ** 2), ZERO)),
    ('atan', lambda r: (sp.atan(nz(r, 1, 3) * X), ZERO)),
    ('asin', lambda r: (sp.asin(X), ZERO)),
    ('atanh', lambda r: (sp.atanh(X), ZERO)),
    ('asinh', lambda r: (sp.asinh(X), ZERO)),
    ('sinh_cosh', lambda r: (sp.sinh(X) + nz(r, -2, 2) * sp.cosh(X), ZERO)),
    ('tanh', lambda r: (sp.tanh(X), ZERO)),
    ('log_cos', lambda r: (sp.log(sp.cos(X)), ZERO)),
    ('cos_squared', lambda r: (sp.cos(X) ** 2 + sp.sin(nz(r, 1, 3) * X) ** 3, ZERO)),
    ('exp_square', lambda r: (sp.exp(nz(r, -2, 2) * X ** 2), ZERO)),
    ('sinc', lambda r: (sp.sin(nz(r, 1, 3) * X) / X, ZERO)),
    ('expm1_over_x', lambda r: ((sp.exp(X) - 1) / X, ZERO)),
    ('bernoulli', lambda r: (X / (sp.exp(X) - 1), ZERO)),
    ('x_over_sin', lambda r: (X / sp.sin(X), ZERO)),
    ('one_minus_cos', lambda r: ((1 - sp.cos(X)) / X ** 2, ZERO)),
    ('exp_log1p', lambda r: (sp.exp(X) * sp.log(1 + X), ZERO)),
    ('sqrt_cos', lambda r: (sp.sqrt(1 + X) * sp.cos(X), ZERO)),
    ('poly_exp', lambda r: ((X ** 2 + nz(r, -3, 3) * X + 1) * sp.exp(-X), ZERO)),
    ('sin_of_sin', lambda r: (sp.sin(sp.sin(X)), ZERO)),
    # Non-zero points.
    ('exp_at', lambda r: (sp.exp(X), r.choice([sp.Integer(1), sp.Integer(-1), sp.Integer(2), R(1, 2)]))),
    ('log_at', lambda r: (sp.log(X), r.choice([sp.Integer(1), sp.Integer(2), sp.Integer(3), R(1, 2)]))),
    ('sqrt_at', lambda r: (sp.sqrt(X), r.choice([sp.Integer(1), sp.Integer(4), sp.Integer(9), sp.Integer(2)]))),
    ('reciprocal_at', lambda r: (1 / X, r.choice([sp.Integer(1), sp.Integer(2), sp.Integer(-1), sp.Integer(3)]))),
    ('sin_at', lambda r: (sp.sin(X), r.choice([sp.pi / 6, sp.pi / 4, sp.pi / 2, sp.pi, sp.Integer(1)]))),
    ('cos_at', lambda r: (sp.cos(X), r.choice([sp.pi / 6, sp.pi / 3, sp.pi / 4, sp.pi]))),
    ('tan_at', lambda r: (sp.tan(X), sp.pi / 4)),
    ('atan_at', lambda r: (sp.atan(X), sp.Integer(1))),
    ('x_pow_x_at', lambda r: (X ** X, sp.Integer(1))),
    ('x_log_x_at', lambda r: (X * sp.log(X), sp.Integer(1))),
    ('lorentz_at', lambda r: (1 / (1 + X ** 2), sp.Integer(1))),
    ('exp_cos_at', lambda r: (sp.exp(X) * sp.cos(X), sp.pi)),
    ('cubic_at', lambda r: (X ** 3 + nz(r, -4, 4) * X ** 2 + nz(r, -5, 5), r.choice([sp.Integer(1), sp.Integer(-2), R(1, 3)]))),
    ('rational_at', lambda r: ((X + nz(r, -3, 3)) / (X ** 2 + 1), r.choice([sp.Integer(1), sp.Integer(2)]))),
    ('log1p_square_at', lambda r: (sp.log(1 + X ** 2), sp.Integer(1))),
]


def in_t(poly: sp.Expr, a: sp.Expr) -> sp.Expr:
    """A polynomial in x rewritten in t = x - a, expanded."""
    return sp.expand(poly.subs(X, T + a))


def coefficients(poly: sp.Expr, a: sp.Expr, top: int) -> list[sp.Expr]:
    """Coefficients of t^0 .. t^top of a polynomial in x, in t = x - a."""
    p = sp.Poly(in_t(poly, a), T)
    return [p.coeff_monomial(T ** k) for k in range(top + 1)]


def from_coefficients(cs: list[sp.Expr], a: sp.Expr) -> sp.Expr:
    return sp.Add(*[c * (X - a) ** k for k, c in enumerate(cs)])


def is_zero(c: sp.Expr) -> Optional[bool]:
    """Whether a constant is zero: SymPy's simplify, confirmed with mpmath at 60 digits."""
    try:
        symbolic = with_alarm(10, lambda: sp.simplify(c) == 0)
    except Timeout:
        symbolic = None
    with mpmath.workdps(60):
        value = complex(sp.N(c, 60))
    numeric = abs(value) < 1e-45
    if symbolic is None:
        return numeric
    return bool(symbolic) if bool(symbolic) == numeric else None


def label(answer_text: str, reference: sp.Expr, a: sp.Expr, order: int) -> Optional[str]:
    """SymPy's own check of an answer text against the reference polynomial; None when unsettled."""
    ans = parse(answer_text)
    if ans.has(sp.Order):
        o = ans.getO()
        body = ans.removeO()
        power = sp.Poly(in_t(o.expr, a), T)
        if power.degree() <= order:
            return 'incorrect'
    else:
        body = ans
    if not body.is_polynomial(X):
        return 'incorrect'
    degree = sp.Poly(in_t(body, a), T).degree() if body.has(X) else 0
    top = max(order, degree)
    given = coefficients(body, a, top)
    expected = coefficients(reference, a, order) + [ZERO] * (top - order)
    decimal = any(n.is_Float for n in sp.preorder_traversal(parse(answer_text)))
    for k in range(top + 1):
        if decimal:
            e = complex(sp.N(expected[k], 30))
            g = complex(sp.N(given[k], 30))
            if abs(e - g) > (1e-6 * abs(e) if e != 0 else 1e-6):
                return 'incorrect'
            continue
        z = is_zero(given[k] - expected[k])
        if z is None:
            return None
        if not z:
            return 'incorrect'
    return 'correct'


def text(e: sp.Expr) -> str:
    return sp.sstr(e)


def decimal_text(cs: list[sp.Expr], a: sp.Expr, skew: int = -1) -> str:
    """The polynomial with 12-digit decimal coefficients; coefficient `skew` off by 1e-3 relative."""
    parts = []
    base = 'x' if a == 0 else f'(x - ({text(a)}))'
    power = lambda k: base if k == 1 else f'{base}**{k}'  # noqa: E731
    for k, c in enumerate(cs):
        v = float(sp.N(c, 30))
        if v == 0:
            continue
        if k == skew:
            v *= 1.001
        coefficient = f'{v:.12g}'
        if not any(ch in coefficient for ch in '.e'):
            coefficient += '.0'
        parts.append(coefficient if k == 0 else f'{coefficient}*{power(k)}')
    return ' + '.join(parts).replace('+ -', '- ') if parts else '0'


def twins(f: sp.Expr, a: sp.Expr, order: int, reference: sp.Expr, cs: list[sp.Expr], rng: random.Random) -> list[tuple[str, str, str]]:
    """(family, answer text, intended label) for one problem."""
    out: list[tuple[str, str, str]] = [('sympy', text(reference), 'correct')]
    nonzero = [k for k, c in enumerate(cs) if c != 0]
    correct_forms = ['expanded', 'with_remainder', 'decimal']
    pick = rng.choice(correct_forms)
    if pick == 'expanded':
        out.append(('expanded', text(sp.expand(reference)), 'correct'))
    elif pick == 'with_remainder':
        full = with_alarm(30, lambda: sp.series(f, X, a, order + 1))
        out.append(('with_remainder', text(full), 'correct'))
    else:
        out.append(('decimal', decimal_text(cs, a), 'correct'))

    wrong: list[tuple[str, str, str]] = []
    high = max(nonzero) if nonzero else None
    if high is not None:
        c = cs[high]
        changed = R(c.p, c.q + 1) if c.is_Rational and c.q > 1 else (c + 1 if c.is_Integer else c * R(11, 10))
        cs2 = list(cs)
        cs2[high] = changed
        wrong.append(('wrong_high_coefficient', text(from_coefficients(cs2, a)), 'incorrect'))
    low = [k for k in nonzero if k >= 1]
    if low:
        cs2 = list(cs)
        cs2[low[0]] = -cs2[low[0]]
        wrong.append(('wrong_sign', text(from_coefficients(cs2, a)), 'incorrect'))
    # The next non-zero term of the true series, beyond the order.
    longer = with_alarm(30, lambda: sp.series(f, X, a, order + 5).removeO())
    beyond = [k for k, c in enumerate(coefficients(longer, a, order + 4)) if k > order and c != 0]
    if beyond:
        extra = coefficients(longer, a, beyond[0])[beyond[0]]
        wrong.append(('term_beyond_order', text(reference + extra * (X - a) ** beyond[0]), 'incorrect'))
    if len(nonzero) >= 3:
        k = rng.choice(nonzero[1:])
        cs2 = list(cs)
        cs2[k] = ZERO
        wrong.append(('dropped_term', text(from_coefficients(cs2, a)), 'incorrect'))
    slips = [k for k in nonzero if k >= 2]
    if slips:
        k = max(slips)
        cs2 = list(cs)
        cs2[k] = cs2[k] * math.factorial(k)
        wrong.append(('missing_factorial', text(from_coefficients(cs2, a)), 'incorrect'))
    if a != 0:
        try:
            at_zero = with_alarm(30, lambda: sp.series(f, X, 0, order + 1).removeO())
            if at_zero.is_polynomial(X) and not at_zero.has(sp.zoo, sp.nan, sp.oo):
                wrong.append(('expanded_at_zero', text(at_zero), 'incorrect'))
        except (Timeout, ValueError, NotImplementedError, TypeError):
            pass
    wrong.append(('function_itself', text(f), 'incorrect'))
    if order >= 2:
        short = with_alarm(30, lambda: sp.series(f, X, a, order))
        if short.has(sp.Order):
            wrong.append(('stops_short', text(short), 'incorrect'))
    if high is not None:
        wrong.append(('decimal_off', decimal_text(cs, a, skew=high), 'incorrect'))
    # The hard cases more often than the others.
    weights = {'wrong_high_coefficient': 4, 'term_beyond_order': 4, 'expanded_at_zero': 3}
    chosen: list[tuple[str, str, str]] = []
    pool = list(wrong)
    for _ in range(min(3, len(pool))):
        w = [weights.get(p[0], 1) for p in pool]
        i = rng.choices(range(len(pool)), weights=w)[0]
        chosen.append(pool.pop(i))
    return out + chosen


def make_instance(seed: str, index: int) -> list[dict]:
    rng = random.Random(f'{seed}:{index}')
    name, template = TEMPLATES[index % len(TEMPLATES)]
    f, a = template(rng)
    order = rng.choice([2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 10])
    reference = with_alarm(30, lambda: sp.series(f, X, a, order + 1).removeO())
    if not reference.is_polynomial(X):
        raise ValueError(f'{f} has no Taylor polynomial at {a}')
    cs = coefficients(reference, a, order)
    lines = []
    for k, (family, answer, intent) in enumerate(twins(f, a, order, reference, cs, rng)):
        got = with_alarm(60, lambda: label(answer, reference, a, order))
        if got != intent:
            print(f'dropped {name} {text(f)} at {text(a)} order {order} [{family}]: intent {intent}, check {got}: {answer}', file=sys.stderr)
            continue
        lines.append({
            'id': f'series-{index:04d}-{k}', 'task': 'series', 'problem': text(f), 'point': text(a), 'order': order,
            'answer': answer, 'label': got, 'family': f'{name}/{family}',
        })
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seed', default='series-v1')
    ap.add_argument('--problems', type=int, default=96, help='problems (each gives about five pairs)')
    args = ap.parse_args()
    for index in range(args.problems):
        try:
            for line in make_instance(args.seed, index):
                print(json.dumps(line), flush=True)
        except (Timeout, ValueError, NotImplementedError, TypeError, sp.PolynomialError) as error:
            print(f'problem {index} left out: {type(error).__name__}: {error}', file=sys.stderr)


if __name__ == '__main__':
    main()
