import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exitCodes.js';
import { sagga } from '../helpers/cliInProcess.js';

// A problem or an answer may start with a minus sign; commander alone reads such a word as an option.

describe('arguments that start with -', () => {
  it('check takes an answer or a problem starting with - as the expression it is', async () => {
    const wrong = await sagga(['check', 'x', '-x^2/2']);
    expect(wrong.stderr).toBe('');
    expect(wrong.stdout).toMatch(/^incorrect: /);
    expect(wrong.status).toBe(EXIT.failed);

    for (const args of [
      ['check', 'x', '-x^2/2 + x^2'],
      ['check', '-x', '-x^2/2'],
      ['check', '-x', '-x^2/2', '--format', 'infix'],
      ['check', '--format', 'infix', '-x', '-x^2/2'],
      ['check', '-sin(x)', 'cos(x)'],
      ['check', '-x', '-\\frac{x^2}{2}'],
      ['check', '--', '-x', '-x^2/2'],
    ]) {
      const r = await sagga(args);
      expect(r.stdout, args.join(' ')).toMatch(/^correct: /);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(EXIT.ok);
    }
  });

  it("an option's value may start with - too, as the next word or after =", async () => {
    for (const args of [
      ['check', '--domain', '-1,1', '-x', '-x^2/2'],
      ['check', '-x', '-x^2/2', '--domain=-1,1'],
    ]) {
      const r = await sagga(args);
      expect(r.stdout, args.join(' ')).toMatch(/^correct: .*on the domain \(-1, 1\)/);
      expect(r.status).toBe(EXIT.ok);
    }
  });

  it('unknown options and missing arguments are still usage errors', async () => {
    for (const args of [
      ['check', '--no-such-option', 'x', 'x^2/2'],
      ['check', '-x'],
      ['check', 'x', '-x^2/2', 'x'],
    ]) {
      const r = await sagga(args);
      expect(r.status, args.join(' ')).toBe(EXIT.usage);
    }
    const help = await sagga(['check', '-h']);
    expect(help.status).toBe(EXIT.ok);
    expect(help.stdout).toMatch(/Usage: sagga check/);
  });

  it('integrate asks the target named by -t about a problem that starts with -t (-tan(x))', async () => {
    const r = await sagga(['integrate', '-t', 'nerdamer', '-tan(x)', '--no-canaries', '--json']);
    expect(r.status, r.stderr).toBe(EXIT.ok);
    const result = JSON.parse(r.stdout) as { problem: string; target: string; outcome: string };
    expect(result).toMatchObject({ problem: '-tan(x)', target: 'nerdamer', outcome: 'solved' });
  }, 60_000);
});
