import { EXIT } from './exitCodes.js';

/**
 * A reader that stops reading (`sagga search --help | head -3`) closes the pipe under sagga's stdout
 * or stderr, and the next write fails with EPIPE. Nothing more can reach that reader, so sagga stops
 * at once, quietly, with the status a shell gives a program a closed pipe stopped (128 + SIGPIPE);
 * a search's run directory holds everything decided so far and resumes as after a kill. Other
 * stream errors are left to fail as before.
 */
export function exitOnClosedPipe(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(EXIT.closedPipe);
      throw error;
    });
  }
}
