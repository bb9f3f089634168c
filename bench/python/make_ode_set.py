"""Labelled linear ODEs for the `ode` task: correct answers, wrong twins and hard cases.

    /usr/bin/python3 bench/python/make_ode_set.py > tests/fixtures/labelled/ode.jsonl

Runs under Debian's /usr/bin/python3 with python3-sympy (SymPy and mpmath) and shares no code with
the TypeScript verifier it is used to test. Each line is
`{"id", "task": "ode", "problem", "conditions", "answer", "label", "family", "parameters"?}`, with
`problem` an equation in y, y', y'' (`y'' + 4*y = sin(3*x)`), `conditions` a list such as
`["y(0)=1", "y'(0)=0"]` (empty: the general solution is asked, with as many constants C1, C2 as the
order) and `answer` `y = ...`.

Equations come from templates with seeded random coefficients: first order with constant and
variable coefficients (`y' + a*y = f(x)`, `y' = x*y + x`, `x*y' + y = x^k`), second order with
constant coefficients (distinct, repeated and complex roots, forcing by polynomials, exponentials and
sines, resonance), Euler–Cauchy equations, direct integration (`y'' = f(x)`), equations whose data
are defined or smooth on half the line only (`y' = 1/x`, `y' + y = 1/x + log(abs(x))`,
`y' = abs(x)`, `y' = 1/(2*sqrt(abs(x)))`), and equations with a parameter A assumed positive. Each
equation's general solution is SymPy's `dsolve` (confirmed by `checkodesol`), and with conditions
at a regular point its solution of the initial value problem.

Answers, each with the label its family intends:

- correct: SymPy's general solution; its constants renamed or scaled; an equivalent form (cosh and
  sinh for exponentials, C1*sin(k*x + C2) for C1*cos(k*x) + C2*sin(k*x), log(abs(x)) for log(x));
  the solution of the initial value problem;
- incorrect: a particular solution where the general one is asked; a constant dropped; a redundant
  constant ((C1 + C2)*f, or three constants for order 2); a sign, frequency or rate changed; a
  particular part off by a factor; the general solution where conditions fix every constant; a
  condition's constant wrong (y(0) off by one, y'(0) with the wrong sign); a solution right on one
  half of the line only (log(x) where the equation has log(abs(x)), x^2/2 for abs(x), sqrt(x) for
  sign(x)*sqrt(abs(x))); for an equation with a parameter A, the solution at A = 1.

The label written is this script's own check of the answer against the equation, not the intent:
the residual a2*y'' + a1*y' + a0*y - rhs with SymPy's derivatives, evaluated with mpmath at 40 digits
in complex arithmetic (principal branches) at 24 points on both sides of 0, wherever the equation's
coefficients and right-hand side are real and finite and its leading coefficient is not 0, for two
random values of the constants (and three of the parameter); each condition at 50 digits; the
number of constants against the order less the conditions; and their independence as the rank of
the Jacobian d y / d C_i at eight points (mpmath's singular values). A pair whose check contradicts
its family's intent, or cannot be decided, is left out and reported on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Callable, Optional

import mpmath
import sympy as sp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle import OracleTimeout, with_alarm  # noqa: E402

X = sp.Symbol('x', real=True)
A = sp.Symbol('A', positive=True)
Y = sp.Function('y')
C1, C2, C3 = sp.symbols('C1 C2 C3')
CONSTANTS = (C1, C2, C3)
R = sp.Rational
# Points on both sides of 0 at several scales, away from simple values where templates are singular.
POINTS = [s * R(p) for p in ('0.0731', '0.213', '0.377', '0.611', '0.987', '1.39', '2.07', '2.93', '4.31', '6.17', '9.03', '13.7') for s in (1, -1)]
RANK_POINTS = [R(p) for p in ('0.331', '0.617', '1.13', '1.71', '-0.453', '-0.829', '-1.37', '2.29')]


def nz(rng: random.Random, lo: int, hi: int, avoid: tuple[int, ...] = ()) -> int:
    while True:
        v = rng.randint(lo, hi)
        if v != 0 and v not in avoid:
            return v


class Base:
    """a2*y'' + a1*y' + a0*y = rhs, with its general solution and where conditions may be posed."""

    def __init__(self, name: str, coefficients: tuple[sp.Expr, sp.Expr, sp.Expr], rhs: sp.Expr, x0: Optional[sp.Expr] = 0,
                 parameters: Optional[dict[str, str]] = None, general: Optional[sp.Expr] = None):
        self.name = name
        self.a0, self.a1, self.a2 = (sp.sympify(c) for c in coefficients)
        self.rhs = sp.sympify(rhs)
        self.order = 2 if self.a2 != 0 else 1
        self.x0 = x0
        self.parameters = parameters or {}
        self.general = general if general is not None else self.solve()

    def equation(self) -> sp.Eq:
        f = Y(X)
        return sp.Eq(self.a2 * f.diff(X, 2) + self.a1 * f.diff(X) + self.a0 * f, self.rhs)

    def solve(self) -> sp.Expr:
        sol = with_alarm(60, lambda: sp.dsolve(self.equation(), Y(X)))
        if isinstance(sol, list):
            raise ValueError(f'several solutions: {sol}')
        ok, rest = with_alarm(60, lambda: sp.checkodesol(self.equation(), sol))
        if not ok:
            raise ValueError(f'checkodesol does not confirm {sol}: {rest}')
        return sol.rhs

    def solve_ivp(self, values: list[sp.Expr]) -> sp.Expr:
        f = Y(X)
        ics = {f.subs(X, self.x0): values[0]}
        if self.order == 2:
            ics[f.diff(X).subs(X, self.x0)] = values[1]
        sol = with_alarm(60, lambda: sp.dsolve(self.equation(), f, ics=ics))
        ok, rest = with_alarm(60, lambda: sp.checkodesol(self.equation(), sol))
        if not ok:
            raise ValueError(f'checkodesol does not confirm {sol}: {rest}')
        return sol.rhs

    def problem_text(self) -> str:
        y0, y1, y2 = sp.symbols('YZERO YONE YTWO')
        lhs = self.a2 * y2 + self.a1 * y1 + self.a0 * y0
        text = f'{sp.sstr(lhs)} = {sp.sstr(self.rhs)}'
        return text.replace('YTWO', "y''").replace('YONE', "y'").replace('YZERO', 'y').replace('**', '^')


