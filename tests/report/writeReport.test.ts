import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReport } from '../../src/report/writeReport.js';
import { TRICKY_LINES, writeRun } from '../archive/fixtures.js';

describe('writeReport (in Node)', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-report-cmd-'));
  const run = writeRun(join(work, 'run'), TRICKY_LINES, { generations: [{ generation: 1, evaluated: 10, failures: 2 }] });
  const notRun = join(work, 'photos');
  mkdirSync(notRun);
  writeFileSync(join(notRun, 'cat.jpg'), 'not a run');

  it('among several paths, one that is not a run is left out with a warning on the page; the rest is reported', async () => {
    const out = join(work, 'two.html');
    const result = await writeReport([run, notRun], { out });
    expect(result.entries).toBe(TRICKY_LINES.length);
    expect(result.warnings).toEqual([
      `${notRun}: left out: not a sagga run directory (none of config.json, archive.jsonl, generations.jsonl, checkpoint.json is there)`,
    ]);
    const page = readFileSync(out, 'utf8');
    expect(page).toContain('1 line or file could not be read');
    expect(page).toContain(`${notRun}: left out: not a sagga run directory`);
    await expect(writeReport([notRun, join(work, 'nowhere')], { out: join(work, 'none.html') })).rejects.toThrow(/photos: not a sagga run directory/);
    expect(existsSync(join(work, 'none.html'))).toBe(false);
  });

  it('writes <dir>/report.html for a run, <name>.html next to an archive file, and names a missing archive.jsonl', async () => {
    const result = await writeReport([run]);
    expect(result.out).toBe(join(run, 'report.html'));
    expect(existsSync(result.out)).toBe(true);
    const file = join(work, 'export.jsonl');
    writeFileSync(file, TRICKY_LINES.map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect((await writeReport([file])).out).toBe(join(work, 'export.html'));
    const onlyGenerations = join(work, 'early');
    mkdirSync(onlyGenerations);
    writeFileSync(join(onlyGenerations, 'generations.jsonl'), '{"generation":1,"evaluated":5,"failures":0}\n');
    const early = await writeReport([onlyGenerations]);
    expect(early.entries).toBe(0);
    expect(early.warnings).toEqual([`${join(onlyGenerations, 'archive.jsonl')}: missing: no failure was archived yet, or the run directory is incomplete`]);
    expect(readFileSync(early.out, 'utf8')).toContain('No data: no archive lines.');
  });
});
