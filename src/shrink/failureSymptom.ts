import { compileReal } from '../expr/evalReal.js';
import { fnInfo } from '../expr/functions.js';
import { tryParseExpr } from '../expr/parse.js';
import { isLeaf, type Expr } from '../expr/types.js';
import type { Judgement } from '../judge/judgeTypes.js';
import { derivative } from '../verify/derivative.js';

/**
 * The shape of a wrong answer's error e = F' − f, read off at a few points: `constant` (the same
 * non-zero number everywhere: F' = f + c, a stray linear term), `varying` (clearly not constant:
 * wrong by different amounts, or right at some points and wrong at others), `unknown` (too few
 * points, or every difference within rounding). The error of a sum is the error of its wrongly
 * integrated part alone, so deleting a term the model handles correctly leaves its shape alone,
 * while moving to another bug often changes it.
 */
export type ErrorShape = 'constant' | 'varying' | 'unknown';

/** A failure's symptom: its kind, and for a wrong answer its error's shape and the special functions it brings in. */
export interface FailureSymptom {
  readonly kind: string;
  readonly error?: ErrorShape;
  readonly specials?: readonly string[];
}

/** Points where problems of the search are usually defined; the shape needs three of them. */
const POINTS: readonly number[] = [0.37, 0.61, 0.83, 1.19, 1.57, 2.23, -0.41, -0.77, -1.33];
/** Rounding of F' − f, relative to the larger of |f| and |F'|. */
const NOISE = 1e-9;
/** Two errors are the same number when they agree to this relative tolerance. */
const SAME = 1e-6;

/**
 * A failure's symptom, as far as the model's answers show it (null for anything but a failure).
 * A shrink step that keeps the failure but changes the symptom has most likely moved to another bug.
 */
export function failureSymptom(problem: Expr, judgement: Judgement): FailureSymptom | null {
  if (judgement.status !== 'fail') return null;
  if (judgement.kind !== 'wrong') return { kind: judgement.kind };
  const wrong = judgement.answers.find((a) => a.verdict === 'incorrect' && a.answer !== undefined && a.answer !== '');
  const parsed = wrong === undefined ? undefined : tryParseExpr(wrong.answer!);
  if (parsed === undefined || !parsed.ok) return { kind: 'wrong', error: 'unknown', specials: [] };
  return { kind: 'wrong', error: errorShape(problem, parsed.expr), specials: [...specialFunctions(parsed.expr)].sort() };
}

/** Do two symptoms show the same bug? Same kind and special functions, and error shapes that agree where both are known. */
export function sameSymptom(a: FailureSymptom | null, b: FailureSymptom | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind) return false;
  if ((a.specials ?? []).join(',') !== (b.specials ?? []).join(',')) return false;
  return a.error === b.error || a.error === 'unknown' || b.error === 'unknown';
}

/** `wrong/constant/erf`, for messages. */
export function describeSymptom(s: FailureSymptom | null): string {
  if (s === null) return 'no failure';
  return [s.kind, ...(s.error !== undefined ? [s.error] : []), ...((s.specials ?? []).length > 0 ? [s.specials!.join(',')] : [])].join('/');
}

export function errorShape(problem: Expr, answer: Expr): ErrorShape {
  const d = derivative(answer);
  const f = compileReal(problem);
  const dF = d.ok ? compileReal(d.expr) : undefined;
  if (!f || !dF) return 'unknown';
  const clear: number[] = [];
  let zero = 0;
  for (const x of POINTS) {
    const fx = f(x);
    const dFx = dF(x);
    if (!Number.isFinite(fx) || !Number.isFinite(dFx)) continue;
    const error = dFx - fx;
    const noise = NOISE * Math.max(1, Math.abs(fx), Math.abs(dFx));
    if (Math.abs(error) > 1000 * noise) clear.push(error);
    else if (Math.abs(error) <= noise) zero++;
  }
  if (clear.length === 0 || clear.length + zero < 3) return 'unknown';
  if (zero > 0) return 'varying';
  const first = clear[0];
  return clear.every((e) => Math.abs(e - first) <= SAME * Math.max(Math.abs(e), Math.abs(first))) ? 'constant' : 'varying';
}

function specialFunctions(e: Expr): Set<string> {
  const out = new Set<string>();
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (isLeaf(n)) continue;
    if (n.type === 'fn' && fnInfo(n.name).kind === 'special') out.add(n.name);
    stack.push(...n.args);
  }
  return out;
}
