import type { Limits } from '../expr/limits.js';
import type { ReadOptions } from '../expr/readOptions.js';
import { tryParseExpr } from '../expr/parse.js';
import type { ParseResult } from '../expr/parseError.js';
import type { Expr } from '../expr/types.js';
import { cleanAnswer } from './cleanAnswerText.js';
import { answerDeclines, declineExcerpt, isUnevaluatedIntegral, lastDeclineIndex } from './declines.js';
import { findAnswerSpan, type AnswerSource } from './findAnswerSpan.js';
import { tryParseLatex } from './parseLatex.js';
import { clip } from '../util/clip.js';

export type { AnswerSource } from './findAnswerSpan.js';

export type ExtractedAnswer =
  | {
      readonly ok: true;
      readonly expr: Expr;
      readonly source: AnswerSource;
      /** the cleaned answer text that was parsed */
      readonly answer: string;
      /** a constant of integration (`+ C`) was dropped from it */
      readonly droppedConstant: boolean;
    }
  /**
   * `unjudged`: an answer sagga does not read for its own reasons (beyond a limit, a function it
   * does not support, an ambiguous notation): never the model's failure.
   */
  | {
      readonly ok: false;
      readonly status: 'unparseable' | 'no-answer' | 'unjudged';
      readonly error: string;
      readonly source?: AnswerSource;
      readonly answer?: string;
    };

export interface ExtractOptions {
  /** Limits for the answer expression (defaults: DEFAULT_LIMITS, as for every parser in sagga). */
  readonly limits?: Partial<Limits>;
  /** What the readers accept beyond an integrand's language (infinity for a limit's value …). */
  readonly read?: ReadOptions;
  /** Longer responses are refused outright (default 1,000,000 characters, about 250k tokens). */
  readonly maxResponseChars?: number;
  /**
   * The response was cut off (finish reason `length`): only an explicit `\boxed{}` or final-answer line
   * counts, since the last math block of an unfinished derivation is not an answer.
   */
  readonly truncated?: boolean;
}

export const DEFAULT_MAX_RESPONSE_CHARS = 1_000_000;

/**
 * Get the answer expression out of a model's free-text response. The answer is located (see
 * `findAnswerSpan`), reduced to the expression (`cleanAnswerText`), and read with the whitelisted
 * parsers: LaTeX through `parseLatex`, plain infix (`x**2/2`, `sin(x)`) through `parseExpr`.
 * Never throws; nothing in the text is executed.
 *
 * `no-answer` when the response is empty, declines ("has no elementary antiderivative", "I cannot
 * solve") without giving an expression after the refusal, or returns the integral unevaluated.
 */
export function extractAnswer(text: string, opts: ExtractOptions = {}): ExtractedAnswer {
  if (typeof text !== 'string') return { ok: false, status: 'unparseable', error: 'response is not text' };
  const maxChars = opts.maxResponseChars ?? DEFAULT_MAX_RESPONSE_CHARS;
  if (text.length > maxChars) {
    return { ok: false, status: 'unjudged', error: `response is longer than the ${maxChars} characters sagga reads (${text.length}): not judged` };
  }
  if (text.trim() === '') return { ok: false, status: 'no-answer', error: 'empty response' };

  const span = findAnswerSpan(text);
  const declinedAt = lastDeclineIndex(text);
  if (span === undefined) {
    if (declinedAt >= 0) return { ok: false, status: 'no-answer', error: `the model declined: "${declineExcerpt(text, declinedAt)}"` };
    return { ok: false, status: 'unparseable', error: 'no answer found (no \\boxed{}, final-answer line or math)' };
  }
  // A math block the model wrote before saying it cannot solve the problem is not its answer
  // ("since $e^{x^2}$ has no elementary antiderivative, …"); an explicit box or final answer is.
  if (
    (span.source === 'math' || span.source === 'bare') &&
    declinedAt >= 0 &&
    (declinedAt > span.start || !movesOnFromRefusal(text.slice(declinedAt, span.start)))
  ) {
    return { ok: false, status: 'no-answer', error: `the model declined: "${declineExcerpt(text, declinedAt)}"`, source: span.source };
  }

  if (opts.truncated === true && (span.source === 'math' || span.source === 'bare')) {
    return { ok: false, status: 'unparseable', error: 'response truncated (token limit) before an answer was given', source: span.source };
  }

  const { text: answer, droppedConstant } = cleanAnswer(span.text);
  if (answer === '') return { ok: false, status: 'unparseable', error: `empty answer in ${describeSource(span.source)}`, source: span.source, answer };
  if (isUnevaluatedIntegral(answer)) {
    return { ok: false, status: 'no-answer', error: 'the answer is the integral, unevaluated', source: span.source, answer: clip(answer, 300) };
  }

  const parsed = parseAnswerExpression(answer, span.math, opts.limits, opts.read);
  if (parsed.ok) return { ok: true, expr: parsed.expr, source: span.source, answer, droppedConstant };
  // Refused for sagga's own reasons: an answer all the same (even after words of refusal such as
  // "not elementary; in terms of hyper: …"), which sagga cannot judge.
  if (parsed.own && !(span.source === 'bare' && looksLikeProse(answer))) {
    return {
      ok: false,
      status: 'unjudged',
      error: `${describeSource(span.source)}: ${parsed.error} (sagga's own limit: not judged)`,
      source: span.source,
      answer: clip(answer, 300),
    };
  }

  if (answerDeclines(answer)) {
    return { ok: false, status: 'no-answer', error: `the model declined: "${declineExcerpt(answer, 0)}"`, source: span.source, answer: clip(answer, 300) };
  }
  if (declinedAt >= 0 && span.source !== 'boxed') {
    return {
      ok: false,
      status: 'no-answer',
      error: `the model declined: "${declineExcerpt(text, declinedAt)}"`,
      source: span.source,
      answer: clip(answer, 300),
    };
  }
  if (span.source === 'bare' && looksLikeProse(answer)) {
    return { ok: false, status: 'unparseable', error: 'no answer found (no \\boxed{}, final-answer line or math)', source: span.source };
  }
  return { ok: false, status: 'unparseable', error: `${describeSource(span.source)}: ${parsed.error}`, source: span.source, answer: clip(answer, 300) };
}

