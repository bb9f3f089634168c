#!/usr/bin/python3
"""Generate tests/fixtures/labelled/pairs.jsonl: (problem, answer, label, family) for the verifier.

Run from the repository root with Debian's Python and SymPy (not the pyenv python3 on PATH):

    /usr/bin/python3 bench/python/make_labelled_pairs.py --seed 20220222 --jobs 2

Candidate i is a pure function of (seed, i): family = FAMILIES[i % len(FAMILIES)], and every random
choice comes from random.Random(f'{seed}:{i}'). Candidates are labelled by oracle.py; pairs the
oracle cannot label confidently, or whose label contradicts the family's intent (a "near miss"
that turned out equivalent, a "rewrite" that is not), are dropped. The first `quota` surviving
candidates of each family, in index order, are kept; the 42 pairs of the paper-examples file are
appended after being labelled by the same oracle (a disagreement aborts the run).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import sympy as sp  # noqa: E402

from grammar import (CORRECT_REWRITES, INCORRECT_MUTATIONS, MUTATION_FORCE, REWRITE_FORCE,  # noqa: E402
                     antiderivative, print_expr, sagga_integrand)
from oracle import FUNCTION_NAMES, OracleTimeout, X, check_tokens, label_pair, with_alarm  # noqa: E402

# Pairs wanted per family. Correct: 2000, incorrect: 2000.
QUOTAS: dict[str, tuple[str, int]] = {
    'exact': ('correct', 200),
    'cas_answer': ('correct', 250),
    'plus_constant': ('correct', 200),
    'algebraic_form': ('correct', 250),
    'log_rewrite': ('correct', 200),
    'log_negative': ('correct', 120),
    'trig_identity': ('correct', 250),
    'exp_log': ('correct', 150),
    'atan_reciprocal': ('correct', 110),
    'hyperbolic_exp': ('correct', 120),
    'sympy_rewrite': ('correct', 150),
    'coef_off_by_one': ('incorrect', 220),
    'denominator_off': ('incorrect', 200),
    'scale_1e-6': ('incorrect', 180),
    'drop_term': ('incorrect', 180),
    'missing_chain_factor': ('incorrect', 200),
    'sign_error': ('incorrect', 180),
    'wrong_trig': ('incorrect', 200),
    'trig_vs_hyperbolic': ('incorrect', 180),
    'exponent_off_by_one': ('incorrect', 180),
    'drop_factor': ('incorrect', 160),
    'returned_integrand': ('incorrect', 120),
}
FAMILIES = list(QUOTAS)

MAX_PROBLEM_CHARS = 100
MAX_ANSWER_CHARS = 120
INTEGRATE_SECONDS = 3.0


def names_ok(e: sp.Basic) -> bool:
    for fn in e.atoms(sp.Function):
        if type(fn).__name__ not in FUNCTION_NAMES:
            return False
    return not e.has(sp.I, sp.zoo, sp.nan, sp.oo, sp.Integral, sp.Piecewise)


def base_pair(rng: random.Random, family: str, intent: str) -> Optional[tuple[sp.Expr, sp.Expr]]:
    """(f, G) with G' = f by construction: either a random F and f = F', or a SAGGA-style f and
    G = integrate(f) (the pairs whose answers look like a CAS's)."""
    use_cas = family == 'cas_answer' or (intent == 'incorrect' and MUTATION_FORCE[family] == [None] and rng.random() < 0.4)
    if use_cas:
        f = sagga_integrand(rng)
        try:
            G = with_alarm(INTEGRATE_SECONDS, lambda: sp.integrate(f, X))
        except OracleTimeout:
            return None
        except Exception:  # noqa: BLE001 - SymPy integrate fails in many ways; skip the candidate
            return None
        if not isinstance(G, sp.Expr) or not names_ok(G):
            return None
        return f, G
    forces = REWRITE_FORCE.get(family) or MUTATION_FORCE.get(family) or [None]
    F = antiderivative(rng, rng.choice(forces))
    if not F.has(X):
        return None
    f = sp.diff(F, X)
    if f == 0:
        return None
    return f, F


def make_candidate(args: tuple[int, int]) -> Optional[dict]:
    seed, index = args
    family = FAMILIES[index % len(FAMILIES)]
    intent, _ = QUOTAS[family]
    rng = random.Random(f'{seed}:{index}')
    try:
        pair = with_alarm(15.0, lambda: base_pair(rng, family, intent))
        if pair is None:
            return None
        f, G = pair
        if not names_ok(f) or not names_ok(G):
            return None
        problem = print_expr(f, rng)
        if intent == 'correct':
            answer = with_alarm(10.0, lambda: CORRECT_REWRITES[family](rng, G))
        else:
            answer = with_alarm(10.0, lambda: INCORRECT_MUTATIONS[family](rng, G))
    except OracleTimeout:
        return None
    except Exception:  # noqa: BLE001 - a rewrite that throws just yields no candidate
        return None
    if not answer or len(problem) > MAX_PROBLEM_CHARS or len(answer) > MAX_ANSWER_CHARS:
        return None
    if check_tokens(problem) is not None or check_tokens(answer) is not None:
        return None
    if answer.replace('^', '**').replace(' ', '') == problem.replace('^', '**').replace(' ', '') and intent == 'correct':
        return None
    label = label_pair(problem, answer, random.Random(f'{seed}:{index}:points'))
    if label.label != intent:
        return {'index': index, 'dropped': label.why or f'labelled {label.label}, intended {intent}'}
    return {
        'index': index,
        'pair': {'id': f'gen{index:06d}', 'problem': problem, 'answer': answer, 'label': intent, 'family': family},
        'symbolic': label.symbolic,
    }


def label_paper_examples(path: str, seed: int) -> list[dict]:
    out = []
    with open(path, encoding='utf-8') as fh:
        for line in fh:
            if not line.strip():
                continue
            ex = json.loads(line)
            lab = label_pair(ex['problem'], ex['answer'], random.Random(f'{seed}:{ex["id"]}:points'))
            if lab.label is None:
                # The file's labels come from a high-precision check; an oracle that cannot decide
                # (a symbolic timeout on a loaded machine) does not overrule it.
                print(f'oracle undecided on paper example {ex["id"]}, keeping its label {ex["label"]}: {lab.why}', file=sys.stderr)
            elif lab.label != ex['label']:
                raise SystemExit(f'oracle disagrees with paper example {ex["id"]}: {lab}')
            out.append({'id': ex['id'], 'problem': ex['problem'], 'answer': ex['answer'], 'label': ex['label'], 'family': 'paper'})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seed', type=int, default=20220222)
    ap.add_argument('--out', default='tests/fixtures/labelled/pairs.jsonl')
    ap.add_argument('--paper', default='/work/shared/paper-examples.jsonl')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--scale', type=float, default=1.0, help='multiply every family quota (for a quick try)')
    ap.add_argument('--max-candidates', type=int, default=200_000)
    opts = ap.parse_args()

    # The paper examples first: a disagreement aborts before the long generation, not after it.
    paper = label_paper_examples(opts.paper, opts.seed)
    quotas = {fam: max(1, round(q * opts.scale)) for fam, (_, q) in QUOTAS.items()}
    kept: dict[str, list[dict]] = {fam: [] for fam in FAMILIES}
    dropped: Counter[str] = Counter()
    symbolic: Counter[str] = Counter()
    started = time.time()
    next_index = 0
    chunk = 1100  # a multiple of len(FAMILIES), so each round feeds every family equally
    with multiprocessing.get_context('fork').Pool(opts.jobs, maxtasksperchild=200) as pool:
        while any(len(kept[f]) < quotas[f] for f in FAMILIES) and next_index < opts.max_candidates:
            # Only families still short get candidates; the index->family map stays fixed.
            todo = [(opts.seed, i) for i in range(next_index, next_index + chunk)
                    if len(kept[FAMILIES[i % len(FAMILIES)]]) < quotas[FAMILIES[i % len(FAMILIES)]]]
            next_index += chunk
            for res in pool.imap(make_candidate, todo, chunksize=4):
                if res is None:
                    dropped['no candidate'] += 1
                    continue
                if 'pair' not in res:
                    dropped[res['dropped'].split(':')[0]] += 1
                    continue
                fam = res['pair']['family']
                if len(kept[fam]) < quotas[fam]:
                    kept[fam].append(res['pair'])
                    symbolic[f"{res['pair']['label']}/{res['symbolic']}"] += 1
            short = {f: quotas[f] - len(kept[f]) for f in FAMILIES if len(kept[f]) < quotas[f]}
            print(f'[{time.time() - started:6.0f}s] candidates {next_index}, still short: {short}', file=sys.stderr)

    pairs = sorted((p for fam in FAMILIES for p in kept[fam]), key=lambda p: p['id'])
    pairs.extend(paper)
    os.makedirs(os.path.dirname(opts.out), exist_ok=True)
    with open(opts.out, 'w', encoding='utf-8') as fh:
        for p in pairs:
            fh.write(json.dumps(p, separators=(',', ':')) + '\n')

    labels = Counter(p['label'] for p in pairs)
    print(f'wrote {len(pairs)} pairs to {opts.out} ({dict(labels)}) in {time.time() - started:.0f}s', file=sys.stderr)
    print(f'symbolic confirmation: {dict(symbolic)}', file=sys.stderr)
    print(f'dropped: {dict(dropped)}', file=sys.stderr)


if __name__ == '__main__':
    main()
