import { describe, expect, it } from 'vitest';
import {
  commandLineSecrets,
  createRedactor,
  environmentSecrets,
  redactDeep,
  redactSecrets,
  runRedactor,
  stringifyRedacted,
} from '../../src/util/redactSecrets.js';
import { clip, clipAnswer, MAX_ANSWER_CHARS } from '../../src/util/clip.js';

describe('redaction', () => {
  it('command lines: secret-looking arguments, sk- keys and bearer tokens', () => {
    expect(redactSecrets('cmd:python m.py --api-key sk-test-SECRET123 --temp 0')).toBe('cmd:python m.py --api-key *** --temp 0');
    expect(redactSecrets('cmd:run --token=abc x --password "a b" PASSWD=zz')).toBe('cmd:run --token=*** x --password *** PASSWD=***');
    expect(redactSecrets('curl -H "Authorization: Bearer abcdefghijkl"')).not.toMatch(/abcdefghijkl/);
    expect(redactSecrets('cmd:node power-rule.mjs --correct')).toBe('cmd:node power-rule.mjs --correct');
    expect(commandLineSecrets('cmd:x --api-key sk-test-SECRET123 --token="tok en" --secret=\'q\'')).toEqual(['sk-test-SECRET123', 'tok en', 'q']);
  });

  it('a run redactor hides the literal API key and the command line secrets wherever they appear, and nothing else', () => {
    const redact = runRedactor('cmd:x --token=tok-LITERAL-777 --auth ab', { OPENAI_API_KEY: 'plain-literal-key' });
    expect(redact('key plain-literal-key, token tok-LITERAL-777, sk-abcdefgh1234 and Bearer zzzzzzzzzz')).toBe('key ***, token ***, *** and Bearer ***');
    // Short values (`ab`) are hidden in the command line only, never hunted for in all text.
    expect(redact('about the tabulated values: x^2 + ab')).toBe('about the tabulated values: x^2 + ab');
    expect(redact('the token count is 5; authentication is off')).toBe('the token count is 5; authentication is off');
    expect(environmentSecrets({ OPENAI_API_KEY: '  ' })).toEqual([]);
    expect(createRedactor(['x'])('x + 1')).toBe('x + 1');
  });

  it('an API error message hides a key from 4 characters, key-shaped strings and bearer tokens, with the one marker', () => {
    const redact = createRedactor(['my-very-secret-key-123'], { minLiteral: 4 });
    expect(redact('bad key my-very-secret-key-123!')).toBe('bad key ***!');
    expect(redact('Incorrect API key provided: sk-abc12***********xyz9')).toBe('Incorrect API key provided: ***');
    expect(redact('Authorization: Bearer abcdefghijklmnop')).toBe('Authorization: Bearer ***');
    expect(redact('nothing to hide')).toBe('nothing to hide');
    expect(createRedactor(['k3y!'], { minLiteral: 4 })('refused k3y!')).toBe('refused ***');
    expect(createRedactor(['k3y!'])('refused k3y!')).toBe('refused k3y!');
  });

  it('catches a key as a model or a document transforms it: escaped, spaced, split, base64 at any offset, percent-encoded', () => {
    const key = 'sk-proj-Ab3_dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z_Q8w2';
    // Command-line values are not key-shaped: only the literal's transformations can catch them.
    const token = 'tok_9f8e7d6c5b4a3f2e1d0c';
    const redact = createRedactor([key, token]);
    const shown = [
      // LaTeX: an underscore escaped, in text mode or as a command.
      `\\texttt{${key.replace(/_/g, '\\_')}}`,
      `${token.replace(/_/g, '\\textunderscore{}')}`,
      `$${token.replace(/_/g, '\\_').replace(/-/g, '\\-')}$`,
      // Spaced out, with LaTeX spaces, split over lines (with indentation and a LaTeX line break).
      [...token].join(' '),
      [...token].join('\\,'),
      `${token.slice(0, 9)}\n      ${token.slice(9, 15)}\\\\\n${token.slice(15)}`,
      `${key.slice(0, 20)}\u200b${key.slice(20)}`,
      // base64 and base64url, the key starting at each byte offset inside the encoded data, and
      // wrapped at 76 characters as MIME does.
      Buffer.from(`Authorization:${token}`).toString('base64'),
      Buffer.from(`x${token}`).toString('base64'),
      Buffer.from(`xy${token}`).toString('base64'),
      Buffer.from(`??${token}??`).toString('base64url'),
      Buffer.from(`user:${key}:${key}`)
        .toString('base64')
        .replace(/(.{76})/g, '$1\n'),
      // Percent-encoded, in part or whole, either case of hex digit.
      encodeURIComponent(`${token}/`),
      [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
      [...token].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
    ];
    const stripped = (s: string): string => s.replace(/[\s\\,{}$%~]/g, '').replace(/textunderscore|texttt/g, '');
    for (const text of shown) {
      const out = redact(`before ${text} after`);
      expect(out, text).toMatch(/^before .*\*\*\*.* after$/);
      // Nothing of the key survives: not its text, nor a recognisable run of it, nor its encodings.
      expect(stripped(out)).not.toMatch(/9f8e7d6c|dE5fG7hJ|tU9vW1xY/);
      for (const enc of [token, key].flatMap((k) =>
        [0, 1, 2].map((o) =>
          Buffer.from('\0'.repeat(o) + k)
            .toString('base64')
            .slice(4, 20),
        ),
      )) {
        expect(out.replace(/\s/g, '')).not.toContain(enc);
      }
    }
    // Text that merely shares letters with a key is left alone.
    const clean = 'The antiderivative of x^2 is x^3/3 + C; spaced: t o k e n; base64: dG9rZW4=';
    expect(redact(clean)).toBe(clean);
  });

  it('JSON stays valid whatever the secret looks like; text without secrets is byte-identical', () => {
    const redact = createRedactor(['se"cr\\et-value']);
    const value = { a: 'has se"cr\\et-value in it', b: ['sk-0123456789ab'], n: 3, nested: { t: 'plain' } };
    const line = stringifyRedacted(value, redact);
    expect(JSON.parse(line)).toEqual({ a: 'has *** in it', b: ['***'], n: 3, nested: { t: 'plain' } });
    expect(redactDeep(value, redact)).toEqual(JSON.parse(line));
    const clean = { problem: '-80/x^2', answers: [{ text: '80/x', verdict: 'incorrect' }], fitness: 0.25 };
    expect(stringifyRedacted(clean, redact)).toBe(JSON.stringify(clean));
  });
});

describe('clipAnswer', () => {
  it('clips every answer at the same limit with the marker, and leaves a clipped text alone', () => {
    expect(clipAnswer('short')).toBe('short');
    const long = 'a'.repeat(3_000_000);
    const clipped = clipAnswer(long);
    expect(clipped).toBe(`${'a'.repeat(MAX_ANSWER_CHARS)}… [${3_000_000 - MAX_ANSWER_CHARS} more characters]`);
    expect(clipAnswer(clipped)).toBe(clipped);
    const byCmd = clip('b'.repeat(50_000), MAX_ANSWER_CHARS, { countRest: true });
    expect(clipAnswer(byCmd)).toBe(byCmd);
  });
});
