import { readFileSync } from 'node:fs';
import type { Label } from './readLabelledPairs.js';

/** One line of tests/fixtures/labelled/definite.jsonl (or of its pending companion). */
export interface DefinitePair {
  readonly id: string;
  readonly task: 'definite';
  readonly problem: string;
  readonly lower: string;
  readonly upper: string;
  readonly answer: string;
  readonly label: Label;
  readonly family: string;
  /** How the answer was made: `closed`, `other-form`, `decimal`, `sign`, `factor`, `term`, `near-rational`, `decimal-off`. */
  readonly variant: string;
  /** The named constant the answer needs that the infix reader may not know yet. */
  readonly pending?: string;
}

/** The labelled definite integrals, checked line by line so that a damaged file fails loudly. */
export function readDefinitePairs(path: string): DefinitePair[] {
  const pairs: DefinitePair[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      const raw: unknown = JSON.parse(line);
      if (!isDefinitePair(raw)) throw new Error(`${path}:${i + 1}: not a labelled definite integral: ${line.slice(0, 120)}`);
      pairs.push(raw);
    });
  return pairs;
}

function isDefinitePair(v: unknown): v is DefinitePair {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const strings = ['id', 'problem', 'lower', 'upper', 'answer', 'family', 'variant'].every((k) => typeof o[k] === 'string');
  return strings && o.task === 'definite' && (o.label === 'correct' || o.label === 'incorrect') && (o.pending === undefined || typeof o.pending === 'string');
}
