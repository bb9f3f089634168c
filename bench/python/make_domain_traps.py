"""Labelled pairs of answers right on part of the real domain only, and their correct counterparts.

    /usr/bin/python3 bench/python/make_domain_traps.py > tests/fixtures/labelled/domain-traps.jsonl

Runs under Debian's /usr/bin/python3 with python3-sympy (SymPy and mpmath). It shares no code with
the TypeScript verifier it is used to test. Every pair comes from a family with an intended label
(`abs` and `sqrt(x^2)` traps, inverse hyperbolic and trigonometric functions used outside their
real domain, logarithms of expressions negative on part of the domain, powers of negative bases;
and their correct counterparts, complex-but-correct answers such as log(x) for 1/x, answers whose
constant differs between intervals such as -atan(1/x)); the label written is the oracle's, and a
pair whose oracle label contradicts its family's intent, or that the oracle cannot decide, is left
out (reported on stderr).

The oracle, for a pair (f, F):
  1. Critical points: every real x where an argument of abs, sign, log, acot, a root or non-integer power,
     an inverse trigonometric or hyperbolic function, or a denominator of f or F crosses 0 or +-1
     (SymPy's `solve` over the reals). Sample points lie on both sides of each (at distances 1e-6,
     1e-3, 0.1 and 0.5, scaled by its size), between neighbouring ones, beyond the outermost ones
     (by 1, 10, 1000) and at 24 seeded random points in [-30, 30].
  2. At each point, f is evaluated with mpmath at 50 and at 90 digits; a point counts only where f
     is real and finite at both. F' is not taken from SymPy's derivative rules: it is the numerical
     derivative (mpmath.diff) of F evaluated in complex arithmetic along the real line, at the same
     two precisions, so that a branch F takes off its real domain is differentiated as it is.
  3. Powers u^(p/q) with q odd of a negative expression u in x are real roots (x^(1/3) is -2 at
     x = -8), in f and in F, the convention the verifier documents; every other function takes
     mpmath's principal value.
  4. `correct` when f = F' (relative 1e-30 at 90 digits) at every counted point, with at least 8 of
     them; `incorrect` when they differ (relative 1e-12, at both precisions) at some counted point.
"""

from __future__ import annotations

import json
import random
import signal
import sys
from typing import Callable, Iterable

import mpmath
import sympy as sp
from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations

X = sp.Symbol('x', real=True)
_LOCALS = {
    'x': X, 'pi': sp.pi, 'e': sp.E, 'abs': sp.Abs, 'sign': sp.sign, 'exp': sp.exp, 'log': sp.log,
    'sqrt': sp.sqrt, 'sin': sp.sin, 'cos': sp.cos, 'tan': sp.tan, 'asin': sp.asin, 'acos': sp.acos,
    'atan': sp.atan, 'acot': sp.acot, 'asec': sp.asec, 'acsc': sp.acsc, 'sinh': sp.sinh,
    'cosh': sp.cosh, 'tanh': sp.tanh, 'asinh': sp.asinh, 'acosh': sp.acosh, 'atanh': sp.atanh,
    'acoth': sp.acoth, 'asech': sp.asech, 'acsch': sp.acsch,
}
_TRANSFORMS = standard_transformations + (convert_xor,)
BRANCHED = (sp.asin, sp.acos, sp.asec, sp.acsc, sp.acosh, sp.atanh, sp.acoth, sp.asech, sp.acsch)
LOW, HIGH = 50, 90


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
    # The texts are this script's own templates, never outside input.
    return parse_expr(text, local_dict=dict(_LOCALS), transformations=_TRANSFORMS)


def real_roots(e: sp.Expr) -> sp.Expr:
    """Every power of an x-dependent base to p/q with q odd (and q > 1) as its real root: sign(b)^p |b|^(p/q)."""
    def is_odd_root(node) -> bool:
        return node.is_Pow and node.base.has(X) and node.exp.is_Rational and not node.exp.is_Integer and node.exp.q % 2 == 1

    def to_real(node):
        return sp.sign(node.base) ** node.exp.p * sp.Abs(node.base) ** node.exp

    return e.replace(is_odd_root, to_real)


def critical_points(exprs: Iterable[sp.Expr]) -> list[float]:
    """Real x where an argument of a branched or non-smooth function, or a denominator, is 0 or +-1."""
    targets: list[tuple[sp.Expr, int]] = []
    for e in exprs:
        for node in sp.preorder_traversal(e):
            if isinstance(node, (sp.Abs, sp.sign, sp.log, sp.acot)):
                targets.append((node.args[0], 0))
            elif isinstance(node, BRANCHED):
                targets += [(node.args[0], c) for c in (-1, 0, 1)]
            elif node.is_Pow and not (node.exp.is_Integer and node.exp > 0):
                targets.append((node.base, 0))
    points: set[float] = set()
    for arg, c in targets:
        if not arg.has(X):
            continue
        try:
            sols = with_alarm(5, lambda: sp.solve(sp.Eq(arg, c), X))
        except (Timeout, NotImplementedError, ValueError, TypeError):
            continue
        for s in sols:  # type: ignore[union-attr]
            v = complex(sp.N(s))
            if abs(v.imag) < 1e-12 and abs(v.real) < 1e6:
                points.add(round(v.real, 12))
    return sorted(points)


