# Reads [{"infix": str, "prefix": [str]}] on stdin. For each item, parses the infix with SymPy's
# parse_expr (after ^ -> **, with e bound to E) and rebuilds the prefix tokens with SymPy
# constructors following Lample & Charton's convention; reports whether the two agree.
import json
import sys

import sympy as sp
from sympy.parsing.sympy_parser import parse_expr

x = sp.Symbol('x')
LOCALS = {'x': x, 'e': sp.E}
BINARY = {'add': lambda a, b: a + b, 'mul': lambda a, b: a * b, 'div': lambda a, b: a / b, 'pow': lambda a, b: a ** b}
UNARY = {
    'ln': sp.log, 'exp': sp.exp, 'sqrt': sp.sqrt, 'sin': sp.sin, 'cos': sp.cos, 'tan': sp.tan, 'cot': sp.cot,
    'sec': sp.sec, 'csc': sp.csc, 'asin': sp.asin, 'acos': sp.acos, 'atan': sp.atan, 'acot': sp.acot,
    'asec': sp.asec, 'acsc': sp.acsc, 'sinh': sp.sinh, 'cosh': sp.cosh, 'tanh': sp.tanh, 'coth': sp.coth,
    'sech': sp.sech, 'csch': sp.csch, 'asinh': sp.asinh, 'acosh': sp.acosh, 'atanh': sp.atanh,
    'acoth': sp.acoth, 'asech': sp.asech, 'acsch': sp.acsch, 'abs': sp.Abs, 'sign': sp.sign, 'erf': sp.erf,
    'erfc': sp.erfc, 'erfi': sp.erfi, 'Ei': sp.Ei, 'li': sp.li, 'Si': sp.Si, 'Ci': sp.Ci, 'Shi': sp.Shi,
    'Chi': sp.Chi, 'gamma': sp.gamma, 'fresnels': sp.fresnels, 'fresnelc': sp.fresnelc, 'LambertW': sp.LambertW,
}
BINARY_FN = {'lowergamma': sp.lowergamma, 'uppergamma': sp.uppergamma, 'polylog': sp.polylog}


def decode(tokens, i):
    t = tokens[i]
    if t in BINARY or t in BINARY_FN:
        a, i = decode(tokens, i + 1)
        b, i = decode(tokens, i)
        return (BINARY.get(t) or BINARY_FN[t])(a, b), i
    if t in UNARY:
        a, i = decode(tokens, i + 1)
        return UNARY[t](a), i
    if t in ('INT+', 'INT-'):
        j = i + 1
        while j < len(tokens) and (tokens[j].isdigit() or tokens[j] == '.'):
            j += 1
        text = ''.join(tokens[i + 1:j])
        value = sp.Float(text) if '.' in text else sp.Integer(text)
        return (-value if t == 'INT-' else value), j
    if t == 'x':
        return x, i + 1
    if t == 'pi':
        return sp.pi, i + 1
    if t == 'E':
        return sp.E, i + 1
    if t in ('Catalan', 'EulerGamma', 'oo'):
        return getattr(sp, t), i + 1
    if t == 'zeta':
        n, i = decode(tokens, i + 1)
        return sp.zeta(n), i
    raise ValueError('unknown token ' + t)


def numerically_equal(a, b):
    compared = 0
    for v in (sp.Rational(3, 10), sp.Rational(17, 10), sp.Rational(-13, 10)):
        try:
            va = complex(sp.N(a.subs(x, v), 30))
            vb = complex(sp.N(b.subs(x, v), 30))
        except (TypeError, ValueError, ZeroDivisionError, OverflowError):
            continue
        compared += 1
        try:
            if abs(va - vb) > 1e-9 * (1 + abs(va)):
                return False
        except OverflowError:
            if va != vb:
                return False
    return compared > 0


out = []
for item in json.load(sys.stdin):
    try:
        from_infix = parse_expr(item['infix'].replace('^', '**'), local_dict=LOCALS)
    except Exception as err:  # noqa: BLE001 - the report names whatever SymPy raised
        out.append({'ok': False, 'why': 'parse_expr: %s: %s' % (type(err).__name__, err)})
        continue
    try:
        tokens = item['prefix']
        from_prefix, end = decode(tokens, 0)
        if end != len(tokens):
            raise ValueError('%d tokens left over' % (len(tokens) - end))
    except Exception as err:  # noqa: BLE001
        out.append({'ok': False, 'why': 'prefix: %s: %s' % (type(err).__name__, err)})
        continue
    if from_infix.free_symbols - {x}:
        out.append({'ok': False, 'why': 'unexpected symbols %s' % (from_infix.free_symbols - {x})})
    elif from_infix == from_prefix:
        out.append({'ok': True, 'how': 'identical'})
    elif numerically_equal(from_infix, from_prefix):
        out.append({'ok': True, 'how': 'numerically'})
    else:
        out.append({'ok': False, 'why': 'infix %s != prefix %s' % (from_infix, from_prefix)})
json.dump(out, sys.stdout)
