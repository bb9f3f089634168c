import { readFileSync } from 'node:fs';

export type Label = 'correct' | 'incorrect';

/** One line of tests/fixtures/labelled/pairs.jsonl. */
export interface LabelledPair {
  readonly id: string;
  readonly problem: string;
  readonly answer: string;
  readonly label: Label;
  readonly family: string;
}

/** The labelled fixture, checked line by line so that a damaged file fails loudly, not quietly. */
export function readLabelledPairs(path: string): LabelledPair[] {
  const pairs: LabelledPair[] = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const raw: unknown = JSON.parse(line);
    if (!isLabelledPair(raw)) throw new Error(`${path}:${i + 1}: not a labelled pair: ${line.slice(0, 120)}`);
    pairs.push(raw);
  });
  return pairs;
}

function isLabelledPair(v: unknown): v is LabelledPair {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    typeof o.problem === 'string' &&
    typeof o.answer === 'string' &&
    (o.label === 'correct' || o.label === 'incorrect') &&
    typeof o.family === 'string'
  );
}
