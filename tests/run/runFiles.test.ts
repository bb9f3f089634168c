import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunFiles, ZERO_TOTALS } from '../../src/run/runFiles.js';
import { RunDirError } from '../../src/run/runDirError.js';
import { settingsHash } from '../../src/run/settingsHash.js';
import { exitCodeOf } from '../../src/cli/exitCodeOf.js';
import { EXIT } from '../../src/cli/exitCodes.js';
import type { EngineState } from '../../src/search/searchEngine.js';
import { runConfigFixture } from './runConfigFixture.js';

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
/** A short line, for the mechanics of appending and cutting back: which fields it has does not matter here. */
const short = <T>(fields: object): T => fields as unknown as T;
const fresh = () => new RunFiles(mkdtempSync(join(tmpdir(), 'sagga-runfiles-')));
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

describe('RunFiles', () => {
  it('commits a generation: lines appended, checkpoint records the log sizes, journal emptied', () => {
    const files = fresh();
    files.reconcile(null);
    files.appendJournal([{ key: 'k1', answers: [] }]);
    expect(lines(files.path('journal'))).toHaveLength(1);
    const cp = files.commit(
      { archive: [short({ id: 'a' }), short({ id: 'b' })], evaluated: [short({ key: 'k1' })], generation: short({ generation: 1 }) },
      { engine: state(1, 2), rngState: {}, totals: ZERO_TOTALS },
    );
    files.close();
    expect(lines(files.path('archive'))).toEqual(['{"id":"a"}', '{"id":"b"}']);
    expect(cp.offsets.archive).toBe(Buffer.byteLength('{"id":"a"}\n{"id":"b"}\n'));
    expect(readFileSync(files.path('journal'), 'utf8')).toBe('');
    expect(files.readCheckpoint()).toMatchObject({ engine: { generation: 1, archiveCount: 2 }, offsets: cp.offsets });
  });

  it("carries the entries kept for the rest of the run over in the same write that ends the generation's journal", () => {
    const files = fresh();
    files.reconcile(null);
    files.appendJournal([
      { key: 'asked', answers: [] },
      { key: 'probed', answers: [], probe: 1 },
    ]);
    files.commit({ archive: [], evaluated: [], generation: short({ generation: 1 }) }, { engine: state(1, 0), rngState: {}, totals: ZERO_TOTALS }, [
      { key: 'probed', answers: [], probe: 1 },
    ]);
    files.appendJournal([{ key: 'next', answers: [] }]);
    files.close();
    expect(lines(files.path('journal'))).toEqual(['{"key":"probed","answers":[],"probe":1}', '{"key":"next","answers":[]}']);
  });

  it('on resume cuts every log back to the checkpoint, including torn last lines', () => {
    const files = fresh();
    files.reconcile(null);
    files.commit(
      { archive: [short({ id: 'a' })], evaluated: [short({ key: 'k1', status: 'fail' })], generation: short({ generation: 1 }) },
      { engine: state(1, 1), rngState: {}, totals: ZERO_TOTALS },
    );
    files.close();
    // A second generation that was killed half-way through its commit: a whole line and a torn one.
    appendFileSync(files.path('archive'), '{"id":"b"}\n{"id":"c", "probl');
    appendFileSync(files.path('evaluated'), '{"key":"k2"}\n');
    appendFileSync(files.path('journal'), '{"key":"k3","answers":[]}\n{"key":"k4","ans');
    const again = new RunFiles(files.dir);
    const survivors = again.reconcile(again.readCheckpoint());
    again.close();
    expect(lines(files.path('archive'))).toEqual(['{"id":"a"}']);
    expect(survivors.archiveLines).toBe(1);
    expect(survivors.evaluated).toEqual([{ key: 'k1', status: 'fail' }]);
    // Journal entries of the generation in progress survive (except the torn one).
    expect(survivors.journal).toEqual([{ key: 'k3', answers: [] }]);
    expect(readFileSync(files.path('journal'), 'utf8')).toBe('{"key":"k3","answers":[]}\n');
  });

  it("reads a journal entry's problem text back, and skips an entry whose text is not a string", () => {
    const files = fresh();
    files.reconcile(null);
    files.close();
    appendFileSync(files.path('journal'), '{"key":"k1","answers":[],"problem":"1 + x"}\n{"key":"k2","answers":[],"problem":7}\n');
    const again = new RunFiles(files.dir);
    const survivors = again.reconcile(again.readCheckpoint());
    again.close();
    expect(survivors.journal).toEqual([{ key: 'k1', answers: [], problem: '1 + x' }]);
  });

  it('starts from empty logs when the run died before its first checkpoint', () => {
    const files = fresh();
    // A new run's config.json comes with a checkpoint that commits nothing yet.
    files.writeConfig(runConfigFixture({ tau: 0.01 }));
    expect(files.readCheckpoint()).toBeNull();
    expect(JSON.parse(readFileSync(files.path('checkpoint'), 'utf8'))).toMatchObject({ engine: null, offsets: { archive: 0, evaluated: 0, generations: 0 } });
    writeFileSync(files.path('archive'), '{"id":"zombie"}\n');
    const survivors = files.reconcile(files.readCheckpoint());
    files.close();
    expect(survivors.archiveLines).toBe(0);
    expect(readFileSync(files.path('archive'), 'utf8')).toBe('');
  });

  it('refuses to cut lines when checkpoint.json is gone, and changes nothing', () => {
    const files = fresh();
    files.writeConfig(runConfigFixture({ tau: 0.01 }));
    files.reconcile(files.readCheckpoint());
    files.commit(
      { archive: [short({ id: 'a' })], evaluated: [short({ key: 'k1' })], generation: short({ generation: 1 }) },
      { engine: state(1, 1), rngState: {}, totals: ZERO_TOTALS },
    );
    files.close();
    rmSync(files.path('checkpoint'));
    appendFileSync(files.path('archive'), '{"id":"b"}\n{"id":"c", "torn');
    const before = ['archive', 'evaluated', 'generations', 'journal'].map((log) => readFileSync(files.path(log as 'archive'), 'utf8'));
    const again = new RunFiles(files.dir);
    expect(() => again.reconcile(again.readCheckpoint())).toThrow(
      /checkpoint\.json is missing, but archive\.jsonl \(2 lines\), evaluated\.jsonl \(1 line\), generations\.jsonl \(1 line\)/,
    );
    expect(['archive', 'evaluated', 'generations', 'journal'].map((log) => readFileSync(files.path(log as 'archive'), 'utf8'))).toEqual(before);
  });

  it('a failed write (a full disk) names the file and says how to resume; the CLI exits 73', () => {
    if (!existsSync('/dev/full')) return;
    const files = fresh();
    files.writeConfig(runConfigFixture({ tau: 0.01 }));
    symlinkSync('/dev/full', files.path('archive'));
    files.reconcile(files.readCheckpoint());
    let error: unknown;
    try {
      files.commit(
        { archive: [short({ id: 'a' })], evaluated: [], generation: short({ generation: 1 }) },
        { engine: state(1, 1), rngState: {}, totals: ZERO_TOTALS },
      );
    } catch (err) {
      error = err;
    }
    files.close();
    expect(error).toBeInstanceOf(RunDirError);
    const message = (error as Error).message;
    expect(message).toContain(files.path('archive'));
    expect(message).toMatch(/ENOSPC/);
    expect(message).toContain(`sagga search --resume ${files.dir}`);
    expect(message.split('\n')).toHaveLength(1);
    expect(exitCodeOf(error)).toBe(EXIT.cantCreate);
    // Nothing was committed: the checkpoint still records empty logs.
    expect(JSON.parse(readFileSync(files.path('checkpoint'), 'utf8'))).toMatchObject({ engine: null });
  });

  it('refuses a log shorter than the checkpoint says', () => {
    const files = fresh();
    files.reconcile(null);
    files.commit({ archive: [short({ id: 'a' })], evaluated: [], generation: short({}) }, { engine: state(1, 1), rngState: {}, totals: ZERO_TOTALS });
    files.close();
    truncateSync(files.path('archive'), 3);
    const again = new RunFiles(files.dir);
    expect(() => again.reconcile(again.readCheckpoint())).toThrow(/shorter .* than the checkpoint/);
  });

  it('replaces config.json atomically and reads it back, with the hash of its settings', () => {
    const files = fresh();
    expect(files.hasRun()).toBe(false);
    files.writeConfig(runConfigFixture({ tau: 0.01 }));
    expect(files.hasRun()).toBe(true);
    const config = files.readConfig();
    expect(config).toEqual({ ...runConfigFixture({ tau: 0.01 }), settings_sha256: settingsHash(runConfigFixture({ tau: 0.01 })) });
    if (config === null) throw new Error('no config read back');
    expect(settingsHash(config)).toBe(config.settings_sha256);
    // The hash covers what shapes the run, in any key order; it changes with a setting.
    expect(settingsHash({ settings: { b: 1, a: [1, { d: 2, c: 3 }] } })).toBe(settingsHash({ settings: { a: [1, { c: 3, d: 2 }], b: 1 } }));
    expect(settingsHash(runConfigFixture({ tau: 0.5 }))).not.toBe(config.settings_sha256);
    expect(settingsHash({ ...config, created: 'later', resumes: [{}] })).toBe(config.settings_sha256);
  });
});
