/**
 * The last `maxChars` characters of a stream of text (a ring buffer in spirit): what a subprocess
 * printed on stderr just before it failed, for error messages, in bounded memory however much it
 * prints.
 */
export class TextTail {
  private chunks: string[] = [];
  private length = 0;

  constructor(private readonly maxChars: number) {}

  push(text: string): void {
    if (text.length === 0 || this.maxChars <= 0) return;
    const piece = text.length > this.maxChars ? text.slice(-this.maxChars) : text;
    this.chunks.push(piece);
    this.length += piece.length;
    while (this.length - this.chunks[0].length >= this.maxChars) {
      this.length -= this.chunks[0].length;
      this.chunks.shift();
    }
    // Many tiny writes would make `shift` quadratic; fold them into one piece now and then.
    if (this.chunks.length > 256) {
      const all = this.text();
      this.chunks = [all];
      this.length = all.length;
    }
  }

  text(): string {
    const all = this.chunks.join('');
    return all.length > this.maxChars ? all.slice(-this.maxChars) : all;
  }

  clear(): void {
    this.chunks = [];
    this.length = 0;
  }
}
