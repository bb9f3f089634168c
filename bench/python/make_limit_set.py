"""Labelled limits for the `limit` task: correct answers, wrong twins and hard cases.

    /usr/bin/python3 bench/python/make_limit_set.py > tests/fixtures/labelled/limit.jsonl

Runs under Debian's /usr/bin/python3 with python3-sympy (SymPy and mpmath) and shares no code with
the TypeScript verifier it is used to test. Each line is
`{"id", "task": "limit", "problem", "point", "direction", "answer", "label", "family"}`, with
`point` a number, a constant, `oo` or `-oo`, and `direction` `+`, `-` or `+-` (`-` at oo, `+` at -oo).

Problems come from templates with seeded random coefficients: removable singularities (0/0), 0·oo
and oo−oo forms, limits at infinity with cancellation (sqrt(x^2 + a*x) - x), one-sided limits that
differ (abs(x)/x, atan(1/x), exp(1/x) at 0), oscillating non-limits (sin(1/x) at 0, x*sin(x) at oo),
limits squeezed by a shrinking envelope (x*sin(1/x) at 0), and divergent limits.

The reference is SymPy's `limit`, taken from each side on its own: a two-sided limit is the common
value of both sides, or DNE when they differ; an `AccumBounds` (SymPy's answer for oscillation) is
DNE. Each reference is checked against mpmath at 60 digits near the point (a finite limit within
1e-4 of f at distance 1e-12, or x = 1e12; an infinite one growing towards the point past 20, with
its sign; an oscillation swinging by more than 0.1 between nearby points); a problem failing the
check is left out. Answers, each with the label its family intends:

- correct: SymPy's value as it prints it, `oo` / `-oo` / `DNE`, and the value as a 12-digit decimal;
- incorrect: the value plus 1, its negative, its reciprocal, twice it, 0, a decimal off by 1e-4,
  `oo` or `DNE` for a finite limit, the opposite infinity, a finite value for a divergent limit, one
  side's limit for a two-sided limit that does not exist, `0` or `oo` for an oscillation.

The label written is SymPy's own comparison of the answer with the reference (`simplify` of the
difference, confirmed with mpmath at 60 digits; a decimal within 1e-6), not the intent; a pair where
the two disagree is left out and reported on stderr.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
from typing import Callable, Optional, Union

import mpmath
import sympy as sp
from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations

X = sp.Symbol('x', real=True)
_LOCALS = {
    'x': X, 'pi': sp.pi, 'E': sp.E, 'exp': sp.exp, 'log': sp.log, 'sqrt': sp.sqrt, 'sin': sp.sin,
    'cos': sp.cos, 'tan': sp.tan, 'cot': sp.cot, 'atan': sp.atan, 'tanh': sp.tanh, 'Abs': sp.Abs,
    'sign': sp.sign,
}
_TRANSFORMS = standard_transformations + (convert_xor,)
R = sp.Rational
Point = Union[sp.Expr, str]  # a value, 'oo' or '-oo'
Reference = Union[sp.Expr, str]  # a finite value, 'oo', '-oo' or 'DNE'


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
    while True:
        v = rng.randint(lo, hi)
        if v != 0:
            return v


ZERO = sp.Integer(0)
BOTH, RIGHT, LEFT = '+-', '+', '-'
Template = Callable[[random.Random], tuple[sp.Expr, Point, list[str]]]

# (name, rng -> (f, point, directions to choose from)); at oo and -oo the direction is implied.
TEMPLATES: list[tuple[str, Template]] = [
    # Removable singularities, 0/0.
    ('sin_ratio', lambda r: (sp.sin(nz(r, 1, 5) * X) / (nz(r, 1, 5) * X), ZERO, [BOTH])),
    ('one_minus_cos', lambda r: ((1 - sp.cos(nz(r, 1, 4) * X)) / X ** 2, ZERO, [BOTH, RIGHT])),
    ('expm1', lambda r: ((sp.exp(nz(r, -4, 4) * X) - 1) / X, ZERO, [BOTH])),
    ('log1p', lambda r: (sp.log(1 + nz(r, 1, 5) * X) / X, ZERO, [BOTH])),
    ('difference_quotient', lambda r: ((lambda c: ((X ** 2 - c ** 2) / (X - c), c))(nz(r, -5, 5)) + ([BOTH],))),
    ('tan_over_sin', lambda r: (sp.tan(nz(r, 1, 4) * X) / sp.sin(nz(r, 1, 4) * X), ZERO, [BOTH])),
    ('sqrt_rationalise', lambda r: ((sp.sqrt(1 + nz(r, 1, 6) * X) - 1) / X, ZERO, [BOTH])),
    ('x_minus_sin', lambda r: ((X - sp.sin(X)) / X ** 3, ZERO, [BOTH])),
    ('power_minus_one', lambda r: ((r.choice([2, 3, 5]) ** X - 1) / X, ZERO, [BOTH])),
    ('compound', lambda r: ((1 + nz(r, -3, 3) * X) ** (1 / X), ZERO, [BOTH])),
    ('cube_root', lambda r: (((1 + X) ** R(1, 3) - 1) / X, ZERO, [BOTH])),
    ('tan_minus_sin', lambda r: ((sp.tan(X) - sp.sin(X)) / X ** 3, ZERO, [BOTH])),
    ('atan_ratio', lambda r: (sp.atan(nz(r, 1, 5) * X) / X, ZERO, [BOTH])),
    ('exp_second_order', lambda r: ((sp.exp(X) - 1 - X) / X ** 2, ZERO, [BOTH])),
    ('sin_at_pi', lambda r: (sp.sin(X) / (X - sp.pi), sp.pi, [BOTH])),
    ('cos_at_half_pi', lambda r: (sp.cos(X) / (X - sp.pi / 2), sp.pi / 2, [BOTH])),
    ('log_at_one', lambda r: (sp.log(X) / (X - 1), sp.Integer(1), [BOTH])),
    ('power_at_one', lambda r: ((X ** r.randint(2, 6) - 1) / (X - 1), sp.Integer(1), [BOTH])),
    # 0·oo and oo−oo.
    ('x_log_x', lambda r: (X ** r.choice([1, 2, R(1, 2)]) * sp.log(X), ZERO, [RIGHT])),
    ('x_pow_x', lambda r: (X ** X, ZERO, [RIGHT])),
    ('reciprocal_difference', lambda r: (1 / X - 1 / sp.sin(X), ZERO, [BOTH])),
    ('log_difference', lambda r: (1 / sp.log(X) - 1 / (X - 1), sp.Integer(1), [BOTH])),
    ('cot_difference', lambda r: (1 / X - sp.cot(X), ZERO, [BOTH])),
    ('poly_times_exp', lambda r: (X ** r.randint(1, 4) * sp.exp(-X), 'oo', ['-'])),
    ('x_expm1_inverse', lambda r: (X * (sp.exp(1 / X) - 1), 'oo', ['-'])),
    ('x_log1p_inverse', lambda r: (X * sp.log(1 + nz(r, 1, 5) / X), 'oo', ['-'])),
    ('x_sin_inverse', lambda r: (X * sp.sin(nz(r, 1, 5) / X), 'oo', ['-'])),
    ('compound_at_infinity', lambda r: ((1 + nz(r, -3, 3) / X) ** X, 'oo', ['-'])),
    ('root_of_x', lambda r: (X ** (1 / X), 'oo', ['-'])),
    ('tan_minus_pole', lambda r: (sp.tan(X) - 1 / (sp.pi / 2 - X), sp.pi / 2, [BOTH])),
    # At infinity, with cancellation.
    ('sqrt_cancellation', lambda r: (sp.sqrt(X ** 2 + nz(r, -6, 6) * X) - X, 'oo', ['-'])),
    ('two_roots', lambda r: (sp.sqrt(X ** 2 + nz(r, -5, 5) * X) - sp.sqrt(X ** 2 + nz(r, -5, 5) * X + 1), 'oo', ['-'])),
    ('sqrt_cancellation_minus', lambda r: (X - sp.sqrt(X ** 2 - nz(r, 1, 6) * X), 'oo', ['-'])),
    ('cube_root_cancellation', lambda r: ((X ** 3 + nz(r, 1, 6) * X ** 2) ** R(1, 3) - X, 'oo', ['-'])),
    ('rational_at_infinity', lambda r: ((nz(r, -5, 5) * X ** 2 + 1) / (nz(r, 1, 5) * X ** 2 + X), r.choice(['oo', '-oo']), ['-'])),
    ('sqrt_over_x_at_minus_infinity', lambda r: (sp.sqrt(X ** 2 + nz(r, 1, 4)) / X, '-oo', ['+'])),
    ('log_over_power', lambda r: (sp.log(X) ** r.randint(1, 2) / X ** R(1, r.randint(1, 3)), 'oo', ['-'])),
    ('ratio_power', lambda r: (((X + 1) / (X - 1)) ** X, 'oo', ['-'])),
    ('atan_at_infinity', lambda r: (sp.atan(X), r.choice(['oo', '-oo']), ['-'])),
    ('tanh_at_infinity', lambda r: (sp.tanh(nz(r, 1, 3) * X), r.choice(['oo', '-oo']), ['-'])),
    # One-sided limits that differ.
    ('abs_over_x', lambda r: (sp.Abs(X) / X, ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    ('atan_inverse', lambda r: (sp.atan(1 / X), ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    ('exp_inverse', lambda r: (sp.exp(1 / X), ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    ('logistic_inverse', lambda r: (1 / (1 + sp.exp(1 / X)), ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    ('reciprocal', lambda r: (1 / X, ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    ('half_abs', lambda r: ((X + sp.Abs(X)) / X, ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    ('sign', lambda r: (sp.sign(X), ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    ('tan_at_pole', lambda r: (sp.tan(X), sp.pi / 2, [BOTH, BOTH, RIGHT, LEFT])),
    ('odd_pole', lambda r: ((lambda c: (1 / (X - c) ** 3, c))(nz(r, -3, 3)) + ([BOTH, BOTH, RIGHT, LEFT],))),
    ('exp_minus_inverse', lambda r: (sp.exp(-1 / X), ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    # Oscillation: no limit.
    ('sin_inverse', lambda r: (sp.sin(nz(r, 1, 3) / X), ZERO, [BOTH, BOTH, RIGHT, LEFT])),
    ('cos_inverse', lambda r: (sp.cos(nz(r, 1, 3) / X), ZERO, [BOTH, RIGHT])),
    ('sin_at_infinity', lambda r: (sp.sin(nz(r, 1, 3) * X), 'oo', ['-'])),
    ('x_sin_x', lambda r: (X * sp.sin(X), 'oo', ['-'])),
    ('chirp', lambda r: (sp.sin(X ** 2), 'oo', ['-'])),
    ('sin_inverse_over_x', lambda r: (sp.sin(1 / X) / X, ZERO, [RIGHT])),
    ('shifted_oscillation', lambda r: (2 + sp.sin(1 / X), ZERO, [BOTH])),
    # Squeezed by an envelope.
    ('x_sin_inverse_at_zero', lambda r: (X * sp.sin(1 / X), ZERO, [BOTH])),
    ('x2_cos_inverse', lambda r: (X ** 2 * sp.cos(nz(r, 1, 3) / X), ZERO, [BOTH])),
    ('sinc_at_infinity', lambda r: (sp.sin(X) / X, 'oo', ['-'])),
    ('damped_cos', lambda r: (sp.exp(-X) * sp.cos(X), 'oo', ['-'])),
    # Divergent.
    ('inverse_square', lambda r: (nz(r, -3, 3) / X ** 2, ZERO, [BOTH, RIGHT])),
    ('log_at_zero', lambda r: (sp.log(X), ZERO, [RIGHT])),
    ('log_at_infinity', lambda r: (sp.log(X), 'oo', ['-'])),
    ('exp_at_infinity', lambda r: (sp.exp(nz(r, 1, 2) * X), 'oo', ['-'])),
    ('exp_at_minus_infinity', lambda r: (sp.exp(-X), '-oo', ['+'])),
    ('cubic_at_infinity', lambda r: (nz(r, -2, 2) * X ** 3 + X, r.choice(['oo', '-oo']), ['-'])),
    ('quadratic_over_linear', lambda r: (X ** 2 / (X + 1), 'oo', ['-'])),
    ('double_pole', lambda r: (1 / (X - 1) ** 2, sp.Integer(1), [BOTH])),
    ('exp_over_power', lambda r: (sp.exp(X) / X ** r.randint(2, 5), 'oo', ['-'])),
    ('x_minus_log', lambda r: (X - sp.log(X), 'oo', ['-'])),
    ('csc_at_zero', lambda r: (1 / sp.sin(X), ZERO, [RIGHT, LEFT])),
    ('abs_pole', lambda r: (1 / sp.Abs(X - 2), sp.Integer(2), [BOTH])),
]


def one_side(f: sp.Expr, a: Point, side: str) -> Reference:
    """SymPy's limit from one side: a value, 'oo', '-oo' or 'DNE' (an AccumBounds)."""
    point = a if not isinstance(a, str) else (sp.oo if a == 'oo' else -sp.oo)
    value = with_alarm(60, lambda: sp.limit(f, X, point, side))
    # An AccumBounds, or oo times the sign of one (x*sin(x) at oo), is SymPy's oscillation.
    if isinstance(value, sp.AccumBounds) or value.has(sp.AccumBounds):
        return 'DNE'
    if value == sp.oo:
        return 'oo'
    if value == -sp.oo:
        return '-oo'
    if value.has(sp.Limit) or value.has(sp.zoo) or value.has(sp.nan) or not value.is_finite:
        raise ValueError(f'no usable limit: {value}')
    return value


