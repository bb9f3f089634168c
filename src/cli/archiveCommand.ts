import { statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { Command, Option } from 'commander';
import { DEFAULT_CLUSTER_SEED } from '../archive/defaultClusterSeed.js';
import { EXPORT_FORMATS, type ExportFormat } from '../archive/exportFormats.js';
import { EMBEDDER_SPECS } from '../embed/embedderSpecs.js';
import { failCommand } from './failCommand.js';
import { printReadWarnings } from './printReadWarnings.js';
import { positiveInt } from './numberOption.js';

/** `sagga archive stats|export|merge|cluster`: the archive of a run as a table, a dataset file, a merge, or clusters. */
export function registerArchiveCommand(program: Command): void {
  const archive = program
    .command('archive')
    .description('work with the archive of a run: summary statistics, export (JSON Lines, CSV, Parquet), merge, clusters')
    .addHelpText(
      'after',
      `
DIR is a run directory written by \`sagga search\` (config.json, archive.jsonl, generations.jsonl) or an
archive file in JSON Lines (an export or a merge). Lines that cannot be read (a run killed while writing
leaves its last line cut off) are skipped and named on stderr as FILE:LINE; everything else is used.

Examples:
  $ sagga archive stats archives/nerd
  $ sagga archive export archives/nerd --format parquet --out nerd.parquet
  $ sagga archive merge archives/a archives/b --out archives/a+b
  $ sagga archive cluster archives/nerd --k 8`,
    );

  archive
    .command('stats')
    .description('the Table-15 row of each run: iterations, archive size, mean length / nodes / depth, share of 1-, 2-, 3-term problems')
    .argument('<dir...>', 'run directories or archive files (one row each)')
    .option('--json', 'print the rows as a JSON array instead of a table')
    .addHelpText(
      'after',
      `
Examples:
  $ sagga archive stats archives/nerd
  $ sagga archive stats archives/paper-settings/length10 archives/paper-settings/length20 --json`,
    )
    .action(async (dirs: string[], opts: { json?: boolean }) => {
      try {
        const { archiveStats } = await import('../archive/archiveStats.js');
        const result = archiveStats(dirs, { format: opts.json ? 'json' : 'text' });
        process.stdout.write(result.output + '\n');
        printReadWarnings('archive stats', result.warnings);
      } catch (error) {
        failCommand('archive stats', error);
      }
    });

  archive
    .command('export')
    .description('write the archive as JSON Lines (Hugging Face `datasets`), CSV or Parquet')
    .argument('<dir>', 'run directory or archive file')
    .addOption(new Option('-f, --format <format>', 'output format').choices(EXPORT_FORMATS).default('jsonl'))
    .option('-o, --out <file>', 'file to write ("-" = stdout; default: stdout for jsonl/csv, <dir>/archive.parquet for parquet)')
    .addHelpText(
      'after',
      `
Every JSON line has the same keys in the same order (id, problem, latex, key, generation, fitness, length,
chars, tokens, nodes, depth, terms, target, kind, reason, parent, answers[{text, status, verdict, reason,
answer}], sources), null where the run did not record a value, so \`datasets.load_dataset("json", …)\` infers
one schema. CSV is RFC 4180 with the first answer spelt out and all answers as JSON. Parquet has the same
columns, answers as a list of structs.

Examples:
  $ sagga archive export archives/nerd > nerd.jsonl
  $ sagga archive export archives/nerd --format csv --out nerd.csv
  $ sagga archive export archives/nerd --format parquet --out nerd.parquet`,
    )
    .action(async (dir: string, opts: { format: ExportFormat; out?: string }) => {
      try {
        const out = opts.out ?? (opts.format === 'parquet' ? defaultParquetPath(dir) : '-');
        const { archiveExport } = await import('../archive/archiveExport.js');
        const result = archiveExport(dir, { format: opts.format, out });
        if (result.out !== '-') process.stderr.write(`sagga archive export: wrote ${result.rows} archived problem(s) to ${result.out}\n`);
        printReadWarnings('archive export', result.warnings);
      } catch (error) {
        failCommand('archive export', error);
      }
    });

  archive
    .command('merge')
    .description('merge archives into one, without duplicates (same canonical key), each line listing where it came from')
    .argument('<dirs...>', 'two or more run directories or archive files, in order of precedence')
    .requiredOption('-o, --out <dir|file.jsonl>', 'a new directory (gets archive.jsonl and merge.json) or a .jsonl file; never overwritten')
    .addHelpText(
      'after',
      `
Duplicates are found by the canonical key of the parsed problem, so "x + 1" and "1 + x" are one problem.
The first input's line is kept; its "sources" lists every run and id the problem was found under.

Examples:
  $ sagga archive merge archives/a archives/b --out archives/a+b
  $ sagga archive merge archives/a archives/b archives/c --out all.jsonl`,
    )
    .action(async (dirs: string[], opts: { out: string }) => {
      try {
        const { archiveMerge } = await import('../archive/archiveMerge.js');
        const result = archiveMerge(dirs, opts.out);
        const inputs = result.inputs.map((i) => `${i.label} (${i.entries})`).join(' + ');
        process.stderr.write(`sagga archive merge: ${inputs} → ${result.entries} problem(s), ${result.duplicates} duplicate(s) dropped; wrote ${result.archive}\n`);
        printReadWarnings('archive merge', result.warnings);
      } catch (error) {
        failCommand('archive merge', error);
      }
    });

  archive
    .command('cluster')
    .description('k-means over the archive\'s embeddings: each cluster\'s size and prototype problems with the model\'s answer')
    .argument('<dir>', 'run directory or archive file')
    .option('-k, --k <k>', 'number of clusters', positiveInt, 10)
    .option('--prototypes <n>', 'problems shown per cluster (nearest the centroid first)', positiveInt, 3)
    .option('--seed <seed>', 'seed of the k-means++ start', DEFAULT_CLUSTER_SEED)
    .option('--embedder <spec>', `embeddings to cluster: ${EMBEDDER_SPECS.join(' | ')}`, 'structural')
    .addHelpText(
      'after',
      `
The structural embedder (the default) is offline and deterministic: the same seed gives the same clusters.

Examples:
  $ sagga archive cluster archives/nerd --k 8
  $ sagga archive cluster archives/nerd --k 5 --prototypes 5
  $ sagga archive cluster archives/nerd --embedder transformers:models/scibert   # a local model directory`,
    )
    .action(async (dir: string, opts: { k: number; prototypes: number; seed: string; embedder: string }) => {
      try {
        const [{ createEmbedder }, { archiveCluster }] = await Promise.all([import('../embed/createEmbedder.js'), import('../archive/archiveCluster.js')]);
        const embedder = await createEmbedder(opts.embedder);
        const result = await archiveCluster(dir, opts.k, { prototypes: opts.prototypes, seed: opts.seed, embedder }).finally(() => embedder.close?.());
        process.stdout.write(result.output + '\n');
        printReadWarnings('archive cluster', result.warnings);
      } catch (error) {
        failCommand('archive cluster', error);
      }
    });
}

function defaultParquetPath(dir: string): string {
  return isDirectory(dir) ? join(dir, 'archive.parquet') : `${basename(dir, extname(dir))}.parquet`;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
