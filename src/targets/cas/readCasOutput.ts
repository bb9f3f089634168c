import type { Limits } from '../../expr/limits.js';
import type { ParameterName } from '../../expr/parameters.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { tryParseExpr } from '../../expr/parse.js';
import { toInfix } from '../../expr/toInfix.js';
import type { Expr } from '../../expr/types.js';
import { isUnsupportedFunction } from '../../expr/isUnsupportedFunction.js';
import { refusedReading } from '../refusedReading.js';
import { parseWithImaginaryUnit } from './parseWithImaginaryUnit.js';
import { realFromComplex } from './realFromComplex.js';
import { clip } from '../../util/clip.js';

/** A CAS's printed answer, read into our tree or classified as a refusal. */
export type CasConversion =
  | { readonly status: 'ok'; readonly expr: Expr /** The answer in our infix syntax. */; readonly infix: string }
  | { readonly status: 'no-answer' | 'unparseable'; readonly error: string }
  /**
   * An answer sagga cannot judge (the imaginary unit with no real form): neither right nor a model
   * failure: the problem is undecided, so the search never archives it.
   */
  | { readonly status: 'unjudged'; readonly error: string };

export interface CasOutputDialect {
  readonly system: string;
  /** The system's identifiers that have an exact counterpart in our syntax, mapped to our spelling. */
  readonly names: ReadonlyMap<string, string>;
  /** Identifiers that decide the outcome by their mere presence (unevaluated integral, infinity). */
  readonly refusals: ReadonlyMap<string, { readonly status: 'no-answer' | 'unparseable'; readonly reason: string }>;
  /**
   * The system's name for the imaginary unit (`i`, Maxima's `%i` after renaming, SymPy's `I`). An
   * answer containing it is read through its real form (realFromComplex) when it has one.
   */
  readonly imaginaryUnit?: string;
  /** Whole-text messages (errors, "could not find a solution"): a reason when `text` is one. */
  readonly message?: (text: string) => string | undefined;
}

/** Marks the places of the imaginary unit in a translated answer; no text can produce it. */
const IMAGINARY_UNIT = Symbol('imaginary unit');

// CAS answers carry exact rationals; a coefficient such as 1000^6 is far above the 1e15 that a
// user-typed literal may have, and refusing it would turn a right answer into a false failure.
// Doubles hold such integers to 16 significant digits, well inside the verifier's tolerance; larger
// integers are read exactly as the factors of a rational that a double holds (see ANSWER_LIMITS).
const CAS_LITERAL_LIMITS: Partial<Limits> = { maxAbsLiteral: 1e300, maxLiteralDigits: 320, maxExactIntegerDigits: 5_000 };

/**
 * Translate a CAS's printed answer into our syntax token by token (identifiers are renamed as whole
 * tokens, never by substring), then parse it with the whitelisting parser. A function sagga knows
 * but does not support (isUnsupportedFunction: hypergeometric, atan2, floor …) or a literal beyond
 * sagga's limits makes the answer `unjudged` (sagga's limit, not the system's failure); any other
 * name without an exact counterpart makes it `unparseable`. Nothing is guessed. The parameters
 * `options` lists (a problem's `A`, an ODE's `C1`) are names of their own in every system, read as
 * such; its other options do not apply here.
 */
