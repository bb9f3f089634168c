import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonLines } from '../../src/run/readJsonLines.js';
import { NotARunError, readRun } from '../../src/run/readRun.js';
import { TRICKY_LINES, writeRun } from '../archive/fixtures.js';

describe('reading a run tolerantly', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-read-run-'));

  it('JSON Lines: CRLF and blank lines are fine, a complete last line without newline is kept, bad lines are named', () => {
    const r = parseJsonLines('{"a":1}\r\n\r\n[1,\n{"b":2}\n   \n{"c":3}', 'f.jsonl');
    expect(r.values).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 4, value: { b: 2 } },
      { line: 6, value: { c: 3 } },
    ]);
    expect(r.warnings).toEqual([{ file: 'f.jsonl', line: 3, message: expect.stringMatching(/^not valid JSON \(.+\); skipped$/) }]);
    expect(parseJsonLines('{"a":1}\n{"b":', 'g').warnings[0]).toMatchObject({ line: 2, message: expect.stringMatching(/^last line is cut off/) });
  });

  it('an archive line missing a required field, or with a wrong type, is skipped with the reason', () => {
    const { generation: _g, ...noGeneration } = TRICKY_LINES[0];
    const dir = writeRun(join(work, 'fields'), [noGeneration, { ...TRICKY_LINES[1], length: '9' }, TRICKY_LINES[2], { ...TRICKY_LINES[3], answers: [{ verdict: 'x' }] }]);
    const run = readRun(dir);
    expect(run.entries.map((e) => e.id)).toEqual(['g2-7']);
    const archive = join(dir, 'archive.jsonl');
    expect(run.warnings).toEqual([
      { file: archive, line: 1, message: 'not an archive entry (missing "generation"); skipped' },
      { file: archive, line: 2, message: 'not an archive entry ("length" is not a finite number); skipped' },
      { file: archive, line: 4, message: 'not an archive entry (answers[0] has no "text" string); skipped' },
    ]);
  });

  it('a directory with only config.json is a run with nothing archived yet; an empty one is not a run', () => {
    const early = join(work, 'early');
    mkdirSync(early);
    writeFileSync(join(early, 'config.json'), '{"settings":{"target":"nerdamer"}}');
    const run = readRun(early);
    expect(run.entries).toEqual([]);
    expect(run.warnings).toEqual([{ file: join(early, 'archive.jsonl'), line: null, message: 'missing: no failure was archived yet, or the run directory is incomplete' }]);
    const empty = join(work, 'empty');
    mkdirSync(empty);
    expect(() => readRun(empty)).toThrow(NotARunError);
    writeFileSync(join(empty, 'config.json'), '[1, 2]');
    expect(() => readRun(empty)).toThrow(/not a sagga run directory.*\n  .*config\.json: not a JSON object; ignored/);
  });
});
