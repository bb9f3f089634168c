import { closeSync, existsSync, fstatSync, fsyncSync, openSync, readSync, statSync, truncateSync, unlinkSync, writeSync } from 'node:fs';
import { writeFileAtomic } from '../util/writeFileAtomic.js';

/**
 * Runs a write and turns its failure into the caller's error (RunFiles names the file and how to
 * resume); by default the error is thrown as it is.
 */
export type WriteGuard = <T>(write: () => T) => T;

export interface JsonLinesJournalOptions {
  /**
   * Bytes to keep: the file is cut back to exactly this length (a checkpoint's offset, always at a
   * line boundary) and must be at least this long. Absent: everything up to the last newline is
   * kept, and a torn last line (a kill while writing) is cut off.
   */
  readonly keep?: number;
  readonly guard?: WriteGuard;
}

/** A journal just opened, and the lines it kept. */
export interface OpenedJournal {
  readonly journal: JsonLinesJournal;
  /** The complete lines kept, without their newlines, blank lines left out; not parsed. */
  readonly lines: readonly string[];
}

/**
 * The one append-only JSON Lines file of sagga: a run's logs (archive, evaluated, generations,
 * journal), `archive shrink`'s journal and `eval`'s. Opening it cuts what must not be kept (a
 * torn last line, or what lies beyond a checkpoint's offset) and opens it for appending; each
 * append is written in full before it returns, and made durable (fsync) at once or, with
 * `durable` false, by a later `sync()`: a killed process loses nothing written, a crashed machine
 * at most what was not synced.
 */
export class JsonLinesJournal {
  readonly path: string;
  private fd: number | undefined;
  private readonly guard: WriteGuard;

  private constructor(path: string, fd: number, guard: WriteGuard) {
    this.path = path;
    this.fd = fd;
    this.guard = guard;
  }

  /** Open (or create) `path` for appending, after cutting it back as `options` say. */
  static open(path: string, options: JsonLinesJournalOptions = {}): OpenedJournal {
    const guard = options.guard ?? ((write) => write());
    let lines: string[] = [];
    if (existsSync(path)) {
      const size = statSync(path).size;
      const end = options.keep ?? size;
      if (size < end) throw new Error(`${path} is shorter (${size} bytes) than the ${end} bytes it must keep`);
      const bytes = readBytes(path, end);
      const kept = options.keep ?? bytes.lastIndexOf(0x0a) + 1;
      lines = completeLines(bytes.subarray(0, kept));
      if (size > kept) guard(() => truncateSync(path, kept));
    } else if (options.keep !== undefined && options.keep > 0) {
      throw new Error(`${path} is missing, yet ${options.keep} bytes of it must be kept`);
    }
    const fd = guard(() => openSync(path, 'a'));
    return { journal: new JsonLinesJournal(path, fd, guard), lines };
  }

  /** The complete lines of `path` as they are (none when it is missing), without opening it for appending or cutting it. */
  static readLines(path: string): string[] {
    if (!existsSync(path)) return [];
    return completeLines(readBytes(path, statSync(path).size));
  }

  /** Append `lines` (each one JSON text, without its newline) in one write; `durable`: and wait for the disk. */
  append(lines: readonly string[], durable = true): void {
    if (lines.length === 0) return;
    const fd = this.openFd();
    const buffer = Buffer.from(lines.join('\n') + '\n', 'utf8');
    this.guard(() => {
      let written = 0;
      while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
      if (durable) fsyncSync(fd);
    });
  }

  /** Wait for the disk to hold every line appended so far. */
  sync(): void {
    const fd = this.openFd();
    this.guard(() => fsyncSync(fd));
  }

  /**
   * Replace the file's lines with `lines` (each one JSON text, without its newline) at once: a
   * private file beside it, flushed, is renamed into place, so a kill leaves the old lines or the
   * new ones, never neither. Later appends go to the new file.
   */
  replace(lines: readonly string[]): void {
    this.openFd();
    this.guard(() => {
      writeFileAtomic(this.path, lines.length === 0 ? '' : lines.join('\n') + '\n');
      closeSync(this.fd!);
      this.fd = undefined;
      this.fd = openSync(this.path, 'a');
    });
  }

  /** The file's length in bytes. */
  size(): number {
    return fstatSync(this.openFd()).size;
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  /** Close and delete the file: what it journaled is done with. */
  remove(): void {
    this.close();
    try {
      unlinkSync(this.path);
    } catch {
      // Already gone.
    }
  }

  private openFd(): number {
    if (this.fd === undefined) throw new Error(`${this.path} is closed`);
    return this.fd;
  }
}

/** The first `length` bytes of `path` (a device such as /dev/full reads as empty, by its size). */
function readBytes(path: string, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  if (length === 0) return buffer;
  const fd = openSync(path, 'r');
  try {
    let read = 0;
    while (read < length) {
      const n = readSync(fd, buffer, read, length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The lines of `bytes` that end in a newline, blank ones left out. */
function completeLines(bytes: Buffer): string[] {
  const text = bytes.toString('utf8');
  const end = text.lastIndexOf('\n');
  if (end < 0) return [];
  return text
    .slice(0, end)
    .split('\n')
    .filter((l) => l.trim() !== '');
}