def reference(f: sp.Expr, a: Point, direction: str) -> Reference:
    if isinstance(a, str):
        return one_side(f, a, '-' if a == 'oo' else '+')
    if direction != BOTH:
        return one_side(f, a, direction)
    right = one_side(f, a, '+')
    left = one_side(f, a, '-')
    if isinstance(right, str) or isinstance(left, str):
        return right if right == left and right != 'DNE' else 'DNE'
    return right if is_zero(right - left) else 'DNE'


def is_zero(c: sp.Expr) -> bool:
    try:
        symbolic = with_alarm(10, lambda: sp.simplify(c) == 0)
    except Timeout:
        symbolic = None
    numeric = abs(complex(sp.N(c, 60))) < 1e-45
    if symbolic is not None and bool(symbolic) != numeric:
        raise ValueError(f'simplify and mpmath disagree on {c}')
    return numeric


def numeric_check(f: sp.Expr, a: Point, direction: str, ref: Reference) -> bool:
    """mpmath at 60 digits near the point agrees with the reference."""
    fn = sp.lambdify(X, f, modules='mpmath')
    with mpmath.workdps(60):
        def at(x):
            v = mpmath.mpmathify(fn(x))
            return None if abs(mpmath.im(v)) > 1e-30 * (1 + abs(v)) else mpmath.re(v)

        if isinstance(a, str):
            sign = 1 if a == 'oo' else -1
            sides = [[sign * mpmath.mpf(10) ** k for k in (11, 12)]]
            near = [[sign * (mpmath.mpf(10) ** 6 * (1 + mpmath.mpf(k) / 7)) for k in range(12)]]
        else:
            c = mpmath.mpf(sp.N(a, 70))
            signs = {BOTH: [1, -1], RIGHT: [1], LEFT: [-1]}[direction]
            sides = [[c + s * mpmath.mpf(10) ** -k for k in (11, 12)] for s in signs]
            near = [[c + s * mpmath.mpf(10) ** -6 * (1 + mpmath.mpf(k) / 7) for k in range(12)] for s in signs]
        if isinstance(ref, str) and ref == 'DNE':
            # Oscillation near the point, or one-sided limits far apart.
            swings = []
            for pts in near:
                vals = [at(p) for p in pts]
                vals = [v for v in vals if v is not None]
                swings.append(max(vals) - min(vals) if vals else 0)
            if any(s > 0.1 for s in swings):
                return True
            ends = [at(pts[-1]) for pts in sides]
            return len(ends) == 2 and None not in ends and abs(ends[0] - ends[1]) > 0.1
        for pts in sides:
            v = at(pts[-1])
            if v is None:
                return False
            if isinstance(ref, str):
                # Growing towards the point, with the reference's sign (log(x) is only -27.6 at 1e-12).
                farther = at(pts[0])
                if farther is None or not (abs(v) > max(20, abs(farther)) and (v > 0) == (ref == 'oo')):
                    return False
            elif abs(v - mpmath.mpf(sp.N(ref, 70))) > 1e-4 * max(1, abs(mpmath.mpf(sp.N(ref, 70)))):
                return False
    return True


