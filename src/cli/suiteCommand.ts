import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import { SUITE_NAMES, type SuiteName } from '../suite/suiteTypes.js';
import { createTarget } from '../targets/registry.js';
import type { Target } from '../targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { EXIT, type ExitCode } from './exitCodes.js';
import { exitCodeOf } from './exitCodeOf.js';
import { addTargetOptions, targetOptionsFrom, type TargetCliOptions } from './targetOptions.js';
import { positiveInt } from './numberOption.js';

interface SuiteCliOptions extends TargetCliOptions {
  readonly task?: string;
  readonly k?: string;
  readonly n?: number;
  readonly rngSeed?: string;
  readonly out?: string;
  readonly of?: string;
  readonly range?: readonly [number, number];
  readonly operators?: readonly (readonly [number, number])[];
}

export function parseKList(value: string): number[] {
  const ks = value.split(',').map((s) => Number(s.trim()));
  if (ks.length === 0 || ks.some((k) => !Number.isSafeInteger(k) || k < 1 || k > 1000)) {
    throw new InvalidArgumentError('expected a comma-separated list of whole numbers in [1, 1000], e.g. 1,10,50');
  }
  return ks;
}

function parseRange(value: string): [number, number] {
  const m = /^\s*(\d+)\s*[,:]\s*(\d+)\s*$/.exec(value);
  const lo = m ? Number(m[1]) : NaN;
  const hi = m ? Number(m[2]) : NaN;
  if (!m || !(lo >= 1) || !(hi >= lo) || hi > 1e9) throw new InvalidArgumentError('expected LO,HI with 1 ≤ LO ≤ HI, e.g. 1,100');
  return [lo, hi];
}

function parseOperatorBuckets(value: string): [number, number][] {
  const buckets = value.split(',').map((part) => {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const lo = m ? Number(m[1]) : NaN;
    const hi = m ? Number(m[2] ?? m[1]) : NaN;
    if (!m || !(lo >= 1) || !(hi >= lo) || hi > 1000)
      throw new InvalidArgumentError('expected comma-separated operator counts or ranges, e.g. 1-5,6-10,20 (each 1 ≤ LO ≤ HI ≤ 1000)');
    return [lo, hi] as [number, number];
  });
  return buckets;
}

