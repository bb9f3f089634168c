"""Independent labeller for (problem, answer) pairs: is `answer` an antiderivative of `problem`?

Runs under Debian's /usr/bin/python3 with python3-sympy (SymPy 1.11, mpmath 1.2). It shares no code
with the TypeScript verifier it is used to test, so that both cannot be wrong the same way.

How a pair is labelled
  1. Both strings are re-parsed from text (what is in the fixture is what is labelled), after a
     token whitelist check, with x a real symbol.
  2. g = diff(answer, x) symbolically; f - g is evaluated at 40 random real points with mpmath, once
     at 50 and once at 90 significant digits. A point counts only when both precisions agree
     (so catastrophic cancellation cannot fake a zero or a non-zero) and every value is finite.
  3. numeric verdict: `correct` when f - g vanishes (relative 1e-70 at 90 digits) at every usable
     point and at least 4 of them have f and the answer itself real; `incorrect` when f - g is
     non-zero, with 50 and 90 digits agreeing on the difference, at >= 3 usable points where f and
     the answer are real, and vanishes at no more than 10% of all usable points. Only relative
     tolerances: an absolute floor would call two different values near 1e-1000 equal. Anything
     else (mixed, unstable differences, too few usable points) is `None`: the pair is dropped.
  4. symbolic check when feasible: simplify(f - g) under a 2 s alarm. A symbolic zero contradicting a
     numeric `incorrect`, or a provably non-zero constant contradicting a numeric `correct`, drops
     the pair too.
"""

from __future__ import annotations

import random
import re
import signal
from dataclasses import dataclass
from typing import Callable, Optional

import mpmath
import sympy as sp
from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations

X = sp.Symbol('x', real=True)

# The function names sagga's whitelist (src/expr/functions.ts) accepts and SymPy knows by the same
# spelling. Generated pairs may only use these; anything else is refused before parsing.
FUNCTION_NAMES = {
    'exp', 'log', 'sqrt', 'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'asin', 'acos', 'atan', 'acot',
    'asec', 'acsc', 'sinh', 'cosh', 'tanh', 'coth', 'sech', 'csch', 'asinh', 'acosh', 'atanh',
    'acoth', 'asech', 'acsch', 'Abs', 'sign', 'erf',
}
CONSTANT_NAMES = {'x', 'E', 'pi'}
ALLOWED_NAMES = FUNCTION_NAMES | CONSTANT_NAMES

_TOKEN = re.compile(r'\s*(?:(\d+\.?\d*(?:[eE][-+]?\d+)?)|([A-Za-z_][A-Za-z_0-9]*)|(\*\*|[-+*/^(),]))')
_TRANSFORMS = standard_transformations + (convert_xor,)
_LOCALS = {name: getattr(sp, name) for name in FUNCTION_NAMES}
_LOCALS.update({'x': X, 'E': sp.E, 'pi': sp.pi})

MAX_CHARS = 400


class OracleTimeout(BaseException):
    """Raised by SIGALRM. A BaseException so that SymPy's broad `except Exception` cannot swallow it."""


def _on_alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    raise OracleTimeout()


def with_alarm(seconds: float, thunk: Callable[[], object]) -> object:
    """Run `thunk` with a wall-clock limit (main thread only); raises OracleTimeout."""
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return thunk()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_tokens(text: str) -> Optional[str]:
    """None when `text` uses only whitelisted names and operators, else the reason."""
    if len(text) > MAX_CHARS:
        return 'too long'
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == '':
                return None
            return f'bad character at {pos}'
        ident = m.group(2)
        if ident is not None and ident not in ALLOWED_NAMES:
            return f'name not whitelisted: {ident}'
        pos = m.end()
    return None


def safe_parse(text: str) -> sp.Expr:
    """Parse a whitelisted infix string (`^` or `**`) into SymPy with x real. Raises ValueError."""
    reason = check_tokens(text)
    if reason is not None:
        raise ValueError(reason)
    # parse_expr evaluates Python; the token whitelist above is what makes that safe here.
    return parse_expr(text, local_dict=dict(_LOCALS), transformations=_TRANSFORMS)


def sample_points(rng: random.Random, n: int = 40) -> list[float]:
    """Real points in four bands, so that both small-argument and large-argument behaviour count
    and answers real only on a far half-line (log(x - 7)) still get real points."""
    pts: list[float] = []
    bands = [(-1.0, 1.0), (-4.0, 4.0), (-12.0, 12.0), (-40.0, 40.0)]
    for i in range(n):
        lo, hi = bands[i % len(bands)]
        pts.append(rng.uniform(lo, hi))
    return pts


def _finite(v) -> bool:
    try:
        if isinstance(v, mpmath.mpc):
            return bool(mpmath.isfinite(v.real) and mpmath.isfinite(v.imag))
        return bool(mpmath.isfinite(v))
    except (TypeError, ValueError):
        return False


def _to_mp(v):
    if isinstance(v, (mpmath.mpf, mpmath.mpc)):
        return v
    if isinstance(v, (int, float, complex)):
        return mpmath.mpmathify(v)
    raise TypeError(f'not a number: {type(v)}')


def _is_real(v, scale) -> bool:
    if isinstance(v, mpmath.mpc):
        return abs(v.imag) <= mpmath.mpf('1e-40') * max(scale, mpmath.mpf(1))
    return True


@dataclass
class PointCounts:
    usable: int = 0
    zero: int = 0
    nonzero: int = 0
    tiny: int = 0
    real_both: int = 0
    nonzero_real: int = 0
    max_rel: float = 0.0


