import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { ZERO_TOTALS } from '../../src/run/runFiles.js';
import { runConfigFixture } from '../run/runConfigFixture.js';

/** The scripted model under test: wrong exactly on problems containing c^(x^2) (c ≥ 2), declines the rest but the canaries. */
export const POWER_OF_SQUARE = resolve(__dirname, '../fixtures/cmd/wrong-on-power-of-square.mjs');

/** Its `--target` spec, with a request log and a hang switch when given. */
export function powerOfSquareSpec(files: { log?: string; hangAfterFile?: string } = {}): string {
  return `cmd:node ${POWER_OF_SQUARE}${files.log ? ` --log ${files.log}` : ''}${files.hangAfterFile ? ` --hang-after-file ${files.hangAfterFile}` : ''}`;
}

/** An archive line of a failure as a search against the fixture writes it (an older run's: no proof, minimal or signature). */
export function wrongLine(id: string, problem: string, target: string): Record<string, unknown> {
  const p = toInfix(parseExpr(problem));
  const answer = toInfix(parseExpr(`x*(${p})`));
  return {
    id,
    problem: p,
    key: canonicalKey(parseExpr(p)),
    generation: Number(id.slice(1, id.indexOf('-'))),
    fitness: 0.1,
    target,
    kind: 'wrong',
    reason: "F' differs from f",
    parent: 'x',
    answers: [{ text: answer, status: 'ok', verdict: 'incorrect', reason: "F' differs from f", answer }],
  };
}

export function declinedLine(id: string, problem: string, target: string): Record<string, unknown> {
  const p = toInfix(parseExpr(problem));
  return {
    id,
    problem: p,
    key: canonicalKey(parseExpr(p)),
    generation: Number(id.slice(1, id.indexOf('-'))),
    fitness: 0.1,
    target,
    kind: 'no-answer',
    reason: 'the program returned no answer',
    parent: 'x',
    answers: [{ text: '', status: 'no-answer', verdict: null, reason: 'the program returned no answer' }],
  };
}

export interface ShrinkRun {
  readonly dir: string;
  /** archive.jsonl as written. */
  readonly archive: string;
  /** checkpoint.json's offsets.archive: the committed lines' bytes. */
  readonly committed: number;
}

/**
 * A run directory of a search against `target`: config.json, a checkpoint that has committed the
 * `committed` lines, then `uncommitted` lines (a search killed mid-generation) and a torn last line.
 */
export function writeShrinkRun(
  dir: string,
  target: string,
  committed: readonly Record<string, unknown>[],
  uncommitted: readonly Record<string, unknown>[] = [],
  torn = '',
): ShrinkRun {
  mkdirSync(dir, { recursive: true });
  const head = committed.map((l) => JSON.stringify(l) + '\n').join('');
  const archive = head + uncommitted.map((l) => JSON.stringify(l) + '\n').join('') + torn;
  writeFileSync(join(dir, 'archive.jsonl'), archive);
  writeFileSync(join(dir, 'config.json'), JSON.stringify(runConfigFixture({ target, k: 1, rngSeed: '2022' }), null, 2));
  const committedBytes = Buffer.byteLength(head);
  writeFileSync(
    join(dir, 'checkpoint.json'),
    JSON.stringify({
      format: 1,
      engine: { generation: 2 },
      rngState: null,
      totals: ZERO_TOTALS,
      offsets: { archive: committedBytes, evaluated: 0, generations: 0 },
      updated: 'then',
    }) + '\n',
  );
  return { dir, archive, committed: committedBytes };
}
