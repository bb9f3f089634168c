import { Option, type Command } from 'commander';

/**
 * Keep `flags` (e.g. `--output <file>`) working as a former spelling of the option whose long name
 * is `current` (`--out`), for a release: listed in help as the former name (every option is), parsed
 * as that option is, and setting its value; using it prints a one-line note on stderr naming the
 * current spelling. One name per meaning
 * across commands, without breaking the scripts written against the old one.
 */
export function addFormerOptionName(cmd: Command, flags: string, current: string): Command {
  const target = cmd.options.find((o) => o.long === current);
  if (target === undefined) throw new Error(`addFormerOptionName: ${cmd.name()} has no option ${current}`);
  const former = new Option(flags, `former name of ${current}, kept for a release`);
  if (target.parseArg !== undefined) former.argParser(target.parseArg);
  cmd.addOption(former);
  cmd.on(`option:${former.name()}`, () => {
    cmd.setOptionValueWithSource(target.attributeName(), cmd.getOptionValue(former.attributeName()), 'cli');
    process.stderr.write(`${commandPath(cmd)}: ${former.long ?? flags} is the former name of ${current}; it will be removed in a later release\n`);
  });
  return cmd;
}

/** `sagga archive cluster`: the command's name after its parents'. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c !== null; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
