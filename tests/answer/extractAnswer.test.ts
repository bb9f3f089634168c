import { describe, expect, it } from 'vitest';
import { extractAnswer } from '../../src/answer/extractAnswer.js';
import { parseExpr } from '../../src/expr/parse.js';
import { CROSSED, HANDWRITTEN, type CorpusCase } from './corpus.js';
import { sameFunction } from './helpers/sameExpression.js';

function check(c: CorpusCase): void {
  const got = extractAnswer(c.response);
  if ('expected' in c) {
    if (!got.ok) throw new Error(`expected ${c.expected}, got ${got.status}: ${got.error}`);
    const cmp = sameFunction(got.expr, parseExpr(c.expected));
    if (!cmp.same) throw new Error(`read '${got.answer}' as something other than ${c.expected}: ${cmp.detail}`);
    if (c.source !== undefined) expect(got.source).toBe(c.source);
  } else {
    if (got.ok) throw new Error(`expected ${c.status}, but read '${got.answer}'`);
    expect(got.status, got.error).toBe(c.status);
    expect(got.error.length).toBeGreaterThan(0);
  }
}

describe('extractAnswer on a corpus of model responses', () => {
  it('has at least 200 cases', () => {
    expect(HANDWRITTEN.length + CROSSED.length).toBeGreaterThanOrEqual(200);
  });

  it.each(HANDWRITTEN.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
  it.each(CROSSED.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
});

describe('extractAnswer: where the answer is taken from', () => {
  it('prefers the box over a later final-answer line and later math', () => {
    const got = extractAnswer(String.raw`\boxed{x^2} The final answer is: $x^3$. Check: $x^4$`);
    expect(got.ok && got.source).toBe('boxed');
    expect(got.ok && sameFunction(got.expr, parseExpr('x^2')).same).toBe(true);
  });

  it('prefers a final-answer line over a later math block', () => {
    const got = extractAnswer(String.raw`The final answer is: $\sin x$

Verification: $$\frac{d}{dx}\sin x = \cos x$$`);
    expect(got.ok && got.source).toBe('final-answer');
    expect(got.ok && sameFunction(got.expr, parseExpr('sin(x)')).same).toBe(true);
  });

  it('reports the cleaned answer text it parsed', () => {
    const got = extractAnswer(String.raw`\boxed{F(x) = \frac{x^2}{2} + C.}`);
    expect(got.ok && got.answer).toBe(String.raw`\frac{x^2}{2}`);
  });

  it('a mention of "final answer" that is not a marker does not hide the math', () => {
    const got = extractAnswer(String.raw`Before giving the final answer, simplify: $$\int 2x\,dx = x^2 + C$$`);
    expect(got.ok && got.source).toBe('math');
    expect(got.ok && sameFunction(got.expr, parseExpr('x^2')).same).toBe(true);
  });

  it('a truncated response only counts a box or a final-answer line', () => {
    const text = String.raw`Let $u = x^2$. So the integral becomes`;
    const plain = extractAnswer(text);
    expect(plain.ok).toBe(true); // the last math block, as far as the text alone can tell
    const truncated = extractAnswer(text, { truncated: true });
    expect(truncated.ok).toBe(false);
    expect(!truncated.ok && truncated.status).toBe('unparseable');
    expect(!truncated.ok && truncated.error).toMatch(/truncated/);
    const boxed = extractAnswer(String.raw`\boxed{x^2} and then some more reas`, { truncated: true });
    expect(boxed.ok).toBe(true);
  });
});

describe('extractAnswer refuses hostile input quickly and without executing it', () => {
  const hostile: [string, string, RegExp][] = [
    ['\\input', String.raw`\boxed{\input{/etc/passwd}}`, /\\input/],
    ['\\def', String.raw`\boxed{\def\x{\sin}\x(x)}`, /\\def/],
    ['\\write18', String.raw`$$\immediate\write18{rm -rf /}$$`, /\\immediate|\\write/],
    ['\\csname', String.raw`\boxed{\csname sin\endcsname x}`, /\\csname/],
    ['\\catcode', '\\boxed{\\catcode`\\^=7 x}', /\\catcode/],
    ['\\include in final answer', 'The final answer is: $\\include{secrets}$', /\\include/],
    ['prototype names', String.raw`\boxed{\operatorname{constructor}(x) + \operatorname{__proto__}(x)}`, /./],
    ['huge literal', String.raw`\boxed{1${'0'.repeat(60)} x}`, /digits/],
    ['literal over the magnitude limit', String.raw`\boxed{9999999999999999 x}`, /limit/],
  ];
  it.each(hostile)('%s', (_name, text, reason) => {
    const got = extractAnswer(text);
    expect(got.ok).toBe(false);
    expect(!got.ok && got.status).toBe('unparseable');
    expect(!got.ok && got.error).toMatch(reason);
  });

  it('2 MB response', () => {
    const text = String.raw`\input{x}`.repeat(250_000);
    expect(text.length).toBeGreaterThan(2_000_000);
    const got = extractAnswer(text);
    expect(!got.ok && got.status).toBe('unparseable');
  });

  it('2 MB inside a box is over the expression limit', () => {
    const got = extractAnswer(String.raw`\boxed{${'x+'.repeat(400_000)}x}`, { maxResponseChars: 5_000_000 });
    expect(!got.ok && got.status).toBe('unparseable');
    expect(!got.ok && got.error).toMatch(/longer than/);
  });

  it('deep brace nesting', () => {
    const got = extractAnswer(String.raw`\boxed{${'{'.repeat(500)}x${'}'.repeat(500)}}`);
    expect(!got.ok && got.error).toMatch(/nests deeper/);
    const longer = extractAnswer(String.raw`\boxed{${'{'.repeat(50_000)}x${'}'.repeat(50_000)}}`);
    expect(!longer.ok && longer.status).toBe('unparseable');
  });

  it('deep nesting without braces (function chains, signs, bars)', () => {
    for (const text of [`\\boxed{${'\\sin '.repeat(3000)}x}`, `\\boxed{${'-'.repeat(5000)}x}`, `\\boxed{${'|'.repeat(3000)}x${'|'.repeat(3000)}}`]) {
      const got = extractAnswer(text);
      expect(got.ok, text.slice(0, 40)).toBe(false);
      expect(!got.ok && got.status).toBe('unparseable');
    }
  });

  it('too many nodes', () => {
    const got = extractAnswer(String.raw`\boxed{${'x+'.repeat(5000)}x}`);
    expect(!got.ok && got.error).toMatch(/nodes/);
  });

  it('many unbalanced boxes stay linear', () => {
    const got = extractAnswer('\\boxed{'.repeat(100_000));
    expect(got.ok).toBe(false);
  });

  it('many unclosed dollars and brackets', () => {
    expect(extractAnswer('$a '.repeat(100_000)).ok).toBe(false);
    expect(extractAnswer('\\[ '.repeat(100_000)).ok).toBe(false);
  });

  it('control characters and bidi overrides in the answer', () => {
    expect(extractAnswer('\\boxed{x\u0000}').ok).toBe(false);
    expect(extractAnswer('\\boxed{x\u202e+1}').ok).toBe(false);
  });
});
