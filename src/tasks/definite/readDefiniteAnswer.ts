import { tryParseExpr } from '../../expr/parse.js';
import type { OwnRefusal } from '../../expr/parseError.js';
import type { Limits } from '../../expr/limits.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { hasX } from '../../expr/types.js';
import { decimalContext } from './decimalContext.js';
import type { DefiniteAnswer } from './types.js';

/** Most digits of a decimal answer's mantissa: a model quoting 60 digits of a value is read; a page of them is not. */
export const MAX_DECIMAL_DIGITS = 120;
/** Largest |exponent| of a decimal answer's value. */
export const MAX_DECIMAL_EXPONENT = 1000;

const DECIMAL = /^([+\-\u2212]?)(\d*)(?:\.(\d*))?(?:[eE]([+\-\u2212]?\d{1,6}))?$/;

/**
 * A definite integral's answer from its text. A plain decimal literal (a sign, digits with a point
 * or an exponent: `0.7854`, `-1.25e-3`, `.5`) is a decimal answer, read digit by digit into a
 * decimal so that nothing is lost to a double, with the tolerance its own last digit states (half a
 * unit there). Anything else, integers included, is a closed form read by the whitelisting infix
 * parser, and must be free of x. Every size is bounded before any work is done.
 */
export function readDefiniteAnswer(
  text: string,
  limits?: Partial<Limits>,
  options?: ReadOptions,
): { ok: true; answer: DefiniteAnswer } | { ok: false; error: string; refusal?: OwnRefusal } {
  if (typeof text !== 'string') return { ok: false, error: 'the answer must be a string' };
  const trimmed = text.trim();
  const m = trimmed.length <= MAX_DECIMAL_DIGITS + 12 ? DECIMAL.exec(trimmed) : null;
  if (m !== null && (m[3] !== undefined || m[4] !== undefined) && (m[2] !== '' || (m[3] ?? '') !== '')) {
    const [, sign, whole, fraction = '', exponentText] = m;
    const digits = (whole + fraction).replace(/^0+/, '');
    if (digits.length > MAX_DECIMAL_DIGITS) return { ok: false, error: `a decimal answer with more than ${MAX_DECIMAL_DIGITS} digits`, refusal: 'limit' };
    const exponent = exponentText === undefined ? 0 : Number(exponentText.replace('\u2212', '-'));
    if (Math.abs(exponent) > MAX_DECIMAL_EXPONENT)
      return { ok: false, error: `a decimal answer with an exponent beyond ±${MAX_DECIMAL_EXPONENT}`, refusal: 'limit' };
    // Enough digits to hold every digit written, so the value is exactly the text.
    const { D } = decimalContext(Math.max(40, whole.length + fraction.length + 2));
    const normalized = `${sign === '' ? '' : '-'}${whole === '' ? '0' : whole}.${fraction === '' ? '0' : fraction}e${exponent}`;
    const value = new D(normalized);
    const statedTolerance = new D(10).pow(exponent - fraction.length).div(2);
    return { ok: true, answer: { kind: 'decimal', text: trimmed, value, statedTolerance } };
  }
  const r = tryParseExpr(text, limits, options);
  if (!r.ok) return { ok: false, error: r.error.message, refusal: r.error.refusal };
  if (hasX(r.expr)) return { ok: false, error: 'the answer depends on x; a definite integral is a number' };
  return { ok: true, answer: { kind: 'closed', expr: r.expr } };
}
