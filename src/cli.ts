import { Command } from 'commander';
import { registerSearchCommand } from './cli/searchCommand.js';
import { registerVerifyCommand } from './cli/verifyCommand.js';
import { registerSuiteCommand } from './cli/suiteCommand.js';
import { registerAugmentCommand } from './cli/augmentCommand.js';
import { registerReportCommand } from './cli/reportCommand.js';
import { registerArchiveCommand } from './cli/archiveCommand.js';
import { registerIntegrateCommand } from './cli/integrateCommand.js';
import { packageVersion } from './search/packageVersion.js';

/** Build the command-line program. Every command is a thin wrapper over an exported, typed function. */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('sagga')
    .description('Search for math problems a model gets wrong (SAGGA: Welleck et al., AAAI 2022).')
    .version(packageVersion())
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ sortSubcommands: false });
  registerSearchCommand(program);
  registerVerifyCommand(program);
  registerSuiteCommand(program);
  registerAugmentCommand(program);
  registerIntegrateCommand(program);
  registerReportCommand(program);
  registerArchiveCommand(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await buildProgram().parseAsync(argv as string[]);
}