/**
 * Math (a box, `$…$`) and anything with a backslash, brace or bar goes to the LaTeX reader, with
 * `parseExpr` as the fallback for SymPy spellings such as `E**x`. Plain text goes to `parseExpr`
 * (SymPy/mathjs syntax) first, then to the LaTeX reader, which also reads `sin x` and `2x e^x`.
 * A reader that refuses for sagga's own reasons (a literal beyond its limits, an unsupported
 * function, an ambiguous notation) decides: there is no second reading, which could change the value
 * (`1e-400*x` is not e − 400x). `own` says the refusal was sagga's.
 */
function parseAnswerExpression(
  text: string,
  math: boolean,
  limits: Partial<Limits> | undefined,
  options: ReadOptions | undefined,
): { ok: true; expr: Expr } | { ok: false; error: string; own: boolean } {
  const refused = (r: Extract<ParseResult, { ok: false }>) => ({ ok: false as const, error: r.error.message, own: r.error.refusal !== undefined });
  if (math || /[\\{}|]/.test(text)) {
    const latex = tryParseLatex(text, limits, options);
    if (latex.ok || latex.error.refusal !== undefined) return latex.ok ? latex : refused(latex);
    if (!/[\\{}|]/.test(text)) {
      const infix = tryParseExpr(text, limits, options);
      if (infix.ok) return infix;
      if (infix.error.refusal !== undefined) return refused(infix);
    }
    return refused(latex);
  }
  const infix = tryParseExpr(text, limits, options);
  if (infix.ok || infix.error.refusal !== undefined) return infix.ok ? infix : refused(infix);
  const latex = tryParseLatex(text, limits, options);
  if (latex.ok) return latex;
  return latex.error.refusal !== undefined ? refused(latex) : { ...refused(infix), own: false };
}

/**
 * Between a refusal and a later math block: does the text move on to an answer ("… not elementary.
 * In terms of erf: $…$", "…, but using Ei we get $…$")? If not, the math belongs to the refusal
 * ("I could not find an antiderivative for $\frac{e^x}{x}$").
 */
function movesOnFromRefusal(between: string): boolean {
  return /[.!;:\n]|\b(?:but|however|instead|in terms of|using|answer|result|gives?|obtain|get|is|equals)\b/i.test(between.slice(0, 2000));
}

/** Three or more words of ordinary text: a sentence, not an expression. */
function looksLikeProse(s: string): boolean {
  const words = s.match(/\b[A-Za-z]{3,}\b/g) ?? [];
  const prose = words.filter(
    (w) => !/^(?:sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|coth|log|exp|sqrt|abs|asin|acos|atan|arcsin|arccos|arctan|erf|erfi|erfc)$/i.test(w),
  );
  return prose.length >= 3;
}

function describeSource(source: AnswerSource): string {
  switch (source) {
    case 'boxed':
      return '\\boxed{} answer';
    case 'final-answer':
      return 'final answer';
    case 'math':
      return 'last math block';
    case 'bare':
      return 'response';
  }
}
