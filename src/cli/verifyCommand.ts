import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { Command } from 'commander';
import { checkOutputPath } from './checkOutputPath.js';
import { CliError } from './cliError.js';
import { EXIT } from './exitCodes.js';
import { nonNegativeInt, positiveNumber } from './numberOption.js';

export function registerVerifyCommand(program: Command): void {
  program
    .command('verify')
    .description('check (problem, answer) pairs: is answer an antiderivative of problem? (JSON Lines in, JSON Lines out)')
    .option('-i, --input <file>', 'JSON Lines {"id"?, "problem", "answer"} ("-" = stdin)', '-')
    .option('-o, --output <file>', 'JSON Lines {"id", "verdict", "reason", "ms"}, one per input line, same order ("-" = stdout)', '-')
    .option('--budget-ms <ms>', 'time budget per pair; past it the verdict is "unknown"', positiveNumber, 50)
    .option('--workers <n>', 'worker threads for large inputs (0 = none; default: all cores)', nonNegativeInt)
    .addHelpText(
      'after',
      `
Verdicts: correct | incorrect | unknown (could not decide: unsupported function, too few points, budget)
          | invalid (a line or expression the whitelisting parser rejects). A bad line never stops the batch.

Examples:
  $ sagga verify --input pairs.jsonl --output verdicts.jsonl
  $ echo '{"problem":"1/x","answer":"log(-x)"}' | sagga verify`,
    )
    .action(async (opts: { input: string; output: string; budgetMs: number; workers?: number }) => {
      if (opts.input !== '-' && (!existsSync(opts.input) || !statSync(opts.input).isFile())) {
        throw new CliError(`input file not found: ${opts.input} (give a JSON Lines file, or - for stdin)`, EXIT.noInput);
      }
      checkOutputPath(opts.output, '--output');
      const { verifyJsonl } = await import('../verify/verifyJsonl.js');
      const input = opts.input === '-' ? process.stdin : createReadStream(opts.input);
      const output = opts.output === '-' ? process.stdout : createWriteStream(opts.output);
      // A write error (a full disk, a folder removed meanwhile) ends the command with one line, not a stack trace.
      const failed = new Promise<never>((_, reject) =>
        output.once('error', (e: Error) => reject(new CliError(`cannot write ${opts.output}: ${e.message}`, EXIT.cantCreate))),
      );
      failed.catch(() => {});
      const counts = await Promise.race([verifyJsonl(input, output, { budgetMs: opts.budgetMs, workers: opts.workers }), failed]);
      if (output !== process.stdout) await Promise.race([new Promise<void>((resolve, reject) => output.end((e?: Error | null) => (e ? reject(e) : resolve()))), failed]);
      process.stderr.write(
        `sagga verify: ${counts.lines} lines: ${counts.correct} correct, ${counts.incorrect} incorrect, ${counts.unknown} unknown, ${counts.invalid} invalid\n`,
      );
      if (counts.lines > 0 && counts.invalid === counts.lines) process.exitCode = 1;
    });

  program
    .command('check')
    .description('verify one answer: exit 0 if correct, 1 if incorrect, 2 if unknown or invalid')
    .argument('<problem>', 'the integrand f(x), e.g. "x*cos(x)"')
    .argument('<answer>', 'the claimed antiderivative F(x), e.g. "x*sin(x) + cos(x)"')
    .option('--budget-ms <ms>', 'time budget; past it the verdict is "unknown"', positiveNumber, 2000)
    .action(async (problem: string, answer: string, opts: { budgetMs: number }) => {
      const { verifyStrings } = await import('../verify/verifyStrings.js');
      const r = verifyStrings(problem, answer, { budgetMs: opts.budgetMs });
      process.stdout.write(`${r.verdict}: ${r.reason}\n`);
      process.exitCode = r.verdict === 'correct' ? EXIT.ok : r.verdict === 'incorrect' ? EXIT.failed : EXIT.undecided;
    });
}
