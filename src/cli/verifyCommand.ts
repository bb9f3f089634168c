import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { type Command, Option } from 'commander';
import type { MathFormat } from '../answer/readMathText.js';
import { addFormerOptionName } from './addFormerOptionName.js';
import { checkOutputPath } from './checkOutputPath.js';
import { CliError } from './cliError.js';
import { EXIT } from './exitCodes.js';
import { ExpressionArgumentsCommand } from './expressionArgumentsCommand.js';
import { DEFAULT_VERIFY_OPTIONS } from '../verify/types.js';
import { nonNegativeInt, positiveInt, positiveNumber } from './numberOption.js';
import { addTaskOptions, parametersOf, taskFieldsOf, taskOf, type TaskCliOptions } from './taskOptions.js';

const FORMATS: readonly MathFormat[] = ['infix', 'latex', 'auto'];
const formatOption = (): Option =>
  new Option('--format <format>', 'how problems and answers are written: infix, latex, or auto (LaTeX when the text has \\, $, { or })')
    .choices(FORMATS)
    .default('auto');

const TASK_LINES_HELP = `
Other tasks (a line without "task" is integrate):
  {"task": "definite", "problem", "lower", "upper", "answer"}   bounds: numbers, constants (pi/2), oo, -oo;
      a decimal answer is right within 1e-6, a closed form must agree to 12 significant digits
  {"task": "series", "problem", "point", "order", "answer"}     the Taylor polynomial up to (x - point)^order;
      a term beyond the order is wrong; a trailing + O(...) is dropped
  {"task": "limit", "problem", "point", "direction"?, "answer"} point may be oo or -oo; direction +, - or +-
      (at oo only -, at -oo only +); the answer may be oo, -oo or DNE (no limit, finite or infinite)
  {"task": "ode", "problem", "conditions"?, "answer"}          problem: a linear ODE of order 1 or 2 in y, y', y''
      ("y'' + 4*y = sin(3*x)"); conditions: ["y(0)=1", "y'(0)=0"], none for the general solution;
      the answer y = ..., with constants C1, C2 where the conditions leave them free
  Their verifiers have work budgets of their own (--work applies to antiderivatives).
Any line, integrate too, may carry "parameters": {"A": "positive", "B": "real"} (positive, negative,
  nonzero, real; "" is positive): letters its problem and answer use, the answer checked for several
  values of them within their assumptions (the reason names the values of a wrong one).`;

const RULE_HELP = `
The rule: F is an antiderivative of f when F', evaluated in complex arithmetic, equals f at every
sample point where f is real and finite (inside the domain, when one is given), up to a constant
that may differ between the intervals where F is smooth. A point where F itself is not real is
compared like any other:
  log(x) for 1/x       correct   (F' = 1/x at every x != 0; so are log(-x) and log(abs(x)))
  log(x) for 1/abs(x)  incorrect (for x < 0, F' = 1/x is not 1/|x|)
  acosh(x) for 1/sqrt(x^2 - 1)  incorrect (for x < -1, F' = -1/sqrt(x^2 - 1))
  atanh(x) for 1/(1 - x^2)      correct   (F' = 1/(1 - x^2) at every x != +-1)
Branches: every function takes its principal value, except that u^(p/q) with q odd and u a
negative expression in x is the real root (x^(1/3) is -2 at x = -8, as the problem means on the
real line), in the problem and in the answer alike.
A problem posed on an interval (a contest's "0 < x < pi/2") is checked there only: --domain a,b
(ends are numbers or constants such as pi/2, -inf, inf). An incorrect verdict names the clearest
difference found (both values) and where among the points compared F' differs from f.

Budgets: --work bounds the work spent on a pair, counted in operations (sample points and
high-precision re-evaluations), so the same pair gets the same verdict on any machine at any load;
past it the verdict is unknown, saying so. --backstop-ms is a wall-clock limit for runaway pairs
only; a verdict it cut short says so.`;

