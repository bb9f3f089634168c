import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunFiles, ZERO_TOTALS } from '../../src/run/runFiles.js';
import { runRedactor } from '../../src/util/redactSecrets.js';
import { runConfigFixture } from './runConfigFixture.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A line with only the fields that carry secrets: which others it has does not matter here. */
const short = <T>(fields: object): T => fields as unknown as T;

describe('RunFiles redaction', () => {
  it('every line and config.json pass through the redaction, and stay valid JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-redact-'));
    dirs.push(dir);
    const files = new RunFiles(dir, { redact: runRedactor('cmd:m --api-key "quoted-secret-1"', { OPENAI_API_KEY: 'env-key-"odd"-1' }) });
    files.writeConfig({ ...runConfigFixture({ target: 'cmd:m --api-key ***' }), created: 'env-key-"odd"-1' });
    files.reconcile(null);
    files.appendJournal([{ key: 'k', answers: [{ status: 'ok', text: 'quoted-secret-1', latencyMs: 1 } as never] }]);
    const engine = { generation: 1, archiveCount: 1 } as never;
    files.commit(
      {
        archive: [short({ id: 'a', target: 'cmd:m --api-key quoted-secret-1', answers: [{ text: 'I know env-key-"odd"-1 and sk-abcdefgh123' }] })],
        // A model that echoes the secret LaTeX-escaped, spaced out, and in base64.
        evaluated: [
          short({
            key: 'k',
            reason: 'quoted-secret-1',
            text: `\\text{quoted\\-secret\\-1} q u o t e d - s e c r e t - 1 ${Buffer.from('quoted-secret-1').toString('base64')}`,
          }),
        ],
        generation: short({ generation: 1 }),
      },
      { engine, rngState: {}, totals: ZERO_TOTALS },
    );
    files.close();
    for (const name of ['config.json', 'archive.jsonl', 'evaluated.jsonl', 'generations.jsonl']) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text).not.toMatch(/quoted-secret-1|env-key|sk-abcdefgh123|quoted\\\\-secret|q u o t e d|cXVvdGVkLXNlY3JldC0x/);
      if (name.endsWith('.jsonl')) for (const line of text.trim().split('\n')) JSON.parse(line);
    }
    expect(JSON.parse(readFileSync(join(dir, 'archive.jsonl'), 'utf8'))).toEqual({
      id: 'a',
      target: 'cmd:m --api-key ***',
      answers: [{ text: 'I know *** and ***' }],
    });
  });
});
