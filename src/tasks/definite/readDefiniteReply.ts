import { tryParseExpr } from '../../expr/parse.js';
import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import type { WorkMeter } from '../../verify/workMeter.js';
import type { AnswerReader, AnswerReading } from '../answerReading.js';
import type { AnswerSource } from '../task.js';
import { evaluateConstant } from './evaluateConstant.js';
import { formatDecimal } from './formatDecimal.js';

/** A CAS that gave the integral back unevaluated: SymPy's Integral, Maxima's and nerdamer's integrate/defint, Algebrite's integral/defint. */
const UNEVALUATED = /(?:^|[^A-Za-z0-9_])(?:Integral|integrate|integral|defint)\s*\(/;
/** IntegralBench's numerical line: "Numerical answer: 0.7853981634" (a plain decimal, perhaps in $…$). */
const NUMERICAL_LINE = /numerical\s+(?:answer|value)\s*[:=]\s*\$?\s*([-+\u2212]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+\u2212]?\d{1,4})?)/i;
/** A symbolic and a numerical answer that differ by more than this disagree (IntegralBench's tolerance). */
const DISAGREEMENT = 1e-6;
/** Work for evaluating a symbolic answer to compare it with the numerical one: a few milliseconds. */
const COMPARE_WORK = 2_000_000;

/**
 * A definite integral's answer. From a CAS: its printing, unless it gave the integral back
 * unevaluated (a `no-answer`). From a model: the answer the extractor finds (`\boxed{}`, "The final
 * answer is"); when the text also has IntegralBench's "Numerical answer: …" line, that one is read
 * too: it stands in for a symbolic answer that cannot be read, and a symbolic answer whose value
 * differs from it by more than 1e-6 is judged with a note saying so (both values).
 */
export function readDefiniteReply(text: string, read: AnswerReader, source: AnswerSource): AnswerReading {
  if (source !== 'model') return UNEVALUATED.test(text) ? { status: 'no-answer', error: `${source} returned the integral unevaluated` } : read(text);
  const symbolic = read(text);
  const numerical = NUMERICAL_LINE.exec(text.length <= 1_000_000 ? text : text.slice(-100_000));
  if (numerical === null) return symbolic;
  const parsed = tryParseExpr(numerical[1].replace('\u2212', '-'));
  if (!parsed.ok) return symbolic;
  if (symbolic.status !== 'ok') return symbolic.status === 'unjudged' ? symbolic : { status: 'ok', expr: parsed.expr };
  const note = disagreement(symbolic.expr, parsed.expr);
  return note === undefined ? symbolic : { ...symbolic, note };
}

/** Why a symbolic answer and the model's numerical one disagree, or undefined when they agree (or cannot be compared). */
function disagreement(symbolic: Expr, numerical: Expr): string | undefined {
  const meter: WorkMeter = { left: COMPARE_WORK, deadline: Infinity };
  const a = evaluateConstant(symbolic, 20, meter);
  const b = evaluateConstant(numerical, 20, meter);
  if (!a.ok || !b.ok) return undefined;
  const difference = a.value.minus(b.value).abs();
  if (difference.lte(DISAGREEMENT + a.error.plus(b.error).toNumber())) return undefined;
  return `the symbolic answer ${toInfix(symbolic)} (${formatDecimal(a.value, 12)}) and the model's numerical answer ${toInfix(numerical)} disagree by ${formatDecimal(difference, 3)}`;
}
