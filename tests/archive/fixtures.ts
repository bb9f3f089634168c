import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Hand-written archive lines in the format of docs/FORMATS.md, chosen to be awkward: text with commas,
 * quotes, line breaks, non-ASCII and a spreadsheet formula; missing optional fields; two answers;
 * a fitness that is not an integer; a problem starting with a minus sign.
 */
export const TRICKY_LINES: Record<string, unknown>[] = [
  {
    id: 'g1-1',
    problem: 'x^2 + 3*x',
    latex: 'x^{2} + 3 x',
    key: '+(*(3,x),^(x,2))',
    generation: 1,
    fitness: 0.1111111111111111,
    length: 9,
    chars: 9,
    tokens: 7,
    nodes: 6,
    depth: 3,
    terms: 2,
    target: 'nerdamer',
    kind: 'wrong',
    reason: 'the derivative of the answer differs from the integrand at x = 0.5',
    parent: 'x^2',
    answers: [{ text: 'x^3/3 + 3*x^2, "roughly"', status: 'ok', verdict: 'incorrect', reason: 'differs at x = 0.5, 1.5', answer: 'x^3/3 + 3*x^2' }],
  },
  {
    id: 'g1-2',
    problem: '-sin(2*x)',
    generation: 1,
    fitness: 0.1,
    length: 9,
    nodes: 4,
    depth: 3,
    target: 'openai:gpt-4o-mini',
    kind: 'unparseable',
    answers: [
      { text: '=HYPERLINK("http://evil.example")', verdict: null, reason: 'no expression could be read' },
      { text: 'Line one,\nline two with a "quote" and ∫ dx', status: 'unparseable', reason: 'nothing to parse' },
    ],
  },
  {
    id: 'g2-7',
    problem: 'cos(x)*x + 1',
    generation: 2,
    fitness: 0.0833,
    length: 12,
    nodes: 6,
    depth: 3,
    target: 'nerdamer',
    kind: 'no-answer',
    reason: 'nerdamer returned the integral (partly) unevaluated',
    answers: [{ text: 'integrate(x*cos(x),x)+x', status: 'no-answer', reason: 'returned unevaluated' }],
  },
  {
    id: 'g3-4',
    problem: 'x*exp(x) + x + 5',
    generation: 3,
    fitness: 0.0625,
    length: 16,
    nodes: 8,
    depth: 3,
    terms: 3,
    target: 'nerdamer',
    kind: 'timeout',
    answers: [{ text: '', status: 'timeout', reason: 'no answer within 5 s' }],
  },
];

/** A run directory holding `lines` as its archive (plus optional generations and config). */
export function writeRun(dir: string, lines: readonly unknown[], extra: { generations?: readonly unknown[]; config?: unknown; archiveText?: string } = {}): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'archive.jsonl'), extra.archiveText ?? lines.map((l) => JSON.stringify(l) + '\n').join(''));
  if (extra.generations) writeFileSync(join(dir, 'generations.jsonl'), extra.generations.map((g) => JSON.stringify(g) + '\n').join(''));
  if (extra.config !== undefined) writeFileSync(join(dir, 'config.json'), JSON.stringify(extra.config));
  return dir;
}
