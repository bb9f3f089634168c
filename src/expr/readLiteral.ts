import type { Limits } from './limits.js';
import { literalExcerpt } from './literalExcerpt.js';
import { ParseError } from './parseError.js';
import { tooSmallForDouble } from './tooSmallForDouble.js';

/** A number literal as read: its double, or an integer beyond the literal limits kept exactly. */
export type Literal = { readonly value: number; readonly exact?: undefined } | { readonly value?: undefined; readonly exact: bigint };

/**
 * Read a number literal (`12`, `.5`, `5.`, `1.5e3`) against the literal limits, before anything
 * rounds it: more digits than `maxLiteralDigits` (so that a million zeros are refused before any
 * conversion), a magnitude beyond `maxAbsLiteral` (1e400 would become Infinity), a nonzero value a
 * double would turn into 0 or strip of digits (1e-400, 1e-320). An integer beyond the first two
 * limits is kept exactly when `maxExactIntegerDigits` allows it: such a literal may only be a factor
 * or divisor of an exact rational (p*x/q), which the reader folds into one number. Throws a
 * `ParseError` (a `limit` refusal) at `at` otherwise.
 */
export function readLiteral(text: string, at: number, input: string, limits: Limits): Literal {
  const mantissa = text.replace(/[eE][+-]?\d+$/, '');
  const digits = mantissa.length - (mantissa.includes('.') ? 1 : 0);
  const exactInteger = digits <= limits.maxExactIntegerDigits && /^\d+$/.test(text);
  if (digits > limits.maxLiteralDigits) {
    if (exactInteger) return { exact: BigInt(text) };
    throw new ParseError(`number with more than ${limits.maxLiteralDigits} digits`, at, input, 'limit');
  }
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > limits.maxAbsLiteral) {
    if (exactInteger) return { exact: BigInt(text) };
    throw new ParseError(`number ${literalExcerpt(text)} exceeds the limit of ${limits.maxAbsLiteral}`, at, input, 'limit');
  }
  if (tooSmallForDouble(value, mantissa)) {
    throw new ParseError(`number ${literalExcerpt(text)} is too small to represent`, at, input, 'limit');
  }
  return { value };
}
