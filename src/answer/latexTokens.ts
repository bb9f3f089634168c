import type { ConstantName } from '../expr/constants.js';
import { lookupFunction, type FnName } from '../expr/functions.js';
import { ParseError, type OwnRefusal } from '../expr/parseError.js';
import type { Limits } from '../expr/limits.js';
import { isUnsupportedFunction } from '../expr/isUnsupportedFunction.js';
import { clip } from '../util/clip.js';

/**
 * Tokens of the LaTeX subset sagga reads. Everything a model might write that has no meaning in an
 * antiderivative (macros, file commands, environments, Greek letters) is refused here, by name, before
 * any structure is built.
 */
export type LatexToken =
  /** `scientific`: written as mantissa, e or E, exponent (`3.6e2`); `text` is then the whole literal. */
  | { readonly kind: 'num'; readonly text: string; readonly pos: number; readonly scientific?: boolean }
  | { readonly kind: 'letter'; readonly text: string; readonly pos: number }
  | { readonly kind: 'pi'; readonly pos: number }
  /** Catalan's constant and γ (`\gamma`, `\operatorname{Catalan}` …); π and infinity have their own kinds. */
  | { readonly kind: 'constant'; readonly name: ConstantName; readonly pos: number }
  /** `\infty`, `∞`: read only where the caller asks for infinity. */
  | { readonly kind: 'infinity'; readonly pos: number }
  /** `\zeta`: read only as ζ(n) of an integer n. */
  | { readonly kind: 'zeta'; readonly pos: number }
  | { readonly kind: 'fn'; readonly name: FnName; readonly pos: number; readonly spelled: string }
  | { readonly kind: 'frac'; readonly pos: number }
  | { readonly kind: 'sqrt'; readonly pos: number }
  | { readonly kind: 'op'; readonly text: '+' | '-' | '*' | '/' | '^' | '_' | ','; readonly pos: number }
  | { readonly kind: 'open'; readonly text: '(' | '[' | '{'; readonly pos: number }
  | { readonly kind: 'close'; readonly text: ')' | ']' | '}'; readonly pos: number }
  /** `|`: `open`/`close` when sized with \left/\right or \lvert/\rvert, `either` when the parser must decide. */
  | { readonly kind: 'bar'; readonly role: 'open' | 'close' | 'either'; readonly pos: number }
  | { readonly kind: 'end'; readonly pos: number };

/** Commands that only change spacing or style: dropped. */
const IGNORED = new Set([
  'displaystyle',
  'textstyle',
  'scriptstyle',
  'scriptscriptstyle',
  'limits',
  'nolimits',
  'quad',
  'qquad',
  'thinspace',
  'medspace',
  'thickspace',
  'negthinspace',
  'negmedspace',
  'negthickspace',
  'enspace',
  'enskip',
  'space',
  'nobreak',
  'allowbreak',
  'relax',
]);

/** Size prefixes for delimiters: `\bigl(` is just `(`. */
const SIZERS = new Set(['big', 'Big', 'bigg', 'Bigg', 'bigl', 'Bigl', 'biggl', 'Biggl', 'bigr', 'Bigr', 'biggr', 'Biggr', 'bigm', 'Bigm', 'biggm', 'Biggm']);

