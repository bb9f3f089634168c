"""Random antiderivatives F(x) of the size of SAGGA problems and CAS answers, and the rewrites
(equivalent answers) and near-miss mutations (wrong answers) applied to them.

Every function takes an explicit `random.Random`, so one candidate is a pure function of its seed.
Rewrites and mutations return a string (the answer as a model or CAS would print it) or None
when they do not apply; whether the result is really right or wrong is decided later by the
oracle, never assumed here.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator, Optional

import sympy as sp

from oracle import X

Path = tuple[int, ...]

# ---------------------------------------------------------------------------------------------
# Grammar

TRIG = [sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc]
INV_TRIG = [sp.asin, sp.acos, sp.atan, sp.acot]
HYP = [sp.sinh, sp.cosh, sp.tanh, sp.coth, sp.sech]
INV_HYP = [sp.asinh, sp.acosh, sp.atanh]
ATOM_KINDS = ['power', 'poly', 'rational', 'exp', 'base_pow', 'log', 'trig', 'trig_sq', 'inv_trig',
              'atan', 'hyp', 'inv_hyp', 'sqrt', 'product', 'compose']
ATOM_WEIGHTS = [8, 6, 6, 7, 3, 7, 10, 3, 4, 2, 5, 3, 5, 10, 7]


def nonzero_int(rng: random.Random, lo: int, hi: int) -> int:
    while True:
        v = rng.randint(lo, hi)
        if v != 0:
            return v


def coefficient(rng: random.Random) -> sp.Expr:
    r = rng.random()
    if r < 0.45:
        return sp.Integer(nonzero_int(rng, -9, 9))
    if r < 0.60:
        return sp.Integer(nonzero_int(rng, -100, 100))
    if r < 0.68:
        return sp.Integer(nonzero_int(rng, -1000, 1000))
    return sp.Rational(nonzero_int(rng, -20, 20), rng.randint(2, 50))


def linear(rng: random.Random) -> sp.Expr:
    r = rng.random()
    if r < 0.3:
        return X
    if r < 0.6:
        return nonzero_int(rng, -9, 9) * X
    if r < 0.8:
        return X + nonzero_int(rng, -9, 9)
    return nonzero_int(rng, -9, 9) * X + nonzero_int(rng, -9, 9)


def inner(rng: random.Random, depth: int) -> sp.Expr:
    r = rng.random()
    if r < 0.55:
        return linear(rng)
    if r < 0.7:
        return X ** rng.randint(2, 3) + rng.randint(-5, 5)
    if r < 0.75:
        return nonzero_int(rng, -9, 9) * X ** 2
    if depth > 0:
        return atom(rng, depth - 1)
    return linear(rng)


def polynomial(rng: random.Random) -> sp.Expr:
    if rng.random() < 0.4:
        return (nonzero_int(rng, -5, 5) * X + rng.randint(-9, 9)) ** rng.randint(2, 5)
    deg = rng.randint(1, 4)
    return sum((rng.randint(-9, 9) * X ** k for k in range(deg)), nonzero_int(rng, -9, 9) * X ** deg)


def atom(rng: random.Random, depth: int, kind: Optional[str] = None) -> sp.Expr:
    kind = kind or rng.choices(ATOM_KINDS, ATOM_WEIGHTS)[0]
    if kind in ('product', 'compose') and depth <= 0:
        kind = rng.choice(['power', 'exp', 'log', 'trig'])
    if kind == 'power':
        n = rng.choice([2, 3, 4, 5, 6, 7, -1, -2, -3, sp.Rational(1, 2), sp.Rational(3, 2),
                        sp.Rational(-1, 2), sp.Rational(1, 3), sp.Rational(2, 3)])
        base = X if rng.random() < 0.6 else linear(rng)
        return base ** n
    if kind == 'poly':
        return polynomial(rng)
    if kind == 'rational':
        num = polynomial(rng) if rng.random() < 0.3 else (linear(rng) if rng.random() < 0.5 else sp.Integer(1))
        den_choice = rng.random()
        if den_choice < 0.4:
            den = linear(rng) + rng.randint(1, 5)
        elif den_choice < 0.8:
            den = X ** 2 + rng.randint(1, 9)
        else:
            den = (X + rng.randint(-5, 5)) * (X + rng.randint(-5, 5))
        return num / den
    if kind == 'exp':
        u = inner(rng, depth)
        if rng.random() < 0.3:
            return X ** rng.randint(1, 3) * sp.exp(u)
        return sp.exp(u)
    if kind == 'base_pow':
        a = rng.choice([2, 3, 5, 7, 10, rng.randint(11, 700)])
        return sp.Integer(a) ** (X if rng.random() < 0.7 else linear(rng))
    if kind == 'log':
        u = inner(rng, depth)
        r = rng.random()
        if r < 0.2:
            return X ** rng.randint(1, 3) * sp.log(u)
        if r < 0.3:
            return sp.log(u) ** 2
        return sp.log(u)
    if kind == 'trig':
        return rng.choice(TRIG)(inner(rng, depth))
    if kind == 'trig_sq':
        return rng.choice([sp.sin, sp.cos, sp.tan])(linear(rng)) ** rng.choice([2, 2, 3])
    if kind == 'inv_trig':
        fn = rng.choice(INV_TRIG)
        if fn in (sp.asin, sp.acos):
            return fn(X / rng.randint(1, 9) if rng.random() < 0.6 else X)
        return fn(inner(rng, 0))
    if kind == 'atan':
        return rng.choice([sp.atan, sp.atan, sp.acot])(inner(rng, depth))
    if kind == 'hyp':
        return rng.choice(HYP)(inner(rng, depth))
    if kind == 'inv_hyp':
        fn = rng.choice(INV_HYP)
        if fn is sp.atanh:
            return fn(X / rng.randint(1, 9))
        if fn is sp.acosh:
            return fn(X + rng.randint(0, 3))
        return fn(inner(rng, 0))
    if kind == 'sqrt':
        r = rng.random()
        if r < 0.4:
            return sp.sqrt(linear(rng))
        if r < 0.7:
            return sp.sqrt(X ** 2 + rng.randint(1, 9))
        if r < 0.85:
            return sp.sqrt(rng.randint(1, 9) - X ** 2)
        return linear(rng) * sp.sqrt(linear(rng))
    if kind == 'product':
        return atom(rng, depth - 1) * atom(rng, depth - 1)
    if kind == 'compose':
        outer = rng.choice([sp.exp, sp.log, sp.sin, sp.cos, sp.tan, sp.sqrt, sp.atan, sp.sinh])
        return outer(atom(rng, depth - 1))
    raise ValueError(kind)


def antiderivative(rng: random.Random, force: Optional[str] = None) -> sp.Expr:
    """A random F: a sum of 1-3 coefficient × atom terms; `force` makes the first atom of that kind."""
    n_terms = rng.choices([1, 2, 3], [50, 35, 15])[0]
    terms = []
    for i in range(n_terms):
        depth = rng.choice([0, 1, 1, 2])
        a = atom(rng, depth, force if i == 0 else None)
        c = coefficient(rng) if rng.random() < 0.7 else sp.Integer(1)
        terms.append(c * a)
    return sp.Add(*terms)


def sagga_integrand(rng: random.Random) -> sp.Expr:
    """A problem f in the style of SAGGA's mutated seeds, for pairs whose answer is SymPy's integral."""
    def term() -> sp.Expr:
        c = sp.Integer(nonzero_int(rng, -200, 200))
        k = nonzero_int(rng, -90, 90)
        r = rng.random()
        if r < 0.2:
            return c * X ** rng.randint(0, 50)
        if r < 0.3:
            return c / X ** rng.randint(1, 70)
        if r < 0.5:
            return c * rng.choice([sp.sin, sp.cos])(k * X)
        if r < 0.6:
            return c * sp.sin(k * X) * sp.cos(nonzero_int(rng, 1, 9) * X)
        if r < 0.7:
            return sp.Integer(rng.randint(2, 700)) ** X
        if r < 0.8:
            return c * sp.exp(k * X)
        if r < 0.87:
            return c * X * sp.exp(nonzero_int(rng, -9, 9) * X)
        if r < 0.94:
            return sp.sqrt(nonzero_int(rng, 1, 9) * X + rng.randint(-9, 9))
        return c / (X + rng.randint(-9, 9))
    return sp.Add(*[term() for _ in range(rng.choices([1, 2, 3], [45, 40, 15])[0])])


# ---------------------------------------------------------------------------------------------
# Tree utilities

def nodes(e: sp.Basic, path: Path = ()) -> Iterator[tuple[Path, sp.Basic]]:
    yield path, e
    for i, a in enumerate(e.args):
        yield from nodes(a, path + (i,))


def node_at(e: sp.Basic, path: Path) -> sp.Basic:
    for i in path:
        e = e.args[i]
    return e


def replace_at(e: sp.Basic, path: Path, new: sp.Basic) -> sp.Basic:
    if not path:
        return new
    args = list(e.args)
    args[path[0]] = replace_at(args[path[0]], path[1:], new)
    return e.func(*args)


def parent_of(e: sp.Basic, path: Path) -> Optional[sp.Basic]:
    return node_at(e, path[:-1]) if path else None


def print_expr(e: sp.Basic, rng: random.Random) -> str:
    """SymPy's str printer; half of the time with `^` for powers (sagga's parser reads both)."""
    s = sp.sstr(e)
    return s.replace('**', '^') if rng.random() < 0.5 else s


_PLACEHOLDER = sp.Symbol('PLACEHOLDERZ')


def rewrite_node_text(e: sp.Basic, path: Path, replacement: str, rng: random.Random) -> str:
    """Print `e` with the node at `path` replaced verbatim by `replacement` (parenthesised), so that
    SymPy's automatic evaluation cannot undo a rewrite such as exp(x*log(3)) -> 3**x."""
    with_hole = replace_at(e, path, _PLACEHOLDER)
    s = sp.sstr(with_hole)
    if 'PLACEHOLDERZ' not in s:
        return ''
    s = s.replace('PLACEHOLDERZ', f'({replacement})')
    return s.replace('**', '^') if rng.random() < 0.5 else s


