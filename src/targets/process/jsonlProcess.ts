import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BoundedLineSplitter } from './boundedLineSplitter.js';
import { guardGroup, releaseGroup } from './orphanGuard.js';
import { TextTail } from './textTail.js';

/** A signal's name as Node reports it (`SIGKILL`, `SIGTERM` …), without Node's global types in the declarations. */
export type ProcessSignal = `SIG${string}`;

/** How a process ended. */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: ProcessSignal | null;
  /** The last characters it wrote to stderr. */
  readonly stderrTail: string;
  /** It closed its stdout while still running (and was killed for it): it can answer nothing more. */
  readonly closedStdout: boolean;
}

export interface JsonlProcessOptions {
  /** Program and arguments; started directly, never through a shell. */
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  /** Longest stdout line kept in memory; longer lines are reported through `onOversizedLine`. */
  readonly maxLineBytes: number;
  /** How much of stderr to keep for error messages. */
  readonly stderrTailChars: number;
  readonly onLine: (line: string) => void;
  readonly onOversizedLine: (head: string, totalBytes: number) => void;
  /** Called exactly once, after the process has exited and its stdout has been read to the end. */
  readonly onExit: (exit: ProcessExit) => void;
}

// After the process exits, how long to wait for its output pipes to close (a grandchild may hold
// them open) before reporting the exit anyway.
const CLOSE_GRACE_MS = 2000;

// After its stdout ends, how long a process may take to exit by itself (a crash or a normal exit
// closes stdout first) before it is taken for one that closed its stdout and lives on.
const STDOUT_EOF_GRACE_MS = 1000;

/**
 * One run of a line-oriented subprocess: writes lines to its stdin with backpressure, reads stdout
 * in bounded lines, keeps the tail of stderr, and reports the exit. A program that closes its stdout
 * and keeps running is killed (its exit says so): nothing it does can be read any more. It does not
 * restart itself; that policy belongs to the caller (see `cmdTarget`). The process gets its own
 * process group so that `kill` also reaches whatever it started (a shell wrapper's child, Maxima's
 * Lisp); the group is killed when sagga ends, however it ends, even by SIGKILL (see `orphanGuard`).
 */
export class JsonlProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly stderr: TextTail;
  private readonly splitter: BoundedLineSplitter;
  private readonly queue: string[] = [];
  private waitingForDrain = false;
  private exitedFlag = false;
  private finished = false;
  private closedStdout = false;
  private exitInfo: { code: number | null; signal: ProcessSignal | null } = { code: null, signal: null };

  private constructor(
    child: ChildProcessWithoutNullStreams,
    private readonly options: JsonlProcessOptions,
  ) {
    this.child = child;
    this.stderr = new TextTail(options.stderrTailChars);
    this.splitter = new BoundedLineSplitter(options.maxLineBytes, {
      line: (text) => {
        if (!this.finished) options.onLine(text);
      },
      oversized: (head, total) => {
        if (!this.finished) options.onOversizedLine(head, total);
      },
    });
    child.stdout.on('data', (chunk: Buffer) => this.splitter.push(chunk));
    // End of file on stdout from a program that keeps running: nothing more can come from it.
    child.stdout.on('end', () => {
      if (this.exitedFlag) return;
      setTimeout(() => {
        if (this.exitedFlag) return;
        this.closedStdout = true;
        this.kill();
      }, STDOUT_EOF_GRACE_MS).unref();
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => this.stderr.push(text));
    // EPIPE and friends when the program dies while we write: the exit event tells the story.
    child.stdin.on('error', () => {});
    child.stdout.on('error', () => {});
    child.stderr.on('error', () => {});
    child.on('exit', (code, signal) => {
      this.exitedFlag = true;
      this.exitInfo = { code, signal };
      // Whatever it left running in its group goes with it.
      this.killGroup('SIGKILL');
      if (child.pid !== undefined) releaseGroup(child.pid);
      setTimeout(() => this.finish(), CLOSE_GRACE_MS).unref();
    });
    child.on('close', () => this.finish());
  }

  /** Start the program; rejects (with the system's reason) when it cannot be started at all. */
  static start(options: JsonlProcessOptions): Promise<JsonlProcess> {
    if (options.argv.length === 0) return Promise.reject(new Error('empty command'));
    return new Promise((resolve, reject) => {
      let child: ChildProcessWithoutNullStreams;
      try {
        child = spawn(options.argv[0], options.argv.slice(1), {
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: true,
          env: options.env ?? process.env,
          cwd: options.cwd,
          windowsHide: true,
        });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      // Guarded from the moment it exists, before it has even started running.
      if (child.pid !== undefined) guardGroup(child.pid);
      const onError = (err: Error): void => reject(err);
      child.once('error', onError);
      child.once('spawn', () => {
        child.off('error', onError);
        child.on('error', () => {}); // later errors (a failed kill) surface as the exit
        resolve(new JsonlProcess(child, options));
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** True once the process has exited (its last output may still be being read). */
  get exited(): boolean {
    return this.exitedFlag;
  }

  /** Lines accepted by `write` but not yet handed to the pipe (the program is not reading). */
  get queuedLines(): number {
    return this.queue.length;
  }

  /** Queue one line for the program's stdin (a newline is added). Never blocks; order is kept. */
  write(line: string): void {
    if (this.exitedFlag || this.child.stdin.destroyed || this.child.stdin.writableEnded) return;
    this.queue.push(line.endsWith('\n') ? line : `${line}\n`);
    this.flush();
  }

  /** Close the program's stdin, the polite way to ask a line-oriented program to finish. */
  endInput(): void {
    if (!this.child.stdin.writableEnded) this.child.stdin.end();
  }

  stderrTail(): string {
    return this.stderr.text();
  }

  /** Kill the program and everything in its process group. */
  kill(signal: ProcessSignal = 'SIGKILL'): void {
    this.killGroup(signal);
    if (!this.exitedFlag) {
      try {
        this.child.kill(signal as NodeJS.Signals);
      } catch {
        // already gone
      }
    }
  }

  private killGroup(signal: ProcessSignal): void {
    const pid = this.child.pid;
    if (pid === undefined || process.platform === 'win32') return;
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is already empty
    }
  }

  private flush(): void {
    const stdin = this.child.stdin;
    while (!this.waitingForDrain && this.queue.length > 0) {
      if (stdin.destroyed || stdin.writableEnded) {
        this.queue.length = 0;
        return;
      }
      const chunk = this.queue.shift()!;
      if (!stdin.write(chunk)) {
        this.waitingForDrain = true;
        stdin.once('drain', () => {
          this.waitingForDrain = false;
          this.flush();
        });
      }
    }
  }

  private finish(): void {
    if (this.finished) return;
    this.splitter.end();
    this.finished = true;
    this.queue.length = 0;
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.child.stdin.destroy();
    this.options.onExit({ ...this.exitInfo, stderrTail: this.stderr.text(), closedStdout: this.closedStdout });
  }
}
