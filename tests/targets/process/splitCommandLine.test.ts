import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createCmdTarget } from '../../../src/targets/cmd/cmdTarget.js';
import { splitCommandLine } from '../../../src/targets/process/splitCommandLine.js';
import { problem } from '../cmd/cmdHelpers.js';

describe('splitCommandLine', () => {
  test('splits on whitespace and honours quotes and escapes like a shell', () => {
    expect(splitCommandLine('python3  model.py --temp 0.2')).toEqual(['python3', 'model.py', '--temp', '0.2']);
    expect(splitCommandLine(`run 'a b' "c d" e\\ f`)).toEqual(['run', 'a b', 'c d', 'e f']);
    expect(splitCommandLine(`x "say \\"hi\\"" 'it''s'`)).toEqual(['x', 'say "hi"', 'its']);
    expect(splitCommandLine(`a "" ''`)).toEqual(['a', '', '']);
    expect(splitCommandLine(`a "back\\\\slash" 'keep\\n'`)).toEqual(['a', 'back\\slash', 'keep\\n']);
  });

  test('shell syntax is plain text: no expansion, pipes or command separators', () => {
    expect(splitCommandLine('prog $HOME ~ *.txt a|b c;d $(rm -rf x) `id` > out')).toEqual([
      'prog',
      '$HOME',
      '~',
      '*.txt',
      'a|b',
      'c;d',
      '$(rm',
      '-rf',
      'x)',
      '`id`',
      '>',
      'out',
    ]);
  });

  test('refuses unterminated quotes and empty command lines', () => {
    expect(() => splitCommandLine(`prog 'open`)).toThrow(/unterminated '/);
    expect(() => splitCommandLine(`prog "open`)).toThrow(/unterminated "/);
    expect(() => splitCommandLine('   ')).toThrow(/empty command line/);
  });

  test('the program receives the arguments literally (no shell in between)', async () => {
    const script = fileURLToPath(new URL('../../fixtures/cmd/echo-args.mjs', import.meta.url));
    const t = await createCmdTarget({ command: `"${process.execPath}" '${script}' '$HOME' "a;b" 'c d' $(x)` });
    try {
      const [o] = await t.solve([problem('p', 'x')], 1);
      expect(o.answers[0].status).toBe('ok');
      expect(t.stderrTails()[0].trim()).toBe(JSON.stringify(['$HOME', 'a;b', 'c d', '$(x)']));
      expect(t.name).toBe(`cmd:"${process.execPath}" '${script}' '$HOME' "a;b" 'c d' $(x)`);
    } finally {
      await t.close();
    }
  });
});
