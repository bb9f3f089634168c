import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { Command, Option } from 'commander';
import type { MathFormat } from '../answer/readMathText.js';
import { checkOutputPath } from './checkOutputPath.js';
import { CliError } from './cliError.js';
import { EXIT } from './exitCodes.js';
import { nonNegativeInt, positiveNumber } from './numberOption.js';

const FORMATS: readonly MathFormat[] = ['infix', 'latex', 'auto'];
const formatOption = (): Option =>
  new Option('--format <format>', 'how problems and answers are written: infix, latex, or auto (LaTeX when the text has \\, $, { or })').choices(FORMATS).default('auto');

const LATEX_HELP = `
How to give LaTeX: with --format auto (the default) a text containing a backslash, $, { or } is read
as LaTeX by the reader the targets use, anything else as infix (x^3/3, log(abs(x))); an infix text
that is refused is never reread as LaTeX. --format latex or --format infix forces one reading.
A LaTeX answer may be a whole model answer: \\boxed{...}, $...$, "The final answer is ..." are
found, and a trailing + C (constant of integration) is dropped, which the verdict notes.
Accepted for example: \\frac{x^3}{3}, \\ln|x|, \\boxed{\\frac{x^{3}}{3}+C}, \\sin^2 x, e^{2x}.
SymPy spellings in infix answers: Rational(p, q) is p/q; binomial(x, k), for an integer 0 <= k <= 20,
is the polynomial x(x-1)...(x-k+1)/k!.`;

export function registerVerifyCommand(program: Command): void {
  program
    .command('verify')
    .description('check (problem, answer) pairs: is answer an antiderivative of problem? (JSON Lines in, JSON Lines out)')
    .option('-i, --input <file>', 'JSON Lines {"id"?, "problem", "answer"} ("-" = stdin)', '-')
    .option('-o, --output <file>', 'JSON Lines {"id", "verdict", "reason", "ms", "reading"}, one per input line, same order ("-" = stdout)', '-')
    .option('--budget-ms <ms>', 'time budget per pair; past it the verdict is "unknown"', positiveNumber, 50)
    .option('--workers <n>', 'worker threads for large inputs (0 = none; default: all cores)', nonNegativeInt)
    .addOption(formatOption())
    .addHelpText(
      'after',
      `
Verdicts: correct | incorrect | unknown (could not decide: unsupported function, too few points, budget)
          | invalid (a line or expression the whitelisting parser rejects). A bad line never stops the batch.
Each line with a problem and an answer also says how they were read:
  "reading": {"problem": "infix" | "latex", "answer": "infix" | "latex"}
${LATEX_HELP}

Examples:
  $ sagga verify --input pairs.jsonl --output verdicts.jsonl
  $ echo '{"problem":"1/x","answer":"log(-x)"}' | sagga verify
  $ echo '{"problem":"x^2","answer":"\\\\boxed{\\\\frac{x^{3}}{3}+C}"}' | sagga verify`,
    )
    .action(async (opts: { input: string; output: string; budgetMs: number; workers?: number; format: MathFormat }) => {
      if (opts.input !== '-' && (!existsSync(opts.input) || !statSync(opts.input).isFile())) {
        throw new CliError(`input file not found: ${opts.input} (give a JSON Lines file, or - for stdin)`, EXIT.noInput);
      }
      checkOutputPath(opts.output, '--output');
      const [{ verifyJsonl }, { readMathText, readingFor }] = await Promise.all([import('../verify/verifyJsonl.js'), import('../answer/readMathText.js')]);
      const input = opts.input === '-' ? process.stdin : createReadStream(opts.input);
      const output = opts.output === '-' ? process.stdout : createWriteStream(opts.output);
      // A write error (a full disk, a folder removed meanwhile) ends the command with one line, not a stack trace.
      const failed = new Promise<never>((_, reject) =>
        output.once('error', (e: Error) => reject(new CliError(`cannot write ${opts.output}: ${e.message}`, EXIT.cantCreate))),
      );
      failed.catch(() => {});
      const counts = await Promise.race([verifyJsonl(input, output, { budgetMs: opts.budgetMs, workers: opts.workers, read: (text, side) => readMathText(text, side, opts.format), readingOf: (text) => readingFor(text, opts.format) }), failed]);
      if (output !== process.stdout) await Promise.race([new Promise<void>((resolve, reject) => output.end((e?: Error | null) => (e ? reject(e) : resolve()))), failed]);
      process.stderr.write(
        `sagga verify: ${counts.lines} lines: ${counts.correct} correct, ${counts.incorrect} incorrect, ${counts.unknown} unknown, ${counts.invalid} invalid\n`,
      );
      if (counts.lines > 0 && counts.invalid === counts.lines) process.exitCode = 1;
    });

  program
    .command('check')
    .description('verify one answer: exit 0 if correct, 1 if incorrect, 2 if unknown or invalid')
    .argument('<problem>', 'the integrand f(x), e.g. "x*cos(x)" or "\\frac{1}{x}"')
    .argument('<answer>', 'the claimed antiderivative F(x), e.g. "x*sin(x) + cos(x)" or "\\ln|x|"')
    .option('--budget-ms <ms>', 'time budget; past it the verdict is "unknown"', positiveNumber, 2000)
    .addOption(formatOption())
    .addHelpText(
      'after',
      `
A side read as LaTeX is named on the verdict line, e.g.
  correct: F' = f at 40 points in [...] (answer read as LaTeX: x^3/3)
${LATEX_HELP}

Examples:
  $ sagga check 'x*cos(x)' 'x*sin(x) + cos(x)'
  $ sagga check 'x^2' '\\frac{x^3}{3}'
  $ sagga check '1/x' '\\boxed{\\ln|x| + C}'`,
    )
    .action(async (problem: string, answer: string, opts: { budgetMs: number; format: MathFormat }) => {
      const [{ verifyStrings }, { readMathText }] = await Promise.all([import('../verify/verifyStrings.js'), import('../answer/readMathText.js')]);
      const r = verifyStrings(problem, answer, { budgetMs: opts.budgetMs, read: (text, side) => readMathText(text, side, opts.format) });
      process.stdout.write(`${r.verdict}: ${r.reason}${r.readAs === undefined ? '' : ` (${r.readAs})`}\n`);
      process.exitCode = r.verdict === 'correct' ? EXIT.ok : r.verdict === 'incorrect' ? EXIT.failed : EXIT.undecided;
    });
}
