import { describe, expect, it } from 'vitest';
import { commandLineSecrets, createRedactor, environmentSecrets, redactDeep, redactSecrets, runRedactor, stringifyRedacted } from '../../src/util/redactSecrets.js';
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
