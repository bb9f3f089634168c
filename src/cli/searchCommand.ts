import { join } from 'node:path';
import type { Command } from 'commander';
import { EMBEDDER_SPECS } from '../embed/embedderSpecs.js';
import type { SearchCommandOptions } from '../search/searchWithServices.js';
import type { SearchSummary } from '../search/progressReporter.js';
import { readRun } from '../run/readRun.js';
import { RUN_FILES, STOP_REASON_TEXT, type ArchiveLine } from '../run/runSchema.js';
import { printable } from '../util/terminalSafe.js';
import { runRedactor } from '../util/redactSecrets.js';
import { exitCodeOf } from './exitCodeOf.js';
import { nonNegativeInt } from './numberOption.js';
import { EXIT } from './exitCodes.js';
import { TASK_NAMES } from '../tasks/registry.js';
import { lineStatement } from '../tasks/lineStatement.js';
import { addTargetOptions, splitTargetCliOptions, targetSettingsFrom, type TargetCliOptions } from './targetOptions.js';

/** The README's main job: small enough to finish offline in a couple of minutes on two cores. */
export const DEMO_SETTINGS = {
  target: 'nerdamer',
  generationSize: 300,
  seedSize: 30,
  clusters: 5,
  archiveSize: 60,
  maxGenerations: 8,
  rngSeed: '2022',
} as const;

type CliOptions = SearchCommandOptions & TargetCliOptions & { demo?: boolean; show?: number; config?: string; dryRun?: boolean };