def paths_where(e: sp.Basic, pred: Callable[[sp.Basic, Path], bool]) -> list[Path]:
    return [p for p, n in nodes(e) if pred(n, p)]


def additive_terms(e: sp.Expr) -> list[sp.Expr]:
    return list(e.args) if isinstance(e, sp.Add) else [e]


def s(e: sp.Basic) -> str:
    return sp.sstr(e)


# ---------------------------------------------------------------------------------------------
# Correct rewrites: (rng, F) -> answer text or None

def rw_exact(rng: random.Random, F: sp.Expr) -> Optional[str]:
    return print_expr(F, rng)


def rw_plus_constant(rng: random.Random, F: sp.Expr) -> Optional[str]:
    c = rng.choice([str(nonzero_int(rng, -1000, 1000)), f'{nonzero_int(rng, -9, 9)}/{rng.randint(2, 9)}',
                    'pi', 'E', f'log({rng.randint(2, 9)})', f'sqrt({rng.choice([2, 3, 5, 7])})',
                    f'{rng.randint(2, 9)}*pi/{rng.randint(2, 9)}'])
    text = print_expr(F, rng)
    return f'{text} + {c}' if rng.random() < 0.5 else f'{c} + {text}'


def rw_algebraic_form(rng: random.Random, F: sp.Expr) -> Optional[str]:
    forms = [sp.expand, sp.factor, sp.together, sp.cancel, lambda e: sp.apart(e, X),
             lambda e: sp.collect(sp.expand(e), X), sp.powsimp, sp.expand_mul]
    rng.shuffle(forms)
    base = s(F)
    for form in forms:
        try:
            G = form(F)
        except Exception:  # noqa: BLE001 - some forms refuse some inputs (apart of non-rational)
            continue
        if s(G) != base:
            return print_expr(G, rng)
    return None