def text(e: sp.Expr) -> str:
    return sp.sstr(e).replace('**', '^')


# ---------------------------------------------------------------------------------------------------
# The check that labels a pair.


def parameter_draws(base: Base, rng: random.Random) -> list[dict]:
    if not base.parameters:
        return [{}]
    return [{A: R(rng.randint(13, 97), rng.randint(11, 29))} for _ in range(3)]


def residual_state(base: Base, answer: sp.Expr, values: dict) -> str:
    """'zero', 'nonzero' or 'unclear': the equation with the answer put in, at POINTS."""
    y = answer.subs(values)
    # Away from 0, where every point is, the derivatives of abs and sign have no delta.
    d1 = sp.diff(y, X).replace(sp.DiracDelta, lambda *args: 0)
    d2 = sp.diff(d1, X).replace(sp.DiracDelta, lambda *args: 0) if base.order == 2 else sp.Integer(0)
    a0, a1, a2, rhs = (e.subs(values) for e in (base.a0, base.a1, base.a2, base.rhs))
    lead = a2 if base.order == 2 else a1
    terms = [a2 * d2, a1 * d1, a0 * y, -rhs]
    fns = [sp.lambdify(X, t, modules='mpmath') for t in terms]
    data = [sp.lambdify(X, t, modules='mpmath') for t in (a0, a1, a2, rhs)]
    lead_fn = sp.lambdify(X, lead, modules='mpmath')
    zero = 0
    with mpmath.workdps(40):
        for p in POINTS:
            x = mpmath.mpf(p.p) / p.q
            try:
                vals = [mpmath.mpmathify(f(x)) for f in data]
                if not all(mpmath.isfinite(v) and abs(mpmath.im(v)) <= mpmath.mpf(10) ** -30 * (1 + abs(v)) for v in vals):
                    continue
                if abs(mpmath.mpmathify(lead_fn(x))) < mpmath.mpf(10) ** -30:
                    continue
                parts = [mpmath.mpmathify(f(x)) for f in fns]
            except (ZeroDivisionError, ValueError, OverflowError, TypeError):
                continue
            if not all(mpmath.isfinite(v) for v in parts):
                continue
            residual = abs(mpmath.fsum(parts))
            scale = max(abs(v) for v in parts)
            if residual <= mpmath.mpf(10) ** -28 * max(scale, mpmath.mpf(10) ** -300):
                zero += 1
            elif residual > mpmath.mpf(10) ** -12 * scale:
                return 'nonzero'
            else:
                return 'unclear'
    return 'zero' if zero >= 8 else 'unclear'


