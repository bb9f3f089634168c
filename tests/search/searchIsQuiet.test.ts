import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentProgress } from '../../src/search/progressReporter.js';
import { search } from '../../src/search/search.js';

/*
 * The library's search owns no part of the process: it writes nothing to stdout or stderr and
 * installs no signal handler while it runs; what it has to say goes to the callbacks it is given.
 */
describe('search() from the package root', () => {
  it('prints nothing, installs no signal handler, and reports through progress and notify', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-quiet-')), 'run');
    const written: string[] = [];
    const originalOut = process.stdout.write.bind(process.stdout);
    const originalErr = process.stderr.write.bind(process.stderr);
    const capture = (chunk: unknown): boolean => (written.push(String(chunk)), true);
    const listenersBefore = ['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s));
    const listenersDuring: number[][] = [];
    const generations: number[] = [];
    const notices: string[] = [];
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;
    let result;
    try {
      result = await search(
        {
          target: 'cmd:node examples/cmd-target/planted-bugs.mjs',
          reference: 'none',
          canaries: false,
          out,
          rngSeed: 'quiet',
          generationSize: 30,
          seedSize: 5,
          clusters: 2,
          maxTargetCalls: 70,
          concurrency: 1,
        },
        {
          progress: {
            ...silentProgress(),
            generationEnd: (row) => {
              generations.push(row.generation);
              listenersDuring.push(['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s)));
            },
          },
          notify: (text) => notices.push(text),
        },
      );
    } finally {
      process.stdout.write = originalOut;
      process.stderr.write = originalErr;
    }
    expect(written).toEqual([]);
    expect(generations.length).toBeGreaterThan(0);
    for (const during of listenersDuring) expect(during).toEqual(listenersBefore);
    // The budget stopped it: the notice says how to go on, and is returned as well.
    expect(result.summary.stopReason).toBe('budget');
    expect(notices.join('\n')).toContain(`--resume ${out}`);
    expect(result.notice).toContain('--max-target-calls');
  }, 120_000);
});