def _log_paths(F: sp.Expr) -> list[Path]:
    """logs that enter F linearly (c*log(u) as an additive term): only there do log(k*u), log(-u),
    log(u^2)/2 change F by a constant."""
    def linear(path: Path) -> bool:
        for depth in range(len(path)):
            anc = node_at(F, path[:depth])
            if isinstance(anc, sp.Add):
                continue
            if isinstance(anc, sp.Mul) and all(a.is_number for j, a in enumerate(anc.args) if j != path[depth]):
                continue
            return False
        return True
    return paths_where(F, lambda n, p: isinstance(n, sp.log) and linear(p))


def rw_log_rewrite(rng: random.Random, F: sp.Expr) -> Optional[str]:
    paths = _log_paths(F)
    if not paths:
        return None
    path = rng.choice(paths)
    u = s(node_at(F, path).args[0])
    k = rng.randint(2, 9)
    options = [f'log({k}*({u}))', f'log(({u})^2)/2', f'log(({u})/{k})', f'-log(1/({u}))',
               f'log({k}) + log({u})', f'log(({u})^3)/3', f'2*log(sqrt({u}))']
    return rewrite_node_text(F, path, rng.choice(options), rng)


def rw_log_negative(rng: random.Random, F: sp.Expr) -> Optional[str]:
    paths = _log_paths(F)
    if not paths:
        return None
    path = rng.choice(paths)
    u = s(node_at(F, path).args[0])
    return rewrite_node_text(F, path, rng.choice([f'log(-({u}))', f'log(-{rng.randint(2, 9)}*({u}))']), rng)


