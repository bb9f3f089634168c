import { RunDirError } from '../run/runDirError.js';
import { CliError } from './cliError.js';
import { EXIT, type ExitCode } from './exitCodes.js';

/** The exit status for an error that stopped a command: its own when it has one, else by its system code. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof Error && error.name === 'NotARunError') return EXIT.noInput;
  // A target that failed its start-up check: a broken installation, not a model failure.
  if (error instanceof Error && error.name === 'TargetUnhealthyError') return EXIT.targetUnhealthy;
  if (error instanceof RunDirError) return error.kind === 'busy' ? EXIT.busy : EXIT.cantCreate;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return EXIT.noInput;
  if (code === 'EEXIST' || code === 'EACCES' || code === 'EROFS' || code === 'ENOSPC' || code === 'EDQUOT') return EXIT.cantCreate;
  return EXIT.software;
}