def sample_points(crit: list[float], rng: random.Random) -> list[float]:
    pts: set[float] = set()
    for c in crit:
        scale = max(1.0, abs(c))
        for d in (1e-6, 1e-3, 0.1, 0.5):
            pts.add(c - d * scale)
            pts.add(c + d * scale)
    for a, b in zip(crit, crit[1:]):
        pts.add((a + b) / 2)
    lo, hi = (crit[0], crit[-1]) if crit else (0.0, 0.0)
    for d in (1, 10, 1000):
        pts.add(lo - d)
        pts.add(hi + d)
    for _ in range(24):
        pts.add(rng.uniform(-30, 30))
    # never exactly at a critical point
    return sorted(p for p in pts if all(abs(p - c) > 1e-9 for c in crit))


# Each function as mpmath's own, called by name: SymPy's printer would rewrite some of them first
# (acoth as logarithms, with a misplaced factor in SymPy 1.11), and the oracle must not depend on that.
MPMATH_FUNCTIONS = {
    sp.Abs: ('ABS', abs), sp.sign: ('SIGN', mpmath.sign), sp.exp: ('EXP', mpmath.exp), sp.log: ('LOG', mpmath.log),
    sp.sin: ('SIN', mpmath.sin), sp.cos: ('COS', mpmath.cos), sp.tan: ('TAN', mpmath.tan),
    sp.asin: ('ASIN', mpmath.asin), sp.acos: ('ACOS', mpmath.acos), sp.atan: ('ATAN', mpmath.atan),
    sp.acot: ('ACOT', mpmath.acot), sp.asec: ('ASEC', mpmath.asec), sp.acsc: ('ACSC', mpmath.acsc),
    sp.sinh: ('SINH', mpmath.sinh), sp.cosh: ('COSH', mpmath.cosh), sp.tanh: ('TANH', mpmath.tanh),
    sp.asinh: ('ASINH', mpmath.asinh), sp.acosh: ('ACOSH', mpmath.acosh), sp.atanh: ('ATANH', mpmath.atanh),
    sp.acoth: ('ACOTH', mpmath.acoth), sp.asech: ('ASECH', mpmath.asech), sp.acsch: ('ACSCH', mpmath.acsch),
}


def evaluator(e: sp.Expr) -> Callable[[mpmath.mpf], object]:
    for cls, (name, _) in MPMATH_FUNCTIONS.items():
        e = e.replace(cls, sp.Function(name))
    names = {name: fn for name, fn in MPMATH_FUNCTIONS.values()}
    return sp.lambdify(X, e, modules=[names, 'mpmath'])


def value_at(fn, x: str, digits: int):
    with mpmath.workdps(digits):
        try:
            return mpmath.mpmathify(fn(mpmath.mpf(x)))
        except (ValueError, ZeroDivisionError, TypeError, OverflowError):
            return None


def derivative_at(fn, x: str, digits: int):
    with mpmath.workdps(digits):
        try:
            return mpmath.diff(lambda t: mpmath.mpmathify(fn(t)), mpmath.mpf(x))
        except (ValueError, ZeroDivisionError, TypeError, OverflowError):
            return None


def finite(v) -> bool:
    return v is not None and mpmath.isfinite(mpmath.re(v)) and mpmath.isfinite(mpmath.im(v))


def is_real(v) -> bool:
    return abs(mpmath.im(v)) <= mpmath.mpf('1e-40') * max(abs(v), mpmath.mpf(1))


