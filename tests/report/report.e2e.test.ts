import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sagga as saggaInProcess } from '../helpers/cliInProcess.js';
import type { CliRun } from '../helpers/runBuiltCli.js';
import { makeRealRun } from './makeRealRun.js';
import { TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from '../archive/fixtures.js';

/*
 * End to end: two small real runs against nerdamer (see makeRealRun), `sagga report` from the CLI's
 * program, and the page opened in Debian's Chromium through playwright-core. Screenshots and the reports
 * are kept in tests/.out/report/ (git-ignored) for a human to look at.
 */

const ROOT = resolve(__dirname, '../..');
const CHROMIUM = '/usr/bin/chromium';
const OUTPUT = join(ROOT, 'tests/.out/report');
// Under CI a missing browser is a failure (the launch throws), elsewhere the browser tests are skipped.
const browserAvailable = existsSync(CHROMIUM) || process.env.CI === 'true';

interface ArchiveLine {
  id: string;
  problem: string;
  kind: string;
  length: number;
  answers: { text: string; answer?: string | null }[];
}

const archiveOf = (dir: string): ArchiveLine[] =>
  readFileSync(join(dir, 'archive.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ArchiveLine);

/** Rows of the filter box's expectation: every word occurs in the id, problem, kind or first answer. */
/** A term that some problems of the archive have and others do not (the longest such), to filter by. */
function sharedFragment(entries: readonly ArchiveLine[]): string {
  const terms = [...new Set(entries.flatMap((e) => e.problem.split(/ [+-] /)))].filter((t) => t.length >= 3 && !/\s/.test(t));
  const splitting = terms.filter((t) => {
    const n = expectedMatches(entries, t);
    return n > 0 && n < entries.length;
  });
  return splitting.sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0] ?? 'x';
}

function expectedMatches(entries: readonly ArchiveLine[], query: string): number {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((e) => {
    const a = e.answers[0];
    const text = [e.id, e.problem, e.kind, a ? (a.answer ?? a.text) : ''].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  }).length;
}

/** Opens the page and collects everything that went wrong on it. */
async function open(browser: Browser, file: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) errors.push(`network request: ${r.url()}`);
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return { page, errors };
}

/** Per chart figure: how many SVGs, their drawn size, and how many drawn marks they hold. */
function chartFacts(page: Page) {
  return page.$$eval('figure.chart', (figures) =>
    figures.map((f) => {
      const svgs = f.querySelectorAll('svg');
      const box = svgs[0]?.getBoundingClientRect();
      return {
        id: f.id,
        svgs: svgs.length,
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        marks: f.querySelectorAll('svg .role-mark path, svg .role-mark rect, svg .role-mark line').length,
        empty: f.querySelectorAll('.empty').length,
        legend: Array.from(f.querySelectorAll('svg .role-legend text')).map((t) => t.textContent ?? ''),
      };
    }),
  );
}

const visibleRows = (page: Page) => page.$$eval('#archive-table tbody tr', (rows) => rows.filter((r) => !(r as HTMLElement).hidden).length);

describe('sagga report, end to end in headless Chromium', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-report-e2e-'));
  const runA = join(work, 'short-run');
  const runB = join(work, 'length20-run');
  const cut = join(work, 'killed-run');
  // A run with proofs, signatures and spending (tests/archive/fixtures.ts) beside one made before them.
  const provenFiles = provenRunFiles();
  const provenRun = writeProvenRun(join(work, 'proven-run'), provenFiles);
  const oldRun = writeRun(join(work, 'old-run'), TRICKY_LINES, { generations: [1, 2, 3].map((generation) => ({ generation, evaluated: 10, failures: 2 })) });
  let browser: Browser | undefined;
  const reports = {
    single: join(OUTPUT, 'single.html'),
    overlay: join(OUTPUT, 'overlay.html'),
    killed: join(OUTPUT, 'killed.html'),
    proofs: join(OUTPUT, 'proofs.html'),
  };
  let cli: Record<keyof typeof reports, CliRun>;

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    // Two fitness specs: the paper's comparison of fitness settings, in small. With these seeds
    // nerdamer answers every problem of both runs within a second: one it hangs on would cost the
    // 20 s time limit and as much again for the reference asked to prove it, most of the file's time.
    await Promise.all([makeRealRun(runA, { rngSeed: 'r8' }), makeRealRun(runB, { rngSeed: 'r1', fitness: 'length:20' })]);
    // A killed run: its archive's last line is cut off mid-write, and one line in the middle is garbage.
    cpSync(runA, cut, { recursive: true });
    const lines = readFileSync(join(cut, 'archive.jsonl'), 'utf8').split('\n').filter(Boolean);
    lines.splice(2, 0, '{"id": "half a line');
    const last = lines.pop()!;
    writeFileSync(join(cut, 'archive.jsonl'), lines.join('\n') + '\n' + last.slice(0, Math.floor(last.length / 2)));
    // The four reports are made by the CLI's program in this process, one after another (it captures
    // this process's output): spawned, each would load the report's libraries again.
    cli = {
      single: await saggaInProcess(['report', runA, '--out', reports.single]),
      overlay: await saggaInProcess(['report', runA, runB, '--out', reports.overlay]),
      killed: await saggaInProcess(['report', cut, '--out', reports.killed]),
      proofs: await saggaInProcess(['report', provenRun, oldRun, '--out', reports.proofs, '--clusters', '2']),
    };
    if (browserAvailable) browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('the runs are real and worth a report', () => {
    for (const run of [runA, runB]) {
      const entries = archiveOf(run);
      expect(entries.length).toBeGreaterThanOrEqual(5);
      expect(entries.every((e) => e.problem.length > 0 && e.answers.length > 0)).toBe(true);
    }
  });

  it.skipIf(!browserAvailable)(
    'one run: every plot is an SVG with marks, math is typeset, the table filters and sorts, no console errors',
    async () => {
      const entries = archiveOf(runA);
      const out = reports.single;
      expect(cli.single.status, cli.single.stderr).toBe(0);
      expect(cli.single.stderr).toContain(`wrote ${out}`);
      expect(cli.single.stderr).not.toMatch(/warning/);

      const { page, errors } = await open(browser!, out);
      const charts = await chartFacts(page);
      expect(charts.map((c) => c.id).sort()).toEqual(
        [
          'chart-failure-rate',
          'chart-growth',
          'chart-hist-depth',
          'chart-hist-length',
          'chart-hist-nodes',
          'chart-new-length',
          'chart-population',
          'chart-projection',
          'chart-signatures',
        ].sort(),
      );
      for (const c of charts) {
        expect(c, c.id).toMatchObject({ svgs: 1, empty: 0 });
        expect(c.width, c.id).toBeGreaterThan(100);
        expect(c.height, c.id).toBeGreaterThan(100);
        expect(c.marks, c.id).toBeGreaterThan(0);
      }
      // One run, one line in the growth plot; the projection has one point per clustered problem.
      expect(await page.$$eval('#chart-growth svg .mark-line.role-mark path', (p) => p.length)).toBe(1);
      expect(await page.$$eval('#chart-projection svg .mark-symbol.role-mark path', (p) => p.length)).toBe(entries.length);
      // A real run records its signatures and calls: the plot ends at the archive's distinct signatures.
      const signatures = new Set(archiveOf(runA).map((e) => (e as ArchiveLine & { signature: string }).signature)).size;
      const sigPoints = await page.$$eval('#chart-signatures svg .mark-symbol.role-mark path', (p) => p.map((x) => x.getAttribute('aria-label') ?? ''));
      expect(Math.max(...sigPoints.map((l) => Number(/Distinct signatures: (\d+)/.exec(l)?.[1])))).toBe(signatures);
      expect(await page.textContent('#summary-failures tbody tr td:last-child')).toBe(String(signatures));
      expect(await page.$$eval('#distinct table tbody tr', (r) => r.length)).toBe(signatures);

      // Math: every problem of the table and each prototype is typeset by KaTeX, with its own fonts
      // loaded once the math is on screen (sections below the fold are rendered lazily).
      await page.locator('#archive-table td.problem .katex').first().scrollIntoViewIfNeeded();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const math = await page.evaluate(() => ({
        tableKatex: document.querySelectorAll('#archive-table td.problem .katex').length,
        protoKatex: document.querySelectorAll('.proto .problem .katex').length,
        protos: document.querySelectorAll('.proto').length,
        katexWidth: document.querySelector('#archive-table td.problem .katex-html')?.getBoundingClientRect().width ?? 0,
        katexErrors: document.querySelectorAll('.katex-error').length,
        fonts: Array.from(document.fonts)
          .filter((f) => f.family.replace(/"/g, '').startsWith('KaTeX') && f.status === 'loaded')
          .map((f) => f.family),
      }));
      expect(math.tableKatex).toBe(entries.length);
      expect(math.protos).toBeGreaterThan(0);
      expect(math.protoKatex).toBe(math.protos);
      expect(math.katexWidth).toBeGreaterThan(10);
      expect(math.katexErrors).toBe(0);
      expect(math.fonts.length).toBeGreaterThan(0);

      // Filter: a sub-expression some problems share, then two words that must both occur.
      expect(await visibleRows(page)).toBe(entries.length);
      const fragment = sharedFragment(entries);
      const expected = expectedMatches(entries, fragment);
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(entries.length);
      await page.fill('#archive-filter', fragment);
      expect(await visibleRows(page)).toBe(expected);
      expect(await page.textContent('#archive-count')).toBe(`${expected} of ${entries.length} problems`);
      await page.fill('#archive-filter', `${fragment} + 1`);
      expect(await visibleRows(page)).toBe(expectedMatches(entries, `${fragment} + 1`));
      await page.fill('#archive-filter', 'no such problem anywhere');
      expect(await visibleRows(page)).toBe(0);
      await page.fill('#archive-filter', '');
      expect(await visibleRows(page)).toBe(entries.length);

      // Sort by length, ascending then descending.
      const lengthHeader = page.locator('#archive-table thead th', { hasText: 'Length' });
      const lengthColumn = await page.$$eval('#archive-table thead th', (ths) => ths.findIndex((th) => th.textContent === 'Length'));
      const lengths = () =>
        page.$$eval('#archive-table tbody tr', (rows, col) => rows.map((r) => Number((r as HTMLTableRowElement).cells[col].textContent)), lengthColumn);
      const sorted = entries.map((e) => e.length).sort((a, b) => a - b);
      await lengthHeader.click();
      expect(await lengths()).toEqual(sorted);
      await lengthHeader.click();
      expect(await lengths()).toEqual([...sorted].reverse());

      await page.screenshot({ path: join(OUTPUT, 'single.png'), fullPage: true });
      expect(statSync(join(OUTPUT, 'single.png')).size).toBeGreaterThan(10_000);
      expect(errors).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it.skipIf(!browserAvailable)(
    'two runs are overlaid in the same plots, one colour and legend entry each, and the table filters by run',
    async () => {
      const a = archiveOf(runA);
      const b = archiveOf(runB);
      const out = reports.overlay;
      expect(cli.overlay.status, cli.overlay.stderr).toBe(0);
      expect(cli.overlay.stderr).toContain(`wrote ${out}`);

      const { page, errors } = await open(browser!, out);
      const charts = await chartFacts(page);
      expect(charts).toHaveLength(9);
      for (const c of charts) expect(c, c.id).toMatchObject({ svgs: 1, empty: 0 });
      for (const id of ['chart-growth', 'chart-new-length', 'chart-failure-rate']) {
        expect(await page.$$eval(`#${id} svg .mark-line.role-mark path`, (p) => p.length), id).toBe(2);
        const legend = charts.find((c) => c.id === id)!.legend.join(' | ');
        expect(legend).toContain('short-run · short');
        expect(legend).toContain('length20-run · length:20');
      }
      // The line colours are the two runs' colours, different from each other.
      const strokes = await page.$$eval('#chart-growth svg .mark-line.role-mark path', (p) => p.map((x) => x.getAttribute('stroke')));
      expect(new Set(strokes).size).toBe(2);
      expect(await page.$$eval('#chart-projection svg .mark-symbol.role-mark path', (p) => p.length)).toBe(a.length + b.length);
      // The growth lines end at each run's archive size: the points' labels give each generation's cumulative size.
      const growth = await page.$$eval('#chart-growth svg .mark-symbol.role-mark path', (p) => p.map((x) => x.getAttribute('aria-label') ?? ''));
      const finalSize = (legend: string) =>
        Math.max(...growth.filter((l) => l.endsWith(`; Run: ${legend}`)).map((l) => Number(/Archive size: (\d+);/.exec(l)?.[1])));
      expect(finalSize('short-run · short')).toBe(a.length);
      expect(finalSize('length20-run · length:20')).toBe(b.length);
      expect(await visibleRows(page)).toBe(a.length + b.length);
      await page.selectOption('#archive-run', '1');
      expect(await visibleRows(page)).toBe(b.length);
      await page.selectOption('#archive-run', '0');
      expect(await visibleRows(page)).toBe(a.length);
      await page.selectOption('#archive-run', '');
      // The Table-15 summary has one row per run.
      expect(await page.$$eval('#summary-table tbody tr', (r) => r.map((x) => x.querySelector('td')?.textContent))).toEqual(['short-run', 'length20-run']);

      await page.screenshot({ path: join(OUTPUT, 'overlay.png'), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it.skipIf(!browserAvailable)(
    'a killed run (cut-off last line, a garbage line) still gets a report of what is readable, with a visible warning naming the lines',
    async () => {
      const whole = archiveOf(runA);
      const out = reports.killed;
      expect(cli.killed.status, cli.killed.stderr).toBe(0);
      const archivePath = join(cut, 'archive.jsonl');
      const lineCount = whole.length + 1; // one garbage line inserted
      expect(cli.killed.stderr).toContain('sagga report: warning: 2 unreadable line(s) or file(s) skipped; the rest was used:');
      expect(cli.killed.stderr).toContain(`${archivePath}:3: not valid JSON`);
      expect(cli.killed.stderr).toContain(`${archivePath}:${lineCount}: last line is cut off`);

      const { page, errors } = await open(browser!, out);
      const warning = page.locator('#warnings');
      expect(await warning.isVisible()).toBe(true);
      const text = (await warning.textContent()) ?? '';
      expect(text).toContain('2 lines or files could not be read');
      expect(text).toContain(`${archivePath}:3:`);
      expect(text).toContain(`${archivePath}:${lineCount}: last line is cut off`);
      expect(await visibleRows(page)).toBe(whole.length - 1);
      await page.screenshot({ path: join(OUTPUT, 'killed.png') });
      expect(errors).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it.skipIf(!browserAvailable)(
    'proven and unproven failures, distinct failures and the signatures plot, counted from the run\'s lines; "—" for an older run',
    async () => {
      expect(cli.proofs.status, cli.proofs.stderr).toBe(0);
      const evaluated = provenFiles.evaluated;
      const fails = evaluated.filter((e) => e.status === 'fail');
      const proven = fails.filter((e) => e.proof !== null && e.proof !== undefined);
      const decided = evaluated.filter((e) => e.status !== 'skipped').length;
      const archive = provenFiles.archive;
      const signatures = new Set(archive.map((a) => a.signature));
      const variantsOf = (id: string) => evaluated.filter((e) => e.variant_of === id).length;
      const { page, errors } = await open(browser!, reports.proofs);

      // The overview compares the runs figure by figure.
      const overview = await page.$$eval('#overview table.compare tbody tr', (rows) => rows.map((r) => Array.from(r.children).map((c) => c.textContent ?? '')));
      const row = (label: string) => overview.find((r) => r[0] === label)!.slice(1);
      expect(row('Proven failures')[0]).toMatch(new RegExp(`^${proven.length} \\(${((100 * proven.length) / decided).toFixed(1)}% of evaluated`));
      expect(row('Unproven failures')[0]).toMatch(new RegExp(`^${fails.length - proven.length} \\(`));
      expect(row('Distinct signatures')[0]).toMatch(
        new RegExp(`^${signatures.size} \\(${evaluated.filter((e) => e.variant_of).length} variants took no seat\\)`),
      );
      for (const label of ['Proven failures', 'Unproven failures', 'Distinct signatures', 'Tokens per proven failure', 'Cost per proven failure'])
        expect(row(label)[1], label).toBe('—');

      // The failures table: proven and unproven with their rates, by proof, variants, signatures.
      const failureRows = await page.$$eval('#summary-failures tbody tr', (rows) => rows.map((r) => Array.from(r.children).map((c) => c.textContent ?? '')));
      const pct = (n: number) => `${((100 * n) / decided).toFixed(1)}%`;
      expect(failureRows[0]).toEqual([
        'proven-run',
        String(decided),
        String(fails.length),
        String(proven.length),
        pct(proven.length),
        String(proven.filter((e) => e.proof!.by === 'verifier').length),
        String(proven.filter((e) => e.proof!.by === 'reference').length),
        String(fails.length - proven.length),
        pct(fails.length - proven.length),
        String(evaluated.filter((e) => e.variant_of !== undefined).length),
        String(signatures.size),
      ]);
      expect(failureRows[1].slice(3)).toEqual(Array(8).fill('—'));

      // Distinct failures: one row per signature, the minimal problem typeset, the variants counted.
      const distinct = await page.$$eval('#distinct-0 tbody tr', (rows) =>
        rows.map((r) => ({
          signature: r.getAttribute('data-signature'),
          katex: r.querySelectorAll('td.problem .katex').length,
          variants: (r as HTMLTableRowElement).cells[6].textContent,
          proof: (r as HTMLTableRowElement).cells[3].textContent ?? '',
        })),
      );
      expect(distinct.map((d) => d.signature).sort()).toEqual([...signatures].sort());
      for (const d of distinct) {
        const line = archive.find((a) => a.signature === d.signature)!;
        expect(d.katex, d.signature!).toBe(1);
        expect(d.variants).toBe(String(variantsOf(line.id)));
        expect(d.proof.startsWith(line.proof === null ? 'unproven' : line.proof.by)).toBe(true);
      }
      expect(await page.textContent('#distinct-1')).toContain('No signatures');

      // The plot: one line (the older run records neither), one point per generation and the start.
      expect(await page.$$eval('#chart-signatures svg .mark-line.role-mark path', (p) => p.length)).toBe(1);
      const points = await page.$$eval('#chart-signatures svg .mark-symbol.role-mark path', (p) => p.map((x) => x.getAttribute('aria-label') ?? ''));
      let calls = 0;
      const expected = [[0, 0]];
      for (const g of provenFiles.generations) {
        calls += g.calls.problems + g.calls.references + g.calls.shrinking + g.calls.health;
        expected.push([calls, new Set(archive.filter((a) => a.generation <= g.generation).map((a) => a.signature)).size]);
      }
      expect(
        points.map((l) => [Number(/Target calls \(cumulative\): ([\d,]+)/.exec(l)?.[1].replace(/,/g, '')), Number(/Distinct signatures: (\d+)/.exec(l)?.[1])]),
      ).toEqual(expected);

      await page.screenshot({ path: join(OUTPUT, 'proofs.png'), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it('a directory that is not a run is a one-line error with what to give instead', async () => {
    const empty = join(work, 'not-a-run');
    mkdirSync(empty);
    writeFileSync(join(empty, 'notes.txt'), 'hello\n');
    // In this process (the CLI's program as built by src/cli.ts): a spawn costs a second of module loading.
    const r = await saggaInProcess(['report', empty, '--out', join(work, 'never.html')]);
    const missing = await saggaInProcess(['report', join(work, 'nowhere')]);
    expect(r.status).toBe(66);
    expect(r.stderr).toMatch(
      /^sagga report: .*not-a-run: not a sagga run directory \(none of config\.json, archive\.jsonl, generations\.jsonl, checkpoint\.json is there\)/,
    );
    expect(r.stderr).toMatch(/give a run directory written by `sagga search`/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(work, 'never.html'))).toBe(false);
    expect(missing.status).toBe(66);
    expect(missing.stderr).toMatch(/^sagga report: .*nowhere: no such run directory/);
  });
});