def rw_trig_identity(rng: random.Random, F: sp.Expr) -> Optional[str]:
    cands: list[tuple[Path, list[str]]] = []
    for path, n in nodes(F):
        if isinstance(n, sp.Pow) and n.exp == 2 and isinstance(n.base, (sp.sin, sp.cos)):
            u = s(n.base.args[0])
            if isinstance(n.base, sp.sin):
                cands.append((path, [f'1 - cos({u})^2', f'-cos({u})^2', f'(1 - cos(2*({u})))/2', f'-cos(2*({u}))/2']))
            else:
                cands.append((path, [f'1 - sin({u})^2', f'-sin({u})^2', f'(1 + cos(2*({u})))/2', f'cos(2*({u}))/2']))
        elif isinstance(n, sp.Pow) and n.exp == 2 and isinstance(n.base, sp.tan):
            u = s(n.base.args[0])
            cands.append((path, [f'sec({u})^2 - 1', f'1/cos({u})^2', f'sin({u})^2/cos({u})^2']))
        elif isinstance(n, sp.sin):
            u = s(n.args[0])
            cands.append((path, [f'2*sin(({u})/2)*cos(({u})/2)', f'cos(({u}) - pi/2)', f'-sin(-({u}))']))
        elif isinstance(n, sp.cos):
            u = s(n.args[0])
            cands.append((path, [f'1 - 2*sin(({u})/2)^2', f'cos(({u})/2)^2 - sin(({u})/2)^2', f'sin(({u}) + pi/2)']))
        elif isinstance(n, sp.tan):
            u = s(n.args[0])
            cands.append((path, [f'sin({u})/cos({u})', f'1/cot({u})']))
        elif isinstance(n, sp.sec):
            cands.append((path, [f'1/cos({s(n.args[0])})']))
        elif isinstance(n, sp.csc):
            cands.append((path, [f'1/sin({s(n.args[0])})']))
        elif isinstance(n, sp.cot):
            u = s(n.args[0])
            cands.append((path, [f'cos({u})/sin({u})', f'1/tan({u})']))
    if not cands:
        return None
    path, options = rng.choice(cands)
    return rewrite_node_text(F, path, rng.choice(options), rng)


def rw_exp_log(rng: random.Random, F: sp.Expr) -> Optional[str]:
    cands = paths_where(F, lambda n, p: isinstance(n, sp.Pow) and n.base.is_Integer and n.base > 1 and n.exp.has(X))
    if cands:
        path = rng.choice(cands)
        n = node_at(F, path)
        a, u = s(n.base), s(n.exp)
        return rewrite_node_text(F, path, rng.choice([f'exp(({u})*log({a}))', f'exp(log({a})*({u}))', f'E^(({u})*log({a}))']), rng)
    cands = paths_where(F, lambda n, p: isinstance(n, sp.exp))
    if cands:
        path = rng.choice(cands)
        u = s(node_at(F, path).args[0])
        return rewrite_node_text(F, path, rng.choice([f'E^({u})', f'exp(({u})/2)^2', f'exp({u} - 1)*E']), rng)
    return None


def rw_atan_reciprocal(rng: random.Random, F: sp.Expr) -> Optional[str]:
    cands = paths_where(F, lambda n, p: isinstance(n, (sp.atan, sp.acot)))
    if not cands:
        return None
    path = rng.choice(cands)
    n = node_at(F, path)
    u = s(n.args[0])
    if isinstance(n, sp.atan):
        options = [f'-atan(1/({u}))', f'pi/2 - atan(1/({u}))', f'-acot({u})', f'acot(-({u}))' ]
    else:
        options = [f'atan(1/({u}))', f'-atan({u})', f'pi/2 - atan({u})']
    return rewrite_node_text(F, path, rng.choice(options), rng)


