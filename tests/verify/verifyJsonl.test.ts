import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES, verifyJsonl } from '../../src/verify/verifyJsonl.js';

async function run(text: string | Buffer[]): Promise<{ lines: Record<string, unknown>[]; counts: Awaited<ReturnType<typeof verifyJsonl>> }> {
  const input = Readable.from(typeof text === 'string' ? [Buffer.from(text)] : text);
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (c: Buffer) => chunks.push(c));
  // A wide budget: the verdicts are what is checked, and they must not hinge on the machine's load
  // (the default 50 ms per pair is wall time).
  const counts = await verifyJsonl(input, output, { workers: 0, budgetMs: 5000 });
  output.end();
  const lines = Buffer.concat(chunks)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { lines, counts };
}

describe('verifyJsonl', () => {
  it('answers every line in order; bad lines are invalid with what was wrong', async () => {
    const { lines, counts } = await run(
      [
        '{"id":"a","problem":"2*x","answer":"x^2"}',
        'this is not json',
        '{"id":"c","problem":"2*x"}',
        '{"id":"d","problem":"2*x","answer":42}',
        '[1,2]',
        '{"problem":"cos(x)","answer":"sin(x)+1"}',
        '{"id":"g","problem":"2*x","answer":"x^3"}',
        '{"id":"h","problem":"2*x","answer":"evaluate(\\"1\\")"}',
      ].join('\n') + '\n',
    );
    expect(lines.map((l) => [l.id, l.verdict])).toEqual([
      ['a', 'correct'],
      ['2', 'invalid'],
      ['c', 'invalid'],
      ['d', 'invalid'],
      ['5', 'invalid'],
      ['6', 'correct'],
      ['g', 'incorrect'],
      ['h', 'invalid'],
    ]);
    expect(lines[1].reason).toMatch(/not JSON/);
    expect(lines[2].reason).toMatch(/missing field "answer"/);
    expect(lines[3].reason).toMatch(/"answer" is not a string/);
    expect(counts).toEqual({ lines: 8, correct: 2, incorrect: 1, unknown: 0, invalid: 5 });
  });

  it('handles lines split across chunks, CRLF, a last line without newline, and an over-long line', async () => {
    const long = '{"problem":"' + 'x+'.repeat(MAX_LINE_BYTES) + 'x","answer":"x"}';
    const parts = ['{"id":"1","prob', 'lem":"1","answer":"x"}\r\n', long + '\n', '{"id":"3","problem":"x","answer":"x^2/2"}'];
    const { lines } = await run(parts.map((p) => Buffer.from(p)));
    expect(lines.map((l) => l.verdict)).toEqual(['correct', 'invalid', 'correct']);
    expect(lines[1].reason).toMatch(/longer than/);
  });
});