def label(problem: str, answer: str, rng: random.Random) -> tuple[str | None, str]:
    f = real_roots(parse(problem))
    F = real_roots(parse(answer))
    crit = critical_points([f, F])
    fv, Fv = evaluator(f), evaluator(F)
    counted = 0
    for p in sample_points(crit, rng):
        x = repr(p)
        f_lo, f_hi = value_at(fv, x, LOW), value_at(fv, x, HIGH)
        if not (finite(f_lo) and finite(f_hi) and is_real(f_lo) and is_real(f_hi)):
            continue
        d_lo, d_hi = derivative_at(Fv, x, LOW), derivative_at(Fv, x, HIGH)
        if not (finite(d_lo) and finite(d_hi)):
            continue
        counted += 1
        with mpmath.workdps(HIGH):
            scale_hi = max(abs(f_hi), abs(d_hi), mpmath.mpf('1e-300'))
            rel_hi = abs(mpmath.re(f_hi) - d_hi) / scale_hi
            scale_lo = max(abs(f_lo), abs(d_lo), mpmath.mpf('1e-300'))
            rel_lo = abs(mpmath.re(f_lo) - d_lo) / scale_lo
        if rel_hi > mpmath.mpf('1e-12') and rel_lo > mpmath.mpf('1e-12'):
            return 'incorrect', f'F\' differs from f at x = {p:.6g}: f = {mpmath.nstr(f_hi, 8)}, F\' = {mpmath.nstr(d_hi, 8)}'
        if rel_hi > mpmath.mpf('1e-30'):
            return None, f'unstable comparison at x = {p:.6g}'
    if counted >= 8:
        return 'correct', f'F\' = f at {counted} points around {len(crit)} critical points'
    return None, f'only {counted} points where f is real'


