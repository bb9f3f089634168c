import type { SearchCommandIo, SearchCommandResult } from '../search/searchWithServices.js';
import { catchInterrupts, INTERRUPT_EXIT } from './catchInterrupts.js';
import { EXIT } from './exitCodes.js';
import { jsonProgress } from './jsonProgress.js';
import { terminalProgress } from './terminalProgress.js';

/** Where the CLI's search writes: stderr for people, stdout for `--json`. */
export interface SearchStreams {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * The process side of `sagga search`, which the library's search leaves to its caller: progress on
 * stderr (or JSON Lines on stdout with `json`), notices on stderr, Ctrl-C / SIGTERM / SIGHUP
 * handlers for as long as the run lasts, and the exit status its end calls for.
 */
export async function searchWithProcessEffects(
  json: boolean,
  streams: SearchStreams,
  run: (io: SearchCommandIo) => Promise<SearchCommandResult>,
): Promise<{ readonly exitCode: number; readonly result: SearchCommandResult }> {
  const say = (text: string): void => {
    try {
      streams.stderr.write(text + '\n');
    } catch {
      // Nothing sensible to do when stderr is gone.
    }
  };
  const interrupts = catchInterrupts(say);
  try {
    const result = await run({ signal: interrupts.signal, progress: json ? jsonProgress(streams.stdout) : terminalProgress(streams.stderr), notify: say });
    return { exitCode: searchExitCode(result, interrupts.received()), result };
  } finally {
    interrupts.dispose();
  }
}

/** 0 for a finished run; 70 for a target that stopped working; 128 + the signal's number for an interrupted one. */
export function searchExitCode(result: SearchCommandResult, received: keyof typeof INTERRUPT_EXIT | undefined): number {
  if (result.summary.stopReason === 'interrupted') return INTERRUPT_EXIT[received ?? 'SIGINT'];
  if (result.summary.stopReason === 'target-broken') return EXIT.software;
  return EXIT.ok;
}