def condition_state(answer: sp.Expr, condition: tuple[int, sp.Expr, sp.Expr], values: dict) -> str:
    order, at, value = condition
    got = sp.diff(answer.subs(values), X, order).replace(sp.DiracDelta, lambda *args: 0).subs(X, at.subs(values))
    diff = sp.N(got - value.subs(values), 50)
    if not diff.is_finite:
        return 'nonzero'
    d = abs(complex(diff))
    if d < 1e-35:
        return 'zero'
    return 'nonzero' if d > 1e-15 * max(1.0, abs(complex(sp.N(value.subs(values), 30)))) else 'unclear'


def jacobian_rank(answer: sp.Expr, constants: list[sp.Symbol], values: dict) -> Optional[int]:
    if not constants:
        return 0
    derivatives = [sp.lambdify(X, sp.diff(answer, c).subs(values), modules='mpmath') for c in constants]
    with mpmath.workdps(40):
        rows = []
        for d in derivatives:
            row = []
            for p in RANK_POINTS:
                v = mpmath.mpmathify(d(mpmath.mpf(p.p) / p.q))
                if not mpmath.isfinite(v):
                    return None
                row.append(v)
            rows.append(row)
        m = mpmath.matrix(rows)
        s = mpmath.svd_c(m, compute_uv=False)
        top = max(abs(v) for v in s)
        if top == 0:
            return 0
        return sum(1 for v in s if abs(v) > mpmath.mpf(10) ** -25 * top)


def check(base: Base, conditions: list[tuple[int, sp.Expr, sp.Expr]], answer: sp.Expr, rng: random.Random) -> Optional[str]:
    """The label of a pair, or None when it cannot be decided."""
    constants = sorted((s for s in answer.free_symbols if s.name in ('C1', 'C2', 'C3')), key=lambda s: s.name)
    expected = base.order - len(conditions)
    unclear = False
    for pv in parameter_draws(base, rng):
        draws = [dict(pv)] if not constants else [{**pv, **{c: R(rng.choice([-1, 1]) * rng.randint(11, 97), rng.randint(7, 23)) for c in constants}} for _ in range(2)]
        for values in draws:
            state = with_alarm(120, lambda: residual_state(base, answer, values))
            if state == 'nonzero':
                return 'incorrect'
            unclear |= state == 'unclear'
            for condition in conditions:
                cs = with_alarm(60, lambda: condition_state(answer, condition, values))
                if cs == 'nonzero':
                    return 'incorrect'
                unclear |= cs == 'unclear'
        rank = jacobian_rank(answer, constants, draws[0])
        if rank is None:
            unclear = True
        elif len(constants) != expected or rank != expected:
            return 'incorrect'
    return None if unclear else 'correct'


# ---------------------------------------------------------------------------------------------------
# Equations.


def exp_rate(rng: random.Random) -> int:
    return nz(rng, -3, 3)


