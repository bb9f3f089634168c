import { InvalidArgumentError, type Command } from 'commander';
import { CliError } from './cliError.js';
import { EXIT } from './exitCodes.js';

/**
 * Give `cmd` the options of an options file (`readOptionsFile`) that its command line did not give:
 * a value from the command line wins, one from the file wins over a default and over an environment
 * variable. Each value goes through the option's own parser, as if it had been typed: a number or
 * a boolean as its text, a list as a comma-separated list (`reference: [nerdamer, sympy]`), an
 * object as JSON (`mutation-params`). A flag (`json`, `no-canaries`) takes true or false. An unknown
 * key, or a value its option refuses, is a usage error naming the file and the key.
 */
export function applyOptionsFile(cmd: Command, values: Readonly<Record<string, unknown>>, file: string): void {
  const fail = (key: string, message: string): never => {
    throw new CliError(`--config ${file}: ${key}: ${message}`, EXIT.usage);
  };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'config') fail(key, 'an options file cannot name another one');
    const option = cmd.options.find((o) => o.long === `--${key}`);
    if (option === undefined)
      fail(
        key,
        `not an option of sagga ${cmd.name()} (keys are its long option names without the dashes, e.g. generation-size; see sagga ${cmd.name()} --help)`,
      );
    const name = option!.attributeName();
    const source = cmd.getOptionValueSource(name);
    if (source === 'cli' || value === null || value === undefined) continue;
    if (!option!.required && !option!.optional) {
      if (typeof value !== 'boolean') fail(key, `expected true or false, got ${JSON.stringify(value)}`);
      // `no-canaries: true` turns canaries off, as --no-canaries does.
      cmd.setOptionValueWithSource(name, option!.negate ? !value : value, 'config');
      continue;
    }
    const text = optionText(value, () => fail(key, `expected a value, a list or an object, got ${JSON.stringify(value)}`));
    let parsed: unknown = text;
    if (option!.parseArg !== undefined) {
      try {
        parsed = option!.parseArg(text, undefined);
      } catch (err) {
        fail(key, err instanceof InvalidArgumentError || err instanceof Error ? err.message : String(err));
      }
    }
    if (option!.argChoices !== undefined && !option!.argChoices.includes(text))
      fail(key, `${JSON.stringify(text)} is not one of ${option!.argChoices.join(', ')}`);
    cmd.setOptionValueWithSource(name, parsed, 'config');
  }
}

/** A file's value as the text the option would have been typed with. */
function optionText(value: unknown, refuse: () => never): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => optionText(v, refuse)).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return refuse();
}
