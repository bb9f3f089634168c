import { EXIT } from './exitCodes.js';

/** The signals that stop a search after its current write, and the exit status each leaves. */
export const INTERRUPT_EXIT = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangUp } as const;

export type InterruptName = keyof typeof INTERRUPT_EXIT;

/** What `catchInterrupts` installed: the signal to pass to the search, and which signal fired. */
export interface CaughtInterrupts {
  readonly signal: AbortSignal;
  received(): InterruptName | undefined;
  /** Removes the handlers: only once the search has closed its targets (see below). */
  dispose(): void;
}

/**
 * Ctrl-C, SIGTERM or SIGHUP aborts the search after its current write; a second one exits at once.
 * The handlers stay until the search has closed its target: a second signal while the target's
 * programs are being stopped must still end sagga through process.exit (whose hook kills them), not
 * by the default action.
 */
export function catchInterrupts(say: (text: string) => void): CaughtInterrupts {
  const controller = new AbortController();
  let received: InterruptName | undefined;
  const onSignal = (name: InterruptName): void => {
    if (controller.signal.aborted) {
      say(`sagga search: ${name} again, exiting now; the last completed generation is safe.`);
      process.exit(INTERRUPT_EXIT[name]);
    }
    received = name;
    say(`sagga search: ${name}: stopping after the current write (press Ctrl-C again to exit at once)…`);
    controller.abort();
  };
  const names = Object.keys(INTERRUPT_EXIT) as InterruptName[];
  for (const name of names) process.on(name, onSignal);
  return {
    signal: controller.signal,
    received: () => received,
    dispose: () => {
      for (const name of names) process.off(name, onSignal);
    },
  };
}