# Agreement to this relative accuracy at 90 digits is equality; a larger difference that 50 and 90
# digits agree on is a real one, however small (2*x^42 + 22 against a derivative off by 8/43 at
# x = 3 differs by 1e-21 relative).
ZERO_REL = mpmath.mpf('1e-70')


def numeric_counts(f: sp.Expr, answer: sp.Expr, points: list[float]) -> PointCounts:
    g = sp.diff(answer, X)
    lam_f = sp.lambdify(X, f, modules='mpmath')
    lam_g = sp.lambdify(X, g, modules='mpmath')
    lam_a = sp.lambdify(X, answer, modules='mpmath')
    counts = PointCounts()
    for p in points:
        values = []
        try:
            for dps in (50, 90):
                with mpmath.workdps(dps):
                    xp = mpmath.mpf(p)
                    fv, gv, av = _to_mp(lam_f(xp)), _to_mp(lam_g(xp)), _to_mp(lam_a(xp))
                    if not (_finite(fv) and _finite(gv) and _finite(av)):
                        raise ValueError('not finite')
                    values.append((fv, gv, av, fv - gv))
        except (ZeroDivisionError, ValueError, OverflowError, TypeError, ArithmeticError):
            continue
        (_, _, _, d50), (fv, gv, av, d90) = values
        with mpmath.workdps(90):
            scale = max(abs(fv), abs(gv))
            # Relative tolerances only: an absolute floor would call two different values near
            # 1e-1000 equal (the tan(exp(-9504*x^2)) trap).
            if scale == 0:
                counts.usable += 1
                counts.zero += 1
                continue
            if abs(d50 - d90) > mpmath.mpf('1e-30') * scale:
                continue  # ill-conditioned at this point: the two precisions disagree
            counts.usable += 1
            rel = abs(d90) / scale
            counts.max_rel = max(counts.max_rel, float(min(rel, mpmath.mpf(1e300))))
            stable = abs(d50 - d90) <= mpmath.mpf('1e-3') * abs(d90)
            if rel <= ZERO_REL:
                counts.zero += 1
            elif stable:
                counts.nonzero += 1
            else:
                counts.tiny += 1
            if _is_real(fv, abs(fv)) and _is_real(av, abs(av)):
                counts.real_both += 1
                if rel > ZERO_REL and stable:
                    counts.nonzero_real += 1
    return counts


def numeric_verdict(c: PointCounts) -> Optional[str]:
    if c.usable >= 20 and c.zero == c.usable and c.real_both >= 4:
        return 'correct'
    # Wrong where a real-domain checker looks: non-zero at points where f and the answer are real.
    if c.nonzero_real >= 3 and c.zero <= 0.1 * c.usable:
        return 'incorrect'
    return None


def symbolic_verdict(f: sp.Expr, answer: sp.Expr, seconds: float) -> str:
    """'zero', 'nonzero' (a provably non-zero constant), or 'unknown' (timeout, or not decided)."""
    def run():
        return sp.simplify(sp.diff(answer, X) - f)
    try:
        r = with_alarm(seconds, run)
    except OracleTimeout:
        return 'unknown'
    except Exception:  # noqa: BLE001 - SymPy raises many kinds; any of them means "not decided"
        return 'unknown'
    if r == 0:
        return 'zero'
    if isinstance(r, sp.Expr) and not r.free_symbols:
        try:
            v = sp.N(r, 30)
            if v.is_number and abs(complex(v)) > 1e-20:
                return 'nonzero'
        except (TypeError, ValueError):
            return 'unknown'
    return 'unknown'


@dataclass
class Label:
    label: Optional[str]
    numeric: Optional[str]
    symbolic: str
    counts: PointCounts
    why: str = ''


def label_pair(problem: str, answer: str, rng: random.Random, simplify_seconds: float = 2.0) -> Label:
    """Label one pair; `label` is None when the oracle is not confident."""
    try:
        f = safe_parse(problem)
        a = safe_parse(answer)
    except Exception as e:  # noqa: BLE001 - any parse failure drops the pair
        return Label(None, None, 'unknown', PointCounts(), f'parse: {e}')
    if f.has(sp.zoo, sp.nan, sp.oo, sp.I) or a.has(sp.zoo, sp.nan, sp.oo, sp.I):
        return Label(None, None, 'unknown', PointCounts(), 'non-real constant')
    try:
        counts = with_alarm(20.0, lambda: numeric_counts(f, a, sample_points(rng)))
    except OracleTimeout:
        return Label(None, None, 'unknown', PointCounts(), 'numeric timeout')
    except Exception as e:  # noqa: BLE001 - e.g. lambdify meeting DiracDelta; not labelable
        return Label(None, None, 'unknown', PointCounts(), f'numeric error: {type(e).__name__}')
    numeric = numeric_verdict(counts)
    if numeric is None:
        return Label(None, None, 'unknown', counts, 'numeric undecided')
    symbolic = symbolic_verdict(f, a, simplify_seconds) if simplify_seconds > 0 else 'unknown'
    if numeric == 'correct' and symbolic == 'nonzero':
        return Label(None, numeric, symbolic, counts, 'numeric/symbolic conflict')
    if numeric == 'incorrect' and symbolic == 'zero':
        return Label(None, numeric, symbolic, counts, 'numeric/symbolic conflict')
    return Label(numeric, numeric, symbolic, counts)
