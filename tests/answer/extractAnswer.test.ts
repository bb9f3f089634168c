import { describe, expect, it } from 'vitest';
import { extractAnswer } from '../../src/answer/extractAnswer.js';
import { parseExpr } from '../../src/expr/parse.js';
import { equals } from '../../src/expr/types.js';
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
    const text = 'Let $u = x^2$. So the integral becomes';
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
  // What the text is not allowed to hold is the text's fault (unparseable); what is beyond sagga's
  // limits is sagga's (unjudged: never a model failure). Neither is ever run.
  const hostile: [string, string, RegExp, 'unparseable' | 'unjudged'][] = [
    ['\\input', String.raw`\boxed{\input{/etc/passwd}}`, /\\input/, 'unparseable'],
    ['\\def', String.raw`\boxed{\def\x{\sin}\x(x)}`, /\\def/, 'unparseable'],
    ['\\write18', String.raw`$$\immediate\write18{rm -rf /}$$`, /\\immediate|\\write/, 'unparseable'],
    ['\\csname', String.raw`\boxed{\csname sin\endcsname x}`, /\\csname/, 'unparseable'],
    ['\\catcode', '\\boxed{\\catcode`\\^=7 x}', /\\catcode/, 'unparseable'],
    ['\\include in final answer', 'The final answer is: $\\include{secrets}$', /\\include/, 'unparseable'],
    ['prototype names', String.raw`\boxed{\operatorname{constructor}(x) + \operatorname{__proto__}(x)}`, /./, 'unparseable'],
    ['huge literal', String.raw`\boxed{1${'0'.repeat(60)} x}`, /digits/, 'unjudged'],
    ['literal over the magnitude limit', String.raw`\boxed{9999999999999999 x}`, /limit/, 'unjudged'],
  ];
  it.each(hostile)('%s', (_name, text, reason, status) => {
    const got = extractAnswer(text);
    expect(got.ok).toBe(false);
    expect(!got.ok && got.status).toBe(status);
    expect(!got.ok && got.error).toMatch(reason);
  });

  it('2 MB response is longer than sagga reads', () => {
    const text = String.raw`\input{x}`.repeat(250_000);
    expect(text.length).toBeGreaterThan(2_000_000);
    const got = extractAnswer(text);
    expect(!got.ok && got.status).toBe('unjudged');
    expect(!got.ok && got.error).toMatch(/longer than the 1000000 characters sagga reads/);
  });

  it('2 MB inside a box is over the expression limit', () => {
    const got = extractAnswer(String.raw`\boxed{${'x+'.repeat(400_000)}x}`, { maxResponseChars: 5_000_000 });
    expect(!got.ok && got.status).toBe('unjudged');
    expect(!got.ok && got.error).toMatch(/longer than/);
  });

  it('deep brace nesting', () => {
    const got = extractAnswer(String.raw`\boxed{${'{'.repeat(500)}x${'}'.repeat(500)}}`);
    expect(!got.ok && got.error).toMatch(/nests deeper/);
    const longer = extractAnswer(String.raw`\boxed{${'{'.repeat(50_000)}x${'}'.repeat(50_000)}}`);
    expect(!longer.ok && longer.status).toBe('unjudged');
  });

  it('deep nesting without braces (function chains, signs, bars)', () => {
    for (const text of [`\\boxed{${'\\sin '.repeat(3000)}x}`, `\\boxed{${'-'.repeat(5000)}x}`, `\\boxed{${'|'.repeat(3000)}x${'|'.repeat(3000)}}`]) {
      const got = extractAnswer(text);
      expect(got.ok, text.slice(0, 40)).toBe(false);
      expect(!got.ok && got.status).toBe('unjudged');
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

describe("extractAnswer: sagga's own refusals are unjudged, and final", () => {
  it('reads \\boxed{3.6e2 x^{2}} as 360x², the number a model means', () => {
    const got = extractAnswer(String.raw`Integrating $720x$ gives $\boxed{3.6e2 x^{2}}$.`);
    expect(got.ok).toBe(true);
    if (got.ok) expect(equals(got.expr, parseExpr('360*x^2'))).toBe(true);
  });

  it('an ambiguous 5e-1 is unjudged, never read as 5e - 1', () => {
    const got = extractAnswer(String.raw`\boxed{5e-1 x^{2}}`);
    expect(got).toMatchObject({ ok: false, status: 'unjudged', error: expect.stringMatching(/ambiguous/) });
  });

  it('a literal the infix reader refuses on its limits is not read again as LaTeX (1e-400*x is not e - 400x)', () => {
    for (const text of ['The final answer is: 1e-400*x', '1e-400*x']) {
      const got = extractAnswer(text);
      expect(got, text).toMatchObject({ ok: false, status: 'unjudged', error: expect.stringMatching(/too small to represent/) });
    }
  });

  it('an answer in a function sagga does not support is unjudged, even after words of refusal', () => {
    const got = extractAnswer(
      String.raw`This has no elementary antiderivative. In terms of hypergeometric functions: $$x\,\operatorname{hyper}\left((1), (2), x^{2}\right)$$`,
    );
    expect(got).toMatchObject({ ok: false, status: 'unjudged', error: expect.stringMatching(/hyper/) });
    // An unknown name is the answer's fault, not sagga's.
    expect(extractAnswer(String.raw`\boxed{\operatorname{foo}(x)}`)).toMatchObject({ ok: false, status: 'unparseable' });
  });

  it('prose that merely starts with "I" is not taken for the imaginary unit', () => {
    expect(extractAnswer('I would integrate term by term, but I am not going to write the result here.')).toMatchObject({ ok: false, status: 'unparseable' });
  });
});

describe('extractAnswer with infinity asked for', () => {
  const OO = { type: 'sym', name: 'oo' } as const;
  it('reads a limit of ±∞ in LaTeX or infix only when asked', () => {
    const boxed = 'The integrand grows without bound, so the limit is $\\boxed{-\\infty}$.';
    expect(extractAnswer(boxed).ok).toBe(false);
    expect(extractAnswer(boxed, { read: { infinity: true } })).toMatchObject({ ok: true, expr: { type: 'neg', args: [OO] } });
    expect(extractAnswer('Final answer: oo', { read: { infinity: true } })).toMatchObject({ ok: true, expr: OO });
    expect(extractAnswer('Final answer: oo').ok).toBe(false);
  });

  it('reads a value with a named constant whether asked or not', () => {
    const got = extractAnswer('So the integral equals $\\boxed{\\frac{7\\zeta(3)}{8}}$.');
    expect(got.ok && equals(got.expr, parseExpr('7*zeta(3)/8'))).toBe(true);
  });
});