def label(answer: str, ref: Reference) -> Optional[str]:
    """SymPy's comparison of an answer text with the reference."""
    if answer in ('oo', '-oo', 'DNE'):
        return 'correct' if isinstance(ref, str) and answer == ref else 'incorrect'
    if isinstance(ref, str):
        return 'incorrect'
    value = parse(answer)
    if any(n.is_Float for n in sp.preorder_traversal(value)):
        return 'correct' if abs(complex(sp.N(value - ref, 40))) < 1e-6 else 'incorrect'
    try:
        return 'correct' if is_zero(value - ref) else 'incorrect'
    except ValueError:
        return None


def text(e: sp.Expr) -> str:
    return sp.sstr(e)


def answers(ref: Reference, sides: Optional[tuple[Reference, Reference]], rng: random.Random) -> list[tuple[str, str, str]]:
    """(family, answer, intended label) for one problem."""
    if isinstance(ref, str):
        out = [('reference', ref, 'correct')]
        wrong = []
        if ref in ('oo', '-oo'):
            wrong += [('opposite_infinity', '-oo' if ref == 'oo' else 'oo', 'incorrect'), ('dne_for_divergent', 'DNE', 'incorrect'),
                      ('finite_for_divergent', str(rng.choice([0, 1])), 'incorrect')]
        else:
            wrong += [('zero_for_dne', '0', 'incorrect'), ('infinity_for_dne', 'oo', 'incorrect')]
            if sides is not None:
                # One side's limit for a two-sided one that does not exist: always asked.
                side = rng.choice(list(sides))
                forced = ('one_side_for_two', side if isinstance(side, str) else text(side), 'incorrect')
                return out + [forced, wrong[rng.randrange(len(wrong))]]
    else:
        value = float(sp.N(ref, 30))
        out = [('reference', text(ref), 'correct')]
        if not ref.is_Integer:
            out.append(('decimal', f'{value:.12g}', 'correct'))
        wrong = [('plus_one', text(ref + 1), 'incorrect'), ('infinity_for_finite', rng.choice(['oo', '-oo']), 'incorrect'),
                 ('dne_for_finite', 'DNE', 'incorrect'), ('decimal_off', f'{value + 1e-4 * max(1.0, abs(value)):.12g}', 'incorrect')]
        if ref != 0:
            wrong += [('negated', text(-ref), 'incorrect'), ('doubled', text(2 * ref), 'incorrect'), ('zero', '0', 'incorrect')]
            if ref != 1 and ref != -1:
                wrong.append(('reciprocal', text(1 / ref), 'incorrect'))
    picked = []
    for _ in range(min(2, len(wrong))):
        picked.append(wrong.pop(rng.randrange(len(wrong))))
    return out + picked


