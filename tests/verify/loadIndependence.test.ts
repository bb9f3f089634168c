import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readLabelledPairs } from '../../testkit/readLabelledPairs.js';
import type { VerifyResult } from '../../src/verify/types.js';
import { verifyStrings } from '../../src/verify/verifyStrings.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/labelled/${name}`, import.meta.url));

/**
 * Pairs of every kind: both labelled sets (every 40th pair) and pairs that need the high-precision
 * re-check, where a wall-clock budget would turn verdicts into "unknown" under load.
 */
function pairs(): { problem: string; answer: string }[] {
  const sampled = [...readLabelledPairs(fixture('pairs.jsonl')), ...readLabelledPairs(fixture('domain-traps.jsonl'))].filter((_, i) => i % 40 === 0);
  const costly = [
    { problem: '(cos(x) + cos(x + 2*pi/3) + cos(x - 2*pi/3))^2', answer: '0' },
    { problem: 'sin(x)^2 + cos(x)^2 - 1', answer: '7' },
  ];
  return [...costly, ...sampled];
}

const verdicts = (list: readonly { problem: string; answer: string }[]): Pick<VerifyResult, 'verdict' | 'reason'>[] =>
  list.map((p) => {
    const r = verifyStrings(p.problem, p.answer);
    return { verdict: r.verdict, reason: r.reason };
  });

const busy: ChildProcess[] = [];
afterEach(() => {
  for (const child of busy.splice(0)) child.kill('SIGKILL');
});

describe('verdicts do not depend on the machine load', () => {
  it('gives the same verdicts and reasons with two CPU-bound processes running beside it', async () => {
    const list = pairs();
    const idle = verdicts(list);
    for (let i = 0; i < 2; i++) busy.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
    // Both spinners are running before the second pass starts.
    await Promise.all(busy.map((child) => new Promise<void>((resolve, reject) => child.once('spawn', resolve).once('error', reject))));
    await new Promise((r) => setTimeout(r, 200));
    const loaded = verdicts(list);
    expect(busy.every((child) => child.exitCode === null)).toBe(true);
    expect(loaded).toEqual(idle);
    expect(idle.slice(0, 2).map((v) => v.verdict)).toEqual(['correct', 'correct']);
  }, 60_000);
});
