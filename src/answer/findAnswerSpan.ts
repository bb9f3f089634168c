/** Where in a response the answer was found. */
export type AnswerSource = 'boxed' | 'final-answer' | 'math' | 'bare';

export interface AnswerSpan {
  readonly source: AnswerSource;
  /** The answer text (inside the box / delimiters), not yet cleaned. */
  readonly text: string;
  /** Offset in the response where the span starts; used to tell whether a refusal came after it. */
  readonly start: number;
  /** Inside math (a box or math delimiters): read as LaTeX first. Otherwise plain text: infix first. */
  readonly math: boolean;
}

/**
 * Locate the answer in a model's response, in this order:
 * 1. the last `\boxed{…}` (or `\fbox{…}`) whose braces balance;
 * 2. after the last "final answer is" / "The final answer is:" / "Final Answer:" / "Answer:" marker:
 *    the math block that follows, or the rest of that line;
 * 3. the last non-trivial math block (`$$…$$`, `\[…\]`, `$…$`, `\(…\)`); "non-trivial" skips blocks
 *    such as `$C$` or `$x$` that name a symbol after the answer ("where $C$ is a constant");
 * 4. the whole response, when it is short and has no other structure (a bare expression).
 * Every step is linear in the length of the response.
 */
export function findAnswerSpan(response: string): AnswerSpan | undefined {
  return findBoxed(response) ?? findFinalAnswer(response) ?? findLastMath(response) ?? findBare(response);
}

function findBoxed(text: string): AnswerSpan | undefined {
  const matching = matchBraces(text);
  const starts: number[] = [];
  const re = /\\(?:boxed|fbox)\s*\{/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) starts.push(m.index + m[0].length - 1);
  for (let k = starts.length - 1; k >= 0; k--) {
    const open = starts[k];
    const close = matching.get(open);
    if (close === undefined) continue; // unbalanced (e.g. a truncated response): try an earlier box
    const inner = text.slice(open + 1, close);
    if (inner.trim() === '') continue;
    return { source: 'boxed', text: inner, start: open + 1, math: true };
  }
  return undefined;
}

/** Position of the matching `}` for every `{` that has one (escaped `\{ \}` are not braces). */
function matchBraces(text: string): Map<number, number> {
  const result = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++; // skip the escaped character
      continue;
    }
    if (c === '{') stack.push(i);
    else if (c === '}' && stack.length > 0) result.set(stack.pop()!, i);
  }
  return result;
}

// "The final answer is …", "Final answer: …", a "**Final Answer**" / "### Final Answer" heading,
// "Answer: …" at the start of a line. A mere mention ("before the final answer, check …") is not a marker.
const FINAL_ANSWER_MARKERS: readonly RegExp[] = [
  /final answer\s+is\b[ \t]*(?:\*\*)?[ \t]*[:：]?/gi,
  /final answer[ \t]*(?:\*\*)?[ \t]*[:：]/gi,
  /(?:^|\n)[ \t]*(?:\*\*|#{1,6}[ \t]*)final answer[ \t]*(?:\*\*)?[ \t]*(?=\r?\n)/gi,
  /(?:^|\n)[ \t]*(?:\*\*)?answer[ \t]*(?:\*\*)?[ \t]*[:：]/gi,
];

function findFinalAnswer(text: string): AnswerSpan | undefined {
  let end = -1;
  for (const re of FINAL_ANSWER_MARKERS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) end = Math.max(end, m.index + m[0].length);
  }
  if (end < 0) return undefined;
  let from = end;
  // The answer may start on the next line ("Final Answer:\n$$ … $$"); skip blank space and bold marks.
  while (from < text.length && (/\s/.test(text[from]) || text[from] === '*')) from++;
  const rest = text.slice(from, from + 20_000);
  const eol = rest.indexOf('\n');
  const blocks = mathBlocks(rest, 1);
  // A math block that begins on the answer's line is the answer (it may span several lines).
  if (blocks.length > 0 && (eol < 0 || blocks[0].start < eol)) {
    return { source: 'final-answer', text: blocks[0].content, start: from + blocks[0].contentStart, math: true };
  }
  // Markdown bold around the line, not `**` inside it (which is a power in SymPy syntax).
  let line = (eol < 0 ? rest : rest.slice(0, eol))
    .trim()
    .replace(/^\*\*|\*\*$/g, '')
    .trim();
  // "x^2/2 + C, where C is a constant." keeps only the expression.
  const remark = /,?\s+(?:where|for|with|which|if)\s/i.exec(line);
  if (remark !== null) line = line.slice(0, remark.index);
  if (line === '') return undefined;
  return { source: 'final-answer', text: line, start: from, math: false };
}

