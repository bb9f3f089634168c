import { tryParseExpr } from '../expr/parse.js';
import type { Expr } from '../expr/types.js';
import { clip } from '../util/clip.js';

/** Most expressions one file may hold; a seed or target file is tiny, so more means a wrong file. */
export const MAX_EXPRESSION_LINES = 100_000;

/**
 * Parse a text of one expression per line: blank lines are skipped and `#` starts a comment
 * (whole-line or trailing; `#` means nothing in an expression). Each line goes through the
 * whitelisting parser. A line that does not parse throws an Error naming `sourceName`, the line
 * number and the column (1-based) where the parser stopped, with the parser's message.
 */
export function parseExpressionLines(text: string, sourceName: string): Expr[] {
  const exprs: Expr[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const hash = line.indexOf('#');
    const content = hash >= 0 ? line.slice(0, hash) : line;
    if (content.trim() === '') continue;
    if (exprs.length >= MAX_EXPRESSION_LINES) throw new Error(`${sourceName}: more than ${MAX_EXPRESSION_LINES} expressions`);
    const parsed = tryParseExpr(content);
    if (!parsed.ok) {
      const column = parsed.error.position + 1;
      throw new Error(
        `${sourceName}:${i + 1}:${column}: cannot parse ${JSON.stringify(clip(content.trim(), 80))}: ${parsed.error.message} (line ${i + 1}, column ${column})`,
      );
    }
    exprs.push(parsed.expr);
  }
  return exprs;
}
