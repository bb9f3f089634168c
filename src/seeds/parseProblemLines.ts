import { tryParseExpr } from '../expr/parse.js';
import type { Expr } from '../expr/types.js';
import { clip } from '../util/clip.js';
import { MAX_EXPRESSION_LINES } from './parseExpressionLines.js';

/** Longest line read: a problem line holds an expression and a few short fields. */
const MAX_LINE_CHARS = 100_000;

/** Reads a line's `problem` into its tree: the whitelisting parser, or a task's reading (an ODE's equation has its right-hand side for tree). */
export type LineTreeReader = (
  problem: string,
  line: Readonly<Record<string, unknown>>,
) => { readonly ok: true; readonly expr: Expr } | { readonly ok: false; readonly error: string };

/** The whitelisting infix parser, the problem being the tree itself. */
export const readProblemTree: LineTreeReader = (problem) => {
  const parsed = tryParseExpr(problem);
  return parsed.ok ? parsed : { ok: false, error: parsed.error.message };
};

/**
 * Parse JSON Lines of problems: one object per line with a `problem` string, read by `read` (the
 * whitelisting parser unless a caller that knows the tasks reads it as the line's task does), and
 * whatever other fields the line has (a task's parameters, kept as they are for the task to read);
 * blank lines and lines starting with `#` are skipped. A line that is not such an object, or whose
 * problem does not parse, throws an Error naming `sourceName` and the line number.
 */
export function parseProblemLines(
  text: string,
  sourceName: string,
  read: LineTreeReader = readProblemTree,
): { exprs: Expr[]; lines: Readonly<Record<string, unknown>>[] } {
  const exprs: Expr[] = [];
  const lines: Readonly<Record<string, unknown>>[] = [];
  const raw = text.split(/\r?\n/);
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    if (exprs.length >= MAX_EXPRESSION_LINES) throw new Error(`${sourceName}: more than ${MAX_EXPRESSION_LINES} problems`);
    const where = `${sourceName}:${i + 1}`;
    if (line.length > MAX_LINE_CHARS) throw new Error(`${where}: a line longer than ${MAX_LINE_CHARS} characters`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new Error(`${where}: not a JSON object (${err instanceof Error ? err.message : String(err)})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where}: not a JSON object`);
    const record = value as Record<string, unknown>;
    if (typeof record.problem !== 'string') throw new Error(`${where}: no "problem" string`);
    const parsed = read(record.problem, record);
    if (!parsed.ok) throw new Error(`${where}: cannot parse ${JSON.stringify(clip(record.problem, 80))}: ${parsed.error}`);
    exprs.push(parsed.expr);
    lines.push(record);
  }
  return { exprs, lines };
}