def rw_hyperbolic_exp(rng: random.Random, F: sp.Expr) -> Optional[str]:
    cands: list[tuple[Path, list[str]]] = []
    for path, n in nodes(F):
        if not isinstance(n, (sp.sinh, sp.cosh, sp.tanh, sp.coth, sp.sech, sp.asinh, sp.atanh, sp.acosh)):
            continue
        u = s(n.args[0])
        if isinstance(n, sp.sinh):
            opts = [f'(exp({u}) - exp(-({u})))/2', f'(E^({u}) - E^(-({u})))/2']
        elif isinstance(n, sp.cosh):
            opts = [f'(exp({u}) + exp(-({u})))/2']
        elif isinstance(n, sp.tanh):
            opts = [f'(exp(2*({u})) - 1)/(exp(2*({u})) + 1)', f'1 - 2/(exp(2*({u})) + 1)']
        elif isinstance(n, sp.coth):
            opts = [f'(exp(2*({u})) + 1)/(exp(2*({u})) - 1)']
        elif isinstance(n, sp.sech):
            opts = [f'2/(exp({u}) + exp(-({u})))', f'1/cosh({u})']
        elif isinstance(n, sp.asinh):
            opts = [f'log({u} + sqrt(({u})^2 + 1))']
        elif isinstance(n, sp.atanh):
            opts = [f'log((1 + ({u}))/(1 - ({u})))/2', f'(log(1 + ({u})) - log(1 - ({u})))/2']
        else:
            # log(u + sqrt(u^2 - 1)) differs from acosh(u) in the derivative for u < -1; not offered
            continue
        cands.append((path, opts))
    if not cands:
        return None
    path, options = rng.choice(cands)
    return rewrite_node_text(F, path, rng.choice(options), rng)


def rw_sympy_rewrite(rng: random.Random, F: sp.Expr) -> Optional[str]:
    ops = [lambda e: e.rewrite(sp.exp), lambda e: e.rewrite(sp.tan), lambda e: e.rewrite(sp.cos),
           lambda e: e.rewrite(sp.sin), lambda e: e.rewrite(sp.log), sp.expand_trig,
           lambda e: sp.expand_log(e, force=True), sp.trigsimp, sp.radsimp, sp.logcombine]
    rng.shuffle(ops)
    base = s(F)
    for op in ops:
        try:
            G = op(F)
        except Exception:  # noqa: BLE001 - a rewrite that does not apply is simply skipped
            continue
        if s(G) != base and len(s(G)) <= 160:
            return print_expr(G, rng)
    return None


CORRECT_REWRITES: dict[str, Callable[[random.Random, sp.Expr], Optional[str]]] = {
    'exact': rw_exact,
    'cas_answer': rw_exact,
    'plus_constant': rw_plus_constant,
    'algebraic_form': rw_algebraic_form,
    'log_rewrite': rw_log_rewrite,
    'log_negative': rw_log_negative,
    'trig_identity': rw_trig_identity,
    'exp_log': rw_exp_log,
    'atan_reciprocal': rw_atan_reciprocal,
    'hyperbolic_exp': rw_hyperbolic_exp,
    'sympy_rewrite': rw_sympy_rewrite,
}

# The atom kind forced into F so that a rewrite has something to act on.
REWRITE_FORCE: dict[str, list[Optional[str]]] = {
    'exact': [None],
    'plus_constant': [None],
    'algebraic_form': ['poly', 'rational', 'product', None],
    'log_rewrite': ['log'],
    'log_negative': ['log'],
    'trig_identity': ['trig', 'trig_sq'],
    'exp_log': ['base_pow', 'exp'],
    'atan_reciprocal': ['atan'],
    'hyperbolic_exp': ['hyp', 'inv_hyp'],
    'sympy_rewrite': ['trig', 'hyp', 'inv_trig', 'log', 'base_pow'],
}


# ---------------------------------------------------------------------------------------------
# Near-miss mutations: (rng, G) -> answer text or None. G is a correct answer (SymPy tree).

def _is_exponent(G: sp.Basic, path: Path) -> bool:
    parent = parent_of(G, path)
    return isinstance(parent, sp.Pow) and path[-1] == 1


