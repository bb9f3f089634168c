#!/usr/bin/python3
"""The reference way to check an answer to a definite integral, for side-by-side benchmarks: the
integral by mpmath's `quad` (tanh-sinh; Gauss-Legendre where it prefers) at 30 digits, with its error
estimate, then the same rules as sagga's `definite` task: a decimal answer (a plain literal with a
point or an exponent) is correct within 1e-6 absolute, any other within 12 significant digits. A pair
whose error estimate is too large to decide, or whose quadrature fails or times out, is `unknown`.

Reads JSON Lines `{"id", "problem", "lower", "upper", "answer"}` on stdin and writes, per input
line and in order, `{"id", "verdict": "correct"|"incorrect"|"unknown", "ms", "reason"}`. `ms` covers
parsing, the quadrature and the comparison of that pair (not the interpreter start).

    /usr/bin/python3 bench/python/definite_reference.py --timeout 10 < pairs.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mpmath  # noqa: E402
import sympy as sp  # noqa: E402
from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations  # noqa: E402

from oracle import FUNCTION_NAMES  # noqa: E402

X = sp.Symbol('x', real=True)
NAMES = set(FUNCTION_NAMES) | {'x', 'E', 'pi', 'oo', 'gamma'}
LOCALS = {name: getattr(sp, name) for name in FUNCTION_NAMES | {'gamma'}}
LOCALS.update({'x': X, 'E': sp.E, 'pi': sp.pi, 'oo': sp.oo})
TRANSFORMS = standard_transformations + (convert_xor,)
TOKEN = re.compile(r'\s*(?:(\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+)|([A-Za-z_][A-Za-z_0-9]*)|(\*\*|[-+*/^(),]))')
DECIMAL = re.compile(r'^\s*[-+]?(\d+\.\d*|\.\d+|\d+(?=[eE]))([eE][-+]?\d+)?\s*$')
DIGITS = 30


class Timeout(BaseException):
    """Raised by SIGALRM; a BaseException so that library code cannot swallow it."""


def _alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    raise Timeout()


def parse(text: str) -> sp.Expr:
    """A whitelisted infix text as SymPy; parse_expr evaluates Python, the whitelist makes that safe."""
    if len(text) > 400:
        raise ValueError('too long')
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == '':
                break
            raise ValueError(f'bad character at {pos}')
        if m.group(2) is not None and m.group(2) not in NAMES:
            raise ValueError(f'name not whitelisted: {m.group(2)}')
        pos = m.end()
    return parse_expr(text, local_dict=dict(LOCALS), transformations=TRANSFORMS)


def end(text: str):
    v = parse(text)
    if v == sp.oo:
        return mpmath.inf
    if v == -sp.oo:
        return -mpmath.inf
    return mpmath.mpf(sp.N(v, DIGITS + 10))


def judge(problem: str, lower: str, upper: str, answer: str) -> tuple[str, str]:
    f = sp.lambdify(X, parse(problem), 'mpmath')
    a, b = end(lower), end(upper)
    points = [a, 0, b] if mpmath.isinf(a) and mpmath.isinf(b) else [a, b]
    value, error = mpmath.quad(f, points, error=True)
    if isinstance(value, mpmath.mpc):
        return 'unknown', 'the quadrature is not real'
    decimal = DECIMAL.match(answer) is not None
    given = mpmath.mpf(answer.strip()) if decimal else mpmath.mpf(sp.N(parse(answer), DIGITS + 10))
    tolerance = mpmath.mpf('1e-6') if decimal else mpmath.mpf('1e-12') * abs(value)
    difference = abs(given - value)
    if error * 10 >= tolerance and abs(difference - tolerance) <= error * 10:
        return 'unknown', f'error estimate {mpmath.nstr(error, 3)} against the tolerance {mpmath.nstr(tolerance, 3)}'
    ok = difference < tolerance if decimal else difference <= tolerance
    return ('correct' if ok else 'incorrect'), f'quad {mpmath.nstr(value, 20)} (error {mpmath.nstr(error, 3)}), difference {mpmath.nstr(difference, 3)}'


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--timeout', type=float, default=10.0)
    args = ap.parse_args()
    mpmath.mp.dps = DIGITS
    signal.signal(signal.SIGALRM, _alarm)
    for line in sys.stdin:
        if not line.strip():
            continue
        r = json.loads(line)
        started = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.timeout)
        try:
            verdict, reason = judge(r['problem'], r['lower'], r['upper'], r['answer'])
        except Timeout:
            verdict, reason = 'unknown', f'timeout after {args.timeout} s'
        except Exception as err:  # noqa: BLE001 - any failure of the reference is its unknown
            verdict, reason = 'unknown', f'{type(err).__name__}: {err}'
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        ms = (time.perf_counter() - started) * 1000
        print(json.dumps({'id': r['id'], 'verdict': verdict, 'ms': ms, 'reason': reason[:300]}), flush=True)


if __name__ == '__main__':
    main()