def families(rng: random.Random) -> list[tuple[str, str, str, str]]:
    """(family, intended label, problem, answer), with random parameters."""
    out: list[tuple[str, str, str, str]] = []

    def add(family: str, intended: str, problem: str, answer: str) -> None:
        out.append((family, intended, problem, answer))

    for _ in range(64):
        a = rng.randint(1, 12)
        b = rng.randint(-9, 9)
        k = rng.randint(2, 7)
        s = f'(x - {b})' if b >= 0 else f'(x + {-b})'
        # abs and sqrt(x^2) traps
        add('abs_log', 'incorrect', f'{k}/abs{s}', f'{k}*log{s}')
        add('abs_log_ok', 'correct', f'{k}/abs{s}', f'{k}*log(abs{s})*sign{s}')
        add('log_complex_ok', 'correct', f'{k}/{s}', f'{k}*log{s}')
        add('log_negative_ok', 'correct', f'{k}/{s}', f'{k}*log(-{s})')
        add('log_abs_ok', 'correct', f'{k}/{s}', f'{k}*log(abs{s}) + {a}*sign{s}')
        add('sqrt_square', 'incorrect', f'sqrt({s}^2)', f'{s}^2/2')
        add('sqrt_square_ok', 'correct', f'sqrt({s}^2)', f'{s}*abs{s}/2')
        add('sqrt_abs', 'incorrect', f'1/sqrt(abs{s})', f'2*sqrt{s}')
        add('sqrt_abs_ok', 'correct', f'1/sqrt(abs{s})', f'2*sign{s}*sqrt(abs{s})')
        add('x_abs', 'incorrect', f'{k}*abs{s}', f'{k}*{s}^2/2')
        # inverse hyperbolic functions outside their real domain (u = x - b, scaled by k)
        u = s
        A = a * a
        add('acosh', 'incorrect', f'{k}/sqrt({u}^2 - {A})', f'{k}*acosh({u}/{a})')
        add('acosh_ok', 'correct', f'{k}/sqrt({u}^2 - {A})', f'{k}*log(abs({u} + sqrt({u}^2 - {A})))')
        add('acosh_complex_ok', 'correct', f'{k}/sqrt({u}^2 - {A})', f'{k}*log({u} + sqrt({u}^2 - {A}))')
        add('acosh_sign_ok', 'correct', f'{k}/sqrt({u}^2 - {A})', f'{k}*sign{u}*acosh(abs{u}/{a})')
        add('acosh_abs', 'incorrect', f'{k}/sqrt(abs({u}^2 - {A}))', f'{k}*acosh({u}/{a})')
        add('atanh_abs', 'incorrect', f'{k}/abs({A} - {u}^2)', f'{k}*atanh({u}/{a})/{a}')
        add('atanh_ok', 'correct', f'{k}/({A} - {u}^2)', f'{k}*atanh({u}/{a})/{a}')
        add('acoth_ok', 'correct', f'{k}/({A} - {u}^2)', f'{k}*acoth({u}/{a})/{a}')
        add('atanh_log_ok', 'correct', f'{k}/({A} - {u}^2)', f'{k}*log(abs(({u} + {a})/({u} - {a})))/{2 * a}')
        add('asinh_ok', 'correct', f'{k}/sqrt({u}^2 + {A})', f'{k}*asinh({u}/{a})')
        # inverse trigonometric functions outside their real domain
        add('asin_abs', 'incorrect', f'{k}/sqrt(abs({A} - {u}^2))', f'{k}*asin({u}/{a})')
        add('asin_ok', 'correct', f'{k}/sqrt({A} - {u}^2)', f'{k}*asin({u}/{a})')
        add('acos_ok', 'correct', f'-{k}/sqrt({A} - {u}^2)', f'{k}*acos({u}/{a}) + {b}')
        add('asec', 'incorrect', f'{k * a}/({u}*sqrt({u}^2 - {A}))', f'{k}*asec({u}/{a})')
        add('asec_ok', 'correct', f'{k * a}/(abs{u}*sqrt({u}^2 - {A}))', f'{k}*asec({u}/{a})')
        add('asin_outside', 'incorrect', f'{k}/sqrt({u}^2 - {A})', f'{k}*asin({u}/{a})')
        # logarithms of expressions negative on part of the domain
        c = a + abs(b) + 1
        add('log_quadratic_ok', 'correct', f'{k}*(2*x - {c})/(x^2 - {c}*x + {a})', f'{k}*log(x^2 - {c}*x + {a})')
        add('log_quadratic_abs', 'incorrect', f'{k}*(2*x - {c})/abs(x^2 - {c}*x + {a})', f'{k}*log(x^2 - {c}*x + {a})')
        add('log_sqrt_ok', 'correct', f'1/{s}', f'2*log(sqrt{s})')
        add('log_square_ok', 'correct', f'{k}/{s}', f'{k}*log({s}^2)/2')
        add('log_product_ok', 'correct', f'1/(x - {a}) + 1/(x + {k})', f'log((x - {a})*(x + {k}))')
        add('log_quotient_abs', 'incorrect', f'1/abs(x - {a}) - 1/(x + {k})', f'log((x - {a})/(x + {k}))')
        add('log_everywhere_complex_ok', 'correct', f'{2 * k}*x/(x^2 + {a})', f'{k}*log(-x^2 - {a})')
        add('sqrt_everywhere_complex', 'incorrect', f'{k}*x/sqrt(x^2 + {a})', f'{k}*sqrt(-x^2 - {a})')
        add('sqrt_everywhere_ok', 'correct', f'{k}*x/sqrt(x^2 + {a})', f'{k}*sqrt(x^2 + {a})')
        # powers of negative bases
        q = rng.choice([3, 5])
        add('odd_root_ok', 'correct', f'{s}^(1/{q})', f'{q}*{s}^({q + 1}/{q})/{q + 1}')
        add('odd_root_even_ok', 'correct', f'{s}^(2/{q})', f'{q}*{s}^({q + 2}/{q})/{q + 2}')
        add('odd_root_abs', 'incorrect', f'{s}^(2/{q})', f'{q}*abs{s}^({q + 2}/{q})/{q + 2}')
        add('odd_root_abs_ok', 'correct', f'{s}^(2/{q})', f'{q}*{s}*abs{s}^(2/{q})/{q + 2}')
        add('abs_root', 'incorrect', f'abs{s}^(1/{q})', f'{q}*{s}^({q + 1}/{q})/{q + 1}')
        add('abs_root_ok', 'correct', f'abs{s}^(1/{q})', f'{q}*{s}*abs{s}^(1/{q})/{q + 1}')
        add('inverse_odd_root_ok', 'correct', f'1/{s}^(1/{q})', f'{q}*{s}^({q - 1}/{q})/{q - 1}')
        add('half_power_ok', 'correct', f'sqrt{s}', f'2*{s}^(3/2)/3')
        add('half_power_abs', 'incorrect', f'sqrt(abs{s})', f'2*{s}^(3/2)/3')
        # constants that differ between intervals
        add('atan_ok', 'correct', f'{k * a}/({u}^2 + {A})', f'{k}*atan({u}/{a})')
        add('atan_reciprocal_ok', 'correct', f'{k * a}/({u}^2 + {A})', f'-{k}*atan({a}/{u})')
        add('acot_ok', 'correct', f'-{k * a}/({u}^2 + {A})', f'{k}*acot({u}/{a})')
        add('atan_reciprocal_sign', 'incorrect', f'{k * a}/({u}^2 + {A})', f'{k}*atan({a}/{u})')
    return out


def main() -> None:
    rng = random.Random(20240516)
    seen: set[tuple[str, str]] = set()
    n = 0
    dropped = 0
    for family, intended, problem, answer in families(rng):
        if (problem, answer) in seen:
            continue
        seen.add((problem, answer))
        try:
            verdict, why = label(problem, answer, rng)
        except Exception as error:  # noqa: BLE001 - one bad pair is reported, not fatal
            verdict, why = None, f'{type(error).__name__}: {error}'
        if verdict != intended:
            dropped += 1
            print(f'dropped [{family}] {problem} | {answer}: intended {intended}, oracle {verdict} ({why})', file=sys.stderr)
            continue
        n += 1
        print(json.dumps({'id': f'trap{n:04d}', 'problem': problem, 'answer': answer, 'label': verdict, 'family': family}))
    print(f'{n} pairs written, {dropped} dropped', file=sys.stderr)


if __name__ == '__main__':
    main()