// Long by design: a command's options, help and examples are one declarative list, read as its --help reads;
// the action itself calls one function of the library.
/** `sagga suite <name>`: the paper's rule-based probes as Fail@k tables. */
export function registerSuiteCommand(program: Command): void {
  const cmd = program
    .command('suite')
    .description('rule-based probes of the paper (primitives, neighbours, compositionality, extrapolation, exponents, operators) as Fail@k tables')
    .argument('<name>', `suite: ${SUITE_NAMES.join(' | ')}`)
    .option('--k <list>', 'Fail@k values, comma-separated; the target is asked once for the largest (default 1)')
    .option(
      '--n <n>',
      'samples per primitive (primitives, extrapolation, primitive bases), per exponent range and template (exponents), per operator-count row (operators) or per sum size (compositionality); default 1000 for primitives/extrapolation/exponents, 100 otherwise',
      positiveInt,
    )
    .option(
      '--of <file|primitives>',
      'base problems of neighbours / compositionality: primitives (default) or a file (JSON Lines with "problem", or one expression per line)',
    )
    .option('--range <lo,hi>', 'inclusive integer range of the primitive coefficients (default 1,100)', parseRange)
    .option(
      '--operators <list>',
      'operators: rows of operator counts of the problems, e.g. 1-5,6-10,30 (default 1-5,6-10,11-15,16-20,21-25,26-30)',
      parseOperatorBuckets,
    )
    .option('--rng-seed <seed>', 'seed of the one random generator (default 2022)')
    .option('-o, --out <dir>', 'also write <name>.json, <name>.md and <name>-problems.jsonl into this directory')
    .option('--task <name>', "integrate only: the paper's suites are probes of indefinite integration");
  addTargetOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Prints a Markdown table on stdout: per row the number of problems, Fail@k for each k, and how many
problems the verifier could not decide (unknown; never counted as failures).

Suites: primitives (the paper's Table 2: k1*f(k2*x)), neighbours and compositionality (built from
the solved primitives), extrapolation (Figure 2: the primitives with coefficients up to 11000),
exponents (Table 8: x^k and x^(1/k) for k in [1, 1000] and [10000, 11000)), operators (Table 9:
problems with more and more operators, each the derivative of a random antiderivative).

Examples:
  $ sagga suite primitives --target nerdamer --n 1000 --out runs/prim-nerdamer
  $ sagga suite extrapolation --target sympy --n 50 --out runs/extra-sympy
  $ sagga suite neighbours --target nerdamer --of primitives --n 100
  $ sagga suite compositionality --target sympy --of problems.jsonl --n 100 --k 1,10
  $ sagga suite exponents --target nerdamer
  $ sagga suite operators --target sympy --n 50 --operators 1-10,11-20,21-30,31-40`,
  );
  cmd.action(async (name: string, opts: SuiteCliOptions) => {
    const fail = (message: string, code: ExitCode = EXIT.usage): void => {
      process.stderr.write(`sagga suite: ${message}\n`);
      process.exitCode = code;
    };
    if (!(SUITE_NAMES as readonly string[]).includes(name)) return fail(`unknown suite '${name}'; valid ones: ${SUITE_NAMES.join(', ')}`);
    if (opts.task !== undefined && opts.task !== 'integrate') {
      return fail(
        `--task ${opts.task}: the paper's suites are probes of indefinite integration (integrate only); for another task, search it (sagga search --task ${opts.task}) or evaluate a problem file (sagga eval --task ${opts.task})`,
      );
    }
    const suite = name as SuiteName;
    let ks: number[];
    try {
      ks = parseKList(opts.k ?? '1');
    } catch (err) {
      return fail(`--k: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (opts.of !== undefined && opts.of !== 'primitives' && !existsSync(opts.of))
      return fail(`--of: file not found: ${opts.of} (give a problem file or "primitives")`, EXIT.noInput);
    if (opts.target === undefined) return fail('--target is required (e.g. --target nerdamer)');
    const n = opts.n ?? (suite === 'primitives' || suite === 'extrapolation' || suite === 'exponents' ? 1000 : 100);
    let target: Target | undefined;
    try {
      const [{ runSuite }, { formatSuiteMarkdown }, { writeSuiteOutputs }, { verifyPair }] = await Promise.all([
        import('../suite/runSuite.js'),
        import('../suite/formatSuiteMarkdown.js'),
        import('../suite/writeSuiteOutputs.js'),
        import('../verify/verifyPair.js'),
      ]);
      target = await createTarget(opts.target, targetOptionsFrom(opts, { concurrency: opts.concurrency ?? availableParallelism(), outDir: opts.out }));
      const result = await runSuite(
        suite,
        { ks, n, rngSeed: opts.rngSeed ?? '2022', range: opts.range, of: opts.of, operators: opts.operators },
        {
          target,
          verify: (problem, answer) => verifyPair(problem, answer, SEARCH_VERIFY_OPTIONS),
          onProgress: (stage, done, total) => {
            if (process.stderr.isTTY) process.stderr.write(`\r${stage}: ${done}/${total}   `);
          },
        },
      );
      if (process.stderr.isTTY) process.stderr.write('\n');
      process.stdout.write(formatSuiteMarkdown(result.table));
      if (opts.out !== undefined) {
        const files = writeSuiteOutputs(opts.out, result);
        process.stderr.write(`sagga suite: wrote ${files.table}, ${files.markdown} and ${files.problems}\n`);
      }
    } catch (err) {
      const code = exitCodeOf(err);
      fail(err instanceof Error ? err.message : String(err), code);
    } finally {
      await target?.close();
    }
  });
}
