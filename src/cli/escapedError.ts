import { exitCodeOf } from './exitCodeOf.js';
import type { ExitCode } from './exitCodes.js';

/**
 * What `sagga` prints and exits with for an error that escaped a command (`args`: the arguments
 * after `sagga`): one line naming the command, never a stack trace, and the status for its kind.
 */
export function escapedError(args: readonly string[], error: unknown): { readonly line: string; readonly code: ExitCode } {
  const command = args[0] !== undefined && !args[0].startsWith('-') ? ` ${args[0]}` : '';
  return { line: `sagga${command}: ${error instanceof Error ? error.message : String(error)}\n`, code: exitCodeOf(error) };
}
