import { describe, expect, test } from 'vitest';
import { BoundedLineSplitter } from '../../../src/targets/process/boundedLineSplitter.js';
import { TextTail } from '../../../src/targets/process/textTail.js';

function collect(max: number) {
  const lines: string[] = [];
  const oversized: { head: string; total: number }[] = [];
  const splitter = new BoundedLineSplitter(max, { line: (t) => lines.push(t), oversized: (head, total) => oversized.push({ head, total }) }, 16);
  return { splitter, lines, oversized };
}

describe('BoundedLineSplitter', () => {
  test('splits lines across chunks, drops CR, keeps the last unterminated line', () => {
    const { splitter, lines } = collect(100);
    splitter.push(Buffer.from('ab'));
    splitter.push(Buffer.from('c\r\nde\n\nf'));
    splitter.push(Buffer.from('g'));
    splitter.end();
    expect(lines).toEqual(['abc', 'de', '', 'fg']);
  });

  test('multi-byte characters split between chunks decode correctly', () => {
    const { splitter, lines } = collect(100);
    const bytes = Buffer.from('∫ x² dx = x³/3\n');
    for (let i = 0; i < bytes.length; i++) splitter.push(bytes.subarray(i, i + 1));
    expect(lines).toEqual(['∫ x² dx = x³/3']);
  });

  test('a line over the limit is reported by its head and total size, and the next line is intact', () => {
    const { splitter, lines, oversized } = collect(10);
    const start = '{"id":"big","answers":["';
    splitter.push(Buffer.from(start));
    splitter.push(Buffer.from('x'.repeat(50)));
    splitter.push(Buffer.from('"]}\nok\n'));
    expect(oversized).toEqual([{ head: '{"id":"big","ans', total: start.length + 50 + 3 }]);
    expect(lines).toEqual(['ok']);
  });

  test('a 100 MB line costs about the limit in memory, not 100 MB', () => {
    const { splitter, lines, oversized } = collect(1 << 20);
    const chunk = Buffer.alloc(1 << 20, 0x78); // one reused 1 MiB chunk of 'x'
    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    for (let i = 0; i < 100; i++) {
      splitter.push(chunk);
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
    }
    splitter.push(Buffer.from('\nnext\n'));
    expect(oversized).toHaveLength(1);
    expect(oversized[0].total).toBe(100 * (1 << 20));
    expect(lines).toEqual(['next']);
    expect(peak).toBeLessThan(16 * (1 << 20));
  });
});

describe('TextTail', () => {
  test('keeps exactly the last maxChars characters however the text arrives', () => {
    const tail = new TextTail(10);
    tail.push('hello ');
    tail.push('wonderful ');
    tail.push('world');
    expect(tail.text()).toBe('rful world');
    for (let i = 0; i < 1000; i++) tail.push(String(i % 10));
    expect(tail.text()).toBe('0123456789');
    tail.push('a very long single piece of text');
    expect(tail.text()).toBe('ce of text');
  });
});
