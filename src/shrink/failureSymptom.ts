import { fnInfo } from '../expr/functions.js';
import { tryParseExpr } from '../expr/parse.js';
import { ALL_PARAMETER_NAMES } from '../expr/parameters.js';
import { isLeaf, type Expr } from '../expr/types.js';
import type { Judgement } from '../judge/judgeTypes.js';
import { integrateErrorShape } from '../tasks/integrate/integrateErrorShape.js';
import type { ErrorShape } from '../tasks/task.js';

export type { ErrorShape } from '../tasks/task.js';
/** The integrate task's error shape (F' − f), the default of `failureSymptom`. */
export const errorShape = integrateErrorShape;

/** A failure's symptom: its kind, and for a wrong answer its error's shape and the special functions it brings in. */
export interface FailureSymptom {
  readonly kind: string;
  readonly error?: ErrorShape;
  readonly specials?: readonly string[];
}

/**
 * A failure's symptom, as far as the model's answers show it (null for anything but a failure).
 * A shrink step that keeps the failure but changes the symptom has most likely moved to another bug.
 * `shape` tells how a wrong answer errs: the task's (`Task.errorShape`), integrate's F' − f by default.
 */
export function failureSymptom(problem: Expr, judgement: Judgement, shape: (problem: Expr, answer: Expr) => ErrorShape = errorShape): FailureSymptom | null {
  if (judgement.status !== 'fail') return null;
  if (judgement.kind !== 'wrong') return { kind: judgement.kind };
  const wrong = judgement.answers.find((a) => a.verdict === 'incorrect' && a.answer !== undefined && a.answer !== '');
  // An answer as it was read (it may hold a limit's oo or DNE, a problem's parameters, an ODE's constants).
  const parsed = wrong === undefined ? undefined : tryParseExpr(wrong.answer!, undefined, { infinity: true, noLimit: true, parameters: ALL_PARAMETER_NAMES });
  if (parsed === undefined || !parsed.ok) return { kind: 'wrong', error: 'unknown', specials: [] };
  return { kind: 'wrong', error: shape(problem, parsed.expr), specials: [...specialFunctions(parsed.expr)].sort() };
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