const LATEX_HELP = `
How to give LaTeX: with --format auto (the default) a text containing a backslash, $, { or } is read
as LaTeX by the reader the targets use, anything else as infix (x^3/3, log(abs(x))); an infix text
that is refused is never reread as LaTeX. --format latex or --format infix forces one reading.
A LaTeX answer may be a whole model answer: \\boxed{...}, $...$, "The final answer is ..." are
found, and a trailing + C (constant of integration) is dropped, which the verdict notes.
Accepted for example: \\frac{x^3}{3}, \\ln|x|, \\boxed{\\frac{x^{3}}{3}+C}, \\sin^2 x, e^{2x}.
SymPy spellings in infix answers: Rational(p, q) is p/q; binomial(x, k), for an integer 0 <= k <= 20,
is the polynomial x(x-1)...(x-k+1)/k!.`;

const workOption = (): Option =>
  new Option('--work <units>', 'work budget per pair, in operations (not time: the verdict does not depend on load); past it the verdict is "unknown"')
    .argParser(positiveInt)
    .default(DEFAULT_VERIFY_OPTIONS.work);
const backstopOption = (): Option =>
  new Option('--backstop-ms <ms>', 'wall-clock limit per pair against runaways only (the verdict says when it fired)')
    .argParser(positiveNumber)
    .default(DEFAULT_VERIFY_OPTIONS.backstopMs);
/** The former name of --backstop-ms, still accepted. */
const budgetMsOption = (): Option => new Option('--budget-ms <ms>', 'former name of --backstop-ms').argParser(positiveNumber).hideHelp();

interface BudgetFlags {
  work: number;
  backstopMs: number;
  budgetMs?: number;
}

const budgetOf = (opts: BudgetFlags) => ({ work: opts.work, backstopMs: opts.budgetMs ?? opts.backstopMs });

