import { easyIdentityArgument, hardIdentityArgument, IDENTITY_FACTORS } from '../expr/edit/identityFactors.js';
import { nodeAt, replaceAt, type NodePath } from '../expr/edit/nodePaths.js';
import { carriedAnswers, perturbableIntegers, randomIntegerWithDigits, replaceIntegers } from '../expr/edit/perturbIntegers.js';
import { randomCubic } from '../expr/edit/randomCubic.js';
import { substitute } from '../expr/edit/substitute.js';
import { canonicalKey } from '../expr/canonical.js';
import { toInfix } from '../expr/print.js';
import { simplify } from '../expr/simplify.js';
import { add, hasX, isLeaf, mul, num, type Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import { derivative, derivativeOrUndefined } from '../verify/derivative.js';
import type { AugmentFamily } from './augmentFamily.js';
import { randomAntiderivative } from './randomAntiderivative.js';
import type { ProblemLine } from './readProblemLines.js';

/** A generated problem and the antiderivatives to try for it (verified by the caller, in order). */
export interface Variant {
  readonly problem: Expr;
  readonly candidates: readonly Expr[];
  /** Where it came from: source id(s) or `grammar`. */
  readonly source: string;
  /** Family-specific fields written with the record. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

export type VariantResult = { readonly ok: true; readonly variant: Variant } | { readonly ok: false; readonly reason: string };

const nonZeroCoefficient = (rng: Rng): number => {
  const k = rng.int(-9, 8);
  return k >= 0 ? k + 1 : k;
};

/**
 * One variant of `source` (undefined only for `backward`) in `family`. `pool` holds every usable
 * input line (lin_comb and subst_hard draw their second problem from it). All randomness from rng.
 */
export function makeVariant(family: AugmentFamily, source: ProblemLine | undefined, pool: readonly ProblemLine[], rng: Rng): VariantResult {
  if (family.kind === 'backward') {
    const F = randomAntiderivative(rng);
    const d = derivative(F);
    if (!d.ok) return { ok: false, reason: d.reason };
    const f = simplify(d.expr);
    if (!hasX(f)) return { ok: false, reason: `derivative of ${toInfix(F)} does not depend on x` };
    return { ok: true, variant: { problem: f, candidates: [F], source: 'grammar' } };
  }
  if (!source) return { ok: false, reason: 'no source problem' };
  const f = source.problem;
  const F = source.answer;
  switch (family.kind) {
    case 'lin_comb': {
      const other = pickOther(rng, pool, source);
      if (other === undefined) return { ok: false, reason: 'lin_comb needs a second, different problem in the input (a·f + b·f only rescales f)' };
      const a = nonZeroCoefficient(rng);
      const b = nonZeroCoefficient(rng);
      const problem = simplify(add(mul(num(a), f), mul(num(b), other.problem)));
      const candidates = F && other.answer ? [simplify(add(mul(num(a), F), mul(num(b), other.answer)))] : [];
      return { ok: true, variant: { problem, candidates, source: `${source.id}+${other.id}`, extra: { coefficients: [a, b] } } };
    }
    case 'subst_poly':
    case 'subst_hard': {
      let g: Expr;
      let from = source.id;
      if (family.kind === 'subst_poly') g = randomCubic(rng);
      else {
        const others = pool.filter((p) => p !== source && hasX(p.problem));
        if (others.length === 0) return { ok: false, reason: 'subst_hard needs another problem depending on x in the input to substitute' };
        const other = rng.pick(others);
        g = other.problem;
        from = `${source.id}∘${other.id}`;
      }
      const s = substitute(f, g, derivativeOrUndefined, F);
      if (!s) return { ok: false, reason: `cannot differentiate g = ${toInfix(g)} within the function whitelist` };
      return { ok: true, variant: { problem: s.problem, candidates: s.answer ? [s.answer] : [], source: from, extra: { g: toInfix(g) } } };
    }
    case 'numeric': {
      const values = perturbableIntegers(f);
      if (values.length === 0) return { ok: false, reason: 'the problem has no integer constant to change (exponents are kept)' };
      const chosen = family.which === 'all' ? values : [rng.pick(values)];
      const mapping = new Map(chosen.map((v) => [v, randomIntegerWithDigits(rng, family.digits)]));
      const problem = simplify(replaceIntegers(f, mapping));
      return {
        ok: true,
        variant: { problem, candidates: F ? carriedAnswers(F, mapping) : [], source: source.id, extra: { replaced: Object.fromEntries(mapping) } },
      };
    }
    case 'symbolic': {
      const values = perturbableIntegers(f);
      if (values.length < family.count)
        return { ok: false, reason: `symbolic-${family.count} needs ${family.count} distinct integer constants, the problem has ${values.length}` };
      const chosen = rng.shuffle(values).slice(0, family.count);
      const names = 'abcde';
      const mapping = new Map(chosen.map((v) => [v, rng.int(2, 20)]));
      const parameters = Object.fromEntries(chosen.map((v, i) => [names[i], mapping.get(v)!]));
      const problem = simplify(replaceIntegers(f, mapping));
      return {
        ok: true,
        variant: {
          problem,
          candidates: F ? carriedAnswers(F, mapping) : [],
          source: source.id,
          extra: { parametric: parametricText(f, chosen, names), parameters },
        },
      };
    }
    case 'equivalence': {
      if (family.level === 'easy') {
        const factor = rng.pick(IDENTITY_FACTORS);
        const problem = simplify(mul(f, factor.build(easyIdentityArgument(rng))));
        return { ok: true, variant: { problem, candidates: F ? [F] : [], source: source.id, extra: { identity: factor.name } } };
      }
      // Hard: the factor goes inside the problem, at a random subtree depending on x, with a
      // polynomial argument.
      const paths = pathsWithX(f);
      const path = paths.length > 0 ? rng.pick(paths) : [];
      const factor = rng.pick(IDENTITY_FACTORS);
      const problem = simplify(replaceAt(f, path, mul(nodeAt(f, path), factor.build(hardIdentityArgument(rng)))));
      return { ok: true, variant: { problem, candidates: F ? [F] : [], source: source.id, extra: { identity: factor.name } } };
    }
  }
}

/** Another problem of the pool than `source`'s (by canonical key, not merely another line); undefined when there is none. */
function pickOther(rng: Rng, pool: readonly ProblemLine[], source: ProblemLine): ProblemLine | undefined {
  const key = canonicalKey(source.problem);
  const others = pool.filter((p) => canonicalKey(p.problem) !== key);
  return others.length === 0 ? undefined : rng.pick(others);
}

/** Paths of the nodes that depend on x (where an identity factor changes something visible). */
function pathsWithX(e: Expr): NodePath[] {
  const out: NodePath[] = [];
  const walk = (n: Expr, path: number[]): void => {
    if (!hasX(n)) return;
    out.push(path.slice());
    if (isLeaf(n)) return;
    n.args.forEach((a, i) => {
      path.push(i);
      walk(a, path);
      path.pop();
    });
  };
  walk(e, []);
  return out;
}

/**
 * The problem with its chosen constants written as parameters a, b, …: the constants are swapped
 * for sentinel numbers no problem contains, printed, and the sentinels replaced by the names.
 */
function parametricText(f: Expr, chosen: readonly number[], names: string): string {
  const sentinel = (i: number): number => 918273645 + i;
  let text = toInfix(replaceIntegers(f, new Map(chosen.map((v, i) => [v, sentinel(i)]))));
  chosen.forEach((_, i) => {
    text = text.split(String(sentinel(i))).join(names[i]);
  });
  return text;
}
