import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import { toInfix } from '../expr/toInfix.js';
import type { Domain } from './domain.js';
import { parseDomain } from './parseDomain.js';
import type { Reading, Readings, TextReader, Verdict, VerifyResult } from './types.js';
import { verifyBatch } from './verifyBatch.js';

export interface VerifyJsonlOptions {
  /** Work budget per pair (see `VerifyOptions.work`). */
  readonly work?: number;
  /** Wall-clock backstop per pair, milliseconds. */
  readonly backstopMs?: number;
  /** The former name of `backstopMs`. */
  readonly budgetMs?: number;
  readonly workers?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (lines: number) => void;
  /**
   * Reads each side before verifying (the CLI's LaTeX-aware reader). With it, every line that has a
   * problem and an answer also carries `reading: {problem, answer}`; without it both sides are infix.
   */
  readonly read?: TextReader;
  /** How `read` would read a text, when that is known without reading it: infix sides are then not read twice. */
  readonly readingOf?: (text: string) => Reading;
  /**
   * Verifies a line of a task other than integrate (its `task` field names it: `verifyTaskLine` of
   * src/tasks, passed in); undefined for a line it leaves to the antiderivative check. Absent: every
   * line is an antiderivative's.
   */
  readonly taskLine?: (line: Readonly<Record<string, unknown>>) => Promise<VerifyResult | undefined>;
}

export type VerifyCounts = Record<Verdict, number> & { lines: number };

/** Longest input line accepted; the rest of a longer line is discarded unread into memory. */
export const MAX_LINE_BYTES = 1 << 20;
const BATCH = 512;

type Parsed =
  | { id: string; problem: string; answer: string; domain?: Domain; reading?: Readings }
  | { id: string; error: string; reading?: Readings }
  | { id: string; result: VerifyResult };

/**
 * The `sagga verify` contract: one JSON object per input line in, one result line per input line
 * out, in order. A bad line (not JSON, missing or non-string field, too long) is answered
 * `invalid` with what was wrong, and the batch goes on. Lines are verified in batches so that
 * output streams while large files are read.
 */
export async function verifyJsonl(input: Readable, output: Writable, opts: VerifyJsonlOptions = {}): Promise<VerifyCounts> {
  const counts: VerifyCounts = { lines: 0, correct: 0, incorrect: 0, unknown: 0, invalid: 0 };
  let pending: Parsed[] = [];

  const flush = async (): Promise<void> => {
    const good = pending.filter((p): p is Extract<Parsed, { problem: string }> => 'problem' in p);
    const verified = await verifyBatch(good, { work: opts.work, backstopMs: opts.backstopMs ?? opts.budgetMs, workers: opts.workers, signal: opts.signal });
    let g = 0;
    let text = '';
    for (const p of pending) {
      const r: VerifyResult = 'problem' in p ? verified[g++] : 'result' in p ? p.result : { verdict: 'invalid', reason: p.error, ms: 0 };
      counts[r.verdict]++;
      const line = { id: p.id, verdict: r.verdict, reason: r.reason, ms: Math.round(r.ms * 1000) / 1000 };
      const reading = 'result' in p ? p.result.reading : p.reading;
      text += JSON.stringify(reading === undefined ? line : { ...line, reading }) + '\n';
    }
    pending = [];
    if (!output.write(text)) await once(output, 'drain');
    opts.onProgress?.(counts.lines);
  };

  let line: Buffer[] = [];
  let lineBytes = 0;
  let tooLong = false;
  const endLine = async (): Promise<void> => {
    counts.lines++;
    const id = String(counts.lines);
    if (tooLong) pending.push({ id, error: `line ${counts.lines}: longer than ${MAX_LINE_BYTES} bytes` });
    else {
      const text = Buffer.concat(line).toString('utf8');
      const result = opts.taskLine === undefined ? undefined : await taskResult(text, opts.taskLine);
      if (result !== undefined) pending.push({ id: result.id ?? id, result: result.result });
      else {
        const parsed = parseLine(text, counts.lines);
        pending.push(opts.read !== undefined && 'problem' in parsed ? readPair(parsed, opts.read, opts.readingOf) : parsed);
      }
    }
    line = [];
    lineBytes = 0;
    tooLong = false;
    if (pending.length >= BATCH) await flush();
  };

  for await (const chunk of input) {
    if (opts.signal?.aborted) break;
    const buf: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      append(buf.subarray(start, nl));
      await endLine();
      start = nl + 1;
    }
    append(buf.subarray(start));
  }
  if (lineBytes > 0 || tooLong) await endLine();
  await flush();
  return counts;

  function append(part: Buffer): void {
    if (tooLong || part.length === 0) return;
    if (lineBytes + part.length > MAX_LINE_BYTES) {
      tooLong = true;
      line = [];
      return;
    }
    line.push(Buffer.from(part));
    lineBytes += part.length;
  }
}

