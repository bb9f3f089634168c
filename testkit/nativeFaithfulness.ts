import { createRequire } from 'node:module';
import { compileReal } from '../src/expr/evalReal.js';
import { toAlgebrite } from '../src/targets/algebrite/toAlgebrite.js';
import { toNerdamer } from '../src/targets/nerdamer/toNerdamer.js';
import type { Expr } from '../src/expr/types.js';
import type { TargetAnswer, TargetProblem } from '../src/targets/types.js';
import type { FaithfulnessCheck } from './checkConversions.js';

const require = createRequire(import.meta.url);

/** The parts of the CommonJS systems' APIs used here (they ship no typings for them). */
interface NerdamerValue {
  evaluate(): { text(format: 'decimals'): string };
}
type Nerdamer = (expression: string, subs?: Record<string, string>) => NerdamerValue;
interface AlgebriteValue {
  /** 2 is Algebrite's DOUBLE: a real floating-point number in `d`. */
  readonly k: number;
  readonly d: number;
}
interface Algebrite {
  eval(script: string): AlgebriteValue;
}

/** A system's own numeric reading of a text in its syntax at x = num/den; undefined when not real. */
type NativeEvaluator = (text: string, num: number, den: number) => number | undefined;

// Points of both signs, as decimals with short exact fractions, away from the usual singularities.
const POINTS: ReadonlyArray<readonly [number, number]> = [
  [37, 100],
  [13, 10],
  [29, 10],
  [-6, 10],
  [-17, 10],
  [41, 10],
  [7, 100],
  [-33, 10],
  [53, 10],
  [67, 10],
  [89, 10],
  [-51, 10],
];
const MIN_POINTS = 2;
// nerdamer's own erf is good to about 1e-7 only; a conversion bug changes values grossly.
const REL_TOL = 1e-6;

function nerdamerEvaluator(): NativeEvaluator {
  const nerdamer = require('nerdamer') as Nerdamer;
  require('nerdamer/Algebra.js');
  require('nerdamer/Calculus.js');
  return (text, num, den) => {
    try {
      const printed = nerdamer(text, { x: `(${num}/${den})` })
        .evaluate()
        .text('decimals');
      if (!/^-?[\d.]+(e[+-]?\d+)?$/.test(printed)) return undefined; // complex, symbolic or infinite
      return Number(printed);
    } catch {
      return undefined;
    }
  };
}

function algebriteEvaluator(): NativeEvaluator {
  const algebrite = require('algebrite') as Algebrite;
  return (text, num, den) => {
    try {
      // The number goes into the text as a decimal: with subst(29/10, x, …) Algebrite simplifies
      // first (arctan(tan(x)) to x) and would vouch for its own simplifier, not for the text.
      const v = algebrite.eval(`float(${text.replace(/\bx\b/g, `(${num / den})`)})`);
      return v.k === 2 && Number.isFinite(v.d) ? v.d : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * Compare our reading of a text with the system's own: `ok` when they agree at every point where
 * both are real (at least MIN_POINTS of them), the first disagreement otherwise, undefined when too
 * few points could be compared.
 */
function agree(ours: Expr, native: string, evaluate: NativeEvaluator, what: string): { ok: true } | { ok: false; reason: string } | undefined {
  const f = compileReal(ours);
  if (f === undefined) return undefined;
  let compared = 0;
  for (const [num, den] of POINTS) {
    const a = f(num / den);
    if (!Number.isFinite(a)) continue;
    const b = evaluate(native, num, den);
    if (b === undefined || !Number.isFinite(b)) continue;
    compared++;
    if (Math.abs(a - b) > REL_TOL * Math.max(1, Math.abs(a), Math.abs(b))) {
      return { ok: false, reason: `${what} at x = ${num}/${den}: ours ${a}, the system's ${b}` };
    }
  }
  return compared >= MIN_POINTS ? { ok: true } : undefined;
}

/**
 * Is a CAS target's translation exact, judged by the system itself? The problem as sent must take
 * the values our tree takes, and the answer as read back the values the system gives its own
 * printed answer. With both, an `incorrect` verdict is the system's mistake, not a conversion bug.
 */
export function nativeFaithfulness(system: 'nerdamer' | 'algebrite'): FaithfulnessCheck {
  const evaluate = system === 'nerdamer' ? nerdamerEvaluator() : algebriteEvaluator();
  const toSystem = system === 'nerdamer' ? toNerdamer : toAlgebrite;
  return (problem: TargetProblem, answer: TargetAnswer) => {
    if (answer.status !== 'ok') return undefined;
    const sent = agree(problem.expr, toSystem(problem.expr), evaluate, 'the problem as sent');
    if (sent === undefined || !sent.ok) return sent;
    return agree(answer.expr, answer.text, evaluate, 'the answer as read back');
  };
}