def make_instance(seed: str, index: int) -> list[dict]:
    rng = random.Random(f'{seed}:{index}')
    name, template = TEMPLATES[index % len(TEMPLATES)]
    f, a, directions = template(rng)
    direction = rng.choice(directions) if not isinstance(a, str) else ('-' if a == 'oo' else '+')
    ref = reference(f, a, direction)
    if not numeric_check(f, a, direction, ref):
        raise ValueError(f'mpmath does not confirm {ref} for {f} at {a}{direction}')
    sides = None
    if isinstance(ref, str) and ref == 'DNE' and direction == BOTH and not isinstance(a, str):
        right, left = one_side(f, a, '+'), one_side(f, a, '-')
        if not (isinstance(right, str) and right == 'DNE') and not (isinstance(left, str) and left == 'DNE'):
            sides = (right, left)
    lines = []
    point = a if isinstance(a, str) else text(a)
    for k, (family, answer, intent) in enumerate(answers(ref, sides, rng)):
        got = label(answer, ref)
        if got != intent:
            print(f'dropped {name} {text(f)} at {point}{direction} [{family}]: intent {intent}, check {got}: {answer}', file=sys.stderr)
            continue
        lines.append({
            'id': f'limit-{index:04d}-{k}', 'task': 'limit', 'problem': text(f), 'point': point, 'direction': direction,
            'answer': answer, 'label': got, 'family': f'{name}/{family}',
        })
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seed', default='limit-v1')
    ap.add_argument('--problems', type=int, default=120, help='problems (each gives about four pairs)')
    args = ap.parse_args()
    for index in range(args.problems):
        try:
            for line in make_instance(args.seed, index):
                print(json.dumps(line), flush=True)
        except (Timeout, ValueError, NotImplementedError, TypeError, ZeroDivisionError) as error:
            print(f'problem {index} left out: {type(error).__name__}: {error}', file=sys.stderr)


if __name__ == '__main__':
    main()
