import { instantiate } from '../expr/edit/instantiate.js';
import { tryParseExpr } from '../expr/parse.js';
import type { ReadOptions } from '../expr/readOptions.js';
import { toInfix } from '../expr/toInfix.js';
import { clip } from '../util/clip.js';
import { parameterNames, type ParameterAssumptions } from './parameterAssumptions.js';
import type { Reading, TextRead, TextReader, VerifyOptions, VerifyResult } from './types.js';
import { verifyOverInstantiations, type InstantiationOptions } from './verifyOverInstantiations.js';
import { verifyPair } from './verifyPair.js';

export interface VerifyStringsOptions extends VerifyOptions, InstantiationOptions {
  /** Reads each side (default: the whitelisting infix parser); the result then says which reading was used. */
  readonly read: TextReader;
  /**
   * The pair's parameters and their assumptions (a line's `parameters`): both sides may use them, and
   * the answer is checked over random instantiations of them (verifyOverInstantiations).
   */
  readonly parameters: ParameterAssumptions;
}

const readInfix: TextReader = (text, _side, options) => {
  const r = tryParseExpr(text, undefined, options);
  return r.ok ? { ok: true, expr: r.expr, reading: 'infix' } : { ok: false, error: r.error.message, reading: 'infix' };
};

/** `verifyPair` on text: anything the reader rejects is `invalid`, naming the side. */
export function verifyStrings(problem: string, answer: string, opts: Partial<VerifyStringsOptions> = {}): VerifyResult {
  const started = performance.now();
  const read = opts.read ?? readInfix;
  const names = parameterNames(opts.parameters ?? {});
  const readOptions: ReadOptions | undefined = names.length === 0 ? undefined : { parameters: names };
  const p = read(problem, 'problem', readOptions);
  const a = read(answer, 'answer', readOptions);
  const extra = opts.read === undefined ? {} : readingFields(p, a);
  if (!p.ok) return { verdict: 'invalid', reason: `problem: ${p.error}`, ms: performance.now() - started, ...extra };
  if (!a.ok) return { verdict: 'invalid', reason: `answer: ${a.error}`, ms: performance.now() - started, ...extra };
  const { read: _read, parameters = {}, instantiations, rng, ...options } = opts;
  const r = verifyOverInstantiations(parameters, (values) => verifyPair(instantiate(p.expr, values), instantiate(a.expr, values), options), {
    instantiations,
    rng,
  });
  return { ...r, ms: performance.now() - started, ...extra };
}

/** The `reading` of both sides and a note for each side read as LaTeX. */
function readingFields(p: TextRead, a: TextRead): { reading: { problem: Reading; answer: Reading }; readAs?: string } {
  const notes: string[] = [];
  for (const [side, r] of [
    ['problem', p],
    ['answer', a],
  ] as const) {
    if (!r.ok || r.reading !== 'latex') continue;
    notes.push(`${side} read as LaTeX${r.note === undefined ? '' : `, ${r.note}`}: ${clip(toInfix(r.expr), 200)}`);
  }
  const reading = { problem: p.reading, answer: a.reading };
  return notes.length === 0 ? { reading } : { reading, readAs: notes.join('; ') };
}
