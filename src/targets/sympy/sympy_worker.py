#!/usr/bin/python3
"""SymPy as a sagga `cmd:` target.

Reads one JSON request per line on stdin, {"id", "problem", "latex", "k"}, where `problem` is
sagga's canonical infix (`^` for powers, `e` and `pi`, whitelisted function names), and answers
with one JSON line per request on stdout. A request of another task than integrate names it and
its fields, as sagga's `cmd:` protocol does:

  {"task": "definite", "lower", "upper"}           integrate(f, (x, lower, upper))
  {"task": "series", "point", "order"}             series(f, x, point, order + 1), without O(...)
  {"task": "limit", "point", "direction"?}         limit(f, x, point, direction), "+-" by default
  {"task": "ode", "conditions"}                    dsolve(lhs = rhs, y(x), ics), where `problem` is the
                                                   equation in y, y', y'' and each condition reads
                                                   y(a) = v or y'(a) = v; the answer is the solution's
                                                   right side, with constants C1, C2 when none fix them

  {"id": ..., "answers": ["<str(F)>"]}            sympy found F = integrate(f, x) (or the task's answer)
                                                   (exp_polar(z) printed as exp(z), its value)
  {"id": ..., "answers": [], "reason": "..."}      sympy left the problem unevaluated or gave up
  {"id": ..., "answers": [], "timeout": true}      integrate ran past the time limit
  {"id": ..., "error": "..."}                      the request itself could not be read

The problem text is never evaluated as Python: it is checked token by token against a whitelist
first, and only then read by sympy's parse_expr with a namespace that holds exactly x, the named
constants (e, pi, Catalan, EulerGamma, zeta, oo) and the whitelisted functions (and no builtins).

A request of a problem with parameters carries them with their assumptions, `"parameters": {"A":
"positive"}`: each becomes a SymPy symbol with that assumption (positive, negative, nonzero, real)
that the problem and its fields may use.

Usage: sympy_worker.py [--timeout SECONDS] [--memory-mb MB]
"""

import argparse
import json
import re
import signal
import sys


class Timeout(BaseException):
    """Raised by SIGALRM. A BaseException, so that sympy's `except Exception` cannot swallow it."""


def on_alarm(signum, frame):
    raise Timeout()


# Every function name sagga's parser accepts (src/expr/functions.ts), mapped to sympy.
def build_namespace(sympy):
    x = sympy.Symbol("x")
    functions = {
        "exp": sympy.exp, "log": sympy.log, "ln": sympy.log, "sqrt": sympy.sqrt, "cbrt": sympy.cbrt,
        "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "cot": sympy.cot, "sec": sympy.sec,
        "csc": sympy.csc, "asin": sympy.asin, "acos": sympy.acos, "atan": sympy.atan,
        "acot": sympy.acot, "asec": sympy.asec, "acsc": sympy.acsc, "sinh": sympy.sinh,
        "cosh": sympy.cosh, "tanh": sympy.tanh, "coth": sympy.coth, "sech": sympy.sech,
        "csch": sympy.csch, "asinh": sympy.asinh, "acosh": sympy.acosh, "atanh": sympy.atanh,
        "acoth": sympy.acoth, "asech": sympy.asech, "acsch": sympy.acsch, "abs": sympy.Abs,
        "Abs": sympy.Abs, "sign": sympy.sign, "erf": sympy.erf, "erfc": sympy.erfc,
        "erfi": sympy.erfi, "Ei": sympy.Ei, "li": sympy.li, "Si": sympy.Si, "Ci": sympy.Ci,
        "Shi": sympy.Shi, "Chi": sympy.Chi, "gamma": sympy.gamma, "lowergamma": sympy.lowergamma,
        "uppergamma": sympy.uppergamma, "fresnels": sympy.fresnels, "fresnelc": sympy.fresnelc,
        "polylog": sympy.polylog, "LambertW": sympy.LambertW,
    }
    # zeta only as the constant zeta(n): sagga's reader refuses it of anything but an integer.
    constants = {
        "x": x, "e": sympy.E, "E": sympy.E, "pi": sympy.pi, "Catalan": sympy.Catalan,
        "EulerGamma": sympy.EulerGamma, "zeta": sympy.zeta, "oo": sympy.oo,
    }
    local = dict(functions)
    local.update(constants)
    # What parse_expr's transformations emit (auto_number wraps literals), and nothing else:
    # an explicit empty __builtins__ keeps eval from adding the real ones.
    global_ns = {
        "__builtins__": {},
        "Integer": sympy.Integer,
        "Float": sympy.Float,
        "Rational": sympy.Rational,
    }
    return x, local, global_ns


TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/^(),]))")
SPACE = re.compile(r"\s*")
MAX_CHARS = 20000
MAX_DEPTH = 200


def check_problem(text, names):
    """Refuse anything but numbers, whitelisted names, operators and balanced parentheses."""
    if len(text) > MAX_CHARS:
        return "problem longer than %d characters" % MAX_CHARS
    pos = 0
    depth = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if m is None:
            rest = SPACE.match(text, pos)
            if rest.end() == len(text):
                break
            return "unexpected character %r at offset %d" % (text[rest.end()], rest.end())
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
    if depth != 0:
        return "unbalanced parentheses"
    return None


