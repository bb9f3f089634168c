import type { ExitCode } from './exitCodes.js';

/** An error whose one-line message is for the user and whose exit status says what kind it is. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