// Long by design: a command's options, help and examples are one declarative list, read as its --help reads;
// the action itself calls one function of the library.
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a declarative list of options and help (above)
export function registerVerifyCommand(program: Command): void {
  const verify = program
    .command('verify')
    .description("check (problem, answer) pairs: is answer an antiderivative of problem, or a task's answer? (JSON Lines in, JSON Lines out)")
    .option(
      '-i, --input <file>',
      'JSON Lines {"id"?, "problem", "answer", "domain"?} ("-" = stdin); "domain": [lo, hi] poses the problem on that interval; "task" and its fields pose another task\'s problem (see below)',
      '-',
    )
    .option('-o, --out <file>', 'JSON Lines {"id", "verdict", "reason", "ms", "reading"}, one per input line, same order ("-" = stdout)', '-')
    .addOption(workOption())
    .addOption(backstopOption())
    .addOption(budgetMsOption())
    .option('--workers <n>', 'worker threads for large inputs (0 = none; default: all cores)', nonNegativeInt)
    .addOption(formatOption())
    .addHelpText(
      'after',
      `
Verdicts: correct | incorrect | unknown (could not decide: unsupported function, too few points, budget)
          | invalid (a line or expression the whitelisting parser rejects). A bad line never stops the
          batch, and the exit status is 0 once every line has its verdict line.
Each line with a problem and an answer also says how they were read:
  "reading": {"problem": "infix" | "latex", "answer": "infix" | "latex"}
A line may pose its problem on an interval: "domain": [0, "pi/2"] (numbers, or constants as text).
${TASK_LINES_HELP}
${RULE_HELP}
${LATEX_HELP}

Examples:
  $ sagga verify --input pairs.jsonl --out verdicts.jsonl
  $ echo '{"problem":"1/x","answer":"log(-x)"}' | sagga verify
  $ echo '{"problem":"sqrt(csc(x) - sin(x))","answer":"2*sqrt(sin(x))","domain":[0,"pi/2"]}' | sagga verify
  $ echo '{"problem":"x^2","answer":"\\\\boxed{\\\\frac{x^{3}}{3}+C}"}' | sagga verify
  $ echo '{"task":"definite","problem":"x*exp(x)","lower":"0","upper":"1","answer":"1"}' | sagga verify
  $ echo '{"task":"limit","problem":"sin(x)/x","point":"0","direction":"+-","answer":"1"}' | sagga verify
  $ echo '{"task":"ode","problem":"y'"''"' + y = 0","conditions":[],"answer":"y = C1*sin(x) + C2*cos(x)"}' | sagga verify`,
    )
    .action(async (opts: BudgetFlags & { input: string; out: string; workers?: number; format: MathFormat }) => {
      if (opts.input !== '-' && (!existsSync(opts.input) || !statSync(opts.input).isFile())) {
        throw new CliError(`input file not found: ${opts.input} (give a JSON Lines file, or - for stdin)`, EXIT.noInput);
      }
      checkOutputPath(opts.out, '--out');
      const [{ verifyJsonl }, { readMathText, readingFor }, { verifyTaskLine }, { verifyPair }] = await Promise.all([
        import('../verify/verifyJsonl.js'),
        import('../answer/readMathText.js'),
        import('../tasks/verifyTaskLine.js'),
        import('../verify/verifyPair.js'),
      ]);
      const input = opts.input === '-' ? process.stdin : createReadStream(opts.input);
      const output = opts.out === '-' ? process.stdout : createWriteStream(opts.out);
      // A write error (a full disk, a folder removed meanwhile) ends the command with one line, not a stack trace.
      const failed = new Promise<never>((_, reject) =>
        output.once('error', (e: Error) => reject(new CliError(`cannot write ${opts.out}: ${e.message}`, EXIT.cantCreate))),
      );
      failed.catch(() => {});
      // A task's line, and an integrate line with parameters, in this thread; the antiderivatives it asks for within --work.
      const taskLine = (line: Readonly<Record<string, unknown>>) =>
        verifyTaskLine(
          line,
          (text, side, options) => readMathText(text, side, opts.format, undefined, options),
          (f, F, domain) => verifyPair(f, F, { ...budgetOf(opts), ...(domain !== undefined ? { domain } : {}) }),
        );
      const counts = await Promise.race([
        verifyJsonl(input, output, {
          ...budgetOf(opts),
          workers: opts.workers,
          read: (text, side) => readMathText(text, side, opts.format),
          readingOf: (text) => readingFor(text, opts.format),
          taskLine,
        }),
        failed,
      ]);
      if (output !== process.stdout)
        await Promise.race([new Promise<void>((resolve, reject) => output.end((e?: Error | null) => (e ? reject(e) : resolve()))), failed]);
      process.stderr.write(
        `sagga verify: ${counts.lines} lines: ${counts.correct} correct, ${counts.incorrect} incorrect, ${counts.unknown} unknown, ${counts.invalid} invalid\n`,
      );
    });

  addFormerOptionName(verify, '--output <file>', '--out');

  // Its arguments are expressions, which may start with a minus sign (`sagga check x '-x^2/2'`).
  const check = new ExpressionArgumentsCommand('check').copyInheritedSettings(program);
  program.addCommand(check);
  check
    .description('verify one answer: exit 0 if correct, 1 if incorrect, 2 if unknown or invalid')
    .argument(
      '<problem>',
      'the integrand f(x), e.g. "x*cos(x)" or "\\frac{1}{x}" (with --task: the function of the task\'s problem, or an ODE\'s equation such as "y\'\' + 4*y = sin(3*x)")',
    )
    .argument('<answer>', 'the claimed antiderivative F(x), e.g. "x*sin(x) + cos(x)" or "\\ln|x|" (with --task: the answer to the task\'s problem)')
    .option('--domain <lo,hi>', 'the interval the problem is posed on, e.g. 0,pi/2 or 1,inf (default: the whole real line)')
    .addOption(workOption())
    .addOption(backstopOption())
    .addOption(budgetMsOption())
    .addOption(formatOption());
  addTaskOptions(check);
  check
    .addHelpText(
      'after',
      `${RULE_HELP}

A side read as LaTeX is named on the verdict line, e.g.
  correct: F' = f at 40 points in [...] (answer read as LaTeX: x^3/3)
${LATEX_HELP}

Examples:
  $ sagga check 'x*cos(x)' 'x*sin(x) + cos(x)'
  $ sagga check '1/sqrt(x^2 - 4)' 'acosh(x/2)'                 # incorrect: names where F' != f
  $ sagga check 'sqrt(csc(x) - sin(x))' '2*sqrt(sin(x))' --domain 0,pi/2
  $ sagga check 'x' '-x^2/2 + x^2'                              # an argument may start with -
  $ sagga check 'x^2' '\\frac{x^3}{3}'
  $ sagga check '1/x' '\\boxed{\\ln|x| + C}'
  $ sagga check --task definite --lower 0 --upper 1 'x*exp(x)' '1'
  $ sagga check --task series --point 0 --order 5 'exp(sin(x))' '1 + x + x^2/2 - x^4/8 - x^5/15'
  $ sagga check --task limit --point 0 --direction + '1/x' 'oo'
  $ sagga check --task ode --condition 'y(0)=1' "y' + 2*y = exp(x)" 'y = exp(x)/3 + 2*exp(-2*x)/3'
  $ sagga check --parameter A=positive 'A*x' 'x^2/2'                 # incorrect for A = 0.851`,
    )
    .action(async (problem: string, answer: string, opts: BudgetFlags & TaskCliOptions & { domain?: string; format: MathFormat }) => {
      if ((opts.task !== undefined && opts.task !== 'integrate') || opts.parameter !== undefined) return checkTask(problem, answer, opts);
      taskOf(opts);
      const [{ verifyStrings }, { readMathText }, { parseDomain }] = await Promise.all([
        import('../verify/verifyStrings.js'),
        import('../answer/readMathText.js'),
        import('../verify/parseDomain.js'),
      ]);
      const parsed = opts.domain === undefined ? undefined : parseDomain(opts.domain);
      if (parsed !== undefined && !parsed.ok) throw new CliError(`--domain ${opts.domain}: ${parsed.error.replace(/^domain: /, '')}`, EXIT.usage);
      const domain = parsed === undefined ? {} : { domain: parsed.domain };
      const r = verifyStrings(problem, answer, { ...budgetOf(opts), ...domain, read: (text, side) => readMathText(text, side, opts.format) });
      process.stdout.write(`${r.verdict}: ${r.reason}${r.readAs === undefined ? '' : ` (${r.readAs})`}\n`);
      process.exitCode = r.verdict === 'correct' ? EXIT.ok : r.verdict === 'incorrect' ? EXIT.failed : EXIT.undecided;
    });
}