/**
 * Both sides read with `read`; a side read as LaTeX is handed on as its canonical infix (which reads
 * back to the same tree), so that worker threads need no reader. A side the reader refuses makes the
 * line invalid, naming the side, as `verifyStrings` does.
 */
function readPair(p: { id: string; problem: string; answer: string; domain?: Domain }, read: TextReader, readingOf?: (text: string) => Reading): Parsed {
  // A side the reader would read as infix is handed on as it is: verifyStrings parses it once, where
  // the pair is verified, with the same message when it is refused. Only other notations are read here.
  const unread = (text: string): boolean => readingOf?.(text) === 'infix';
  const problemUnread = unread(p.problem);
  const answer = unread(p.answer) ? undefined : read(p.answer, 'answer');
  // The problem is read first when the answer is refused, so the error names the problem when both are.
  const problem = problemUnread && answer?.ok !== false ? undefined : read(p.problem, 'problem');
  const reading: Readings = { problem: problem?.reading ?? 'infix', answer: answer?.reading ?? 'infix' };
  if (problem !== undefined && !problem.ok) return { id: p.id, error: `problem: ${problem.error}`, reading };
  if (answer !== undefined && !answer.ok) return { id: p.id, error: `answer: ${answer.error}`, reading };
  return {
    id: p.id,
    problem: problem === undefined || problem.reading === 'infix' ? p.problem : toInfix(problem.expr),
    answer: answer === undefined || answer.reading === 'infix' ? p.answer : toInfix(answer.expr),
    ...(p.domain === undefined ? {} : { domain: p.domain }),
    reading,
  };
}

/** A task's verdict on a line that names a task other than integrate, with the line's id; undefined for any other line. */
async function taskResult(text: string, taskLine: NonNullable<VerifyJsonlOptions['taskLine']>): Promise<{ id?: string; result: VerifyResult } | undefined> {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/\r$/, ''));
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const result = await taskLine(record);
  if (result === undefined) return undefined;
  return { ...(typeof record.id === 'string' || typeof record.id === 'number' ? { id: String(record.id) } : {}), result };
}

function parseLine(text: string, n: number): Parsed {
  const trimmed = text.replace(/\r$/, '');
  const fallbackId = String(n);
  if (trimmed.trim() === '') return { id: fallbackId, error: `line ${n}: empty line` };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { id: fallbackId, error: `line ${n}: not JSON (expected {"problem": "...", "answer": "..."})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { id: fallbackId, error: `line ${n}: not a JSON object` };
  }
  const record = value as Record<string, unknown>;
  const id = typeof record.id === 'string' || typeof record.id === 'number' ? String(record.id) : fallbackId;
  for (const field of ['problem', 'answer'] as const) {
    if (!(field in record)) return { id, error: `line ${n}: missing field "${field}"` };
    if (typeof record[field] !== 'string') return { id, error: `line ${n}: field "${field}" is not a string` };
  }
  const pair = { id, problem: record.problem as string, answer: record.answer as string };
  if (record.domain === undefined || record.domain === null) return pair;
  const domain = parseDomain(record.domain);
  return domain.ok ? { ...pair, domain: domain.domain } : { id, error: `line ${n}: ${domain.error}` };
}
