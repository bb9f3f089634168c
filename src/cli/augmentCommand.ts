import { createWriteStream, existsSync, readFileSync, statSync, type WriteStream } from 'node:fs';
import type { Command } from 'commander';
import { AUGMENT_FAMILY_NAMES, parseAugmentFamily, type AugmentFamily } from '../augment/augmentFamily.js';
import type { ProblemLine } from '../augment/readProblemLines.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { addFormerOptionName } from './addFormerOptionName.js';
import { checkOutputPath } from './checkOutputPath.js';
import { EXIT, type ExitCode } from './exitCodes.js';
import { exitCodeOf } from './exitCodeOf.js';
import { positiveInt } from './numberOption.js';

interface AugmentCliOptions {
  readonly from?: string;
  readonly n?: number;
  readonly rngSeed?: string;
  readonly out: string;
  readonly requireAnswer?: boolean;
}

/** Largest input file read (a problem file is small; bound hostile input before parsing). */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

// Long by design: a command's options, help and examples are one declarative list, read as its --help reads;
// the action itself calls one function of the library.
/** `sagga augment <family>`: problems with known, verified antiderivatives. */
export function registerAugmentCommand(program: Command): void {
  const augment = program
    .command('augment')
    .description('answer-known problem families (AntiderivBench, ASyMOB, backward generation) as JSON Lines, every answer verified')
    .argument('<family>', `one of: ${AUGMENT_FAMILY_NAMES.join(', ')}`)
    .option('--from <file>', 'source problems: JSON Lines {"id"?, "problem", "answer"?} or one expression per line (not needed for backward)')
    .option('--n <n>', 'variants per source line; for backward, the number of problems (default 1; backward 100)', positiveInt)
    .option('--rng-seed <seed>', 'seed of the one random generator (default 2022)')
    .option('-o, --out <file>', 'where to write the JSON Lines ("-" = stdout)', '-')
    .option('--require-answer', 'drop variants whose answer could not be verified instead of writing them without one')
    .addHelpText(
      'after',
      `
Writes one JSON object per line: {"id", "problem", "answer"?, "family", "source", ...}. "answer" is
present only when the verifier said "correct" for exactly the written problem and answer. Lines of the
input that cannot be used, and variants without a verified answer, are reported on stderr with their
line number.

Families:
  lin_comb            a·f + b·g, a, b in {-9 … 9} without 0, g another input line (answer a·F + b·G)
  subst_poly          f(g(x))·g'(x), g a random cubic with coefficients in {-9 … 9} (answer F(g(x)))
  subst_hard          the same with g another input problem
  numeric-all-N       every integer constant (by value; exponents kept) replaced by a random N-digit one
  numeric-one-N       one integer constant replaced (N = 0 drops the constant: it becomes 1)
  symbolic-N          N constants written as parameters a, b, … ("parametric") and re-instantiated
  equivalence-easy    times a factor equal to 1: sin²(-Qx)+cos²(Qx), cosh²(Qx)-sinh²(Qx), …
  equivalence-hard    such a factor with a polynomial argument, inserted inside the problem
  backward            random F from a grammar, problem F' (no --from needed)

Examples:
  $ sagga augment subst_poly --from problems.jsonl --n 3 -o subst.jsonl
  $ sagga augment numeric-one-6 --from problems.jsonl
  $ sagga augment backward --n 1000 --rng-seed 7 -o backward.jsonl`,
    )
    .action(async (familyName: string, opts: AugmentCliOptions) => {
      const fail = (message: string, code: ExitCode = EXIT.usage): void => {
        process.stderr.write(`sagga augment: ${message}\n`);
        process.exitCode = code;
      };
      let family: AugmentFamily;
      try {
        family = parseAugmentFamily(familyName);
      } catch (err) {
        return fail(err instanceof Error ? err.message : String(err));
      }
      let lines: readonly ProblemLine[] = [];
      if (family.kind !== 'backward') {
        if (opts.from === undefined) return fail(`${familyName} needs --from FILE (JSON Lines with "problem" and optionally "answer")`);
        if (!existsSync(opts.from) || !statSync(opts.from).isFile()) return fail(`--from: file not found: ${opts.from}`, EXIT.noInput);
        if (statSync(opts.from).size > MAX_INPUT_BYTES) return fail(`--from: ${opts.from} is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`);
        const { readProblemLines } = await import('../augment/readProblemLines.js');
        const read = readProblemLines(readFileSync(opts.from, 'utf8'));
        for (const s of read.skipped) process.stderr.write(`sagga augment: ${opts.from}:${s.line}: ${s.message}\n`);
        lines = read.problems;
        if (lines.length === 0) return fail(`no usable problem in ${opts.from}`);
      }
      try {
        checkOutputPath(opts.out, '--out');
      } catch (err) {
        return fail(err instanceof Error ? err.message : String(err), exitCodeOf(err));
      }
      const [{ augmentProblems }, { createRng }, { verifyStrings }] = await Promise.all([
        import('../augment/augmentProblems.js'),
        import('../util/rng.js'),
        import('../verify/verifyStrings.js'),
      ]);
      const out: NodeJS.WritableStream | WriteStream = opts.out === '-' ? process.stdout : createWriteStream(opts.out);
      const summary = augmentProblems(family, lines, {
        familyName,
        n: opts.n ?? (family.kind === 'backward' ? 100 : 1),
        rng: createRng(opts.rngSeed ?? '2022'),
        verify: (problem, answer) => verifyStrings(problem, answer, SEARCH_VERIFY_OPTIONS),
        requireAnswer: opts.requireAnswer,
        onRecord: (r) => out.write(JSON.stringify(r) + '\n'),
        onMessage: (m) => process.stderr.write(`sagga augment: ${m}\n`),
      });
      if (out !== process.stdout) await new Promise<void>((resolve, reject) => (out as WriteStream).end((e?: Error | null) => (e ? reject(e) : resolve())));
      process.stderr.write(
        `sagga augment: ${familyName}: wrote ${summary.written} problems (${summary.withAnswer} with a verified answer, ${summary.withoutAnswer} without), skipped ${summary.dropped}\n`,
      );
      if (summary.written === 0) process.exitCode = EXIT.software;
    });
  addFormerOptionName(augment, '--output <file>', '--out');
}
