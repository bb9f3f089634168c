import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../src/run/readRun.js';
import { buildReport } from '../../src/report/buildReport.js';
import { structuralEmbedder } from '../../src/embed/structuralEmbedder.js';
import { TRICKY_LINES, writeRun } from '../archive/fixtures.js';

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

describe('buildReport (in Node)', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-build-report-'));
  const lines = [
    ...TRICKY_LINES,
    { ...TRICKY_LINES[0], id: 'evil', problem: 'x^4 + 1', answers: [{ text: HOSTILE, verdict: 'incorrect', reason: `${HOSTILE} differs` }], kind: '<b>wrong</b>' },
  ];
  const dir = writeRun(join(work, '<i>run</i>'), lines, { config: { settings: { target: HOSTILE, fitness: 'short', clusters: 2 } } });
  const options = { seed: 'sagga', embedder: structuralEmbedder(), generatedAt: new Date(0) };

  it('escapes everything taken from the run: model text, kinds, settings and the directory name become text, not markup', async () => {
    const page = await buildReport([readRun(dir)], options);
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<b>wrong</b>');
    expect(page).not.toContain('<i>run</i>');
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(page).toContain('&lt;b&gt;wrong&lt;/b&gt;');
    // The page's one script is the table script, allowed by its hash and nothing else.
    expect(page.match(/<script>/g)).toHaveLength(1);
    // (quotes are entity-escaped inside the meta's content attribute)
    expect(page).toMatch(/content="default-src &#39;none&#39;;[^"]* script-src &#39;sha256-[A-Za-z0-9+/]+=*&#39;;/);
    expect(page).not.toMatch(/(src|href)="https?:/);
  });

  it('typesets table problems for small archives only, and is byte-identical for the same input', async () => {
    const run = readRun(dir);
    const small = await buildReport([run], options);
    const big = await buildReport([run], { ...options, typesetTableLimit: 3 });
    const tableOf = (page: string) => page.slice(page.indexOf('id="archive-table"'));
    expect(tableOf(small).match(/<td class="problem"[^>]*><span class="math"/g)).toHaveLength(lines.length);
    expect(tableOf(big).match(/<td class="problem"[^>]*><code class="expr-text">/g)).toHaveLength(lines.length);
    expect(big).toContain('problems as text (more than 3)');
    expect(await buildReport([run], options)).toBe(small);
  });
});