TASKS = ("integrate", "definite", "series", "limit", "ode")


class BadRequest(Exception):
    """A request whose task or fields cannot be read: the request's fault, not sympy's answer."""
DIRECTIONS = ("+", "-", "+-")


def read_constant(sympy, text, names, parse):
    """A bound or point: whitelisted like a problem, free of x."""
    if not isinstance(text, str):
        raise BadRequest("a bound or point must be text")
    bad = check_problem(text, names)
    if bad is not None:
        raise BadRequest(bad)
    value = parse(text)
    if value.has(sympy.Symbol("x")):
        raise BadRequest("a bound or point cannot depend on x")
    return value


# The unknown and its derivatives as an ODE's text writes them, renamed to names the whitelist holds.
UNKNOWN = re.compile(r"(?<![A-Za-z0-9_])y\s*('{0,2})(?![A-Za-z0-9_])")
CONDITION = re.compile(r"^\s*y\s*('{0,1})\s*\((.*)\)\s*=(.*)$")
UNKNOWN_NAMES = ("sagga_y", "sagga_y1", "sagga_y2")
MAX_CONDITIONS = 2


def read_side(sympy, text, names, parse_with):
    """One side of an ODE, y, y', y'' renamed first and then whitelisted like a problem."""
    renamed = UNKNOWN.sub(lambda m: " %s " % UNKNOWN_NAMES[len(m.group(1))], text)
    bad = check_problem(renamed, names)
    if bad is not None:
        raise BadRequest(bad)
    try:
        return parse_with(renamed)
    except Exception as err:
        raise BadRequest("sympy cannot parse the equation: %s: %s" % (type(err).__name__, str(err)[:300]))


def solve_ode(sympy, x, request, names, ode_names, parse, parse_with):
    """dsolve of the request's equation with its conditions: the solution's right side, or None."""
    text = request.get("problem")
    if not isinstance(text, str) or text.count("=") != 1:
        raise BadRequest("an ODE reads lhs = rhs")
    lhs, rhs = text.split("=")
    y = sympy.Function("y")
    equation = sympy.Eq(read_side(sympy, lhs, ode_names, parse_with), read_side(sympy, rhs, ode_names, parse_with))
    conditions = request.get("conditions") or []
    if not isinstance(conditions, list) or len(conditions) > MAX_CONDITIONS:
        raise BadRequest("the conditions must be a list of at most %d" % MAX_CONDITIONS)
    ics = {}
    for condition in conditions:
        m = CONDITION.match(condition) if isinstance(condition, str) else None
        if m is None:
            raise BadRequest("a condition reads y(a) = v or y'(a) = v")
        a = read_constant(sympy, m.group(2), names, parse)
        v = read_constant(sympy, m.group(3), names, parse)
        ics[y(a) if m.group(1) == "" else y(x).diff(x).subs(x, a)] = v
    solution = sympy.dsolve(equation, y(x), ics=ics or None)
    if isinstance(solution, list):
        if len(solution) != 1:
            return None
        solution = solution[0]
    # An implicit solution (Eq(Integral(...), C1)) solves nothing for y: it is no answer.
    if solution.lhs != y(x):
        return None
    F = solution.rhs
    if F.has(sympy.Integral) or F.has(y) or F.has(sympy.Derivative):
        return None
    return F


def solve(sympy, x, f, request, names, parse):
    """The task's answer to f, or None when sympy leaves it unevaluated; raises BadRequest on a bad request."""
    task = request.get("task", "integrate")
    if task == "integrate":
        F = sympy.integrate(f, x)
        return None if F.has(sympy.Integral) else F
    if task == "definite":
        a = read_constant(sympy, request.get("lower"), names, parse)
        b = read_constant(sympy, request.get("upper"), names, parse)
        F = sympy.integrate(f, (x, a, b))
        return None if F.has(sympy.Integral) else F
    if task == "series":
        point = read_constant(sympy, request.get("point"), names, parse)
        order = request.get("order")
        if not isinstance(order, int) or isinstance(order, bool) or order < 0 or order > 40:
            raise BadRequest("the order must be a whole number from 0 to 40")
        if point.has(sympy.oo) or point.has(-sympy.oo):
            raise BadRequest("a Taylor series needs a finite point")
        F = sympy.series(f, x, point, order + 1).removeO()
        return None if F.has(sympy.Subs) or F.has(sympy.Derivative) else F
    if task == "limit":
        point = read_constant(sympy, request.get("point"), names, parse)
        direction = request.get("direction") or "+-"
        if direction not in DIRECTIONS:
            raise BadRequest("the direction must be +, - or +-")
        if point == sympy.oo or point == -sympy.oo:
            F = sympy.limit(f, x, point)
        else:
            F = sympy.limit(f, x, point, direction)
        return None if F.has(sympy.Limit) else F
    raise BadRequest("unknown task %r (this worker knows %s)" % (str(task)[:40], ", ".join(TASKS)))


