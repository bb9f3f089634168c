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
import os
import signal
import sys
import time


# The whitelist, namespace and time-limit signal of sagga's own SymPy target: one reading of the texts.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "targets", "sympy"))
import sympy_worker  # noqa: E402

Timeout = sympy_worker.Timeout


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

    _, local_ns, global_ns = sympy_worker.build_namespace(sympy)
    # The reference's x (Lample & Charton's environment), not the target's plain symbol.
    x = sympy.Symbol("x", real=True, nonzero=True)
    local_ns["x"] = x
    transformations = standard_transformations + (convert_xor,)
    signal.signal(signal.SIGALRM, sympy_worker.on_alarm)
    out = sys.stdout

    def read(text):
        bad = sympy_worker.check_problem(text, local_ns)
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
