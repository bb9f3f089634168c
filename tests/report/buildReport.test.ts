import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../src/run/readRun.js';
import { buildReport } from '../../src/report/buildReport.js';
import { structuralEmbedder } from '../../src/embed/structuralEmbedder.js';
import { TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from '../archive/fixtures.js';

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

describe('buildReport (in Node)', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-build-report-'));
  const lines = [
    ...TRICKY_LINES,
    {
      ...TRICKY_LINES[0],
      id: 'evil',
      problem: 'x^4 + 1',
      answers: [{ text: HOSTILE, verdict: 'incorrect', reason: `${HOSTILE} differs` }],
      kind: '<b>wrong</b>',
      // Shown in the distinct failures: every field of the proof and the minimal problem is text.
      signature: HOSTILE,
      proof: { by: 'reference', reference: HOSTILE, answer: HOSTILE, reason: HOSTILE },
      minimal: { problem: 'x^4 + 1', answers: [{ text: HOSTILE, status: 'ok', verdict: 'incorrect', reason: HOSTILE }], proof: null, nodes: 5 },
      variants: 1,
    },
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
    expect(page).toContain('<tr data-signature="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
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

  it('a run with proofs gets the summary tables, one distinct-failures row per signature and the signatures plot; an older run says what it lacks', async () => {
    const files = provenRunFiles();
    const proven = readRun(writeProvenRun(join(work, 'proven'), files));
    const old = readRun(writeRun(join(work, 'old'), TRICKY_LINES));
    const page = await buildReport([proven], options);
    for (const id of ['summary-table', 'summary-failures', 'summary-kinds', 'summary-archived', 'summary-spending']) expect(page).toContain(`id="${id}"`);
    const signatures = [...page.matchAll(/<tr data-signature="([^"]*)">/g)].map((m) =>
      m[1]
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    expect(new Set(signatures)).toEqual(new Set(files.archive.map((a) => a.signature)));
    expect(signatures).toHaveLength(files.archive.length);
    const chartOf = (html: string) => html.slice(html.indexOf('id="chart-signatures"'), html.indexOf('</figure>', html.indexOf('id="chart-signatures"')));
    expect(chartOf(page)).toContain('<svg');
    const oldPage = await buildReport([old], options);
    expect(chartOf(oldPage)).toContain('No data: no generations.jsonl with signatures and target calls');
    expect(oldPage).toContain(`No archive line has a signature`);
    expect(oldPage).not.toContain('<tr data-signature=');
  });
});
