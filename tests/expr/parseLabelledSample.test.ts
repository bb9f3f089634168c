import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { parseExpr } from '../../src/expr/parse.js';
import { toPrefix } from '../../src/expr/toPrefix.js';

interface Pinned {
  readonly set: string;
  readonly family: string;
  readonly text: string;
  /** Canonical key and prefix tokens of the tree the reader gave when the sample was pinned. */
  readonly key: string;
  readonly prefix: string;
}

// Problems and answers of tests/fixtures/labelled/*.jsonl, one pair of each family and every 150th
// distinct string, pinned by canonical key and prefix tokens: any change in how the reader builds
// these trees (an operand order, a sign, a folded literal) shows here.
const sample: Pinned[] = readFileSync(new URL('../fixtures/parse/labelledSample.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Pinned);

describe('the infix reader keeps its trees for the labelled sets', () => {
  it('pins a sample of every family', () => {
    expect(sample.length).toBeGreaterThan(150);
    expect(new Set(sample.map((p) => p.family)).size).toBeGreaterThan(60);
  });

  it.each(sample.map((p) => [p.text, p] as const))('%j', (_text, p) => {
    const e = parseExpr(p.text);
    expect(canonicalKey(e)).toBe(p.key);
    expect(toPrefix(e).join(' ')).toBe(p.prefix);
  });
});
