import { Command, type Option, type ParseOptionsResult } from 'commander';

/**
 * A command whose arguments are expressions, which may start with a minus sign: `sagga check x
 * '-x^2/2'`, `sagga integrate -t nerdamer '-tan(x)'`. Commander would read such an argument as an
 * option and refuse it as unknown (or, for `-tan(x)`, as `-t an(x)`). Here a word that starts with
 * one `-` and is not exactly one of the command's flags is an argument: options keep working when
 * their value is the next word (`-t nerdamer`, `--domain -1,1`, `--domain=-1,1`), not when it is
 * glued to a short flag (`-tnerdamer`).
 */
export class ExpressionArgumentsCommand extends Command {
  override parseOptions(args: string[]): ParseOptionsResult {
    return super.parseOptions(argumentsAfterOptions(args, [...this.options, this.helpFlags()]));
  }

  /** The help flags commander adds on its own (not in `options`). */
  private helpFlags(): Pick<Option, 'short' | 'long' | 'required' | 'optional'> {
    return { short: '-h', long: '--help', required: false, optional: false };
  }
}

/**
 * The same words, the options (with the words that are their values) first and then, after `--`,
 * every argument in the order given, so that commander takes none of the arguments for an option.
 */
function argumentsAfterOptions(args: readonly string[], options: ReadonlyArray<Pick<Option, 'short' | 'long' | 'required' | 'optional'>>): string[] {
  const optionWords: string[] = [];
  const operands: string[] = [];
  const flag = (word: string) => options.find((o) => o.short === word || o.long === word);
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (word.startsWith('--')) {
      // Long options as commander reads them; an unknown one stays an option, and is refused as one.
      optionWords.push(word);
      const option = word.includes('=') ? undefined : flag(word);
      if (option !== undefined && takesNext(option, args[i + 1])) optionWords.push(args[++i]);
      continue;
    }
    const option = word.length > 1 && word.startsWith('-') ? flag(word) : undefined;
    if (option === undefined) {
      operands.push(word);
      continue;
    }
    optionWords.push(word);
    if (takesNext(option, args[i + 1])) optionWords.push(args[++i]);
  }
  return operands.length > 0 ? [...optionWords, '--', ...operands] : optionWords;
}

/** Whether commander gives `option` the next word as its value: always when it needs one, when it may have one only if that word is no option. */
function takesNext(option: Pick<Option, 'required' | 'optional'>, next: string | undefined): boolean {
  if (next === undefined) return false;
  return option.required || (option.optional && !(next.length > 1 && next.startsWith('-')));
}
