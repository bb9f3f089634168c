#!/usr/bin/python3
"""The SAGGA reference check as a judge for `sagga judge-eval --judge sympy-simplify`.

F is accepted as an antiderivative of f when SymPy's `simplify(f - diff(F, x)) == 0`, under a
SIGALRM time limit per pair (default 1 s, the reference's); a timeout or any exception counts as
`correct`, which is what the reference does (a problem only counts as a failure when the check
proves the answer wrong). x is `Symbol('x', real=True, nonzero=True)`, as in the Lample & Charton
environment SAGGA builds on.

Reads one JSON request per line on stdin, {"id", "problem", "answer"}, both in sagga's canonical
infix (`^` for powers, `e` and `pi`, whitelisted function names), and answers each with one line,
{"id", "outcome": "zero"|"nonzero"|"timeout"|"error", "ms"}; `ms` covers parsing, differentiation
and simplification of that pair.

The texts are never evaluated as Python: each is checked token by token against a whitelist first,
and only then read by sympy's parse_expr in a namespace that holds exactly x, e, pi and the
whitelisted functions (and no builtins).

Usage: sympy_simplify_judge.py [--timeout SECONDS] [--memory-mb MB]
"""

import argparse
import json
import re
import signal
import sys
import time


class Timeout(BaseException):
    """Raised by SIGALRM. A BaseException, so that sympy's `except Exception` cannot swallow it."""


def on_alarm(signum, frame):
    raise Timeout()


FUNCTIONS = (
    "exp log sqrt cbrt sin cos tan cot sec csc asin acos atan acot asec acsc sinh cosh tanh coth "
    "sech csch asinh acosh atanh acoth asech acsch sign erf erfc erfi Ei li Si Ci Shi Chi gamma "
    "lowergamma uppergamma fresnels fresnelc polylog LambertW"
).split()

TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/^(),]))")
SPACE = re.compile(r"\s*")
MAX_CHARS = 20000
MAX_DEPTH = 200


def check_text(text, names):
    """None when `text` holds only numbers, whitelisted names, operators and balanced parentheses."""
    if len(text) > MAX_CHARS:
        return "longer than %d characters" % MAX_CHARS
    pos = 0
    depth = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if m is None:
            rest = SPACE.match(text, pos)
            if rest.end() == len(text):
                break
            return "unexpected character at offset %d" % rest.end()
        name = m.group(2)
        if name is not None and name not in names:
            return "name %r is not whitelisted" % name[:40]
        op = m.group(3)
        if op == "(":
            depth += 1
            if depth > MAX_DEPTH:
                return "nesting deeper than %d" % MAX_DEPTH
        elif op == ")":
            depth -= 1
            if depth < 0:
                return "unbalanced parentheses"
        pos = m.end()
    return "unbalanced parentheses" if depth != 0 else None


def main():
    ap = argparse.ArgumentParser(description="SymPy's simplify(f - F') == 0 as a judge")
    ap.add_argument("--timeout", type=float, default=1.0, help="seconds per pair (default 1, as the reference)")
    ap.add_argument("--memory-mb", type=int, default=3072, help="address-space limit (0: none)")
    args = ap.parse_args()
    if args.memory_mb > 0:
        try:
            import resource

            limit = args.memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        except (ImportError, ValueError, OSError):
            pass

    import sympy
    from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations

    x = sympy.Symbol("x", real=True, nonzero=True)
    local_ns = {name: getattr(sympy, name) for name in FUNCTIONS}
    local_ns.update({"abs": sympy.Abs, "Abs": sympy.Abs, "ln": sympy.log, "x": x, "e": sympy.E, "E": sympy.E, "pi": sympy.pi})
    global_ns = {"__builtins__": {}, "Integer": sympy.Integer, "Float": sympy.Float, "Rational": sympy.Rational}
    transformations = standard_transformations + (convert_xor,)
    signal.signal(signal.SIGALRM, on_alarm)
    out = sys.stdout

    def read(text):
        bad = check_text(text, local_ns)
        if bad is not None:
            raise ValueError(bad)
        return parse_expr(text, local_dict=dict(local_ns), global_dict=dict(global_ns), transformations=transformations)

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError:
            continue
        if not isinstance(request, dict) or not isinstance(request.get("id"), str):
            continue
        problem, answer = request.get("problem"), request.get("answer")
        started = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.timeout)
        try:
            if not isinstance(problem, str) or not isinstance(answer, str):
                raise ValueError("request without problem and answer text")
            f = read(problem)
            F = read(answer)
            outcome = "zero" if sympy.simplify(f - sympy.diff(F, x)) == 0 else "nonzero"
        except Timeout:
            outcome = "timeout"
        except Exception:  # noqa: BLE001 - the reference counts every exception as "correct"
            outcome = "error"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        ms = (time.perf_counter() - started) * 1000
        out.write(json.dumps({"id": request["id"], "outcome": outcome, "ms": round(ms, 3)}) + "\n")
        out.flush()


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
