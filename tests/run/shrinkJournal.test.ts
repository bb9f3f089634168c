import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openShrinkJournal } from '../../src/run/shrinkJournal.js';
import type { Judgement } from '../../src/judge/judgeTypes.js';
import { createRedactor } from '../../src/util/redactSecrets.js';

const context = { target: 'cmd:node model.mjs', k: 1, references: ['nerdamer'] };
const redact = createRedactor([]);
const wrong: Judgement = {
  status: 'fail',
  kind: 'wrong',
  reason: 'differs',
  answers: [{ text: 'x*2^x^2', status: 'ok', verdict: 'incorrect', reason: 'differs', answer: 'x*2^x^2' }],
  proof: { by: 'verifier', reason: 'differs' },
};

describe('the shrink journal', () => {
  it('replays probes of the same context, once each; drops a torn last line; ignores other contexts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-shrink-journal-'));
    const first = openShrinkJournal(dir, context, redact);
    expect(first.replayable).toBe(0);
    const cache = first.cache('wrong');
    cache.set('k1', { judgement: wrong, calls: 1 }, 'problem of k1');
    cache.set('k1', { judgement: wrong, calls: 1 }, 'problem of k1');
    first.cache('proof').set('k2', { judgement: wrong, calls: 2 }, 'p');
    first.close();
    const path = join(dir, 'shrink.jsonl');
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(2);
    appendFileSync(path, '{"type":"probe","context":');

    const again = openShrinkJournal(dir, context, redact);
    expect(again.replayable).toBe(2);
    expect(again.cache('wrong').get('k1', 'problem of k1')).toEqual({ judgement: wrong, calls: 1 });
    expect(again.cache('proof').get('k2', 'p')?.calls).toBe(2);
    expect(again.cache('no-answer').get('k1', 'problem of k1')).toBeUndefined();
    again.writeCommit({ before_sha256: 'a', after_sha256: 'b', checkpoint_offset: { from: 1, to: 2 } });
    again.close();
    // The torn line was cut before the commit was appended, so every line is whole JSON.
    for (const line of readFileSync(path, 'utf8').trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();

    const other = openShrinkJournal(dir, { ...context, k: 3 }, redact);
    expect(other.replayable).toBe(0);
    expect(other.commit).toEqual({ before_sha256: 'a', after_sha256: 'b', checkpoint_offset: { from: 1, to: 2 } });
    other.remove();
    expect(existsSync(path)).toBe(false);
  });

  it('answers a probe only for the text it was asked as, and replays each text of a key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-shrink-journal-'));
    const first = openShrinkJournal(dir, context, redact);
    const cache = first.cache('wrong');
    cache.set('k', { judgement: wrong, calls: 1 }, '(1 + x)/(x + 1)');
    expect(cache.get('k', '(x + 1)/(x + 1)')).toBeUndefined();
    cache.set('k', { judgement: wrong, calls: 2 }, '(x + 1)/(x + 1)');
    first.close();
    const again = openShrinkJournal(dir, context, redact);
    expect(again.replayable).toBe(2);
    const replayed = again.cache('wrong');
    expect(replayed.get('k', '(1 + x)/(x + 1)')?.calls).toBe(1);
    expect(replayed.get('k', '(x + 1)/(x + 1)')?.calls).toBe(2);
    expect(replayed.get('k', 'x/x')).toBeUndefined();
    again.remove();
  });

  it('writes secrets redacted; a journal that recorded nothing leaves no file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-shrink-journal-'));
    const journal = openShrinkJournal(dir, context, createRedactor(['sk-secret-123456']));
    journal.cache('wrong').set('k', { judgement: { ...wrong, answers: [{ ...wrong.answers[0], text: 'my key is sk-secret-123456' }] }, calls: 1 }, 'x');
    journal.close();
    expect(readFileSync(join(dir, 'shrink.jsonl'), 'utf8')).not.toContain('sk-secret-123456');
    const empty = mkdtempSync(join(tmpdir(), 'sagga-shrink-journal-'));
    openShrinkJournal(empty, context, redact).close();
    expect(existsSync(join(empty, 'shrink.jsonl'))).toBe(false);
  });
});
