import { readFileSync } from 'node:fs';
import type { ReadWarning } from './runData.js';
import { clip } from '../util/clip.js';

/** A parsed line and its 1-based line number. */
export interface NumberedValue {
  readonly line: number;
  readonly value: unknown;
}

export interface JsonLines {
  readonly values: NumberedValue[];
  readonly warnings: ReadWarning[];
}

/** Longest excerpt of a parser message kept in a warning (messages may quote the bad line). */
const MESSAGE_LIMIT = 160;

/**
 * Parse JSON Lines text without giving up on the first bad line: every line that is not JSON is
 * reported as `file:line` and skipped. A last line without its newline that does not parse is
 * reported as cut off (a run killed while writing); one that parses is kept.
 * `file` is only used to name the lines in warnings.
 */
export function parseJsonLines(text: string, file: string): JsonLines {
  const values: NumberedValue[] = [];
  const warnings: ReadWarning[] = [];
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    if (raw.trim() === '') continue;
    const isLast = i === lines.length - 1;
    try {
      values.push({ line: i + 1, value: JSON.parse(raw) });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      warnings.push({
        file,
        line: i + 1,
        message:
          isLast && !endsWithNewline
            ? `last line is cut off (no newline, not complete JSON: the run was probably killed while writing); skipped`
            : `not valid JSON (${clip(reason, MESSAGE_LIMIT)}); skipped`,
      });
    }
  }
  return { values, warnings };
}

/** `parseJsonLines` of a file; a missing file reads as empty, an unreadable one as a warning. */
export function readJsonLines(path: string, file: string = path): JsonLines & { readonly exists: boolean } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { values: [], warnings: [], exists: false };
    return { values: [], warnings: [{ file, line: null, message: `cannot read (${code ?? String(err)})` }], exists: true };
  }
  return { ...parseJsonLines(text, file), exists: true };
}
