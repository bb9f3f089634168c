#!/usr/bin/python3
"""The reference way to check a `series`, `limit` or `ode` answer, for side-by-side benchmarks: SymPy
computes the Taylor polynomial (`series(f, x, a, n + 1)`) or the limit (`limit(f, x, a, dir)`, from
each side on its own for a two-sided limit, DNE when they differ or oscillate), and the answer is
accepted when `simplify(answer - reference) == 0`. An ODE's answer is accepted when `checkodesol`
confirms it, `simplify` confirms each condition, and it has as many constants C1, C2 … as the
order less the conditions (a parameter A is a positive symbol). A series answer must also be a polynomial in x
whose remainder term, if it has one, lies beyond the order, and must have no term beyond the order;
an answer written with decimals is compared numerically (within 1e-6, relative for a coefficient).
A pair that runs past the timeout, or that SymPy cannot parse or compute, is `unknown`.

Reads JSON Lines `{"id", "task", "problem", "point", "order" | "direction", "answer"}` (an `ode` line:
`{"id", "task", "problem", "conditions", "answer"}`) on stdin and
writes, per input line and in order, `{"id", "verdict": "correct"|"incorrect"|"unknown", "ms"}`,
where `ms` covers parsing and SymPy's work on that pair (not the interpreter start).

    /usr/bin/python3 bench/python/task_reference_check.py --timeout 10 < pairs.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import sys
import time
from typing import Optional, Union

import sympy as sp
from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations

X = sp.Symbol('x', real=True)
T = sp.Symbol('t')
FUNCTIONS = {
    'exp', 'log', 'sqrt', 'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh',
    'asinh', 'acosh', 'atanh', 'Abs', 'sign', 'erf',
}
_LOCALS = {name: getattr(sp, name) for name in FUNCTIONS}
_LOCALS.update({'x': X, 'E': sp.E, 'pi': sp.pi, 'O': sp.O})
Y = sp.Function('y')
# An ODE's unknown and its derivatives, its constants and its parameter, as the ode reader spells them.
_ODE_LOCALS = {'Y0': Y(X), 'Y1': Y(X).diff(X), 'Y2': Y(X).diff(X, 2), 'A': sp.Symbol('A', positive=True),
               **{f'C{k}': sp.Symbol(f'C{k}') for k in range(1, 10)}}
_UNKNOWN = re.compile(r"(?<![A-Za-z_0-9])y('{0,2})(?![A-Za-z_0-9'])")
_CONDITION = re.compile(r"^\s*y('{0,2})\(([^=]*)\)\s*=(.*)$")
_TRANSFORMS = standard_transformations + (convert_xor,)
_TOKEN = re.compile(r'\s*(?:(\d+\.?\d*(?:[eE][-+]?\d+)?)|([A-Za-z_][A-Za-z_0-9]*)|(\*\*|[-+*/^(),]))')
MAX_CHARS = 4000


class Timeout(BaseException):
    """Raised by SIGALRM; a BaseException so that SymPy's `except Exception` cannot swallow it."""


def _on_alarm(signum, frame):  # noqa: ARG001
    raise Timeout()


def parse(text: str, extra: Optional[dict] = None) -> sp.Expr:
    names = dict(_LOCALS, **(extra or {}))
    if len(text) > MAX_CHARS:
        raise ValueError('too long')
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == '':
                break
            raise ValueError(f'bad character at {pos}')
        if m.group(2) is not None and m.group(2) not in names:
            raise ValueError(f'name not whitelisted: {m.group(2)}')
        pos = m.end()
    # parse_expr evaluates Python; the token whitelist above is what makes that safe here.
    return parse_expr(text, local_dict=names, transformations=_TRANSFORMS)


def has_float(e: sp.Expr) -> bool:
    return any(n.is_Float for n in sp.preorder_traversal(e))


def series_verdict(problem: str, point: str, order: int, answer: str) -> str:
    f, a, ans = parse(problem), parse(point), parse(answer)
    reference = sp.series(f, X, a, order + 1).removeO()
    if ans.has(sp.Order):
        if sp.Poly(sp.expand(ans.getO().expr.subs(X, T + a)), T).degree() <= order:
            return 'incorrect'
        ans = ans.removeO()
    if not ans.is_polynomial(X):
        return 'incorrect'
    difference = sp.Poly(sp.expand((ans - reference).subs(X, T + a)), T)
    if has_float(ans):
        expected = sp.Poly(sp.expand(reference.subs(X, T + a)), T)
        for (k,), c in difference.terms():
            e = complex(sp.N(expected.coeff_monomial(T ** k), 30))
            if abs(complex(sp.N(c, 30))) > (1e-6 * abs(e) if e != 0 else 1e-6):
                return 'incorrect'
        return 'correct'
    return 'correct' if all(sp.simplify(c) == 0 for c in difference.coeffs()) else 'incorrect'


