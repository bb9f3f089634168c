# The smallest useful cmd: program: SymPy's integrate behind the protocol (see README.md).
#   npx sagga search --target "cmd:/usr/bin/python3 examples/cmd-target/sympy-minimal.py" --out archives/sympy-minimal
import json
import sys

import sympy
from sympy.parsing.sympy_parser import convert_xor, parse_expr, standard_transformations

x = sympy.Symbol("x")
names = {"x": x, "e": sympy.E, "pi": sympy.pi}
for line in sys.stdin:
    request = json.loads(line)
    f = parse_expr(request["problem"], local_dict=names, transformations=standard_transformations + (convert_xor,))
    F = sympy.integrate(f, x)
    answers = [] if F.has(sympy.Integral) else [str(F)]
    print(json.dumps({"id": request["id"], "answers": answers}), flush=True)
