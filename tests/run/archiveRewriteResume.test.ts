import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentProgress } from '../../src/search/progressReporter.js';
import { searchWithServices } from '../../src/search/searchWithServices.js';
import { makeScriptedRun, scriptedTarget, scriptedVerify } from '../../testkit/scriptedRun.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('a resumed search after an archive shrink stopped between its two renames', () => {
  it('moves the checkpoint offset to the rewritten archive first, and cuts nothing of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-rewrite-resume-'));
    await makeScriptedRun(dir, { failures: 4, generationSize: 40, seed: 'rewrite' });
    const archivePath = join(dir, 'archive.jsonl');
    const checkpointPath = join(dir, 'checkpoint.json');
    const before = readFileSync(archivePath, 'utf8');
    const checkpointText = readFileSync(checkpointPath, 'utf8');
    const committed = (JSON.parse(checkpointText) as { offsets: { archive: number } }).offsets.archive;
    expect(committed).toBe(Buffer.byteLength(before));
    expect(before.trim().split('\n').length).toBeGreaterThanOrEqual(4);

    // What `archive shrink` leaves when killed after renaming the new archive into place and before
    // moving the offset: the commit journaled (docs/FORMATS.md), the new archive, the old checkpoint.
    const after = before
      .trim()
      .split('\n')
      .map((line) => JSON.stringify({ ...(JSON.parse(line) as object), shrink: { calls: 0, probes: 0, steps: 0, stopped: 'minimal' } }) + '\n')
      .join('');
    writeFileSync(archivePath, after);
    const commit = { before_sha256: sha256(before), after_sha256: sha256(after), checkpoint_offset: { from: committed, to: Buffer.byteLength(after) } };
    writeFileSync(join(dir, 'shrink.jsonl'), JSON.stringify({ type: 'commit', commit }) + '\n');

    const resumed = await searchWithServices({ resume: dir }, { createTarget: () => scriptedTarget(), verify: scriptedVerify }, { progress: silentProgress() });
    expect(resumed.summary.stopReason).toBe('archive-full');
    expect(readFileSync(archivePath, 'utf8')).toBe(after);
    const checkpoint = JSON.parse(readFileSync(checkpointPath, 'utf8')) as { offsets: { archive: number } };
    expect(checkpoint.offsets.archive).toBe(Buffer.byteLength(after));
  });
});