Reference = Union[sp.Expr, str]


def one_side(f: sp.Expr, a: sp.Expr, side: str) -> Reference:
    value = sp.limit(f, X, a, side)
    if isinstance(value, sp.AccumBounds) or value.has(sp.AccumBounds):
        return 'DNE'
    if value in (sp.oo, -sp.oo):
        return 'oo' if value == sp.oo else '-oo'
    if value.has(sp.Limit) or not value.is_finite:
        raise ValueError(f'no usable limit: {value}')
    return value


def limit_verdict(problem: str, point: str, direction: Optional[str], answer: str) -> str:
    f = parse(problem)
    if point in ('oo', '-oo'):
        reference = one_side(f, sp.oo if point == 'oo' else -sp.oo, '-' if point == 'oo' else '+')
    else:
        a = parse(point)
        sides = [one_side(f, a, s) for s in (['+', '-'] if direction in (None, '+-') else [direction])]
        same = len(sides) == 1 or (
            isinstance(sides[0], str) and isinstance(sides[1], str) and sides[0] == sides[1]
        ) or (not isinstance(sides[0], str) and not isinstance(sides[1], str) and sp.simplify(sides[0] - sides[1]) == 0)
        reference = sides[0] if same else 'DNE'
    if answer.strip() in ('oo', '-oo', 'DNE'):
        return 'correct' if isinstance(reference, str) and reference == answer.strip() else 'incorrect'
    if isinstance(reference, str):
        return 'incorrect'
    ans = parse(answer)
    if has_float(ans):
        return 'correct' if abs(complex(sp.N(ans - reference, 30))) < 1e-6 else 'incorrect'
    return 'correct' if sp.simplify(ans - reference) == 0 else 'incorrect'


def ode_verdict(problem: str, conditions: list[str], answer: str) -> str:
    named = _UNKNOWN.sub(lambda m: f'Y{len(m.group(1))}', problem)
    sides = named.split('=')
    if len(sides) != 2:
        raise ValueError('not an equation')
    equation = sp.Eq(parse(sides[0], _ODE_LOCALS), parse(sides[1], _ODE_LOCALS))
    order = 2 if equation.has(_ODE_LOCALS['Y2']) else 1
    body = re.sub(r'^\s*y\s*(\(\s*x\s*\)\s*)?=', '', answer)
    solution = parse(body, _ODE_LOCALS)
    ok, _ = sp.checkodesol(equation, sp.Eq(Y(X), solution))
    if not ok:
        return 'incorrect'
    for text in conditions:
        m = _CONDITION.match(text)
        if m is None:
            raise ValueError(f'not a condition: {text}')
        at, value = parse(m.group(2), _ODE_LOCALS), parse(m.group(3), _ODE_LOCALS)
        if sp.simplify(sp.diff(solution, X, len(m.group(1))).subs(X, at) - value) != 0:
            return 'incorrect'
    constants = [s for s in solution.free_symbols if s.name.startswith('C')]
    return 'correct' if len(constants) == order - len(conditions) else 'incorrect'


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--timeout', type=float, default=10.0, help='seconds per pair')
    args = ap.parse_args()
    signal.signal(signal.SIGALRM, _on_alarm)
    for line in sys.stdin:
        if line.strip() == '':
            continue
        request = json.loads(line)
        started = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.timeout)
        try:
            if request['task'] == 'series':
                verdict = series_verdict(request['problem'], request['point'], int(request['order']), request['answer'])
            elif request['task'] == 'ode':
                verdict = ode_verdict(request['problem'], request['conditions'], request['answer'])
            else:
                verdict = limit_verdict(request['problem'], request['point'], request.get('direction'), request['answer'])
        except Timeout:
            verdict = 'unknown'
        except Exception:  # noqa: BLE001 - any failure of the reference is its own, not the answer's
            verdict = 'unknown'
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        ms = (time.perf_counter() - started) * 1000
        print(json.dumps({'id': request['id'], 'verdict': verdict, 'ms': round(ms, 3)}), flush=True)


if __name__ == '__main__':
    main()