def mu_coef_off_by_one(rng: random.Random, G: sp.Expr) -> Optional[str]:
    cands = paths_where(G, lambda n, p: n.is_Rational and n != 0 and not _is_exponent(G, p))
    if not cands:
        return None
    path = rng.choice(cands)
    n = node_at(G, path)
    d = rng.choice([-1, 1])
    new = sp.Rational(n.p + d * n.q, n.q) if n.q > 1 and rng.random() < 0.5 else (
        sp.Rational(n.p + d, n.q) if n.q > 1 else sp.Integer(n.p + d))
    return print_expr(replace_at(G, path, new), rng)


def mu_denominator_off(rng: random.Random, G: sp.Expr) -> Optional[str]:
    cands = paths_where(G, lambda n, p: n.is_Rational and n.q > 1 and not _is_exponent(G, p))
    if not cands:
        # 1/k factors also appear as Pow(k, -1) with an integer base
        cands = paths_where(G, lambda n, p: isinstance(n, sp.Pow) and n.exp == -1 and n.base.is_Integer)
        if not cands:
            return None
        path = rng.choice(cands)
        k = node_at(G, path).base
        return print_expr(replace_at(G, path, sp.Pow(k + rng.choice([-1, 1]), -1, evaluate=False)), rng)
    path = rng.choice(cands)
    n = node_at(G, path)
    q = n.q + rng.choice([-1, 1])
    if q == 0:
        q = n.q + 1
    return print_expr(replace_at(G, path, sp.Rational(n.p, q)), rng)


def mu_scale_tiny(rng: random.Random, G: sp.Expr) -> Optional[str]:
    text = print_expr(G, rng)
    return rng.choice([f'1.000001*({text})', f'({text})*1000001/1000000', f'({text})/1.000001',
                       f'0.999999*({text})'])


def mu_drop_term(rng: random.Random, G: sp.Expr) -> Optional[str]:
    cands = paths_where(G, lambda n, p: isinstance(n, sp.Add) and sum(1 for a in n.args if a.has(X)) >= 1 and len(n.args) >= 2)
    if not cands:
        return None
    path = rng.choice(cands)
    n = node_at(G, path)
    droppable = [i for i, a in enumerate(n.args) if a.has(X)]
    i = rng.choice(droppable)
    rest = [a for j, a in enumerate(n.args) if j != i]
    return print_expr(replace_at(G, path, sp.Add(*rest)), rng)


def mu_missing_chain_factor(rng: random.Random, G: sp.Expr) -> Optional[str]:
    """For a term with a function of u(x), multiply by u' (the factor forgotten) or divide again."""
    terms = additive_terms(G)
    cands = []
    for ti, t in enumerate(terms):
        for _, n in nodes(t):
            if isinstance(n, sp.Function) and n.args and n.args[0].has(X):
                du = sp.diff(n.args[0], X)
                if du != 1 and du != -1 and du != 0:
                    cands.append((ti, du))
    if not cands:
        return None
    ti, du = rng.choice(cands)
    if du.has(X) or rng.random() < 0.6:
        new_term = terms[ti] * du
    else:
        new_term = terms[ti] / du
    new_terms = list(terms)
    new_terms[ti] = new_term
    return print_expr(sp.Add(*new_terms), rng)


def mu_sign_error(rng: random.Random, G: sp.Expr) -> Optional[str]:
    terms = additive_terms(G)
    with_x = [i for i, t in enumerate(terms) if t.has(X)]
    if len(terms) >= 2 and with_x and rng.random() < 0.7:
        i = rng.choice(with_x)
        new_terms = list(terms)
        new_terms[i] = -terms[i]
        return print_expr(sp.Add(*new_terms), rng)
    # A sign error inside: negate a function argument that contains x (sin(-u) etc.)
    cands = paths_where(G, lambda n, p: isinstance(n, (sp.sin, sp.tan, sp.atan, sp.sinh, sp.asin, sp.exp)))
    if cands and rng.random() < 0.5:
        path = rng.choice(cands)
        n = node_at(G, path)
        return print_expr(replace_at(G, path, n.func(-n.args[0])), rng)
    return print_expr(-G, rng)


_TRIG_SWAP = {sp.sin: [sp.cos], sp.cos: [sp.sin], sp.tan: [sp.cot], sp.cot: [sp.tan], sp.sec: [sp.csc, sp.cos],
              sp.csc: [sp.sec, sp.sin], sp.asin: [sp.acos], sp.acos: [sp.asin], sp.atan: [sp.acot, sp.asin],
              sp.acot: [sp.atan]}