TEMPLATES: list[tuple[str, Callable[[random.Random], Base]]] = [
    ('growth', lambda r: Base('growth', (-nz(r, -4, 4), 1, 0), 0)),
    ('linear_constant_rhs', lambda r: Base('linear_constant_rhs', (nz(r, -3, 3), 1, 0), nz(r, -5, 5))),
    ('linear_polynomial_rhs', lambda r: Base('linear_polynomial_rhs', (nz(r, -3, 3), 1, 0), nz(r, -3, 3) * X ** 2 + nz(r, -4, 4) * X)),
    ('linear_exp_rhs', lambda r: (lambda a: Base('linear_exp_rhs', (a, 1, 0), nz(r, -3, 3) * sp.exp(nz(r, -2, 2, (-a,)) * X)))(nz(r, -3, 3))),
    ('linear_sin_rhs', lambda r: Base('linear_sin_rhs', (nz(r, 1, 3), 1, 0), sp.sin(nz(r, 1, 3) * X))),
    ('variable_gaussian', lambda r: (lambda k: Base('variable_gaussian', (k * X, 1, 0), k * X))(r.choice([-2, -1, 1, 2]))),
    ('euler_first_order', lambda r: (lambda k: Base('euler_first_order', (1, X, 0), X ** k, x0=1))(r.randint(1, 3))),
    ('power_solution', lambda r: (lambda n: Base('power_solution', (-n, X, 0), 0, x0=1))(nz(r, -3, 3))),
    ('tan_coefficient', lambda r: Base('tan_coefficient', (sp.tan(X), 1, 0), sp.cos(X))),
    ('harmonic', lambda r: Base('harmonic', (nz(r, 1, 5) ** 2, 0, 1), 0, x0=r.choice([0, sp.pi / 2, sp.pi / 3]))),
    ('hyperbolic', lambda r: Base('hyperbolic', (-nz(r, 1, 3) ** 2, 0, 1), 0)),
    ('distinct_roots', lambda r: (lambda p, q: Base('distinct_roots', (p * q, -(p + q), 1), 0))(*r.sample([-3, -2, -1, 1, 2, 3], 2))),
    ('repeated_root', lambda r: (lambda p: Base('repeated_root', (p * p, -2 * p, 1), 0))(nz(r, -3, 3))),
    ('complex_roots', lambda r: (lambda a, b: Base('complex_roots', (a * a + b * b, -2 * a, 1), 0))(nz(r, -2, 2), r.randint(1, 3))),
    ('forced_harmonic', lambda r: (lambda k: Base('forced_harmonic', (k * k, 0, 1), sp.sin(nz(r, 1, 4, (k,)) * X), x0=r.choice([0, sp.pi])))(r.randint(1, 3))),
    ('resonance', lambda r: (lambda k: Base('resonance', (k * k, 0, 1), sp.cos(k * X)))(r.randint(1, 3))),
    ('forced_exponential', lambda r: (lambda p, q: Base('forced_exponential', (p * q, -(p + q), 1), nz(r, -3, 3) * sp.exp(nz(r, -3, 3, (p, q)) * X)))(*r.sample([-2, -1, 1, 2], 2))),
    ('forced_polynomial', lambda r: Base('forced_polynomial', (nz(r, 1, 4), nz(r, -2, 2), 1), nz(r, -3, 3) * X ** 2 + nz(r, -3, 3))),
    ('euler_cauchy', lambda r: (lambda p, q: Base('euler_cauchy', (p * q, (1 - p - q) * X, X ** 2), 0, x0=1))(*r.sample([-2, -1, 1, 2, 3], 2))),
    ('euler_repeated', lambda r: (lambda p: Base('euler_repeated', (p * p, (1 - 2 * p) * X, X ** 2), 0, x0=1))(r.choice([-1, 1, 2]))),
    ('direct_integration', lambda r: Base('direct_integration', (0, 0, 1), r.choice([6 * X, sp.exp(X), sp.sin(X), 12 * X ** 2]))),
    ('log_rhs', lambda r: Base('log_rhs', (0, 1, 0), 1 / X, x0=1)),
    ('log_abs_rhs', lambda r: (lambda b: Base('log_abs_rhs', (1, 1, 0), 1 / (X - b) + sp.log(sp.Abs(X - b)), x0=b + 1,
                                              general=sp.log(sp.Abs(X - b)) + C1 * sp.exp(-X)))(r.randint(-2, 2))),
    ('abs_rhs', lambda r: (lambda b: Base('abs_rhs', (0, 1, 0), sp.Abs(X - b), x0=b, general=(X - b) * sp.Abs(X - b) / 2 + C1))(r.randint(-2, 2))),
    ('sqrt_abs_rhs', lambda r: (lambda b: Base('sqrt_abs_rhs', (0, 1, 0), 1 / (2 * sp.sqrt(sp.Abs(X - b))), x0=b + 1,
                                               general=sp.sign(X - b) * sp.sqrt(sp.Abs(X - b)) + C1))(r.randint(-2, 2))),
    ('sign_rhs', lambda r: (lambda k: Base('sign_rhs', (0, 1, 0), k * sp.sign(X), x0=1, general=k * sp.Abs(X) + C1))(nz(r, -3, 3))),
    ('abs_second_order', lambda r: Base('abs_second_order', (0, 0, 1), sp.Abs(X), general=X ** 2 * sp.Abs(X) / 6 + C1 * X + C2)),
    ('sqrt_coefficient', lambda r: Base('sqrt_coefficient', (-1 / (2 * X), 1, 0), 0, x0=1)),
    ('sqrt_rhs', lambda r: (lambda k: Base('sqrt_rhs', (0, 1, 0), k * sp.sqrt(X), x0=1))(nz(r, -3, 3))),
    ('proportional', lambda r: (lambda n: Base('proportional', (-n, X, 0), 0, x0=1))(r.choice([1, 3]))),
    ('log_second_order', lambda r: Base('log_second_order', (0, 1 / X, 1), 0, x0=1)),
    ('parametric_growth', lambda r: Base('parametric_growth', (-A, 1, 0), 0, parameters={'A': 'positive'})),
    ('parametric_relaxation', lambda r: Base('parametric_relaxation', (A, 1, 0), nz(r, 1, 3), parameters={'A': 'positive'})),
    ('parametric_harmonic', lambda r: Base('parametric_harmonic', (A ** 2, 0, 1), 0, parameters={'A': 'positive'})),
]


