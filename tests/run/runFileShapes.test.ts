import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/exitCodeOf.js';
import { EXIT } from '../../src/cli/exitCodes.js';
import { readCheckpointFile } from '../../src/run/checkpointFile.js';
import { parseRunConfig } from '../../src/run/parseRunConfig.js';
import { RunFiles, ZERO_TOTALS } from '../../src/run/runFiles.js';
import { runConfigFixture } from './runConfigFixture.js';

/** A config.json an earlier sagga wrote (before tasks, patience and a settings hash). */
const OLDER_RUN = resolve(__dirname, '../fixtures/eval/nerdamer-run/config.json');

const written = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const without = (config: Record<string, unknown>, path: readonly string[]): Record<string, unknown> => {
  const copy = written(config) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  delete at[path[path.length - 1]];
  return copy;
};
const withValue = (config: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> => {
  const copy = written(config) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
};

describe('config.json read back', () => {
  it("is the file as written: what writeConfig wrote, an older run's, and one without the settings added since", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-config-'));
    const files = new RunFiles(dir);
    files.writeConfig(runConfigFixture({ k: 3 }));
    const read = files.readConfig();
    expect(read?.settings.k).toBe(3);
    expect(read).toEqual(JSON.parse(readFileSync(files.path('config'), 'utf8')));

    const older = JSON.parse(readFileSync(OLDER_RUN, 'utf8')) as Record<string, unknown>;
    expect(parseRunConfig(older, OLDER_RUN)).toBe(older);
    let early = written(runConfigFixture()) as Record<string, unknown>;
    for (const later of [
      'task',
      'canaries',
      'failures',
      'reference',
      'novelty',
      'patience',
      'shrinkCalls',
      'shrinkCallsPerNode',
      'bugLean',
      'maxTargetCalls',
      'maxTokensTotal',
      'maxCost',
    ])
      early = without(early, ['settings', later]);
    expect(parseRunConfig(early, 'config.json').settings.failures).toBeUndefined();
  });

  it("refuses a config that is not a run's, naming the field, with exit status 66", () => {
    const good = written(runConfigFixture()) as Record<string, unknown>;
    const cases: ReadonlyArray<readonly [Record<string, unknown> | unknown, RegExp]> = [
      [[1, 2], /not a config\.json of a sagga run: it is \[1,2\], not an object/],
      [without(good, ['settings']), /: settings is missing, not an object/],
      [withValue(good, ['settings', 'k'], 'x'), /: settings\.k is "x", not a whole number ≥ 1/],
      [withValue(good, ['settings', 'k'], 0), /: settings\.k is 0/],
      [withValue(good, ['settings', 'failures'], 'some'), /: settings\.failures is "some", not "proven" or "all"/],
      [withValue(good, ['settings', 'bugLean'], 'newest:2'), /: settings\.bugLean is "newest:2", not none, rank or newest:p/],
      [without(good, ['settings', 'seedSize']), /: settings\.seedSize is missing/],
      [without(good, ['candidate_limits', 'maxNodes']), /: candidate_limits\.maxNodes is missing, not a number/],
      [withValue(good, ['rng_seed'], 7), /: rng_seed is 7, not a string/],
      [withValue(good, ['resumes'], [{ at: 'now', after_generation: 1, changed: [], forced: 'no' }]), /: resumes\[0\]\.forced is "no", not true or false/],
      [withValue(good, ['target', 'settings'], { model: { nested: true } }), /: target\.settings is .*, not an object of strings, numbers, booleans and nulls/],
    ];
    for (const [value, message] of cases) expect(() => parseRunConfig(value, 'run/config.json'), String(message)).toThrow(message);

    const dir = mkdtempSync(join(tmpdir(), 'sagga-config-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify(withValue(good, ['settings', 'tau'], 'small')));
    let error: unknown;
    try {
      new RunFiles(dir).readConfig();
    } catch (err) {
      error = err;
    }
    expect((error as Error).message).toContain(`${join(dir, 'config.json')}: not a config.json of a sagga run: settings.tau is "small", not a number`);
    expect(exitCodeOf(error)).toBe(EXIT.noInput);
  });
});

describe('checkpoint.json read back', () => {
  const checkpoint = {
    format: 1,
    engine: { generation: 2 },
    rngState: {},
    totals: ZERO_TOTALS,
    offsets: { archive: 10, evaluated: 20, generations: 30 },
    updated: 'then',
  };
  const file = (value: unknown): string => {
    const path = join(mkdtempSync(join(tmpdir(), 'sagga-checkpoint-')), 'checkpoint.json');
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
    return path;
  };

  it('is the file as written, engine and all; none is null', () => {
    expect(readCheckpointFile(file(checkpoint))).toEqual(checkpoint);
    expect(readCheckpointFile(join(tmpdir(), 'no-such-dir', 'checkpoint.json'))).toBeNull();
  });

  it('refuses a damaged one rather than cut logs by it', () => {
    expect(() => readCheckpointFile(file('{"format": 1, '))).toThrow(/is not valid JSON/);
    expect(() => readCheckpointFile(file({ ...checkpoint, format: 2 }))).toThrow(/checkpoint format 2, this sagga reads 1/);
    expect(() => readCheckpointFile(file({ ...checkpoint, offsets: { archive: -1, evaluated: 0, generations: 0 } }))).toThrow(/offsets\.archive is -1/);
    expect(() => readCheckpointFile(file({ ...checkpoint, offsets: { archive: 1.5, evaluated: 0, generations: 0 } }))).toThrow(/offsets\.archive is 1\.5/);
    expect(() => readCheckpointFile(file({ ...checkpoint, offsets: { archive: 0, evaluated: 0 } }))).toThrow(/offsets\.generations is undefined/);
    expect(() => readCheckpointFile(file({ ...checkpoint, totals: {} }))).toThrow(/totals\.candidates/);
    expect(() => readCheckpointFile(file({ ...checkpoint, engine: [1] }))).toThrow(/engine is neither an object nor null/);
  });
});
