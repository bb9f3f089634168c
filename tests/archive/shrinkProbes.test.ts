import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ShrinkProbes } from '../../src/archive/shrinkProbes.js';
import { parseExpr } from '../../src/expr/parse.js';
import { openShrinkJournal } from '../../src/run/shrinkJournal.js';
import { createTarget } from '../../src/targets/registry.js';
import type { Target } from '../../src/targets/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** nerdamer, counting the problems it is asked. */
async function countingNerdamer(asked: string[]): Promise<Target> {
  const target = await createTarget('nerdamer', { concurrency: 1 });
  closers.push(() => target.close());
  return {
    ...target,
    name: target.name,
    describe: () => target.describe(),
    close: () => target.close(),
    solve: (problems, k, signal) => {
      asked.push(...problems.map((p) => p.infix));
      return target.solve(problems, k, signal);
    },
  } as Target;
}

function probesFor(asked: string[], openedTargets: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'sagga-shrink-probes-'));
  const journal = openShrinkJournal(dir, { target: 'nerdamer', k: 1, references: [] }, (t) => t);
  closers.push(async () => journal.close());
  const opened: Promise<Target>[] = [];
  const probes = new ShrinkProbes({
    targetSpec: 'nerdamer',
    openTarget: () => {
      openedTargets.push('nerdamer');
      return countingNerdamer(asked);
    },
    references: [],
    openReference: () => Promise.reject(new Error('no reference is configured')),
    verify: (f, F) => verifyPair(f, F),
    k: 1,
    journal,
    opened,
  });
  return { probes, opened };
}

describe('ShrinkProbes', () => {
  it('opens the target only when a probe first asks it', async () => {
    const asked: string[] = [];
    const openedTargets: string[] = [];
    const { probes, opened } = probesFor(asked, openedTargets);
    probes.probeFor('wrong');
    expect(openedTargets).toEqual([]);
    await probes.probeFor('wrong')(parseExpr('2*x'));
    expect(openedTargets).toEqual(['nerdamer']);
    expect(opened).toHaveLength(1);
  });

  it('asks one problem once per kind, however many lines probe it at once, and counts what it paid', async () => {
    const asked: string[] = [];
    const { probes } = probesFor(asked, []);
    const probe = probes.probeFor('wrong');
    const [a, b] = await Promise.all([probe(parseExpr('3*x^2')), probe(parseExpr('3*x^2'))]);
    expect(a).toBe(b);
    expect(asked).toHaveLength(1);
    expect(probes.paid).toBe(a.calls);
    await probes.probeFor('no-answer')(parseExpr('3*x^2'));
    expect(asked).toHaveLength(2);
  });
});
