import { isKnownLatexCommand } from './latexTokens.js';

/**
 * Reduce an extracted answer to the expression itself: keep the right-hand side of the last top-level
 * `=` (drops `F(x) =`, `\int f\,dx =`, `y =`), drop a trailing integration constant (`+ C`, `+ c`,
 * `+ C_1`, `+ \text{constant}` …) and trailing punctuation. Works on LaTeX and on plain infix alike.
 * Linear in the input; no regular expression here can backtrack over more than a short suffix.
 */
export function cleanAnswerText(text: string): string {
  return cleanAnswer(text).text;
}

/** `cleanAnswerText`, and whether it dropped a constant of integration (`+ C`, `C +` …). */
export function cleanAnswer(text: string): { text: string; droppedConstant: boolean } {
  let s = rightOfLastEquals(normalizeSpacing(unwrapDollars(text.trim()))).trim();
  let droppedConstant = false;
  for (let pass = 0; pass < 8; pass++) {
    const before = s;
    s = stripTrailingNoise(s);
    const noise = s;
    s = stripLeadingConstant(stripTrailingConstant(s));
    if (s !== noise) droppedConstant = true;
    if (s === before) break;
  }
  return { text: s, droppedConstant };
}

/** Spacing commands become plain spaces, so `x \;+\; C` is seen as `x + C`. */
function normalizeSpacing(s: string): string {
  return s.replace(/\\[,;:! >]|\\q?quad(?![A-Za-z])|~/g, ' ');
}

/** `\fbox{$…$}` and `\boxed{$$…$$}` carry their own math delimiters. */
/** `$…$`, `$$…$$`, `\(…\)` or `\[…\]` around the whole text removed. */
export function unwrapDollars(s: string): string {
  const m = /^(\${1,2}|\\\(|\\\[)([\s\S]*?)(\${1,2}|\\\)|\\\])$/.exec(s);
  return m === null ? s : m[2];
}

/** Text after the last `=` that is not inside braces or parentheses (`\boxed{F(x) = …}` keeps `…`). */
function rightOfLastEquals(text: string): string {
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === '=' && depth <= 0 && text[i - 1] !== '\\') cut = i;
  }
  if (cut < 0) return text;
  // Only a left side made of known notation is dropped; `\catcode`\^=7 x` keeps its `=` and is refused.
  for (const m of text.slice(0, cut).matchAll(/\\([A-Za-z]+)/g)) {
    if (!isKnownLatexCommand(m[1], true)) return text;
  }
  const rhs = text.slice(cut + 1);
  // `x^2/2 + C = ` (nothing after) keeps the left side rather than becoming empty.
  return rhs.trim() === '' ? text.slice(0, cut) : rhs;
}

const TRAILING_NOISE = /(?:\s|\.|,|;|\\[,;:! ]|\\quad|\\qquad|\\text\{\s*\}|\\\\|\\displaystyle|\\right\.|\*\*)+$/;

function stripTrailingNoise(s: string): string {
  const m = TRAILING_NOISE.exec(s.length > 200 ? s.slice(-200) : s);
  if (m === null) return s;
  return s.slice(0, s.length - m[0].length);
}

// A constant's name: C, c, K, C_1, C_{1}, \text{constant}, \mathrm{C}, \mathcal{C}, \text{const.}
const CONSTANT_NAME = String.raw`(?:C(?:_\{?\d{1,3}\}?)?|c(?:_\{?\d{1,3}\}?)?|K|\\(?:text|mathrm|mathit|mathcal|textrm|operatorname)\{\s*(?:[Cc](?:onst(?:ant)?\.?)?|K)\s*\}(?:_\{?\d{1,3}\}?)?|constant|const)`;
const TRAILING_CONSTANT = new RegExp(String.raw`\s*[+\-\u2212]\s*${CONSTANT_NAME}\s*$`);
const LEADING_CONSTANT = new RegExp(String.raw`^\s*${CONSTANT_NAME}\s*\+\s*(?=\S)`);

function stripTrailingConstant(s: string): string {
  const tail = s.length > 200 ? s.slice(-200) : s;
  const m = TRAILING_CONSTANT.exec(tail);
  if (m === null) return s;
  return s.slice(0, s.length - m[0].length);
}

function stripLeadingConstant(s: string): string {
  const m = LEADING_CONSTANT.exec(s.slice(0, 200));
  if (m === null) return s;
  return s.slice(m[0].length);
}
