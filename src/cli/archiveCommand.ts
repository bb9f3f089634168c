import { statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_CLUSTER_SEED } from '../archive/defaultClusterSeed.js';
import { EXPORT_FORMATS, type ExportFormat } from '../archive/exportFormats.js';
import { DATASET_INCLUDES, type DatasetInclude } from '../archive/datasetIncludes.js';
import { EMBEDDER_SPECS } from '../embed/embedderSpecs.js';
import { SEARCH_DEFAULTS } from '../search/resolveSearchSettings.js';
import { addFormerOptionName } from './addFormerOptionName.js';
import { failCommand } from './failCommand.js';
import { printReadWarnings } from './printReadWarnings.js';
import { nonNegativeInt, positiveInt } from './numberOption.js';
import { addTargetOptions } from './targetOptions.js';
import { type ArchiveShrinkCliOptions, runArchiveShrinkCommand } from './runArchiveShrinkCommand.js';

// Long by design: a command's options, help and examples are one declarative list, read as its --help reads;
// the action itself calls one function of the library.
/** `sagga archive stats|export|merge|cluster|shrink`: the archive of a run as a table, a dataset file, a merge, clusters, or shrunk. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a declarative list of options and help (above)
export function registerArchiveCommand(program: Command): void {
  const archive = program
    .command('archive')
    .description('work with the archive of a run: summary statistics, export (JSON Lines, CSV, Parquet), merge, clusters, shrinking')
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
  $ sagga archive cluster archives/nerd --clusters 8
  $ sagga archive shrink archives/nerd --target nerdamer`,
    );

  archive
    .command('stats')
    .description(
      'the Table-15 row of each run, with its failures proven and unproven (by kind and by proof), distinct signatures, target calls, tokens and cost',
    )
    .argument('<dir...>', 'run directories or archive files (one row each)')
    .option('--json', 'print the rows (or, with --by-signature, the groups) as a JSON array instead of tables')
    .option(
      '--by-signature',
      "list the distinct failures instead: one row per signature with its minimal problem, the model's answer to it, the proof, its variants and one or two original problems",
    )
    .addHelpText(
      'after',
      `
The tables: Table 15 (iterations, archive size, mean length / nodes / depth, share of 1-, 2-, 3-term
problems); failures proven and unproven, as counts and as rates of the problems evaluated, proven ones
by proof (the verifier, or a reference target that solved the problem), variants (failures whose
signature the archive already had) and distinct signatures; failures by kind; the archive lines by
proof; target calls, tokens, cost (USD, when the run set --price-input / --price-output) and tokens and
cost per proven failure. "—" marks what a run does not record (runs made before these were counted).

Examples:
  $ sagga archive stats archives/nerd
  $ sagga archive stats archives/nerd --by-signature
  $ sagga archive stats archives/paper-settings/length10 archives/paper-settings/length20 --json`,
    )
    .action(async (dirs: string[], opts: { json?: boolean; bySignature?: boolean }) => {
      try {
        const { archiveStats } = await import('../archive/archiveStats.js');
        const result = archiveStats(dirs, { format: opts.json ? 'json' : 'text', bySignature: opts.bySignature === true });
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
    .option(
      '--include <rows>',
      'rows besides one per archived bug, comma-separated: variants (later failures with an archived signature), unproven (failures no proof holds)',
      parseInclude,
    )
    .option('--csv-raw', "CSV: write every value as it is, without the leading ' that keeps a spreadsheet from reading =, +, - or @ as a formula")
    .addHelpText(
      'after',
      `
A dataset: one row per archived bug (\`role\` bug), and with --include one per variant and per unproven
failure (from evaluated.jsonl). Every row has the same columns in the same order, each of one type in
every export and never null (text not recorded is "", a count 0): id, role, variant_of, problem, task
(integrate, definite, ode, series, limit), lower, upper, point, order, direction, conditions (the task's
parameters, empty where its task has none), parameters (A: positive; …), latex, key, generation,
fitness, length, chars, tokens, nodes, depth, terms, target, kind, reason, parent, proof_by,
proof_reference, signature, minimal_problem, minimal_nodes, variants, answers[{text, status, verdict,
reason, answer}], proof{by, reason, reference, answer}, minimal{problem, answers, proof, nodes},
sources[{run, id}]; so Hugging Face \`datasets\` and DuckDB infer one schema from any number of runs'
exports. A README.md dataset card beside the file gives the schema (as \`dataset_info.features\`) and
how the run was made (an existing README.md that sagga did not write is kept; the card is then
<file>.README.md). CSV is RFC 4180 with the first answer spelt out and the nested columns as JSON
(answers_json, proof_json, minimal_json, sources_json); text cells starting with =, +, -, @ get a leading
' unless --csv-raw. Parquet has the same columns and types.

Examples:
  $ sagga archive export archives/nerd > nerd.jsonl
  $ sagga archive export archives/nerd --include variants,unproven --out data/nerd.jsonl
  $ sagga archive export archives/nerd --format csv --out nerd.csv
  $ sagga archive export archives/nerd --format parquet --out nerd.parquet`,
    )
    .action(async (dir: string, opts: { format: ExportFormat; out?: string; include?: DatasetInclude[]; csvRaw?: boolean }) => {
      try {
        const out = opts.out ?? (opts.format === 'parquet' ? defaultParquetPath(dir) : '-');
        const { archiveExport } = await import('../archive/archiveExport.js');
        const result = archiveExport(dir, { format: opts.format, out, include: opts.include, csvRaw: opts.csvRaw, stdout: process.stdout });
        if (result.out !== '-')
          process.stderr.write(`sagga archive export: wrote ${result.rows} row(s) to ${result.out} and its dataset card to ${result.card}\n`);
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
        process.stderr.write(
          `sagga archive merge: ${inputs} → ${result.entries} problem(s), ${result.duplicates} duplicate(s) dropped; wrote ${result.archive}\n`,
        );
        printReadWarnings('archive merge', result.warnings);
      } catch (error) {
        failCommand('archive merge', error);
      }
    });

  const cluster = archive
    .command('cluster')
    .description("k-means over the archive's embeddings: each cluster's size and prototype problems with the model's answer")
    .argument('<dir>', 'run directory or archive file')
    .option('--clusters <k>', 'number of clusters', positiveInt, 10)
    .option('--prototypes <n>', 'problems shown per cluster (nearest the centroid first)', positiveInt, 3)
    .option('--rng-seed <seed>', 'seed of the k-means++ start', DEFAULT_CLUSTER_SEED)
    .option('--embedder <spec>', `embeddings to cluster: ${EMBEDDER_SPECS.join(' | ')}`, 'structural')
    .addHelpText(
      'after',
      `
The structural embedder (the default) is offline and deterministic: the same seed gives the same clusters.

Examples:
  $ sagga archive cluster archives/nerd --clusters 8
  $ sagga archive cluster archives/nerd --clusters 5 --prototypes 5
  $ sagga archive cluster archives/nerd --embedder transformers:models/scibert   # a local model directory`,
    )
    .action(async (dir: string, opts: { clusters: number; prototypes: number; rngSeed: string; embedder: string }) => {
      try {
        const [{ createEmbedder }, { archiveCluster }] = await Promise.all([import('../embed/createEmbedder.js'), import('../archive/archiveCluster.js')]);
        const embedder = await createEmbedder(opts.embedder);
        const result = await archiveCluster(dir, opts.clusters, { prototypes: opts.prototypes, seed: opts.rngSeed, embedder }).finally(() =>
          embedder.close?.(),
        );
        process.stdout.write(result.output + '\n');
        printReadWarnings('archive cluster', result.warnings);
      } catch (error) {
        failCommand('archive cluster', error);
      }
    });

  // --k is answers per problem elsewhere (search, eval, integrate); here it was the number of clusters.
  addFormerOptionName(cluster, '-k, --k <k>', '--clusters');
  addFormerOptionName(cluster, '--seed <seed>', '--rng-seed');

  registerArchiveShrink(archive);
}

/** `--include variants,unproven`. */
function parseInclude(value: string): DatasetInclude[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const unknown = parts.find((p) => !(DATASET_INCLUDES as readonly string[]).includes(p));
  if (parts.length === 0 || unknown !== undefined) throw new InvalidArgumentError(`expected a comma-separated list of ${DATASET_INCLUDES.join(', ')}`);
  return [...new Set(parts as DatasetInclude[])];
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

/** `sagga archive shrink DIR --target SPEC`: minimal failing problems and signatures for an existing archive. */
function registerArchiveShrink(archive: Command): void {
  const cmd = archive
    .command('shrink')
    .description('shrink each archived failure to the smallest problem that still fails the same way, with a proof, and give it a signature')
    .argument('<dir>', 'run directory written by `sagga search` (its archive.jsonl is rewritten in place)')
    .option('--shrink-calls <n>', "target calls one line's shrinking may spend (0: only prove and sign each line)", nonNegativeInt, 24)
    .option(
      '--shrink-calls-per-node <n>',
      "and N per node of the line's problem where that is more, so large failures reach their minimum too (0: --shrink-calls alone)",
      nonNegativeInt,
      SEARCH_DEFAULTS.shrinkCallsPerNode,
    )
    .option(
      '--reference <specs>',
      'targets that prove a declined, unreadable or timed-out failure by solving it, comma-separated, or none (default: nerdamer,algebrite minus the target)',
    )
    .option('--force', 'shrink lines that already have a minimal form again')
    .option('--rng-seed <seed>', "seed of the order among candidates of one size (default: the run's rng_seed)")
    .option('--no-canaries', 'skip the health check that the target solves a few easy problems first (for scripted targets that answer wrong on purpose)');
  addTargetOptions(cmd);
  cmd.addHelpText(
    'after',
    `
For each line of DIR/archive.jsonl made by the target, the stored answers are judged again (no call)
and the failure is proven: a wrong answer by the verifier, a declined, unreadable or timed-out one by
a reference target that solves the problem (asked now when the line has no proof). Then the problem
is shrunk greedily, big steps first: delete a term or factor, replace a subtree by one of its
children, then by x or by a small constant, simplify a number (612 → 1, 2, 3 or 10). A candidate is
kept only when the target fails it the same way (same kind, with a proof); the shrink ends when none
is, or when the next probe would pass --shrink-calls (or --shrink-calls-per-node times the problem's
nodes, where that is more). Each line gets
  "minimal":   {"problem", "answers", "proof", "nodes"}: the smallest failing problem found (the
               problem itself when nothing smaller fails or the failure cannot be proven; proof null then)
  "signature": the minimal problem's canonical form with every number replaced by #
  "shrink":    {"calls", "max_calls", "proof_calls", "probes", "steps", "stopped", "reason"?}
Lines already shrunk (by a search that shrinks, or by an earlier archive shrink) are skipped unless
--force; lines of another target, and lines of a task other than integrate (shrunk by their search), are skipped.

The run's lock is held throughout (a running search on DIR makes this exit 75). Every answer is
journaled in DIR/shrink.jsonl as it arrives and the archive is replaced whole at the end (written
beside it, then renamed; checkpoint.json's archive offset moves with it, so the run still resumes).
Stopped at any moment (Ctrl-C, kill -9), the same command goes on where it stopped: nothing answered
is asked again, and the result is what an uninterrupted shrink writes. The same seed gives the same
result. --concurrency lines are shrunk at once (default 2), with the same result.

Exit status: 0 done, 3 the target failed its health check, 64 a bad command line, 66 no run at DIR,
70 the target could not be started, 73 the archive cannot be written, 75 DIR is in use,
130/143/129 stopped by a signal (run the command again to go on).

Examples:
  $ sagga archive shrink archives/nerd --target nerdamer
  $ sagga archive shrink archives/nerd --target nerdamer --shrink-calls 48 --reference sympy
  $ sagga archive shrink archives/gpt --target openai:gpt-4o-mini --reference none --concurrency 8`,
  );
  cmd.action((dir: string, opts: ArchiveShrinkCliOptions) => runArchiveShrinkCommand(dir, opts));
}