// Long by design: a command's options, help and examples are one declarative list, read as its
// --help reads; the action itself calls one function of the library.
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a declarative list of options and help (above)
export function registerSearchCommand(program: Command): void {
  const cmd = program
    .command('search')
    .description('run SAGGA: mutate problems, ask the target, verify its answers, archive verified failures')
    .option('-o, --out <dir>', 'run directory (default: archives/<target>-<time>)')
    .option('--task <name>', `what to search: ${TASK_NAMES.join(', ')} (default integrate; \`sagga list tasks\`)`)
    .option(
      '--demo',
      `a short offline demo against nerdamer (${DEMO_SETTINGS.generationSize} candidates × ${DEMO_SETTINGS.maxGenerations} generations, archive of ${DEMO_SETTINGS.archiveSize}); any option given overrides it`,
    )
    .option(
      '--seeds <name|file>',
      'seed set: default, polynomial-robustness, trig-robustness, trig, target, a task\'s own (definite …), or a file: one expression per line, or JSON Lines {"task", "problem", …} (default: the task\'s: default for integrate)',
    )
    .option(
      '--mutations <preset>',
      'mutation preset: robustness, distance, uniform (default: uniform); +semantic adds the meaning-aware operators, +symbolic turns numbers into parameters A, B … (real and positive)',
    )
    .option('--mutation-params <json>', 'JSON object overriding preset probabilities and ranges, e.g. \'{"vmin":-10,"vmax":10}\'')
    .option('--ops <list>', "operations mutations may introduce, e.g. add,mul,pow,sin,cos,tan (the paper's trig runs)")
    .option('--fitness <spec>', 'short (default) | length:<L> | near:<file|expr>; terms multiply with *, e.g. length:20*near:seeds/target.txt')
    .option('--distance <kind>', 'distance for near: cosine (embeddings, default) | tree (tree edit distance)')
    .option('--length-measure <m>', 'length for short/length:L: chars (default) | tokens | nodes')
    .option('--require-ops <list>', 'fitness 0 for candidates without these functions, e.g. sin,cos,tan')
    .option('--tau <t>', 'fitness threshold for the archive and the next seeds (default 0.01)')
    .option('--seed-size <n>', 'seeds per generation (default 100)')
    .option('--generation-size <n>', 'candidates per generation (default 1000)')
    .option('--clusters <k>', 'k-means clusters for seed selection (default 10)')
    .option(
      '--seed-selection <how>',
      "elites (default): parents from the population's cells, the last generation and known bugs | kmeans | fitness: the paper's selection | random: no evolution, a baseline",
    )
    .option('--no-keep-initial-seeds', 'do not keep the initial seeds in every seed set')
    .option('--archive-size <n>', 'stop when the archive holds this many failures (default 1000)')
    .option('--max-generations <n>', 'stop after this many generations (default: no limit)')
    .option('--k <n>', 'answers per problem: a failure means all k are wrong (Fail@k, default 1)')
    .option('--embedder <spec>', `${EMBEDDER_SPECS.join(' | ')} (default structural)`)
    .option('--rng-seed <seed>', 'seed of the one random generator (default: random, recorded in config.json)')
    .option('--resume <dir>', 'continue a stopped or killed run in <dir> with its saved settings')
    .option('--force-resume', 'resume even though settings differ or config.json was edited by hand (recorded in config.json)')
    .option('--force', "start a new run in a directory that holds other files (files named like the run's own, such as archive.jsonl, are replaced)")
    .option('--max-retries <n>', 'times a problem lost to transport errors is asked again (default 2)')
    .option('--no-canaries', 'skip the health check that the target solves a few easy problems first (for scripted targets that answer wrong on purpose)')
    .option('--failures <which>', "proven (default): archive and score only proven failures | all: everything not correct (the paper's rule)")
    .option(
      '--reference <specs>',
      "targets that prove a declined, unreadable or timed-out failure by solving it, comma-separated, or none (default: the task's: nerdamer,algebrite for integrate, less the target)",
    )
    .option('--novelty <how>', 'signature (default): one archive line per bug shape, repeats counted as variants | exact: one per problem')
    .option(
      '--patience <n>',
      'stop (stagnated) after this many generations in a row without a new signature, the search having escalated to its highest level (default 20; 0: never)',
    )
    .option('--shrink-calls <n>', 'target calls spent shrinking each new failure to its smallest failing form (default 48; 0: off)')
    .option(
      '--shrink-calls-per-node <n>',
      'and N per node of the failing problem where that is more, so large failures reach their minimum too (default 6; 0: --shrink-calls alone)',
    )
    .option(
      '--bug-lean <lean>',
      "how parents drawn from known bugs lean toward the bugs found last: rank (default: the bug found r-th last with weight 1/r), none (every bug alike) or newest:p (the newest bug's with odds p, else the one before's); not under a targeting fitness",
    )
    .option(
      '--shape-cap <n>',
      'once N problems of one shape (the problem with its numbers erased) were asked, ask no more of it, so calls go to shapes not yet tried (default 4; 0: no cap; --seed-selection random: 0; not under a targeting fitness)',
    )
    .option('--max-target-calls <n>', 'stop before making more target calls than this (problems, references, shrinking and health checks together)')
    .option('--max-tokens-total <n>', 'stop once the target has spent this many tokens (input + output)')
    .option('--max-cost <usd>', 'stop once the target has cost this much (needs --price-input and --price-output)')
    .option('--show <n>', 'shortest failures to print at the end (default 5)', nonNegativeInt)
    .option('--json', 'progress as JSON Lines on stdout instead of a progress bar (with --dry-run: the plan as JSON)')
    .option(
      '--config <file>',
      'read options from a JSON or YAML file whose keys are the long option names, e.g. generation-size: 300 (options on the command line win)',
    )
    .option(
      '--dry-run',
      'print the resolved settings, the most target calls they allow and, with prices, the most they can cost; write nothing, start no target',
    );
  addTargetOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Writes into the run directory: config.json (everything needed to rerun), archive.jsonl (one verified
failure per line, appended as decided), generations.jsonl (one line per generation) and a checkpoint.
Ctrl-C stops after the current write; --resume <dir> goes on without losing or repeating a line.
One sagga at a time writes a run: it holds run.lock in the directory until it ends; a second one is
refused at once with the holder's pid (exit status 75), and the lock of a killed run is taken over.
A new run refuses a directory that holds other files unless --force; --resume refuses to cut lines
no checkpoint accounts for, and a config.json edited by hand unless --force-resume.

Proofs: a wrong answer is proven by the verifier; a declined, unreadable or timed-out one only when a
reference target returns an answer verified correct (the integral has a closed form, and the model
did not give it). With --failures proven (the default) only proven failures are archived and scored;
the others stay in evaluated.jsonl with why. Each archive line carries its "proof".
Distinct failures: each new proven failure is shrunk (--shrink-calls; --shrink-calls-per-node for a
large one) to the smallest problem that still fails the same way, and its "signature" (that problem
with every number replaced by #) decides novelty: a failure whose signature is archived already is a
variant (counted, no seat; its fitness is divided by one more than the times the bug was seen).
Population: every decided problem, solved or not, competes for a cell of a grid (its operations and
kinds of power, size, largest number, outcome); parents come from these cells, from the generation
just judged and from the known bugs, so the search cannot collapse onto a few bugs. Without a new
signature it escalates (more mutations per child, crossover, restarts from known bugs, wider
constants), and after --patience generations it stops as "stagnated"; a search with nothing new left
to ask stops as "exhausted". Both resume with other settings. Once --shape-cap problems of a shape
(the problem with its numbers erased) were asked, no more of it are: calls go to shapes not tried.
Budgets: --max-target-calls, --max-tokens-total, --max-cost stop the run before it spends more (calls
never exceed the budget; tokens and cost by at most what was in flight); the spent amounts are in the
checkpoint, so they hold across --resume, and a budget may be raised on resume.

Before a run (and a resumed one) the target is asked 6 problems any integrator solves (1, x, x^2 + 1,
cos(x), exp(x), x*exp(x)); it must answer at least half correctly and none wrongly, or the search is
refused with exit status 3 and a message saying what came back, before anything is archived.
--no-canaries skips the check (recorded in config.json).
A run stops by itself when its target stops working: its program was given up (it kept dying), or 2
generations in a row got nothing but transport errors; it then exits with status 70 and prints the
target's last error and the end of its stderr (resume once the target works again). During the run,
20 non-answers in a row (or any at the end of a generation) make sagga re-check the target on the
same problems: one that fails is restarted, the non-answers since it last worked are asked again
(never archived), and one that fails again stops the run (exit status 70).
Exit status: 0 finished, 3 the target failed the health check, 64 a bad command line or a refused
resume, 70 the target stopped working, 73 the run directory cannot be created or written (the message names the file and how to
resume), 75 the run directory is in use, 130/143/129 stopped by Ctrl-C/SIGTERM/SIGHUP (sagga --help
lists every code).

Examples:
  $ sagga search --demo
  $ sagga search --target nerdamer --out archives/nerd --archive-size 200
  $ sagga search --target sympy --fitness length:20 --max-generations 10
  $ sagga search --target nerdamer --fitness near:seeds/target.txt --distance tree
  $ OPENAI_API_KEY=... sagga search --target openai:gpt-4o-mini --k 1 --concurrency 8
  $ sagga search --target "cmd:node examples/cmd-target/power-rule.mjs"
  $ sagga search --config run.yaml --dry-run              # what run.yaml would do, and cost
  $ sagga search --resume archives/nerd`,
  );
  cmd.action(async (given: CliOptions) => {
    let opts = given;
    try {
      if (opts.config !== undefined) {
        const [{ readOptionsFile }, { applyOptionsFile }] = await Promise.all([import('./readOptionsFile.js'), import('./applyOptionsFile.js')]);
        applyOptionsFile(cmd, readOptionsFile(opts.config), opts.config);
        opts = cmd.opts<CliOptions>();
      }
    } catch (error) {
      process.stderr.write(`sagga search: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = exitCodeOf(error);
      return;
    }
    const { demo, show, config: _config, dryRun, ...all } = opts;
    // $OPENAI_BASE_URL stands in for --base-url in a new run; a resumed run keeps the endpoints it
    // recorded. Likewise commander's true for an absent --no-cache is no choice: absent stays absent.
    if (opts.resume !== undefined && cmd.getOptionValueSource('baseUrl') === 'env') delete (all as { baseUrl?: unknown }).baseUrl;
    if (cmd.getOptionValueSource('cache') === 'default') delete (all as { cache?: unknown }).cache;
    // The target's own options go to the target; the rest (with --target and --concurrency) to the search.
    const { target: targetCli, rest } = splitTargetCliOptions(all);
    let options: SearchCommandOptions = rest;
    // commander fills in true when --no-canaries is absent; absent must stay absent, so that a resumed run keeps its own setting.
    if (cmd.getOptionValueSource('canaries') === 'default') options = { ...options, canaries: undefined };
    if (demo && opts.resume === undefined) {
      options = { ...DEMO_SETTINGS, out: join('archives', `demo-${stamp()}`), ...stripUndefined(options) };
    } else if (options.resume === undefined && options.out === undefined) {
      const slug =
        (options.target ?? 'run')
          .replace(/[^A-Za-z0-9._-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 40) || 'run';
      options = { ...options, out: join('archives', `${slug}-${stamp()}`) };
    }
    try {
      if (dryRun) {
        const [{ planSearch }, { formatSearchPlan }] = await Promise.all([import('../search/planSearch.js'), import('./formatSearchPlan.js')]);
        const plan = await planSearch(options, targetSettingsFrom(targetCli));
        process.stdout.write(options.json ? JSON.stringify(plan) + '\n' : formatSearchPlan(plan));
        return;
      }
      const [{ search }, { searchWithProcessEffects }] = await Promise.all([import('../search/search.js'), import('./searchWithProcessEffects.js')]);
      const { exitCode, result } = await searchWithProcessEffects(options.json === true, { stdout: process.stdout, stderr: process.stderr }, (io) =>
        search({ ...options, targetOptions: targetSettingsFrom(targetCli) }, io),
      );
      process.exitCode = exitCode;
      if (!options.json) printSummary(result.outDir, result.summary, show ?? 5);
    } catch (error) {
      // A message may quote a program's stderr or a model's answer: secrets hidden as in the run files.
      process.stderr.write(`sagga search: ${runRedactor(opts.target ?? '')(error instanceof Error ? error.message : String(error))}\n`);
      // Errors found before the run starts are the command line's (bad values, refused resume);
      // system errors keep their own codes (a missing file, a full disk).
      const code = exitCodeOf(error);
      process.exitCode = code === EXIT.software ? EXIT.usage : code;
    }
  });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

