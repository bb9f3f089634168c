import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonLinesJournal } from '../../src/run/jsonLinesJournal.js';

const fresh = (): string => join(mkdtempSync(join(tmpdir(), 'sagga-journal-')), 'log.jsonl');

describe('JsonLinesJournal', () => {
  it('creates the file, appends whole lines, and reads them back after a torn last line is cut', () => {
    const path = fresh();
    const first = JsonLinesJournal.open(path);
    expect(first.lines).toEqual([]);
    first.journal.append(['{"a":1}', '{"a":2}']);
    first.journal.append([], true);
    first.journal.close();
    // A kill while the next line was written.
    appendFileSync(path, '\n{"a":3}\n{"a":');
    // Reading leaves the file as it is.
    expect(JsonLinesJournal.readLines(path)).toEqual(['{"a":1}', '{"a":2}', '{"a":3}']);
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"a":2}\n\n{"a":3}\n{"a":');
    const again = JsonLinesJournal.open(path);
    expect(again.lines).toEqual(['{"a":1}', '{"a":2}', '{"a":3}']);
    // The torn line is gone, so the next line starts on a line of its own.
    again.journal.append(['{"a":4}'], false);
    again.journal.sync();
    again.journal.close();
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"a":2}\n\n{"a":3}\n{"a":4}\n');
  });

  it('keeps exactly the bytes a checkpoint records, refuses a shorter file, and reads nothing past them', () => {
    const path = fresh();
    writeFileSync(path, '{"g":1}\n{"g":2}\n{"g":3}\n');
    const kept = JsonLinesJournal.open(path, { keep: 16 });
    expect(kept.lines).toEqual(['{"g":1}', '{"g":2}']);
    expect(kept.journal.size()).toBe(16);
    kept.journal.close();
    expect(readFileSync(path, 'utf8')).toBe('{"g":1}\n{"g":2}\n');
    expect(() => JsonLinesJournal.open(path, { keep: 17 })).toThrow(/shorter \(16 bytes\) than the 17 bytes/);
    expect(() => JsonLinesJournal.open(fresh(), { keep: 1 })).toThrow(/missing/);
    expect(readFileSync(path, 'utf8')).toBe('{"g":1}\n{"g":2}\n');
  });

  it("replaces its lines, removes, and turns a failed write into the guard's error", () => {
    const path = fresh();
    const { journal } = JsonLinesJournal.open(path);
    journal.append(['{"x":1}', '{"x":0}']);
    journal.replace(['{"kept":1}']);
    journal.append(['{"x":2}']);
    expect(readFileSync(path, 'utf8')).toBe('{"kept":1}\n{"x":2}\n');
    journal.replace([]);
    journal.append(['{"x":3}']);
    expect(readFileSync(path, 'utf8')).toBe('{"x":3}\n');
    // Replaced by a rename: no private file is left beside it.
    expect(readdirSync(dirname(path))).toEqual(['log.jsonl']);
    journal.remove();
    expect(existsSync(path)).toBe(false);
    expect(() => journal.append(['{"x":4}'])).toThrow(/closed/);

    const full = JsonLinesJournal.open('/dev/full', {
      keep: 0,
      guard: (write) => {
        try {
          return write();
        } catch (err) {
          throw new Error(`guarded: ${(err as NodeJS.ErrnoException).code}`);
        }
      },
    });
    expect(() => full.journal.append(['{"x":1}'])).toThrow('guarded: ENOSPC');
    full.journal.close();
  });
});