export function readCasOutput(raw: string, dialect: CasOutputDialect, options?: ReadOptions): CasConversion {
  const parameters = options?.parameters ?? [];
  const admitted: ReadOptions | undefined = parameters.length > 0 ? { parameters } : undefined;
  const text = raw.trim();
  if (text === '') return { status: 'no-answer', error: `${dialect.system} returned nothing` };
  const message = dialect.message?.(text);
  if (message !== undefined) return { status: 'no-answer', error: message };
  if (text.includes('...')) {
    // The answer exists; its printing lost digits: sagga cannot read it, the system did not fail.
    return { status: 'unjudged', error: `${dialect.system} printed a floating-point number with truncated digits: not judged` };
  }

  // The translated text, with IMAGINARY_UNIT where the system wrote its imaginary unit.
  const out: Array<string | typeof IMAGINARY_UNIT> = [];
  let unparseable: string | undefined;
  let unsupported: string | undefined;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      const end = numberEnd(text, i);
      out.push(text.slice(i, end));
      i = end;
      continue;
    }
    if (isIdentStart(c)) {
      let end = i + 1;
      while (end < text.length && isIdentPart(text[end])) end++;
      const name = text.slice(i, end);
      i = end;
      if (name === dialect.imaginaryUnit) {
        out.push(IMAGINARY_UNIT);
        continue;
      }
      const refusal = dialect.refusals.get(name);
      if (refusal !== undefined) {
        if (refusal.status === 'no-answer') return { status: 'no-answer', error: refusal.reason };
        unparseable ??= refusal.reason;
        continue;
      }
      const ours = dialect.names.get(name) ?? (parameters.includes(name as ParameterName) ? name : undefined);
      if (ours === undefined) {
        if (isUnsupportedFunction(name) && /^\s*\(/.test(text.slice(i, i + 20))) {
          unsupported ??= `${dialect.system} answered with the function '${clip(name, 30)}', which sagga does not support: not judged (not the system's failure)`;
        } else unparseable ??= `${dialect.system} answered with '${clip(name, 30)}', which has no counterpart in sagga's whitelist`;
        continue;
      }
      out.push(ours);
      continue;
    }
    out.push(c);
    i++;
  }
  if (unparseable !== undefined) return { status: 'unparseable', error: unparseable };
  if (unsupported !== undefined) return { status: 'unjudged', error: unsupported };
  if (!out.includes(IMAGINARY_UNIT)) {
    const infix = out.join('');
    const parsed = tryParseExpr(infix, CAS_LITERAL_LIMITS, admitted);
    if (!parsed.ok) return refusedReading(parsed.error, `cannot read ${dialect.system}'s answer: `);
    return { status: 'ok', expr: parsed.expr, infix };
  }
  return readComplexAnswer((unit) => out.map((piece) => (piece === IMAGINARY_UNIT ? unit : piece)).join(''), dialect.system, CAS_LITERAL_LIMITS, admitted);
}

/**
 * An answer written with the imaginary unit may well be right (erf(i*x)/i is erfi(x)); reading it
 * as unparseable would archive a correct answer as the model's failure. It is read through its real
 * form, or, when it has none, reported as an answer sagga cannot judge. `render(unit)` is the
 * answer in our syntax with `unit` in every place of the imaginary unit (parseWithImaginaryUnit);
 * `options` admits the names the answer may use beyond x (a problem's `A`, an ODE's `C1`).
 */
export function readComplexAnswer(render: (unit: string) => string, system: string, limits: Partial<Limits>, options?: ReadOptions): CasConversion {
  const parsed = parseWithImaginaryUnit(render, limits, options);
  if (!parsed.ok) return refusedReading(parsed.error, `cannot read ${system}'s answer: `);
  const realForm = realFromComplex(parsed.expr);
  if (realForm.ok) return { status: 'ok', expr: realForm.expr, infix: toInfix(realForm.expr) };
  return {
    status: 'unjudged',
    error: `${system}'s answer contains the imaginary unit and has ${realForm.reason}; sagga verifies real antiderivatives only, so the answer is not judged (not a model failure)`,
  };
}

// Same number shape as src/expr/parse.ts: an exponent only when digits follow the `e`.
function numberEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && isDigit(text[i])) i++;
  if (text[i] === '.') {
    i++;
    while (i < text.length && isDigit(text[i])) i++;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    let j = i + 1;
    if (text[j] === '+' || text[j] === '-') j++;
    if (isDigit(text[j] ?? '')) {
      while (j < text.length && isDigit(text[j])) j++;
      i = j;
    }
  }
  return i;
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isIdentStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string): boolean => isIdentStart(c) || isDigit(c);
