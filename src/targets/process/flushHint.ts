import { basename } from 'node:path';

/**
 * What to say when a program answered nothing since it started: its answers may be sitting in its
 * output buffer. A program writing to a pipe (not a terminal) is block-buffered by default in most
 * languages, Python among them, so an answer it printed reaches sagga only when the buffer fills
 * or the program exits. For a command that runs Python, the three usual cures by name.
 */
export function flushHint(argv: readonly string[]): string {
  const python = argv.some((a) => /^python[\d.]*$/.test(basename(a)) || /\.py$/.test(a));
  if (python) {
    return "if it is printing answers, they may be waiting in Python's output buffer, which a pipe does not flush: write each answer with print(..., flush=True), or call sys.stdout.flush() after it, or run the program with python3 -u";
  }
  return 'if it is printing answers, they may be waiting in its output buffer, which a pipe does not flush: flush stdout after each answer line';
}
