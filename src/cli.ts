import { Command, CommanderError } from 'commander';
import { registerArchiveCommand } from './cli/archiveCommand.js';
import { registerAugmentCommand } from './cli/augmentCommand.js';
import { registerEvalCommand } from './cli/evalCommand.js';
import { escapedError } from './cli/escapedError.js';
import { exitOnClosedPipe } from './cli/exitOnClosedPipe.js';
import { EXIT, EXIT_CODES_HELP } from './cli/exitCodes.js';
import { registerIntegrateCommand } from './cli/integrateCommand.js';
import { registerJudgeEvalCommand } from './cli/judgeEvalCommand.js';
import { registerListCommand } from './cli/listCommand.js';
import { registerReportCommand } from './cli/reportCommand.js';
import { registerSearchCommand } from './cli/searchCommand.js';
import { registerSuiteCommand } from './cli/suiteCommand.js';
import { registerVerifyCommand } from './cli/verifyCommand.js';
import { packageVersion } from './util/packageVersion.js';

/**
 * Build the command-line program. Every command is a thin wrapper over an exported, typed function,
 * imported when the command runs, so `--version`, `--help` and `check` start without loading the
 * search, the targets or the report.
 */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('sagga')
    .description('Search for math problems a model gets wrong (SAGGA: Welleck et al., AAAI 2022).')
    .version(packageVersion())
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ sortSubcommands: false })
    .addHelpText('after', `\n${EXIT_CODES_HELP}`)
    // Set before the commands are added, so that every subcommand inherits it: a usage error exits
    // 64, never 1 or 2, which are verdicts of check and integrate.
    .exitOverride((err) => {
      const shown = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0;
      throw new CommanderError(shown ? EXIT.ok : EXIT.usage, err.code, err.message);
    });
  registerSearchCommand(program);
  registerVerifyCommand(program);
  registerSuiteCommand(program);
  registerEvalCommand(program);
  registerJudgeEvalCommand(program);
  registerAugmentCommand(program);
  registerIntegrateCommand(program);
  registerReportCommand(program);
  registerArchiveCommand(program);
  registerListCommand(program);
  return program;
}

/**
 * Run the program and set `process.exitCode`: commander's errors have printed their message already;
 * any other error that escaped a command is printed as one line, never a stack trace. Output into a
 * pipe its reader closed ends the program quietly (`exitOnClosedPipe`).
 */
export async function main(argv: readonly string[]): Promise<void> {
  exitOnClosedPipe();
  try {
    await buildProgram().parseAsync(argv as string[]);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    const escaped = escapedError(argv.slice(2), error);
    process.stderr.write(escaped.line);
    process.exitCode = escaped.code;
  }
}
