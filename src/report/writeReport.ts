import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { formatWarning } from '../run/readRun.js';
import { readRuns } from '../run/readRuns.js';
import type { RunData } from '../run/runData.js';
import { structuralEmbedder } from '../embed/structuralEmbedder.js';
import type { Embedder } from '../embed/types.js';
import { packageVersion } from '../util/packageVersion.js';
import { buildReport } from './buildReport.js';

export interface WriteReportOptions {
  /** HTML file to write. Default: `<dir>/report.html` for one run, `report.html` for several. */
  readonly out?: string;
  /** k of the k-means over the archive. Default: the first run's `--clusters`, else 10. */
  readonly clusters?: number;
  /** Seed of the clustering. Default `sagga`. */
  readonly seed?: string;
  /** Prototypes per cluster. Default 3. */
  readonly prototypes?: number;
  /** Default: the structural embedder. */
  readonly embedder?: Embedder;
  /** Archives up to this size have their table typeset (BuildReportOptions.typesetTableLimit). */
  readonly typesetTableLimit?: number;
}

export interface WriteReportResult {
  readonly out: string;
  readonly bytes: number;
  readonly entries: number;
  /** Unreadable lines and files (`file:line: message`); the report shows them too. */
  readonly warnings: readonly string[];
}

/**
 * `sagga report DIR...`: one self-contained HTML report of one or more run directories (several
 * are overlaid in the same plots, one colour per run). Bad lines of a readable run, and among
 * several paths one that is not a run, are reported as warnings, in the result and on the page;
 * only when no path is readable is it an error.
 */
export async function writeReport(dirs: readonly string[], opts: WriteReportOptions = {}): Promise<WriteReportResult> {
  if (dirs.length === 0) throw new Error('report: give at least one run directory');
  const { runs, skipped } = readRuns(dirs);
  const out = resolve(opts.out ?? defaultReportPath(runs));
  const page = await buildReport(runs, {
    clusters: opts.clusters,
    seed: opts.seed ?? 'sagga',
    prototypes: opts.prototypes,
    embedder: opts.embedder ?? structuralEmbedder(),
    saggaVersion: packageVersion(),
    warnings: skipped,
    typesetTableLimit: opts.typesetTableLimit,
  });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, page);
  return {
    out,
    bytes: Buffer.byteLength(page),
    entries: runs.reduce((n, r) => n + r.entries.length, 0),
    warnings: [...skipped, ...runs.flatMap((r) => r.warnings)].map(formatWarning),
  };
}

/** `<dir>/report.html` for one run directory, `<file>.html` for one archive file, `report.html` for several. */
export function defaultReportPath(runs: readonly Pick<RunData, 'dir' | 'config' | 'generations' | 'totals'>[]): string {
  if (runs.length !== 1) return 'report.html';
  const dir = runs[0].dir;
  return statSync(dir).isDirectory() ? join(dir, 'report.html') : `${dir.replace(/\.[^./\\]*$/, '')}.html`;
}
