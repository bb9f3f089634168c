import { tryParseExpr } from '../expr/parse.js';
import type { Expr } from '../expr/types.js';

/** One usable line of a problem file. */
export interface ProblemLine {
  /** 1-based line number in the file. */
  readonly line: number;
  /** The line's `id`, or `line-<n>` when it has none. */
  readonly id: string;
  readonly problem: Expr;
  /** The line's known antiderivative, when it gave one that parses. */
  readonly answer?: Expr;
}

/** A line that was skipped, and why. */
export interface SkippedLine {
  readonly line: number;
  readonly message: string;
}

export interface ProblemLines {
  readonly problems: readonly ProblemLine[];
  readonly skipped: readonly SkippedLine[];
}

/** A problem file is small; more lines than this means a wrong file. */
export const MAX_PROBLEM_LINES = 1_000_000;

/**
 * Read a problem file: JSON Lines `{"id"?, "problem", "answer"?}`, or one bare expression per
 * line. Blank lines and lines starting with `#` are ignored. A line without a parseable problem
 * is skipped and reported with its number; an unparseable `answer` is reported and dropped (the
 * problem is kept: families that need no answer can still use it). Nothing here evaluates text:
 * every expression goes through the whitelisting parser.
 */
export function readProblemLines(text: string): ProblemLines {
  const problems: ProblemLine[] = [];
  const skipped: SkippedLine[] = [];
  const lines = text.split(/\r?\n/);
  if (lines.length > MAX_PROBLEM_LINES) throw new Error(`more than ${MAX_PROBLEM_LINES} lines`);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i].trim();
    if (raw === '' || raw.startsWith('#')) continue;
    let problemText: unknown = raw;
    let answerText: unknown;
    let id: unknown;
    if (raw.startsWith('{')) {
      let obj: unknown;
      try {
        obj = JSON.parse(raw);
      } catch (err) {
        skipped.push({ line: lineNo, message: `not valid JSON (${err instanceof Error ? err.message : String(err)})` });
        continue;
      }
      if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
        skipped.push({ line: lineNo, message: 'expected a JSON object with a "problem" field' });
        continue;
      }
      const rec = obj as Record<string, unknown>;
      problemText = rec.problem;
      answerText = rec.answer;
      id = rec.id;
    }
    if (typeof problemText !== 'string' || problemText.trim() === '') {
      skipped.push({ line: lineNo, message: 'no "problem" string' });
      continue;
    }
    const parsed = tryParseExpr(problemText);
    if (!parsed.ok) {
      skipped.push({ line: lineNo, message: `cannot parse problem: ${parsed.error.message}` });
      continue;
    }
    let answer: Expr | undefined;
    if (typeof answerText === 'string' && answerText.trim() !== '') {
      const a = tryParseExpr(answerText);
      if (a.ok) answer = a.expr;
      else skipped.push({ line: lineNo, message: `answer ignored, cannot parse it: ${a.error.message}` });
    }
    const name = typeof id === 'string' && id !== '' ? id.slice(0, 200) : typeof id === 'number' ? String(id) : `line-${lineNo}`;
    problems.push({ line: lineNo, id: name, problem: parsed.expr, ...(answer ? { answer } : {}) });
  }
  return { problems, skipped };
}
