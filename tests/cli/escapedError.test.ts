import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/cliError.js';
import { escapedError } from '../../src/cli/escapedError.js';
import { EXIT } from '../../src/cli/exitCodes.js';

describe('escapedError', () => {
  it('names the command and gives the status of the error kind', () => {
    const missing = Object.assign(new Error('no such file: x.jsonl'), { code: 'ENOENT' });
    expect(escapedError(['verify', 'x.jsonl'], missing)).toEqual({ line: 'sagga verify: no such file: x.jsonl\n', code: EXIT.noInput });
  });

  it('leaves out a first argument that is an option, and keeps a CliError its own status', () => {
    const error = new CliError('--seed: not a number', EXIT.usage);
    expect(escapedError(['--seed', 'z'], error)).toEqual({ line: 'sagga: --seed: not a number\n', code: EXIT.usage });
  });
});