/** Why the run stopped, in words, with the figures that decided it. */
function stopText(summary: SearchSummary): string {
  if (summary.stopReason === 'budget' && summary.budget) return `the --${summary.budget} budget was spent`;
  if (summary.stopReason === 'stagnated' && summary.stale) {
    return `stagnated: no new signature in ${summary.stale.generations} generations / ${summary.stale.calls.toLocaleString('en-US')} target calls, at every escalation level (resume with a larger --patience or other settings to go on)`;
  }
  return STOP_REASON_TEXT[summary.stopReason];
}

/** Where the archive is and a few of the shortest failures, as the end of every run. */
function printSummary(outDir: string, summary: SearchSummary, show: number): void {
  const archivePath = join(outDir, RUN_FILES.archive);
  const t = summary.totals;
  const stopped = stopText(summary);
  const out: string[] = [
    `\nStopped: ${stopped}.`,
    `Archive: ${archivePath} (${summary.archiveSize} failures, ${summary.signatures ?? summary.archiveSize} distinct signatures)`,
    `Failures: ${t.proven ?? 0} proven, ${t.failures - (t.proven ?? 0)} unproven, of ${t.evaluated} problems decided; ${t.target_calls ?? t.asked} target calls` +
      (t.tokens && t.tokens.input + t.tokens.output > 0 ? `, ${t.tokens.input} input + ${t.tokens.output} output tokens` : '') +
      (t.cost ? `, $${t.cost.toFixed(4)}` : ''),
  ];
  // Read as the report reads it (variants counted from evaluated.jsonl); unreadable lines are left out here.
  const entries: readonly ArchiveLine[] = readRun(outDir).entries;
  const shortest = [...entries]
    .map((e) => ({ e, shown: e.minimal?.problem ?? e.problem }))
    .sort((a, b) => a.shown.length - b.shown.length || (a.shown < b.shown ? -1 : 1))
    .slice(0, show)
    // A task's problem is shown whole (its bounds, its point); integrate's as the integral it was.
    .map(({ e, shown }) => ({ e, shown, stated: lineStatement(shown, e.task, e.params) }));
  if (shortest.length > 0) {
    out.push(`Shortest failures (each shrunk to its smallest failing form):`);
    const width = Math.max(...shortest.map((s) => s.shown.length));
    const statedWidth = Math.max(...shortest.map((s) => s.stated.length));
    for (const { e, shown, stated } of shortest) {
      const answers = e.minimal && e.minimal.answers.length > 0 ? e.minimal.answers : e.answers;
      // The model's text, made safe for the terminal like every answer sagga prints.
      const answer = printable(answers[0]?.text ?? '', 60);
      // How it is proven: the verifier (a wrong answer) or the reference that solved it.
      const proof = e.proof === null ? 'unproven' : e.proof.by === 'reference' ? `${e.proof.reference ?? 'reference'} solves it` : 'verified';
      const seen = (e.variants ?? 0) > 0 ? `, found ${(e.variants ?? 0) + 1} times` : '';
      const problemText = e.task === null ? `∫ ${shown.padEnd(width)} dx` : printable(stated.padEnd(statedWidth), 100);
      out.push(`  ${problemText}   ${e.kind.padEnd(11)} ${proof}${seen}`);
      if (answer) out.push(`      answered: ${answer}`);
      if (shown !== e.problem)
        out.push(`      first found as: ${e.task === null ? `∫ ${printable(e.problem, 60)} dx` : printable(lineStatement(e.problem, e.task, e.params), 100)}`);
    }
  }
  out.push(`See it all: npx sagga report ${outDir}   (or: npx sagga archive stats ${outDir})`);
  process.stdout.write(out.join('\n') + '\n');
}
