import { readFileSync } from 'node:fs';
import { MAX_ANSWER_CHARS } from '../util/clip.js';
import type { LabelledPair } from './judgeEvalTypes.js';

/** A pairs file is small; more lines than this means a wrong file. */
const MAX_LINES = 1_000_000;
const MAX_ID = 200;

export interface LabelledPairs {
  readonly pairs: readonly LabelledPair[];
  /** Lines left out, as `file:line: why`. */
  readonly skipped: readonly string[];
}

/**
 * The labelled pairs of `sagga judge-eval --pairs FILE`: JSON Lines `{"id"?, "problem", "answer",
 * "label": "correct"|"incorrect"}` (other fields are ignored). A line without both texts and a valid
 * label, or with a text longer than an answer may be, is left out and named; ids default to
 * `line-<n>` and a repeated id gets a suffix, so every verdict can be traced to its line.
 */
export function readLabelledPairs(path: string): LabelledPairs {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  if (lines.length > MAX_LINES) throw new Error(`${path}: more than ${MAX_LINES} lines; is this a pairs file?`);
  const pairs: LabelledPair[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${path}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      skipped.push(`${where}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      skipped.push(`${where}: not a JSON object`);
      return;
    }
    const o = value as Record<string, unknown>;
    if (typeof o.problem !== 'string' || typeof o.answer !== 'string' || o.problem.trim() === '' || o.answer.trim() === '') {
      skipped.push(`${where}: needs "problem" and "answer" strings`);
      return;
    }
    if (o.label !== 'correct' && o.label !== 'incorrect') {
      skipped.push(`${where}: "label" must be "correct" or "incorrect"`);
      return;
    }
    if (o.problem.length > MAX_ANSWER_CHARS || o.answer.length > MAX_ANSWER_CHARS) {
      skipped.push(`${where}: a text longer than ${MAX_ANSWER_CHARS} characters`);
      return;
    }
    const given = typeof o.id === 'string' && o.id !== '' ? o.id.slice(0, MAX_ID) : typeof o.id === 'number' ? String(o.id) : `line-${i + 1}`;
    let id = given;
    for (let n = 2; seen.has(id); n++) id = `${given}#${n}`;
    seen.add(id);
    pairs.push({ id, problem: o.problem, answer: o.answer, label: o.label });
  });
  return { pairs, skipped };
}