/** `sagga check --task T` (or with `--parameter`): the pair as a verify line of that task, judged by its verifier. */
async function checkTask(problem: string, answer: string, opts: BudgetFlags & TaskCliOptions & { domain?: string; format: MathFormat }): Promise<void> {
  const { task } = taskOf(opts);
  if (opts.domain !== undefined && task.name !== 'integrate')
    throw new CliError('--domain poses an antiderivative on an interval: it is for the integrate task only', EXIT.usage);
  const [{ verifyTaskLine }, { readMathText }, { verifyPair }, { parseDomain }] = await Promise.all([
    import('../tasks/verifyTaskLine.js'),
    import('../answer/readMathText.js'),
    import('../verify/verifyPair.js'),
    import('../verify/parseDomain.js'),
  ]);
  const parameters = parametersOf(opts);
  const domain = opts.domain === undefined ? undefined : parseDomain(opts.domain);
  if (domain !== undefined && !domain.ok) throw new CliError(`--domain ${opts.domain}: ${domain.error.replace(/^domain: /, '')}`, EXIT.usage);
  const line = {
    task: task.name,
    problem,
    answer,
    ...taskFieldsOf(opts),
    ...(parameters !== undefined ? { parameters } : {}),
    ...(opts.domain !== undefined ? { domain: opts.domain } : {}),
  };
  const r = (await verifyTaskLine(
    line,
    (text, side, options) => readMathText(text, side, opts.format, undefined, options),
    (f, F, on) => verifyPair(f, F, { ...budgetOf(opts), ...(on !== undefined ? { domain: on } : {}) }),
  ))!;
  process.stdout.write(`${r.verdict}: ${r.reason}\n`);
  process.exitCode = r.verdict === 'correct' ? EXIT.ok : r.verdict === 'incorrect' ? EXIT.failed : EXIT.undecided;
}
