// Size and opening time of the HTML report of a 1000-failure archive, against the bars
// (opens in < 2 s in headless Chromium, weighs < 5 MB).
// Usage: npx tsc -p tsconfig.json && node dist/bench/report.js [--failures 1000] [--opens 5] [--run DIR ...] [--out DIR]
//        [--typeset-limit N]
//   --run DIR            also measure the report of an existing run directory (repeatable)
//   --typeset-limit N    typeset the archive table's math up to N members (the report's default: 300)
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { makeScriptedRun } from '../testkit/scriptedRun.js';
import { writeReport } from '../src/report/writeReport.js';
import { benchArg } from './benchArg.js';
import { median } from './median.js';

const CHROMIUM = '/usr/bin/chromium';
const SIZE_BAR_MB = 5;
const OPEN_BAR_MS = 2000;

function args(name: string): string[] {
  return process.argv.flatMap((a, i) => (a === `--${name}` && process.argv[i + 1] !== undefined ? [process.argv[i + 1]] : []));
}

interface Measured {
  readonly label: string;
  readonly entries: number;
  readonly mb: number;
  readonly buildMs: number;
  /** Opening times: navigation until `load` and every chart's SVG present, one per fresh page. */
  readonly openMs: number[];
  /** After opening: scrolling the archive table into view and two painted frames (its layout was deferred). */
  readonly tableMs: number[];
  readonly svgs: number;
  readonly rows: number;
}

/**
 * Time to open: a fresh page navigates to the file and waits for the `load` event (HTML parsed,
 * inline fonts and styles in), then for every chart figure to hold its SVG and the table script to
 * have run (the count line carries `data-shown`). The first open of a browser is a warm-up and
 * not counted.
 */
const ALL_RENDERED = `(() => {
  const figures = Array.from(document.querySelectorAll('figure.chart'));
  const count = document.getElementById('archive-count');
  return figures.length > 0 && figures.every((f) => f.querySelector('svg') !== null) && count !== null && count.hasAttribute('data-shown');
})()`;

const SHOW_TABLE = `new Promise((done) => {
  document.getElementById('archive-table').scrollIntoView();
  requestAnimationFrame(() => requestAnimationFrame(() => done(document.getElementById('archive-table').getBoundingClientRect().height)));
})`;

async function openTimes(browser: Browser, file: string, opens: number): Promise<{ ms: number[]; tableMs: number[]; svgs: number; rows: number }> {
  const url = pathToFileURL(file).href;
  const ms: number[] = [];
  const tableMs: number[] = [];
  let svgs = 0;
  let rows = 0;
  for (let i = 0; i <= opens; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // A string, evaluated in the page (bench/ is compiled without the DOM library).
    await page.waitForFunction(ALL_RENDERED);
    const elapsed = performance.now() - started;
    const scrolled = performance.now();
    await page.evaluate(SHOW_TABLE);
    const table = performance.now() - scrolled;
    if (i > 0) {
      ms.push(elapsed);
      tableMs.push(table);
    }
    svgs = await page.$$eval('figure.chart svg', (s) => s.length);
    rows = await page.$$eval('#archive-table tbody tr', (r) => r.length);
    await page.close();
  }
  return { ms, tableMs, svgs, rows };
}

async function measure(browser: Browser, label: string, dirs: string[], out: string, opens: number, typesetTableLimit: number | undefined): Promise<Measured> {
  const started = performance.now();
  const report = await writeReport(dirs, { out, typesetTableLimit });
  const buildMs = performance.now() - started;
  const opened = await openTimes(browser, report.out, opens);
  return { label, entries: report.entries, mb: report.bytes / 1e6, buildMs, openMs: opened.ms, tableMs: opened.tableMs, svgs: opened.svgs, rows: opened.rows };
}

async function main(): Promise<void> {
  const failures = Number(benchArg(process.argv, 'failures') ?? '1000');
  const opens = Number(benchArg(process.argv, 'opens') ?? '5');
  const typesetArg = benchArg(process.argv, 'typeset-limit');
  const typesetLimit = typesetArg === undefined ? undefined : Number(typesetArg);
  const outDir = resolve(benchArg(process.argv, 'out') ?? mkdtempSync(join(tmpdir(), 'sagga-bench-report-')));
  mkdirSync(outDir, { recursive: true });
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found (Debian package chromium)`);

  const scripted = join(outDir, `scripted-${failures}`);
  const t = performance.now();
  await makeScriptedRun(scripted, { failures, seed: 'bench-report', fitness: 'length:20' });
  process.stderr.write(`made a scripted ${failures}-failure run in ${((performance.now() - t) / 1000).toFixed(1)} s: ${scripted}\n`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const results: Measured[] = [];
  try {
    results.push(await measure(browser, `scripted, ${failures} failures`, [scripted], join(outDir, 'scripted.html'), opens, typesetLimit));
    for (const run of args('run')) results.push(await measure(browser, run, [run], join(outDir, `run-${results.length}.html`), opens, typesetLimit));
  } finally {
    await browser.close();
  }

  const lines = [
    `| archive | failures | report size | bar ${SIZE_BAR_MB} MB | build | open (median of ${opens}) | slowest open | bar ${OPEN_BAR_MS / 1000} s | then scroll to table (median) | charts | table rows |`,
    '|---|---:|---:|:-:|---:|---:|---:|:-:|---:|---:|---:|',
    ...results.map((r) => {
      const open = median(r.openMs);
      return `| ${r.label} | ${r.entries} | ${r.mb.toFixed(2)} MB | ${r.mb < SIZE_BAR_MB ? 'met' : 'MISSED'} | ${(r.buildMs / 1000).toFixed(1)} s | ${Math.round(open)} ms | ${Math.round(Math.max(...r.openMs))} ms | ${Math.max(...r.openMs) < OPEN_BAR_MS ? 'met' : 'MISSED'} | ${Math.round(median(r.tableMs))} ms | ${r.svgs} | ${r.rows} |`;
    }),
  ];
  process.stdout.write(lines.join('\n') + '\n');
  process.stdout.write(`\nChromium: ${CHROMIUM} (headless, playwright-core); reports in ${outDir}\n`);
}

main().catch((err) => {
  process.stderr.write(`bench/report: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
