import type { Command } from 'commander';
import { EMBEDDER_SPECS } from '../embed/embedderSpecs.js';
import { addFormerOptionName } from './addFormerOptionName.js';
import { failCommand } from './failCommand.js';
import { printReadWarnings } from './printReadWarnings.js';
import { positiveInt } from './numberOption.js';

/** `sagga report DIR...`: one self-contained HTML report of one or more runs. */
export function registerReportCommand(program: Command): void {
  const report = program
    .command('report')
    .description('one self-contained HTML report of one or more runs: headline numbers, plots, clusters, the whole archive')
    .argument('<dir...>', 'run directories (or archive .jsonl files); several are overlaid in the same plots, one colour each')
    .option('-o, --out <file>', 'HTML file to write (default: <dir>/report.html for one run, ./report.html for several)')
    .option('--clusters <k>', "k of the k-means over the archive (default: the first run's --clusters, else 10)", positiveInt)
    .option('--prototypes <n>', 'prototype problems shown per cluster', positiveInt, 3)
    .option('--rng-seed <seed>', 'seed of the clustering (same seed, same report)', 'sagga')
    .option('--embedder <spec>', `embeddings for the clusters and the projection: ${EMBEDDER_SPECS.join(' | ')}`, 'structural')
    .addHelpText(
      'after',
      `
The page needs no network: plots are inline SVG rendered by Vega-Lite at report time, math is typeset by
KaTeX with its fonts inlined, and the archive table sorts and filters with a small inline script.
Lines that cannot be read (a killed run leaves its last line cut off) are skipped, listed on stderr and
in a warning box at the top of the report.

Examples:
  $ sagga report archives/nerd                      # writes archives/nerd/report.html
  $ sagga report archives/nerd --out nerd.html
  $ sagga report archives/nerd --embedder transformers:models/scibert   # a local model directory
  $ sagga report archives/paper-settings/length10 archives/paper-settings/length20 archives/paper-settings/length40 --out lengths.html`,
    )
    .action(async (dirs: string[], opts: { out?: string; clusters?: number; prototypes: number; rngSeed: string; embedder: string }) => {
      try {
        // Vega, KaTeX and PCA are loaded only here: the other commands start without them.
        const [{ createEmbedder }, { writeReport }] = await Promise.all([import('../embed/createEmbedder.js'), import('../report/writeReport.js')]);
        const embedder = await createEmbedder(opts.embedder);
        const result = await writeReport(dirs, { out: opts.out, clusters: opts.clusters, prototypes: opts.prototypes, seed: opts.rngSeed, embedder }).finally(
          () => embedder.close?.(),
        );
        printReadWarnings('report', result.warnings);
        const size = result.bytes >= 1e6 ? `${(result.bytes / 1e6).toFixed(2)} MB` : `${Math.ceil(result.bytes / 1e3)} kB`;
        process.stderr.write(`sagga report: wrote ${result.out} (${size}, ${result.entries} archived problem(s) from ${dirs.length} run(s))\n`);
      } catch (error) {
        failCommand('report', error);
      }
    });
  addFormerOptionName(report, '--seed <seed>', '--rng-seed');
}