# ---------------------------------------------------------------------------------------------------
# Answers.

Variant = tuple[str, list[tuple[int, sp.Expr, sp.Expr]], sp.Expr, str]


def constants_of(e: sp.Expr) -> list[sp.Symbol]:
    return sorted((s for s in e.free_symbols if s.name in ('C1', 'C2', 'C3')), key=lambda s: s.name)


def homogeneous_parts(base: Base) -> list[sp.Expr]:
    g = sp.expand(base.general)
    return [sp.simplify(g.coeff(c)) for c in constants_of(g)]


def perturbations(base: Base, g: sp.Expr, rng: random.Random) -> list[tuple[str, sp.Expr]]:
    """Wrong twins of a solution g: each changes it so that it no longer solves the equation."""
    out: list[tuple[str, sp.Expr]] = []
    particular = sp.expand(g).subs({c: 0 for c in CONSTANTS})
    if particular != 0:
        out.append(('particular_negated', g - 2 * particular))
        out.append(('particular_doubled', g + particular))
        out.append(('particular_near_miss', g + particular / 10 ** 6))
    if g.has(sp.exp):
        out.append(('rate_changed', g.replace(sp.exp, lambda u: sp.exp(u + X))))
    if g.has(sp.sin) or g.has(sp.cos):
        out.append(('frequency_changed', g.replace(sp.sin, lambda u: sp.sin(2 * u)).replace(sp.cos, lambda u: sp.cos(2 * u))))
    if g.has(sp.log):
        out.append(('log_doubled', g.replace(sp.log, lambda u: 2 * sp.log(u))))
    out.append(('plus_cube', g + X ** 3 / 7))
    rng.shuffle(out)
    return out[:2]


