import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { structuralEmbedder } from '../../src/embed/structuralEmbedder.js';
import { buildReport } from '../../src/report/buildReport.js';
import { newMemberLengthSpec } from '../../src/report/reportCharts.js';
import { renderVegaLite } from '../../src/report/renderVegaLite.js';
import { readRun } from '../../src/run/readRun.js';
import type { ArchiveLine } from '../../src/run/runSchema.js';
import { TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from '../archive/fixtures.js';
import { REPO_ROOT, runBuiltCli } from '../helpers/runBuiltCli.js';

const options = { seed: 'sagga', embedder: structuralEmbedder(), generatedAt: new Date(0) };
const work = mkdtempSync(join(tmpdir(), 'sagga-report-users-'));
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const section = (page: string, id: string) =>
  page.slice(page.indexOf(`<section id="${id}">`), page.indexOf('</section>', page.indexOf(`<section id="${id}">`)));

describe('the report, for a user of the archive', () => {
  it('lists the unproven failures of evaluated.jsonl, each with why it stays unproven', async () => {
    const files = provenRunFiles();
    const page = await buildReport([readRun(writeProvenRun(join(work, 'proven'), files))], options);
    const unproven = section(page, 'unproven');
    const expected = files.evaluated.filter((e) => e.status === 'fail' && (e.proof ?? null) === null);
    expect(expected.length).toBeGreaterThan(1);
    const rows = [
      ...unproven.matchAll(
        /<tr><td class="problem"><code class="expr-text">([^<]*)<\/code><\/td><td><span class="badge kind-[a-z-]+">([^<]*)<\/span><\/td><td class="num">(\d+)<\/td><td class="reason">([^<]*)<\/td><\/tr>/g,
      ),
    ];
    expect(rows.map((r) => [unescapeHtml(r[1]), r[2], Number(r[3]), unescapeHtml(r[4])])).toEqual(
      expected.map((e) => [e.problem, e.kind, e.generation, e.reason]),
    );
    expect(unproven).toContain(`${expected.length} unproven failures`);
    // A proven failure is not among them.
    for (const e of files.evaluated.filter((x) => x.status === 'fail' && x.proof)) expect(rows.map((r) => unescapeHtml(r[1]))).not.toContain(e.problem);
  });

  it('an empty archive is said to be empty, not to predate signatures', async () => {
    const empty = writeRun(join(work, 'empty'), [], { config: { settings: { target: 'nerdamer', fitness: 'short', clusters: 2 } } });
    const page = await buildReport([readRun(empty)], options);
    expect(page).not.toContain('made before signatures were recorded');
    expect(section(page, 'distinct')).toContain('No archived failure');
  });

  it('the length plot breaks its line at a generation that added nothing', async () => {
    const entry = (generation: number, length: number): ArchiveLine => ({
      ...readRun(writeRun(join(work, `g${generation}-${length}`), [TRICKY_LINES[0]])).entries[0],
      generation,
      length,
    });
    const entries = [entry(1, 10), entry(1, 14), entry(3, 20), entry(4, 22)];
    const spec = newMemberLengthSpec(
      [{ legend: 'run', color: '#4c78a8', entries, generations: [1, 2, 3, 4].map((g) => ({ generation: g }) as never) }],
      'chars',
    );
    const svg = await renderVegaLite(spec!);
    // Each drawn piece of line is one path of the line mark: generation 1 alone, then 3 to 4.
    const lineMarks = [...svg.matchAll(/<g class="mark-line role-mark[^"]*"[^>]*>(.*?)<\/g>/g)].map((m) => m[1]);
    const pieces = lineMarks.flatMap((g) => [...g.matchAll(/<path [^>]*d="M([^"]*)"/g)].map((p) => p[1].split(/[ML]/).filter(Boolean).length));
    expect(pieces.sort()).toEqual([1, 2]);
  });

  it('gives the sagga search command that makes the run again: run through a shell, it records the same settings', async () => {
    const out = join(work, 'original');
    const args = [
      '--target',
      'nerdamer',
      '--generation-size',
      '20',
      '--seed-size',
      '5',
      '--clusters',
      '2',
      '--max-generations',
      '1',
      '--rng-seed',
      // A quote for the shell to keep; and a seed whose generation nerdamer answers within a second
      // (a problem it hangs on would cost the time limit and the reference's, in both runs).
      "it's 1",
      '--time-limit',
      '3000',
      '--no-canaries',
      '--reference',
      'algebrite',
      '--tau',
      '0.02',
      '--shrink-calls',
      '4',
    ];
    const first = await runBuiltCli(['search', ...args, '--out', out, '--json']);
    expect(first.status, first.stderr).toBe(0);
    const page = await buildReport([readRun(out)], options);
    const command = unescapeHtml(/<pre class="command"><code>([^<]*)<\/code><\/pre>/.exec(page)![1]);
    expect(command).toMatch(/^sagga search --target nerdamer /);
    const again = join(work, 'again');
    execFileSync('/bin/sh', ['-c', `${command.replace(/^sagga /, `${process.execPath} bin/sagga.js `)} --out ${again} --json`], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
    const config = (dir: string) =>
      JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Record<string, unknown> & {
        settings: Record<string, unknown>;
        target: unknown;
        seeds: unknown;
        rng_seed: string;
      };
    const [a, b] = [config(out), config(again)];
    expect(b.settings).toEqual(a.settings);
    expect(b.target).toEqual(a.target);
    expect(b.seeds).toEqual(a.seeds);
    expect(b.rng_seed).toBe("it's 1");
    const firstGeneration = (dir: string) =>
      JSON.parse(readFileSync(join(dir, 'generations.jsonl'), 'utf8').split('\n')[0]) as { candidates: number; valid: number };
    expect(firstGeneration(again).candidates).toBe(firstGeneration(out).candidates);
  }, 120_000);
});
