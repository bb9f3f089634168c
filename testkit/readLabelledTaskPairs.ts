import { readFileSync } from 'node:fs';
import type { Label } from './readLabelledPairs.js';

/** One line of tests/fixtures/labelled/series.jsonl. */
export interface LabelledSeriesPair {
  readonly id: string;
  readonly task: 'series';
  readonly problem: string;
  readonly point: string;
  readonly order: number;
  readonly answer: string;
  readonly label: Label;
  readonly family: string;
}

/** One line of tests/fixtures/labelled/limit.jsonl. */
export interface LabelledLimitPair {
  readonly id: string;
  readonly task: 'limit';
  readonly problem: string;
  readonly point: string;
  readonly direction?: string;
  readonly answer: string;
  readonly label: Label;
  readonly family: string;
}

/** One line of tests/fixtures/labelled/ode.jsonl. */
export interface LabelledOdePair {
  readonly id: string;
  readonly task: 'ode';
  readonly problem: string;
  readonly conditions: readonly string[];
  readonly answer: string;
  readonly label: Label;
  readonly family: string;
  readonly parameters?: Readonly<Record<string, string>>;
}

export type LabelledTaskPair = LabelledSeriesPair | LabelledLimitPair | LabelledOdePair;

/** A labelled set of one task, checked line by line so that a damaged file fails loudly. */
export function readLabelledTaskPairs<T extends LabelledTaskPair['task']>(path: string, task: T): Extract<LabelledTaskPair, { task: T }>[] {
  const pairs: Extract<LabelledTaskPair, { task: T }>[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      const raw: unknown = JSON.parse(line);
      if (!isTaskPair(raw) || raw.task !== task) throw new Error(`${path}:${i + 1}: not a labelled ${task} pair: ${line.slice(0, 120)}`);
      pairs.push(raw as Extract<LabelledTaskPair, { task: T }>);
    });
  return pairs;
}

function isTaskPair(v: unknown): v is LabelledTaskPair {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const common =
    typeof o.id === 'string' &&
    typeof o.problem === 'string' &&
    typeof o.answer === 'string' &&
    (o.label === 'correct' || o.label === 'incorrect') &&
    typeof o.family === 'string';
  if (!common) return false;
  if (o.task === 'ode') {
    const parameters =
      o.parameters === undefined ||
      (typeof o.parameters === 'object' && o.parameters !== null && Object.values(o.parameters).every((v) => typeof v === 'string'));
    return Array.isArray(o.conditions) && o.conditions.every((c) => typeof c === 'string') && parameters;
  }
  if (typeof o.point !== 'string') return false;
  if (o.task === 'series') return typeof o.order === 'number';
  return o.task === 'limit' && (o.direction === undefined || typeof o.direction === 'string');
}
