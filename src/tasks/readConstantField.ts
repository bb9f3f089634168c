import { tryParseExpr } from '../expr/parse.js';
import { hasX, type Expr } from '../expr/types.js';

/** The longest text of a parameter read: bounds and points are numbers and simple constants. */
export const MAX_PARAM_CHARS = 200;

/**
 * A parameter of a line that is a constant (a bound, a point) from its untrusted value: text (or a
 * finite number) read by the whitelisting parser, free of x; with `infinity`, `oo` and `-oo` (also
 * `inf`, `Infinity`, `∞`) too, as the tree `oo` or `-oo`. The error names the field.
 */
export function readConstantField(
  line: Readonly<Record<string, unknown>>,
  name: string,
  options: { readonly infinity: boolean },
): { ok: true; expr: Expr } | { ok: false; error: string } {
  const raw = line[name];
  if (raw === undefined || raw === null) return { ok: false, error: `${name}: missing` };
  const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw : undefined;
  if (text === undefined) return { ok: false, error: `${name}: a number or a constant as text is needed` };
  if (text.length > MAX_PARAM_CHARS) return { ok: false, error: `${name}: longer than ${MAX_PARAM_CHARS} characters` };
  const r = tryParseExpr(text, undefined, { infinity: options.infinity });
  if (!r.ok) return { ok: false, error: `${name}: ${r.error.message}` };
  if (hasX(r.expr)) return { ok: false, error: `${name}: cannot depend on x` };
  return { ok: true, expr: r.expr };
}