_HYP_SWAP = {sp.sin: sp.sinh, sp.cos: sp.cosh, sp.tan: sp.tanh, sp.cot: sp.coth, sp.sec: sp.sech,
             sp.sinh: sp.sin, sp.cosh: sp.cos, sp.tanh: sp.tan, sp.coth: sp.cot, sp.sech: sp.sec,
             sp.asin: sp.asinh, sp.asinh: sp.asin, sp.atan: sp.atanh, sp.atanh: sp.atan}


def mu_wrong_trig(rng: random.Random, G: sp.Expr) -> Optional[str]:
    cands = paths_where(G, lambda n, p: n.func in _TRIG_SWAP)
    if not cands:
        return None
    path = rng.choice(cands)
    n = node_at(G, path)
    return rewrite_node_text(G, path, f'{rng.choice(_TRIG_SWAP[n.func]).__name__}({s(n.args[0])})', rng)


def mu_trig_vs_hyperbolic(rng: random.Random, G: sp.Expr) -> Optional[str]:
    cands = paths_where(G, lambda n, p: n.func in _HYP_SWAP)
    if not cands:
        return None
    path = rng.choice(cands)
    n = node_at(G, path)
    return rewrite_node_text(G, path, f'{_HYP_SWAP[n.func].__name__}({s(n.args[0])})', rng)


def mu_exponent_off_by_one(rng: random.Random, G: sp.Expr) -> Optional[str]:
    cands = paths_where(G, lambda n, p: isinstance(n, sp.Pow) and n.exp.is_Rational and n.exp not in (-1,) and n.base.has(X))
    if not cands:
        return None
    path = rng.choice(cands)
    n = node_at(G, path)
    e = n.exp + rng.choice([-1, 1])
    if e == 0:
        e = n.exp + 1
    return rewrite_node_text(G, path, f'({s(n.base)})^({s(e)})', rng)


def mu_drop_factor(rng: random.Random, G: sp.Expr) -> Optional[str]:
    """Drop one non-numeric factor of a product: a missing 1/log(a), a missing x, a missing exp."""
    cands = paths_where(G, lambda n, p: isinstance(n, sp.Mul) and sum(1 for a in n.args if not a.is_number or a.has(sp.log)) >= 1 and len(n.args) >= 2)
    if not cands:
        return None
    path = rng.choice(cands)
    n = node_at(G, path)
    droppable = [i for i, a in enumerate(n.args) if not a.is_Rational]
    if not droppable:
        return None
    i = rng.choice(droppable)
    rest = [a for j, a in enumerate(n.args) if j != i]
    return print_expr(replace_at(G, path, sp.Mul(*rest)), rng)


def mu_returned_integrand(rng: random.Random, G: sp.Expr) -> Optional[str]:
    """The answer is the problem itself (or G' twice), a frequent failure of language models."""
    f = sp.diff(G, X)
    return print_expr(f if rng.random() < 0.7 else sp.diff(f, X), rng)


INCORRECT_MUTATIONS: dict[str, Callable[[random.Random, sp.Expr], Optional[str]]] = {
    'coef_off_by_one': mu_coef_off_by_one,
    'denominator_off': mu_denominator_off,
    'scale_1e-6': mu_scale_tiny,
    'drop_term': mu_drop_term,
    'missing_chain_factor': mu_missing_chain_factor,
    'sign_error': mu_sign_error,
    'wrong_trig': mu_wrong_trig,
    'trig_vs_hyperbolic': mu_trig_vs_hyperbolic,
    'exponent_off_by_one': mu_exponent_off_by_one,
    'drop_factor': mu_drop_factor,
    'returned_integrand': mu_returned_integrand,
}

MUTATION_FORCE: dict[str, list[Optional[str]]] = {
    'coef_off_by_one': [None],
    'denominator_off': [None],
    'scale_1e-6': [None],
    'drop_term': [None, 'poly', 'rational'],
    'missing_chain_factor': ['trig', 'exp', 'log', 'hyp', 'compose'],
    'sign_error': [None],
    'wrong_trig': ['trig', 'trig_sq', 'inv_trig'],
    'trig_vs_hyperbolic': ['trig', 'hyp', 'trig_sq'],
    'exponent_off_by_one': ['power', 'poly', 'trig_sq', 'sqrt'],
    'drop_factor': ['product', 'base_pow', 'exp'],
    'returned_integrand': [None],
}
