#!/usr/bin/python3
"""Independent check of (problem f, answer F) pairs with SymPy: is F' = f?

Reads JSON Lines {"id", "problem", "answer"} (sagga's canonical infix, `^` for powers) on stdin and
writes one line per input, {"id", "verdict", "symbolic", "numeric", "detail"}:
  symbolic: "zero" | "nonzero" | "timeout" | "error"  (simplify(diff(F, x) - f))
  numeric:  "match" | "mismatch" | "undecided"          (30 digits, relative tolerance 1e-12, random
                                                          points in [-400, 400], mostly in [-4, 4],
                                                          where both sides are real, as sagga's
                                                          verifier samples)
  verdict:  "correct" when simplify gives 0 or every usable point matches, "incorrect" when some
            point where both sides are finite differs, "unknown" otherwise.
Used by bench/cas-precision.ts; run with Debian's /usr/bin/python3 (python3-sympy).
"""
import json
import random
import signal
import sys

import sympy as sp
from sympy.parsing.sympy_parser import parse_expr, standard_transformations

X = sp.Symbol('x', real=True)
NAMES = {
    'x': X, 'e': sp.E, 'E': sp.E, 'pi': sp.pi,
    'exp': sp.exp, 'log': sp.log, 'sqrt': sp.sqrt, 'cbrt': sp.cbrt, 'abs': sp.Abs, 'sign': sp.sign,
    'sin': sp.sin, 'cos': sp.cos, 'tan': sp.tan, 'cot': sp.cot, 'sec': sp.sec, 'csc': sp.csc,
    'asin': sp.asin, 'acos': sp.acos, 'atan': sp.atan, 'acot': sp.acot, 'asec': sp.asec, 'acsc': sp.acsc,
    'sinh': sp.sinh, 'cosh': sp.cosh, 'tanh': sp.tanh, 'coth': sp.coth, 'sech': sp.sech, 'csch': sp.csch,
    'asinh': sp.asinh, 'acosh': sp.acosh, 'atanh': sp.atanh, 'acoth': sp.acoth, 'asech': sp.asech, 'acsch': sp.acsch,
    'erf': sp.erf, 'erfc': sp.erfc, 'erfi': sp.erfi, 'Ei': sp.Ei, 'li': sp.li, 'Si': sp.Si, 'Ci': sp.Ci,
    'Shi': sp.Shi, 'Chi': sp.Chi, 'gamma': sp.gamma, 'lowergamma': sp.lowergamma, 'uppergamma': sp.uppergamma,
    # Algebrite's spellings, for its raw answers (bench/cas-precision.ts checks those too).
    'arcsin': sp.asin, 'arccos': sp.acos, 'arctan': sp.atan, 'arcsinh': sp.asinh, 'arccosh': sp.acosh, 'arctanh': sp.atanh,
    # The imaginary unit as nerdamer and Algebrite print it, for their raw answers.
    'i': sp.I,
    'fresnels': sp.fresnels, 'fresnelc': sp.fresnelc, 'polylog': sp.polylog, 'LambertW': sp.LambertW,
}
SIMPLIFY_SECONDS = 8
POINTS = 8
DIGITS = 30
REL_TOL = sp.Float('1e-12', DIGITS)
TINY = sp.Float('1e-25', DIGITS)


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, on_alarm)


def read(text):
    # The texts come from sagga's own printer over a whitelisted tree; only the names above occur.
    return parse_expr(text.replace('^', '**'), local_dict=dict(NAMES), global_dict={'Integer': sp.Integer, 'Float': sp.Float, 'Rational': sp.Rational, 'Symbol': sp.Symbol},
                      transformations=standard_transformations, evaluate=True)


def finite_real(v):
    # Only real values are compared: off the real line both sides are some branch of an analytic
    # continuation, and a different branch is not a wrong antiderivative.
    if v is None or not v.is_number:
        return None
    try:
        c = complex(v)
    except (TypeError, ValueError):
        return None
    if c != c or abs(c) == float('inf') or abs(c.imag) > 1e-20 * max(1.0, abs(c.real)):
        return None
    return sp.re(v)


def point(rng):
    # Mostly near 0, some far out: a problem real only for x > 32 (log(2*x - 64)) must still be
    # sampled where it is real.
    scale = rng.choice([1, 1, 1, 10, 100])
    return sp.Rational(rng.randint(-4000, 4000) * scale, 1000)


def numeric(dF, f, rng):
    usable = 0
    for _ in range(POINTS * 6):
        if usable >= POINTS:
            break
        p = point(rng)
        if p == 0:
            continue
        try:
            a = finite_real(dF.evalf(DIGITS, subs={X: p}))
            b = finite_real(f.evalf(DIGITS, subs={X: p}))
        except Exception:  # noqa: BLE001 - evaluation errors just make the point unusable
            continue
        if a is None or b is None:
            continue
        # Relative comparison (evalf gives DIGITS significant digits, however small the value): an
        # absolute floor would let F = 0 pass for f = (2x)^(-156). A point where both sides vanish
        # to 25 digits tells nothing either way and is skipped.
        size = max(abs(a), abs(b))
        if size < TINY:
            continue
        usable += 1
        if abs(sp.N(a - b, DIGITS)) > REL_TOL * size:
            return 'mismatch', f'x={p}: F\'={sp.N(a, 12)} f={sp.N(b, 12)}'
    if usable >= 3:
        return 'match', f'{usable} points'
    return 'undecided', f'only {usable} usable points'


def check(problem, answer, rng):
    f = read(problem)
    F = read(answer)
    dF = sp.diff(F, X)
    symbolic = 'error'
    try:
        signal.alarm(SIMPLIFY_SECONDS)
        d = sp.simplify(dF - f)
        symbolic = 'zero' if d == 0 else 'nonzero'
    except Timeout:
        symbolic = 'timeout'
    except Exception:  # noqa: BLE001 - SymPy failures are an outcome, not a crash
        symbolic = 'error'
    finally:
        signal.alarm(0)
    try:
        signal.alarm(SIMPLIFY_SECONDS)
        num, detail = numeric(dF, f, rng)
    except Timeout:
        num, detail = 'undecided', 'numeric check timed out'
    finally:
        signal.alarm(0)
    if symbolic == 'zero' or (num == 'match' and symbolic != 'nonzero'):
        verdict = 'correct'
    elif num == 'mismatch':
        verdict = 'incorrect'
    elif num == 'match':
        verdict = 'correct'  # simplify could not reduce the difference, but every point agrees
    else:
        verdict = 'unknown'
    return verdict, symbolic, num, detail


def main():
    rng = random.Random(20220222)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        req = json.loads(line)
        try:
            verdict, symbolic, num, detail = check(req['problem'], req['answer'], rng)
        except Exception as err:  # noqa: BLE001
            verdict, symbolic, num, detail = 'unknown', 'error', 'undecided', f'{type(err).__name__}: {err}'
        print(json.dumps({'id': req.get('id'), 'verdict': verdict, 'symbolic': symbolic, 'numeric': num, 'detail': detail}), flush=True)


if __name__ == '__main__':
    main()
