/**
 * A run directory that cannot be used: `busy` (another sagga holds its run.lock), `cantCreate`
 * (the folder cannot be made, or a run file cannot be written: a full disk, a read-only mount).
 * The CLI maps the kind to an exit status; the message is one line for the user.
 */
export class RunDirError extends Error {
  constructor(
    message: string,
    readonly kind: 'busy' | 'cantCreate',
    /** The system error code behind it (ENOSPC, EACCES …), when there is one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'RunDirError';
  }
}