interface MathBlock {
  readonly start: number;
  readonly content: string;
  readonly contentStart: number;
}

/** All math blocks in order. `$$`, `\[`, `\(` and single `$` delimiters; `\$` is a literal dollar. */
function mathBlocks(text: string, limit = Infinity): MathBlock[] {
  const out: MathBlock[] = [];
  const n = text.length;
  let i = 0;
  // Once a closing delimiter of some kind is known to be absent, stop looking for it (keeps this linear).
  const exhausted = new Set<string>();
  while (i < n && out.length < limit) {
    const c = text[i];
    let open = '';
    let close = '';
    if (c === '\\' && (text[i + 1] === '[' || text[i + 1] === '(')) {
      open = text.slice(i, i + 2);
      close = text[i + 1] === '[' ? '\\]' : '\\)';
    } else if (c === '\\') {
      i += 2;
      continue;
    } else if (c === '$') {
      open = text[i + 1] === '$' ? '$$' : '$';
      close = open;
    } else {
      i++;
      continue;
    }
    if (exhausted.has(close)) {
      i += open.length;
      continue;
    }
    const contentStart = i + open.length;
    const end = findClosing(text, contentStart, close);
    if (end < 0) {
      exhausted.add(close);
      i += open.length;
      continue;
    }
    out.push({ start: i, content: text.slice(contentStart, end), contentStart });
    i = end + close.length;
  }
  return out;
}

function findClosing(text: string, from: number, close: string): number {
  let j = from;
  for (;;) {
    const k = text.indexOf(close, j);
    if (k < 0) return -1;
    // A single `$` closer must not be the first half of `$$`, nor an escaped `\$`.
    if (close === '$' && (text[k - 1] === '\\' || text[k + 1] === '$')) {
      j = k + (text[k + 1] === '$' ? 2 : 1);
      continue;
    }
    return k;
  }
}

/** A block that only names a symbol or states a condition: `$C$`, `$x$`, `$dx$`, `$x > 0$`, `$x \neq 1$`. */
function isTrivial(content: string): boolean {
  const s = content.trim();
  if (s === '') return true;
  if (/[<>\u2260\u2264\u2265]|\\(?:neq?|[gl]eq?|[gl]eqslant|[gl]t|in|notin)(?![A-Za-z])/.test(s)) return true;
  if (/^d\s*x$/.test(s)) return true;
  if (/^\\?[A-Za-z]{1,2}$/.test(s)) return true;
  if (/^(?:C|c|K)(?:_\{?\d+\}?)?$/.test(s)) return true;
  return false;
}

function findLastMath(text: string): AnswerSpan | undefined {
  const blocks = mathBlocks(text);
  if (blocks.length === 0) return undefined;
  for (let k = blocks.length - 1; k >= 0; k--) {
    if (!isTrivial(blocks[k].content)) return { source: 'math', text: blocks[k].content, start: blocks[k].contentStart, math: true };
  }
  // Only trivial blocks: the last one may still be the answer (∫ 1 dx = $x$).
  const last = blocks[blocks.length - 1];
  return { source: 'math', text: last.content, start: last.contentStart, math: true };
}

function findBare(text: string): AnswerSpan | undefined {
  const s = text.trim();
  if (s === '' || s.length > 5000) return undefined;
  return { source: 'bare', text: s, start: text.indexOf(s[0]), math: false };
}
