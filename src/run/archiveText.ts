import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotARunError } from './readRun.js';
import { RUN_FILES } from './runSchema.js';

/** A line of archive.jsonl as it is on disk. */
export interface ArchiveTextLine {
  /** Without its newline. */
  readonly text: string;
  /** 1-based. */
  readonly number: number;
  /** With its newline, in UTF-8. */
  readonly bytes: number;
}

/** archive.jsonl byte for byte: its complete lines, and what follows the last newline (a line cut by a kill). */
export interface ArchiveText {
  readonly path: string;
  readonly text: string;
  readonly lines: readonly ArchiveTextLine[];
  readonly tail: string;
}

/**
 * archive.jsonl of run directory `dir` as text, for a command that rewrites some of its lines and
 * keeps the others byte for byte (`archive shrink`, then `rewriteArchive`). A NotARunError when
 * the directory has none.
 */
export function readArchiveText(dir: string): ArchiveText {
  const path = join(dir, RUN_FILES.archive);
  if (!existsSync(path)) throw new NotARunError(`${dir}: no ${RUN_FILES.archive} here`, dir);
  const text = readFileSync(path, 'utf8');
  const complete = text.lastIndexOf('\n') + 1;
  const body = text.slice(0, complete);
  const lines = body === '' ? [] : body.slice(0, -1).split('\n');
  return { path, text, lines: lines.map((t, i) => ({ text: t, number: i + 1, bytes: Buffer.byteLength(t, 'utf8') + 1 })), tail: text.slice(complete) };
}
