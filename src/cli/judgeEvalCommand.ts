import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { type Command, Option } from 'commander';
import { createRng } from '../util/rng.js';
import { createRedactor, commandLineSecrets, environmentSecrets, stringifyRedacted } from '../util/redactSecrets.js';
import { checkOutputPath } from './checkOutputPath.js';
import { exitCodeOf } from './exitCodeOf.js';
import { EXIT, type ExitCode } from './exitCodes.js';
import { nonNegativeInt, nonNegativeNumber, positiveInt, positiveNumber } from './numberOption.js';

interface JudgeEvalCliOptions {
  readonly pairs?: string;
  readonly judge: string[];
  readonly out?: string;
  readonly verdicts?: string;
  readonly sympyTimeout?: number;
  readonly timeLimit?: number;
  readonly concurrency?: number;
  readonly baseUrl?: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly requestTimeout?: number;
  readonly retries?: number;
  readonly rngSeed?: string;
}

const SIGNAL_EXIT: Readonly<Record<string, ExitCode>> = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangUp };
const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** `sagga judge-eval`: answer checkers measured on labelled pairs, side by side. */
// Long by design: a command's options, help and examples are one declarative list, read as its
// --help reads; the action itself calls one function of the library.
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a declarative list of options and help (above)
export function registerJudgeEvalCommand(program: Command): void {
  const cmd = program
    .command('judge-eval')
    .description('measure answer judges (sagga, SymPy simplify, your program, an LLM) on labelled pairs: TPR, TNR, PPV, NPV, macro-F1, confusion, time')
    .option(
      '-p, --pairs <file>',
      'labelled pairs, JSON Lines {"id"?, "problem", "answer", "label": "correct"|"incorrect"} (e.g. examples/judge-eval/pairs.jsonl)',
    )
    .option('-j, --judge <spec>', 'a judge, repeatable: sagga | sympy-simplify | cmd:<command line> | openai:<model>', collect, [])
    .option('-o, --out <file>', 'also write the metrics as JSON here')
    .option('--verdicts <file>', 'also write every judge\'s verdict on every pair here, JSON Lines {"id", "judge", "label", "verdict", "reason", "ms"}')
    .option('--sympy-timeout <s>', "sympy-simplify: SymPy's time per pair in seconds (default 1, the reference's)", positiveNumber)
    .option('--time-limit <ms>', 'cmd: how long one pair may go unanswered before it is undecided (default 60000)', positiveInt)
    .option('--concurrency <n>', 'cmd: pairs in flight; openai: requests open at once (default 8)', positiveInt)
    .addOption(
      new Option(
        '--base-url <url>',
        'openai: OpenAI-compatible endpoint (default: $OPENAI_BASE_URL, else api.openai.com); the key is read from $OPENAI_API_KEY only',
      ).env('OPENAI_BASE_URL'),
    )
    .option('--temperature <t>', "openai: sampling temperature (default: the server's)", nonNegativeNumber)
    .option('--max-tokens <n>', 'openai: completion token limit', positiveInt)
    .option('--request-timeout <ms>', 'openai: time per request attempt (default 300000)', positiveInt)
    .option('--retries <n>', 'openai: retries after 429/5xx/connection errors, with backoff (default 4)', nonNegativeInt)
    .option('--rng-seed <seed>', 'seed of the generator behind retry jitter (default 2022)');
  cmd.addHelpText(
    'after',
    `
Each judge gives every pair a verdict: correct, incorrect, or unknown (undecided). Printed as
Markdown, one row per judge: TPR (correct pairs accepted), TNR (incorrect pairs not accepted), PPV,
NPV and macro-F1 (μ-MATH's metrics), the confusion counts with undecided verdicts apart, and time
per pair. An undecided verdict does not accept.

Judges:
  sagga             this verifier (unknown and invalid are undecided)
  sympy-simplify    the SAGGA reference check, SymPy's simplify(f - diff(F)) == 0 under a time limit;
                    as the reference does, a timeout or an error counts as correct
                    (Debian's /usr/bin/python3 with python3-sympy)
  cmd:<command>     your program: one {"id", "problem", "answer"} per line on stdin, one
                    {"id", "verdict": "correct"|"incorrect"|"unknown"} per line on stdout, any order
  openai:<model>    an LLM judge with a μ-MATH-style prompt; its reply must end with the line
                    "FINAL VERDICT: CORRECT" or "FINAL VERDICT: INCORRECT", else it is undecided

Examples:
  $ sagga judge-eval --pairs examples/judge-eval/pairs.jsonl --judge sagga --judge sympy-simplify
  $ sagga judge-eval --pairs examples/judge-eval/pairs.jsonl --judge sagga --judge "cmd:node examples/judge-eval/naive-judge.mjs" --out judges.json
  $ OPENAI_API_KEY=sk-... sagga judge-eval --pairs examples/judge-eval/pairs.jsonl --judge openai:gpt-4o-mini --verdicts gpt.jsonl`,
  );
  cmd.action(async (opts: JudgeEvalCliOptions) => {
    const fail = (message: string, code: ExitCode = EXIT.usage): void => {
      process.stderr.write(`sagga judge-eval: ${message}\n`);
      process.exitCode = code;
    };
    if (opts.pairs === undefined) return fail('--pairs is required (e.g. --pairs examples/judge-eval/pairs.jsonl)');
    if (opts.judge.length === 0) return fail('give at least one --judge: sagga, sympy-simplify, cmd:<command line> or openai:<model>');
    if (!existsSync(opts.pairs)) return fail(`--pairs ${opts.pairs}: no such file`, EXIT.noInput);
    const controller = new AbortController();
    let stoppedBy: string | undefined;
    const onSignal = (signal: NodeJS.Signals): void => {
      stoppedBy ??= signal;
      controller.abort();
    };
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const s of signals) process.on(s, onSignal);
    const judges: { close(): Promise<void> }[] = [];
    try {
      if (opts.out !== undefined) checkOutputPath(opts.out);
      if (opts.verdicts !== undefined) checkOutputPath(opts.verdicts, '--verdicts');
      const [{ readLabelledPairs }, { createJudge }, { runJudgeEval }, { formatJudgeEvalMarkdown }] = await Promise.all([
        import('../judgeEval/readLabelledPairs.js'),
        import('../judgeEval/createJudge.js'),
        import('../judgeEval/runJudgeEval.js'),
        import('../judgeEval/formatJudgeEvalMarkdown.js'),
      ]);
      const { pairs, skipped } = readLabelledPairs(opts.pairs);
      for (const s of skipped.slice(0, 10)) process.stderr.write(`sagga judge-eval: skipped ${s}\n`);
      if (skipped.length > 10) process.stderr.write(`sagga judge-eval: … and ${skipped.length - 10} more lines skipped\n`);
      if (pairs.length === 0) return fail(`${opts.pairs}: no labelled pair could be read`, EXIT.noInput);
      const rng = createRng(opts.rngSeed ?? '2022');
      const settings = {
        sympyTimeoutSeconds: opts.sympyTimeout,
        timeLimitMs: opts.timeLimit,
        concurrency: opts.concurrency,
        openai: {
          baseURL: opts.baseUrl,
          temperature: opts.temperature,
          maxTokens: opts.maxTokens,
          retries: opts.retries,
          requestTimeoutMs: opts.requestTimeout,
        },
        rng,
      };
      const created = [];
      for (const spec of opts.judge) {
        const judge = await createJudge(spec, settings);
        judges.push(judge);
        created.push(judge);
      }
      process.stderr.write(`sagga judge-eval: ${pairs.length} pairs from ${opts.pairs}; judges: ${created.map((j) => j.name).join(', ')}\n`);
      const { report, verdicts } = await runJudgeEval(pairs, created, {
        signal: controller.signal,
        onProgress: (judge, done, total) => {
          if (process.stderr.isTTY) process.stderr.write(`\r${judge}: ${done}/${total}   `);
        },
      });
      if (process.stderr.isTTY) process.stderr.write('\n');
      process.stdout.write(formatJudgeEvalMarkdown(report, opts.pairs));
      const redact = createRedactor([...environmentSecrets(), ...opts.judge.flatMap((j) => commandLineSecrets(j))]);
      if (opts.out !== undefined) {
        writeWhole(opts.out, stringifyRedacted(report, redact, 2) + '\n');
        process.stderr.write(`sagga judge-eval: wrote ${opts.out}\n`);
      }
      if (opts.verdicts !== undefined) {
        const lines: string[] = [];
        for (const [judge, list] of verdicts) {
          list.forEach((v, i) =>
            lines.push(stringifyRedacted({ id: v.id, judge, label: pairs[i].label, verdict: v.verdict, reason: v.reason, ms: v.ms }, redact)),
          );
        }
        writeWhole(opts.verdicts, lines.join('\n') + (lines.length > 0 ? '\n' : ''));
        process.stderr.write(`sagga judge-eval: wrote ${opts.verdicts}\n`);
      }
    } catch (err) {
      if (stoppedBy !== undefined) return fail(`stopped by ${stoppedBy}`, SIGNAL_EXIT[stoppedBy] ?? EXIT.interrupted);
      fail(err instanceof Error ? err.message : String(err), err instanceof Error && err.message.startsWith('unknown judge') ? EXIT.usage : exitCodeOf(err));
    } finally {
      for (const s of signals) process.off(s, onSignal);
      await Promise.all(judges.map((j) => j.close()));
    }
  });
}

/** Write the whole file, then rename it into place: a reader never sees half of it. */
function writeWhole(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
