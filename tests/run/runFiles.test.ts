import { appendFileSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunFiles, ZERO_TOTALS } from '../../src/run/runFiles.js';
import type { EngineState } from '../../src/search/searchEngine.js';

const state = (generation: number, archiveCount: number): EngineState => ({
  generation,
  seeds: [],
  retry: [],
  stalled: 0,
  archiveCount,
  archiveLengthSum: 0,
  evaluatedCount: 0,
  stopReason: null,
});
const fresh = () => new RunFiles(mkdtempSync(join(tmpdir(), 'sagga-runfiles-')));
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

describe('RunFiles', () => {
  it('commits a generation: lines appended, checkpoint records the log sizes, journal emptied', () => {
    const files = fresh();
    files.reconcile(null);
    files.appendJournal([{ key: 'k1', answers: [] }]);
    expect(lines(files.path('journal'))).toHaveLength(1);
    const cp = files.commit({ archive: [{ id: 'a' }, { id: 'b' }], evaluated: [{ key: 'k1' }], generation: { generation: 1 } }, { engine: state(1, 2), rngState: {}, totals: ZERO_TOTALS });
    files.close();
    expect(lines(files.path('archive'))).toEqual(['{"id":"a"}', '{"id":"b"}']);
    expect(cp.offsets.archive).toBe(Buffer.byteLength('{"id":"a"}\n{"id":"b"}\n'));
    expect(readFileSync(files.path('journal'), 'utf8')).toBe('');
    expect(files.readCheckpoint()).toMatchObject({ engine: { generation: 1, archiveCount: 2 }, offsets: cp.offsets });
  });

  it('on resume cuts every log back to the checkpoint, including torn last lines', () => {
    const files = fresh();
    files.reconcile(null);
    files.commit({ archive: [{ id: 'a' }], evaluated: [{ key: 'k1', status: 'fail' }], generation: { generation: 1 } }, { engine: state(1, 1), rngState: {}, totals: ZERO_TOTALS });
    files.close();
    // A second generation that was killed half-way through its commit: a whole line and a torn one.
    appendFileSync(files.path('archive'), '{"id":"b"}\n{"id":"c", "probl');
    appendFileSync(files.path('evaluated'), '{"key":"k2"}\n');
    appendFileSync(files.path('journal'), '{"key":"k3","answers":[]}\n{"key":"k4","ans');
    const again = new RunFiles(files.dir);
    const survivors = again.reconcile(again.readCheckpoint());
    again.close();
    expect(lines(files.path('archive'))).toEqual(['{"id":"a"}']);
    expect(survivors.archive).toEqual(['{"id":"a"}']);
    expect(survivors.evaluated).toEqual(['{"key":"k1","status":"fail"}']);
    // Journal entries of the generation in progress survive (except the torn one).
    expect(survivors.journal).toEqual([{ key: 'k3', answers: [] }]);
    expect(readFileSync(files.path('journal'), 'utf8')).toBe('{"key":"k3","answers":[]}\n');
  });

  it('starts from empty logs when the run died before its first checkpoint', () => {
    const files = fresh();
    writeFileSync(files.path('archive'), '{"id":"zombie"}\n');
    const survivors = files.reconcile(null);
    files.close();
    expect(survivors.archive).toEqual([]);
    expect(readFileSync(files.path('archive'), 'utf8')).toBe('');
  });

  it('refuses a log shorter than the checkpoint says', () => {
    const files = fresh();
    files.reconcile(null);
    files.commit({ archive: [{ id: 'a' }], evaluated: [], generation: {} }, { engine: state(1, 1), rngState: {}, totals: ZERO_TOTALS });
    files.close();
    truncateSync(files.path('archive'), 3);
    const again = new RunFiles(files.dir);
    expect(() => again.reconcile(again.readCheckpoint())).toThrow(/shorter .* than the checkpoint/);
  });

  it('replaces config.json atomically and reads it back', () => {
    const files = fresh();
    expect(files.hasRun()).toBe(false);
    files.writeConfig({ settings: { tau: 0.01 } });
    expect(files.hasRun()).toBe(true);
    expect(files.readConfig()).toEqual({ settings: { tau: 0.01 } });
  });
});