PARAMETER_LETTERS = frozenset("ABFGHJKLMPRTUVWZ")
ASSUMPTIONS = {"positive": {"positive": True}, "negative": {"negative": True}, "nonzero": {"nonzero": True, "real": True}, "real": {"real": True}}


def with_parameters(sympy, names, request):
    """The namespace with the request's parameters in it, each a symbol with its assumption."""
    parameters = request.get("parameters")
    if parameters is None:
        return names
    if not isinstance(parameters, dict) or len(parameters) > len(PARAMETER_LETTERS):
        raise BadRequest("parameters must be an object such as {\"A\": \"positive\"}")
    out = dict(names)
    for name, assumption in parameters.items():
        if name not in PARAMETER_LETTERS or assumption not in ASSUMPTIONS:
            raise BadRequest("parameter %r assumed %r: a capital letter of %s, and one of %s" % (str(name)[:10], str(assumption)[:20], "".join(sorted(PARAMETER_LETTERS)), ", ".join(ASSUMPTIONS)))
        out[name] = sympy.Symbol(name, **ASSUMPTIONS[assumption])
    return out


def ode_namespace(sympy, x, local_ns):
    """The problem's namespace with y(x), y'(x), y''(x) under the worker's names for them."""
    y = sympy.Function("y")(x)
    names = dict(local_ns)
    names.update({UNKNOWN_NAMES[0]: y, UNKNOWN_NAMES[1]: y.diff(x), UNKNOWN_NAMES[2]: y.diff(x, 2)})
    return names


def main():
    ap = argparse.ArgumentParser(description="SymPy integrator speaking sagga's cmd: protocol")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per problem")
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

    x, local_ns, global_ns = build_namespace(sympy)
    ode_ns = ode_namespace(sympy, x, local_ns)
    transformations = standard_transformations + (convert_xor,)
    signal.signal(signal.SIGALRM, on_alarm)
    out = sys.stdout

    def reply(obj):
        out.write(json.dumps(obj) + "\n")
        out.flush()

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
        rid = request["id"]
        problem = request.get("problem")
        if not isinstance(problem, str):
            reply({"id": rid, "error": "request has no problem text"})
            continue
        try:
            request_ns = with_parameters(sympy, local_ns, request)
            request_ode_ns = with_parameters(sympy, ode_ns, request)
        except BadRequest as err:
            reply({"id": rid, "error": "cannot read the request: %s" % str(err)[:300]})
            continue
        parse = lambda text: parse_expr(text, local_dict=dict(request_ns), global_dict=dict(global_ns), transformations=transformations)
        is_ode = request.get("task") == "ode"
        if not is_ode:
            bad = check_problem(problem, request_ns)
            if bad is not None:
                reply({"id": rid, "error": "cannot read the problem: " + bad})
                continue
            try:
                # parse_expr gets a fresh copy: it records auto-created names in local_dict.
                f = parse(problem)
            except Exception as err:
                reply({"id": rid, "error": "sympy cannot parse the problem: %s: %s" % (type(err).__name__, str(err)[:300])})
                continue
        try:
            signal.setitimer(signal.ITIMER_REAL, args.timeout)
            try:
                if is_ode:
                    parse_with = lambda text: parse_expr(text, local_dict=dict(request_ode_ns), global_dict=dict(global_ns), transformations=transformations)
                    F = solve_ode(sympy, x, request, request_ns, request_ode_ns, parse, parse_with)
                else:
                    F = solve(sympy, x, f, request, request_ns, parse)
                if F is None:
                    text = None
                else:
                    # Meijer-G results carry exp_polar(I*pi) and the like: points on the Riemann
                    # surface of log. As numbers they are exp(I*pi) = -1, and that is what SymPy's
                    # own evalf uses; without them the answer is one our parser can read.
                    text = str(F.replace(sympy.exp_polar, sympy.exp))
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        except Timeout:
            reply({"id": rid, "answers": [], "timeout": True, "reason": "sympy did not finish within %g s" % args.timeout})
            continue
        except BadRequest as err:
            reply({"id": rid, "error": "cannot read the request: %s" % str(err)[:300]})
            continue
        except MemoryError:
            reply({"id": rid, "answers": [], "reason": "sympy ran out of memory"})
            continue
        except RecursionError:
            reply({"id": rid, "answers": [], "reason": "sympy exceeded the recursion limit"})
            continue
        except Exception as err:  # sympy's own failures (NotImplementedError, PolynomialError, ...)
            reply({"id": rid, "answers": [], "reason": "sympy raised %s: %s" % (type(err).__name__, str(err)[:300])})
            continue
        if text is None:
            reply({"id": rid, "answers": [], "reason": "sympy returned the %s unevaluated" % ("integral" if request.get("task", "integrate") in ("integrate", "definite") else "problem")})
        else:
            reply({"id": rid, "answers": [text]})


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
