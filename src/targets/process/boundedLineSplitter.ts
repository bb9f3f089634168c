/** What a line splitter reports to its owner. */
export interface LineSink {
  /** A complete line (without the newline and a trailing CR), decoded as UTF-8. */
  line(text: string): void;
  /**
   * A line longer than the limit. Only its first `headBytes` bytes were kept (decoded as UTF-8,
   * possibly with a broken last character), so that the owner can still see whose answer it was.
   */
  oversized(head: string, totalBytes: number): void;
}

/**
 * Splits a byte stream into lines while holding at most `maxLineBytes` of any one line in memory:
 * a program that prints a 100 MB line costs us `maxLineBytes`, not 100 MB. Splitting happens on raw
 * bytes (a newline byte never occurs inside a multi-byte UTF-8 sequence), so characters split
 * across chunks decode correctly.
 */
export class BoundedLineSplitter {
  private parts: Buffer[] = [];
  private bytes = 0;
  /** While > 0 we are skipping the rest of an oversized line; counts all of its bytes. */
  private discarded = 0;
  private head = '';

  constructor(
    private readonly maxLineBytes: number,
    private readonly sink: LineSink,
    private readonly headBytes = 4096,
  ) {
    if (!(maxLineBytes > 0)) throw new RangeError('maxLineBytes must be positive');
  }

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const end = nl < 0 ? chunk.length : nl;
      this.append(chunk.subarray(start, end));
      if (nl < 0) return;
      this.finishLine();
      start = nl + 1;
    }
  }

  /** The stream ended: a last line without a newline still counts. */
  end(): void {
    if (this.bytes > 0 || this.discarded > 0) this.finishLine();
  }

  private append(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.discarded > 0) {
      this.discarded += piece.length;
      return;
    }
    if (this.bytes + piece.length > this.maxLineBytes) {
      const kept = Buffer.concat([...this.parts, piece.subarray(0, Math.max(0, this.headBytes - this.bytes))]);
      this.head = kept.subarray(0, this.headBytes).toString('utf8');
      this.discarded = this.bytes + piece.length;
      this.parts = [];
      this.bytes = 0;
      return;
    }
    // Copy: the stream may reuse the chunk's memory after the callback returns.
    this.parts.push(Buffer.from(piece));
    this.bytes += piece.length;
  }

  private finishLine(): void {
    if (this.discarded > 0) {
      const total = this.discarded;
      const head = this.head;
      this.discarded = 0;
      this.head = '';
      this.sink.oversized(head, total);
      return;
    }
    let text = Buffer.concat(this.parts, this.bytes).toString('utf8');
    this.parts = [];
    this.bytes = 0;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    this.sink.line(text);
  }
}