/** Commands that name a function directly (LaTeX's own and the common non-standard ones models write). */
const FUNCTION_COMMANDS: ReadonlyMap<string, FnName> = new Map<string, FnName>([
  ['sin', 'sin'],
  ['cos', 'cos'],
  ['tan', 'tan'],
  ['cot', 'cot'],
  ['sec', 'sec'],
  ['csc', 'csc'],
  ['cosec', 'csc'],
  ['arcsin', 'asin'],
  ['arccos', 'acos'],
  ['arctan', 'atan'],
  ['arccot', 'acot'],
  ['arcsec', 'asec'],
  ['arccsc', 'acsc'],
  ['sinh', 'sinh'],
  ['cosh', 'cosh'],
  ['tanh', 'tanh'],
  ['coth', 'coth'],
  ['sech', 'sech'],
  ['csch', 'csch'],
  ['arcsinh', 'asinh'],
  ['arccosh', 'acosh'],
  ['arctanh', 'atanh'],
  ['arsinh', 'asinh'],
  ['arcosh', 'acosh'],
  ['artanh', 'atanh'],
  // \log is the natural logarithm: in calculus answers (and in SymPy's LaTeX) that is what it means;
  // a base is only taken when written, as \log_{10} x.
  ['ln', 'log'],
  ['log', 'log'],
  ['exp', 'exp'],
  ['sgn', 'sign'],
  ['erf', 'erf'],
  ['erfc', 'erfc'],
  ['erfi', 'erfi'],
  ['Ei', 'Ei'],
  ['Si', 'Si'],
  ['Ci', 'Ci'],
  ['li', 'li'],
  ['Gamma', 'gamma'],
]);

/** Names inside \operatorname{…} / \mathrm{…} beyond the whitelist's own aliases. */
const OPERATOR_NAMES: ReadonlyMap<string, FnName> = new Map<string, FnName>([
  ['Li', 'polylog'],
  ['sgn', 'sign'],
  ['cosec', 'csc'],
  ['arccosec', 'acsc'],
  ['tg', 'tan'],
  ['arctg', 'atan'],
]);

/** Commands with a specific reason to refuse, so the message says what was seen. */
const REFUSED: ReadonlyMap<string, string> = new Map<string, string>([
  ['int', 'unevaluated integral'],
  ['iint', 'unevaluated integral'],
  ['oint', 'unevaluated integral'],
  ['sum', 'sums are not supported'],
  ['prod', 'products are not supported'],
  ['lim', 'limits are not supported'],
  ['pm', "'±' is not a single answer"],
  ['mp', "'∓' is not a single answer"],
  ['approx', 'an approximation is not an exact answer'],
  ['begin', 'LaTeX environments are not supported'],
  ['end', 'LaTeX environments are not supported'],
]);

/** Commands of functions that sagga does not read: \psi(x) (digamma), \wp (Weierstrass). */
const UNSUPPORTED_COMMANDS = new Set(['psi', 'wp']);

/** Names of constants written as words (`\operatorname{Catalan}`, or bare). */
const CONSTANT_WORDS: ReadonlyMap<string, ConstantName> = new Map<string, ConstantName>([
  ['Catalan', 'Catalan'],
  ['EulerGamma', 'EulerGamma'],
]);

/** Characters allowed inside \text{…}-like groups: words, digits, spaces. */
const TEXT_GROUP_COMMANDS = new Set([
  'operatorname',
  'mathrm',
  'text',
  'textrm',
  'mathit',
  'textit',
  'mathbf',
  'textbf',
  'mathsf',
  'textsf',
  'mathnormal',
  'rm',
  'boldsymbol',
  'bm',
  'mathcal',
]);