def general_variants(base: Base, rng: random.Random) -> list[Variant]:
    g = base.general
    cs = constants_of(g)
    parts = homogeneous_parts(base)
    particular = sp.expand(g).subs({c: 0 for c in cs})
    out: list[Variant] = [('general', [], g, 'correct')]
    # Correct: other forms of the general solution.
    if len(cs) == 2:
        out.append(('constants_swapped', [], g.subs({cs[0]: cs[1], cs[1]: cs[0]}, simultaneous=True), 'correct'))
    out.append(('constant_scaled', [], g.subs(cs[0], 3 * cs[0]), 'correct'))
    rewritten = sp.simplify(g.rewrite(sp.cosh)) if g.has(sp.exp) and base.order == 2 else None
    if rewritten is not None and rewritten != g and not rewritten.has(sp.I):
        out.append(('hyperbolic_form', [], rewritten, 'correct'))
    if base.name in ('harmonic', 'parametric_harmonic'):
        k = sp.sqrt(base.a0)
        out.append(('amplitude_phase', [], C1 * sp.sin(k * X + C2), 'correct'))
    expanded = sp.expand_trig(g)
    if expanded != g:
        out.append(('trig_expanded', [], expanded, 'correct'))
    powers = g.replace(lambda e: isinstance(e, sp.exp) and (e.args[0] / X).is_Integer and abs(e.args[0] / X) > 1,
                       lambda e: sp.Pow(sp.exp(X), e.args[0] / X, evaluate=False))
    if powers != g:
        out.append(('exp_as_power', [], powers, 'correct'))
    if g.has(sp.log) and not g.has(sp.Abs):
        out.append(('log_abs', [], g.replace(sp.log, lambda u: sp.log(sp.Abs(u))), 'correct'))
    # Incorrect: not the general solution.
    if particular != 0 or len(cs) >= 1:
        out.append(('particular_for_general', [], particular if particular != 0 else parts[0], 'incorrect'))
    if len(cs) == 2:
        out.append(('constant_dropped', [], g.subs(cs[1], 0), 'incorrect'))
        out.append(('redundant_constants', [], particular + (C1 + C2) * parts[0], 'incorrect'))
        out.append(('three_constants', [], g + C3 * parts[0], 'incorrect'))
    else:
        out.append(('redundant_constants', [], particular + (C1 + C2) * parts[0], 'incorrect'))
    for name, wrong in perturbations(base, g, rng):
        out.append((name, [], wrong, 'incorrect'))
    return out


# Right-hand sides whose antiderivative is written with abs or sign on the whole line.
HALF_LINE_RHS = ('abs_rhs', 'sqrt_abs_rhs', 'log_abs_rhs', 'sign_rhs', 'abs_second_order')


def solve_from_general(base: Base, x0: sp.Expr, values: list[sp.Expr]) -> sp.Expr:
    """The general solution with its constants fixed by y(x0) = values[0] (and y'(x0) = values[1])."""
    cs = constants_of(base.general)
    eqs = [sp.Eq(sp.diff(base.general, X, k).replace(sp.DiracDelta, lambda *args: 0).subs(X, x0), v) for k, v in enumerate(values)]
    fixed = sp.solve(eqs, cs, dict=True)
    if len(fixed) != 1:
        raise ValueError(f'conditions {values} at {x0} do not fix {base.general}')
    return base.general.subs(fixed[0])


def ivp_variants(base: Base, rng: random.Random) -> list[Variant]:
    if base.x0 is None:
        return []
    x0 = sp.sympify(base.x0)
    values = [sp.Integer(nz(rng, -3, 3)) for _ in range(base.order)]
    conditions = [(k, x0, values[k]) for k in range(base.order)]
    cs = constants_of(base.general)
    out: list[Variant] = []
    if base.name in HALF_LINE_RHS:
        # dsolve's own solution of these holds for x > 0 only (or is a Piecewise); the general solution's holds everywhere.
        try:
            own = base.solve_ivp(values)
            if not own.has(sp.Piecewise) and not own.has(sp.Integral):
                out.append(('dsolve_right_half_only', conditions, own, 'incorrect'))
        except ValueError as error:
            print(f'{base.name}: no dsolve solution of the initial value problem: {error}', file=sys.stderr)
        solve = lambda vs: solve_from_general(base, x0, vs)  # noqa: E731
    else:
        solve = base.solve_ivp
    solution = solve(values)
    out.append(('ivp', conditions, solution, 'correct'))
    shifted = solve([values[0] + 1] + values[1:])
    out.append(('ivp_wrong_value', conditions, shifted, 'incorrect'))
    if base.order == 2:
        flipped = solve([values[0], -values[1] if values[1] != 0 else 1])
        out.append(('ivp_wrong_slope', conditions, flipped, 'incorrect'))
        # y(x0) alone fixes one constant: the answer keeps the other.
        for c in cs:
            fixed = sp.solve(sp.Eq(base.general.subs(X, x0), values[0]), c)
            if len(fixed) == 1:
                partial = base.general.subs(c, fixed[0])
                if len(constants_of(partial)) == 1:
                    out.append(('one_condition', [conditions[0]], partial, 'correct'))
                break
    out.append(('general_for_ivp', conditions, base.general, 'incorrect'))
    if base.parameters:
        out.append(('ivp_at_a_equals_one', conditions, solution.subs(A, 1), 'incorrect'))
    for name, wrong in perturbations(base, solution, rng)[:1]:
        out.append((f'ivp_{name}', conditions, wrong, 'incorrect'))
    return out


