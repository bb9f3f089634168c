#!/usr/bin/python3
"""The SAGGA reference verifier, for side-by-side benchmarks: F is accepted as an antiderivative of
f when SymPy's `simplify(f - diff(F)) == 0`, under a 1-second SIGALRM timeout per pair; a timeout or
any exception (parse errors included) counts as `correct`, which is what the reference did (the
paper's generous rule: a problem only counts as a failure when the check proves it wrong).
x is `Symbol('x', real=True, nonzero=True)`, as in the Lample & Charton environment SAGGA builds on.

Reads JSON Lines `{"id", "problem", "answer"}` on stdin and writes, per input line and in order,
`{"id", "verdict": "correct"|"incorrect", "outcome": "zero"|"nonzero"|"timeout"|"error", "ms"}`.
`ms` covers parsing, differentiation and simplification of that pair (not the interpreter start).

    /usr/bin/python3 bench/python/reference_check.py --timeout 1 < pairs.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import sympy as sp  # noqa: E402
from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations  # noqa: E402

from oracle import FUNCTION_NAMES, check_tokens  # noqa: E402

X = sp.Symbol('x', real=True, nonzero=True)
_LOCALS = {name: getattr(sp, name) for name in FUNCTION_NAMES}
_LOCALS.update({'x': X, 'E': sp.E, 'pi': sp.pi, 'ln': sp.log})
_TRANSFORMS = standard_transformations + (convert_xor,)


class ReferenceTimeout(BaseException):
    """Raised by SIGALRM; a BaseException so that SymPy's `except Exception` cannot swallow it and
    run past the limit."""


def _on_alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    raise ReferenceTimeout()


def parse(text: str) -> sp.Expr:
    reason = check_tokens(text)
    if reason is not None:
        raise ValueError(reason)
    # parse_expr evaluates Python; the token whitelist above is what makes that safe here.
    return parse_expr(text, local_dict=dict(_LOCALS), transformations=_TRANSFORMS)


def reference_check(problem: str, answer: str, timeout_s: float) -> str:
    """'zero' | 'nonzero' | 'timeout' | 'error'."""
    signal.setitimer(signal.ITIMER_REAL, timeout_s)
    try:
        f = parse(problem)
        F = parse(answer)
        return 'zero' if sp.simplify(f - sp.diff(F, X)) == 0 else 'nonzero'
    except ReferenceTimeout:
        return 'timeout'
    except Exception:  # noqa: BLE001 - the reference counted every exception as "correct"
        return 'error'
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--timeout', type=float, default=1.0, help='seconds per pair (default 1, as the reference)')
    opts = ap.parse_args()
    signal.signal(signal.SIGALRM, _on_alarm)
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            problem, answer, pid = str(item['problem']), str(item['answer']), item.get('id')
        except (ValueError, KeyError, TypeError):
            out.write(json.dumps({'id': None, 'verdict': 'correct', 'outcome': 'error', 'ms': 0}) + '\n')
            continue
        t0 = time.perf_counter()
        outcome = reference_check(problem, answer, opts.timeout)
        ms = (time.perf_counter() - t0) * 1000
        verdict = 'incorrect' if outcome == 'nonzero' else 'correct'
        out.write(json.dumps({'id': pid, 'verdict': verdict, 'outcome': outcome, 'ms': round(ms, 3)}) + '\n')
        out.flush()


if __name__ == '__main__':
    main()
