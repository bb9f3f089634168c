import { tryParseExpr } from '../expr/parse.js';
import { toInfix } from '../expr/toInfix.js';
import { clip } from '../util/clip.js';
import type { Reading, TextRead, TextReader, VerifyOptions, VerifyResult } from './types.js';
import { verifyPair } from './verifyPair.js';

export interface VerifyStringsOptions extends VerifyOptions {
  /** Reads each side (default: the whitelisting infix parser); the result then says which reading was used. */
  readonly read: TextReader;
}

const readInfix: TextReader = (text) => {
  const r = tryParseExpr(text);
  return r.ok ? { ok: true, expr: r.expr, reading: 'infix' } : { ok: false, error: r.error.message, reading: 'infix' };
};

/** `verifyPair` on text: anything the reader rejects is `invalid`, naming the side. */
export function verifyStrings(problem: string, answer: string, opts: Partial<VerifyStringsOptions> = {}): VerifyResult {
  const started = performance.now();
  const read = opts.read ?? readInfix;
  const p = read(problem, 'problem');
  const a = read(answer, 'answer');
  const extra = opts.read === undefined ? {} : readingFields(p, a);
  if (!p.ok) return { verdict: 'invalid', reason: `problem: ${p.error}`, ms: performance.now() - started, ...extra };
  if (!a.ok) return { verdict: 'invalid', reason: `answer: ${a.error}`, ms: performance.now() - started, ...extra };
  const { read: _read, ...options } = opts;
  const r = verifyPair(p.expr, a.expr, options);
  return { ...r, ms: performance.now() - started, ...extra };
}

/** The `reading` of both sides and a note for each side read as LaTeX. */
function readingFields(p: TextRead, a: TextRead): { reading: { problem: Reading; answer: Reading }; readAs?: string } {
  const notes: string[] = [];
  for (const [side, r] of [['problem', p], ['answer', a]] as const) {
    if (!r.ok || r.reading !== 'latex') continue;
    notes.push(`${side} read as LaTeX${r.note === undefined ? '' : `, ${r.note}`}: ${clip(toInfix(r.expr), 200)}`);
  }
  const reading = { problem: p.reading, answer: a.reading };
  return notes.length === 0 ? { reading } : { reading, readAs: notes.join('; ') };
}