/** Letter runs written without a backslash that we still read as functions: `sin(x)`, `ln x`. */
const BARE_FUNCTION_WORDS: readonly string[] = [
  'arcsinh',
  'arccosh',
  'arctanh',
  'arcsin',
  'arccos',
  'arctan',
  'arccot',
  'arcsec',
  'arccsc',
  'arsinh',
  'arcosh',
  'artanh',
  'asinh',
  'acosh',
  'atanh',
  'asin',
  'acos',
  'atan',
  'acot',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'sech',
  'csch',
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'sqrt',
  'cbrt',
  'exp',
  'log',
  'ln',
  'abs',
  'erfc',
  'erfi',
  'erf',
  'sign',
  'sgn',
  // Special functions as CAS answers spell them (Ei(x), Si(x), Li_2(x) …). Each holds a letter no
  // earlier reading accepted (a capital, l, o, y), so no letter run that was read before reads differently.
  'Ei',
  'Si',
  'Ci',
  'Shi',
  'Chi',
  'li',
  'Li',
  'polylog',
  'LambertW',
  // SymPy's constants, and zeta(n); again each holds such a letter (C, G, z).
  'Catalan',
  'EulerGamma',
  'zeta',
];

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function isLetter(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

const STRUCTURE_COMMANDS = new Set([
  'left',
  'right',
  'frac',
  'dfrac',
  'tfrac',
  'cfrac',
  'sqrt',
  'pi',
  'cdot',
  'times',
  'ast',
  'cdotp',
  'div',
  'infty',
  'zeta',
  'gamma',
  'lvert',
  'rvert',
  'vert',
  'mid',
  'lbrace',
  'rbrace',
  'lbrack',
  'rbrack',
]);

/**
 * Is `\name` a command this reader understands (or, with `integralSign`, also `\int`)? Used to
 * decide whether the left side of `=` is a harmless label (`F(x)`, `\int f\,dx`) that may be dropped.
 */
export function isKnownLatexCommand(name: string, integralSign = false): boolean {
  return (
    IGNORED.has(name) ||
    SIZERS.has(name) ||
    TEXT_GROUP_COMMANDS.has(name) ||
    FUNCTION_COMMANDS.has(name) ||
    STRUCTURE_COMMANDS.has(name) ||
    (integralSign && (name === 'int' || name === 'iint' || name === 'oint'))
  );
}

/** Resolve the word inside \operatorname{…} (or a bare letter run) to a whitelisted function. */
export function functionForName(name: string): FnName | undefined {
  return OPERATOR_NAMES.get(name) ?? lookupFunction(name);
}

/**
 * Split a LaTeX math string into tokens. Linear in the input; refuses unknown commands by name.
 * Numbers are checked against the literal limits here, before any conversion.
 */
// Long by design: one scan over the input with a case per token kind, so that every byte is looked
// at once and the limits are checked where a token is made; split up, the cases would share the cursor.
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one scan, a case per token kind (above)
export function tokenizeLatex(input: string, limits: Limits): LatexToken[] {
  const out: LatexToken[] = [];
  const n = input.length;
  let i = 0;
  const fail = (message: string, pos: number, refusal?: OwnRefusal): never => {
    throw new ParseError(message, pos, input, refusal);
  };

  /** Read the delimiter after \left, \right, \bigl …; returns the index after it. */
  const delimiter = (at: number, side: 'left' | 'right' | 'neutral'): number => {
    let j = at;
    while (j < n && input[j] === ' ') j++;
    if (j >= n) fail('missing delimiter after a sizing command', at);
    const c = input[j];
    const openRole = side === 'right' ? 'close' : side === 'left' ? 'open' : 'either';
    if (c === '.') return j + 1; // \left. and \right. are invisible
    if (c === '(' || c === '[') {
      out.push({ kind: 'open', text: c, pos: j });
      return j + 1;
    }
    if (c === ')' || c === ']') {
      out.push({ kind: 'close', text: c, pos: j });
      return j + 1;
    }
    if (c === '|') {
      out.push({ kind: 'bar', role: openRole, pos: j });
      return j + 1;
    }
    if (c === '\\') {
      let k = j + 1;
      while (k < n && isLetter(input[k])) k++;
      const name = k === j + 1 ? input.slice(j + 1, j + 2) : input.slice(j + 1, k);
      const next = k === j + 1 ? j + 2 : k;
      switch (name) {
        case '{':
        case 'lbrace':
          out.push({ kind: 'open', text: '(', pos: j });
          return next;
        case '}':
        case 'rbrace':
          out.push({ kind: 'close', text: ')', pos: j });
          return next;
        case 'lbrack':
          out.push({ kind: 'open', text: '[', pos: j });
          return next;
        case 'rbrack':
          out.push({ kind: 'close', text: ']', pos: j });
          return next;
        case 'vert':
        case 'mid':
          out.push({ kind: 'bar', role: openRole, pos: j });
          return next;
        case 'lvert':
          out.push({ kind: 'bar', role: 'open', pos: j });
          return next;
        case 'rvert':
          out.push({ kind: 'bar', role: 'close', pos: j });
          return next;
      }
      fail(`delimiter \\${clip(name, 24)} is not supported`, j);
    }
    return fail(`delimiter ${JSON.stringify(c)} is not supported`, j);
  };

  /** Read `{word}` after \operatorname and friends. Only letters, digits and spaces are allowed inside. */
  const textGroup = (at: number, command: string): number => {
    let j = at;
    while (j < n && input[j] === ' ') j++;
    if (input[j] === '*' && command === 'operatorname') j++;
    while (j < n && input[j] === ' ') j++;
    let word: string;
    let next: number;
    if (input[j] === '{') {
      const close = input.indexOf('}', j + 1);
      if (close < 0) fail(`unclosed \\${command}{`, j);
      word = input.slice(j + 1, close);
      next = close + 1;
      if (word.length > 40 || !/^[A-Za-z0-9 ]*$/.test(word)) {
        fail(`\\${command}{…} may only contain a short word`, j);
      }
    } else if (j < n && isLetter(input[j])) {
      // \rm e, \mathrm e: one letter
      word = input[j];
      next = j + 1;
    } else {
      return fail(`\\${command} needs a {…} argument`, j);
    }
    const w = word.trim();
    if (w === '') return next; // \text{ } is spacing
    const f = functionForName(w);
    if (f !== undefined) {
      out.push({ kind: 'fn', name: f, pos: at, spelled: w });
      return next;
    }
    if (w === 'e' || w === 'x') {
      out.push({ kind: 'letter', text: w, pos: at });
      return next;
    }
    const constant = CONSTANT_WORDS.get(w);
    if (constant !== undefined) {
      out.push({ kind: 'constant', name: constant, pos: at });
      return next;
    }
    if (w === 'zeta') {
      out.push({ kind: 'zeta', pos: at });
      return next;
    }
    if (/^\d+$/.test(w)) {
      out.push({ kind: 'num', text: w, pos: at });
      return next;
    }
    if (isUnsupportedFunction(w)) return fail(`sagga does not support the function '${clip(w, 24)}'`, at, 'unsupported');
    return fail(`text '${clip(w, 24)}' in the answer`, at);
  };

  while (i < n) {
    const c = input[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '~') {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && i + 1 < n && isDigit(input[i + 1]))) {
      while (i < n && isDigit(input[i])) i++;
      let decimal = false;
      if (i < n && input[i] === '.' && i + 1 < n && isDigit(input[i + 1])) {
        decimal = true;
        i++;
        while (i < n && isDigit(input[i])) i++;
      }
      const mantissa = input.slice(start, i);
      const digits = mantissa.replace('.', '').length;
      // Integers beyond the digit limit are kept for \frac{p}{q} (an exact rational); anything else
      // with that many digits is refused here.
      if (digits > limits.maxLiteralDigits && (decimal || digits > limits.maxExactIntegerDigits)) {
        fail(`number with more than ${limits.maxLiteralDigits} digits`, start, 'limit');
      }
      const exponentEnd = scientificExponentEnd(input, i);
      if (exponentEnd === undefined) {
        out.push({ kind: 'num', text: mantissa, pos: start });
        continue;
      }
      const literal = input.slice(start, exponentEnd);
      // `5e-1` and `2e+1` are also 5e − 1 and 2e + 1, with Euler's number; 3.6e2, 5e2, 2E-1 are not.
      if (!decimal && input[i] === 'e' && (input[i + 1] === '-' || input[i + 1] === '+')) {
        fail(
          `'${clip(literal, 24)}' is ambiguous: a number in scientific notation, or ${mantissa}e ${input[i + 1]} ${input.slice(i + 2, exponentEnd)} with Euler's number e`,
          start,
          'ambiguous',
        );
      }
      out.push({ kind: 'num', text: literal, pos: start, scientific: true });
      i = exponentEnd;
      continue;
    }
    if (isLetter(c)) {
      while (i < n && isLetter(input[i])) i++;
      const run = input.slice(start, i);
      // hyper(…), besselj(…) written without a backslash: a function sagga does not read, not letters.
      if (run.length > 1 && run !== 'zeta' && isUnsupportedFunction(run) && /^\s*(?:\(|\\left\s*\()/.test(input.slice(i, i + 40))) {
        fail(`sagga does not support the function '${clip(run, 24)}'`, start, 'unsupported');
      }
      splitLetterRun(run, start, out);
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= n) fail('lone backslash', i);
      const c1 = input[i + 1];
      if (!isLetter(c1)) {
        i += 2;
        switch (c1) {
          case ',':
          case ';':
          case ':':
          case '!':
          case ' ':
          case '>':
            continue; // spacing
          case '{':
            out.push({ kind: 'open', text: '(', pos: start });
            continue;
          case '}':
            out.push({ kind: 'close', text: ')', pos: start });
            continue;
          case '|':
            fail('norms (\\|) are not supported', start);
        }
        fail(`LaTeX command \\${c1} is not allowed`, start);
      }
      let j = i + 1;
      while (j < n && isLetter(input[j])) j++;
      const name = input.slice(i + 1, j);
      i = j;
      if (IGNORED.has(name)) continue;
      if (name === 'left') {
        i = delimiter(i, 'left');
        continue;
      }
      if (name === 'right') {
        i = delimiter(i, 'right');
        continue;
      }
      if (SIZERS.has(name)) {
        const side = name.endsWith('l') ? 'left' : name.endsWith('r') ? 'right' : 'neutral';
        i = delimiter(i, side);
        continue;
      }
      if (TEXT_GROUP_COMMANDS.has(name)) {
        i = textGroup(i, name);
        continue;
      }
      switch (name) {
        case 'frac':
        case 'dfrac':
        case 'tfrac':
        case 'cfrac':
          out.push({ kind: 'frac', pos: start });
          continue;
        case 'sqrt':
          out.push({ kind: 'sqrt', pos: start });
          continue;
        case 'pi':
          out.push({ kind: 'pi', pos: start });
          continue;
        case 'infty':
          out.push({ kind: 'infinity', pos: start });
          continue;
        case 'zeta':
          out.push({ kind: 'zeta', pos: start });
          continue;
        case 'gamma':
          // γ(…) is also the lower incomplete gamma function (or γ times a group): no guess.
          if (/^\s*(?:\(|\\left\s*\(|\\bigl?\s*\()/.test(input.slice(i, i + 40))) {
            fail("'\\gamma' before a parenthesis is ambiguous (Euler's constant times it, or the incomplete gamma function)", start, 'ambiguous');
          }
          out.push({ kind: 'constant', name: 'EulerGamma', pos: start });
          continue;
        case 'cdot':
        case 'times':
        case 'ast':
        case 'cdotp':
          out.push({ kind: 'op', text: '*', pos: start });
          continue;
        case 'div':
          out.push({ kind: 'op', text: '/', pos: start });
          continue;
        case 'lvert':
          out.push({ kind: 'bar', role: 'open', pos: start });
          continue;
        case 'rvert':
          out.push({ kind: 'bar', role: 'close', pos: start });
          continue;
        case 'vert':
        case 'mid':
          out.push({ kind: 'bar', role: 'either', pos: start });
          continue;
        case 'lbrace':
          out.push({ kind: 'open', text: '(', pos: start });
          continue;
        case 'rbrace':
          out.push({ kind: 'close', text: ')', pos: start });
          continue;
      }
      const f = FUNCTION_COMMANDS.get(name);
      if (f !== undefined) {
        out.push({ kind: 'fn', name: f, pos: start, spelled: name });
        continue;
      }
      const refusal = REFUSED.get(name);
      if (refusal !== undefined) fail(refusal, start);
      if (UNSUPPORTED_COMMANDS.has(name)) fail(`sagga does not support the function \\${name}`, start, 'unsupported');
      fail(`LaTeX command \\${clip(name, 24)} is not allowed`, start);
    }
    i++;
    switch (c) {
      case '+':
      case '-':
      case '/':
      case '^':
      case '_':
      case ',':
        out.push({ kind: 'op', text: c, pos: start });
        continue;
      case '*':
        if (input[i] === '*') {
          i++;
          out.push({ kind: 'op', text: '^', pos: start });
        } else out.push({ kind: 'op', text: '*', pos: start });
        continue;
      case '\u2212':
        out.push({ kind: 'op', text: '-', pos: start });
        continue;
      case '\u00d7':
      case '\u00b7':
      case '\u22c5':
        out.push({ kind: 'op', text: '*', pos: start });
        continue;
      case '\u03c0':
        out.push({ kind: 'pi', pos: start });
        continue;
      case '\u221a': // √
        out.push({ kind: 'sqrt', pos: start });
        continue;
      case '\u00b2': // ²
      case '\u00b3': // ³
        out.push({ kind: 'op', text: '^', pos: start });
        out.push({ kind: 'num', text: c === '\u00b2' ? '2' : '3', pos: start });
        continue;
      case '\u221e':
        out.push({ kind: 'infinity', pos: start });
        continue;
      case '(':
      case '[':
      case '{':
        out.push({ kind: 'open', text: c, pos: start });
        continue;
      case ')':
      case ']':
      case '}':
        out.push({ kind: 'close', text: c, pos: start });
        continue;
      case '|':
        out.push({ kind: 'bar', role: 'either', pos: start });
        continue;
      case '=':
        fail("'=' (an equation) where an expression was expected", start);
        break;
      case "'":
        fail('primes (derivatives) are not supported', start);
        break;
      case '!':
        fail('factorials are not supported', start);
        break;
      case '&':
        fail("'&' (alignment) is not supported", start);
        break;
      case '$':
        fail("'$' inside math", start);
        break;
    }
    const code = c.codePointAt(0) ?? 0;
    fail(code < 0x20 || code === 0x7f ? `control character U+${code.toString(16).padStart(4, '0')}` : `character ${JSON.stringify(c)} is not allowed`, start);
  }
  out.push({ kind: 'end', pos: n });
  return out;
}

/**
 * Where the exponent of a number in scientific notation ends, when one follows the mantissa at `at`:
 * `e` or `E`, an optional sign, digits, and then no `.`, `^` or `_` that would make the digits part
 * of something else (`2e2x` is 200x; `2ex` is 2ex and `2e^{x}` is 2e^x, having no digits after the
 * e). Undefined when there is none.
 */
function scientificExponentEnd(input: string, at: number): number | undefined {
  if (input[at] !== 'e' && input[at] !== 'E') return undefined;
  let j = at + 1;
  if (input[j] === '+' || input[j] === '-') j++;
  if (j >= input.length || !isDigit(input[j])) return undefined;
  while (j < input.length && isDigit(input[j])) j++;
  // `1e2.5` is not a number; `2e3^{2}` would raise only the exponent's last digit in TeX.
  if (input[j] === '.' || input[j] === '^' || input[j] === '_') return undefined;
  return j;
}

/**
 * In LaTeX math every letter is its own symbol (`xe` is x·e), but models also write function names
 * without a backslash (`sin(x)`, `arctan x`): known names are taken greedily, the rest letter by letter.
 */
function splitLetterRun(run: string, pos: number, out: LatexToken[]): void {
  let k = 0;
  while (k < run.length) {
    let matched = '';
    for (const w of BARE_FUNCTION_WORDS) {
      if (w.length > matched.length && run.startsWith(w, k)) matched = w;
    }
    if (run.startsWith('pi', k) && matched === '') {
      out.push({ kind: 'pi', pos: pos + k });
      k += 2;
      continue;
    }
    if (matched !== '') {
      const constant = CONSTANT_WORDS.get(matched);
      if (matched === 'sqrt') out.push({ kind: 'sqrt', pos: pos + k });
      else if (matched === 'zeta') out.push({ kind: 'zeta', pos: pos + k });
      else if (constant !== undefined) out.push({ kind: 'constant', name: constant, pos: pos + k });
      else out.push({ kind: 'fn', name: functionForName(matched)!, pos: pos + k, spelled: matched });
      k += matched.length;
      continue;
    }
    out.push({ kind: 'letter', text: run[k], pos: pos + k });
    k++;
  }
}