def half_domain_variants(base: Base) -> list[Variant]:
    """Answers right on one half of the line only, beside the right ones."""
    g = base.general
    no_abs = g.replace(sp.Abs, lambda u: u).replace(sp.sign, lambda u: 1)
    if base.name == 'log_abs_rhs':
        return [('log_not_abs', [], no_abs, 'incorrect')]
    if base.name == 'abs_rhs':
        u = (base.rhs.args[0])
        return [('square_not_abs', [], no_abs, 'incorrect'), ('abs_mirrored', [], sp.Abs(u) ** 2 / 2 * sp.sign(u) + C1, 'correct')]
    if base.name == 'sqrt_abs_rhs':
        u = base.rhs.atoms(sp.Abs).pop().args[0]
        return [('sqrt_not_signed', [], no_abs, 'incorrect'), ('sqrt_abs_unsigned', [], sp.sqrt(sp.Abs(u)) + C1, 'incorrect')]
    if base.name == 'sign_rhs':
        return [('linear_not_abs', [], no_abs, 'incorrect'), ('sqrt_square', [], g.replace(sp.Abs, lambda u: sp.sqrt(u ** 2)), 'correct')]
    if base.name == 'abs_second_order':
        return [('cube_not_abs', [], no_abs, 'incorrect')]
    if base.name == 'sqrt_coefficient':
        return [('sqrt_abs', [], C1 * sp.sqrt(sp.Abs(X)), 'correct'), ('linear_for_sqrt', [], C1 * X, 'incorrect')]
    if base.name == 'sqrt_rhs':
        return [('power_off', [], g.replace(lambda e: e.is_Pow and e.exp == R(3, 2), lambda e: e.base ** R(5, 2) * R(3, 5)), 'incorrect')]
    if base.name == 'log_rhs':
        return [('log_abs_general', [], sp.log(sp.Abs(X)) + C1, 'correct')]
    if base.name == 'proportional':
        return [('abs_family', [], g.replace(X, sp.Abs(X)), 'correct')]
    return []


def parametric_variants(base: Base) -> list[Variant]:
    if not base.parameters:
        return []
    return [('at_a_equals_one', [], base.general.subs(A, 1), 'incorrect')]


def make_instance(seed: str, index: int) -> list[dict]:
    rng = random.Random(f'{seed}:{index}')
    name, template = TEMPLATES[index % len(TEMPLATES)]
    base = template(rng)
    if len(constants_of(base.general)) != base.order:
        raise ValueError(f'dsolve gave {base.general}, not {base.order} constants')
    variants = general_variants(base, rng) + half_domain_variants(base) + parametric_variants(base) + ivp_variants(base, rng)
    lines = []
    problem = base.problem_text()
    for k, (family, conditions, answer, intent) in enumerate(variants):
        got = check(base, conditions, answer, random.Random(f'{seed}:{index}:{k}'))
        if got != intent:
            print(f'dropped {name} {problem} [{family}]: intent {intent}, check {got}: {text(answer)}', file=sys.stderr)
            continue
        line = {
            'id': f'ode-{index:04d}-{k}', 'task': 'ode', 'problem': problem,
            'conditions': [f"y{chr(39) * order}({text(at)})={text(value)}" for order, at, value in conditions],
            'answer': f'y = {text(answer)}', 'label': got, 'family': f'{name}/{family}',
        }
        if base.parameters:
            line['parameters'] = base.parameters
        lines.append(line)
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seed', default='ode-v1')
    ap.add_argument('--problems', type=int, default=len(TEMPLATES) * 2, help='equations (each gives about ten pairs)')
    args = ap.parse_args()
    for index in range(args.problems):
        try:
            for line in make_instance(args.seed, index):
                print(json.dumps(line), flush=True)
        except (OracleTimeout, ValueError, NotImplementedError, TypeError, ZeroDivisionError, IndexError) as error:
            print(f'equation {index} left out: {type(error).__name__}: {error}', file=sys.stderr)


if __name__ == '__main__':
    main()
