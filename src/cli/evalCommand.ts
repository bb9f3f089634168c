import { type Command, InvalidArgumentError } from 'commander';
import type { Threshold } from '../eval/missedThresholds.js';
import { nonNegativeInt, positiveInt } from './numberOption.js';
import { addTargetOptions } from './targetOptions.js';
import { type EvalCliOptions, runEvalCommand } from './runEvalCommand.js';
import { TASK_NAMES } from '../tasks/registry.js';

/** `sagga eval`: a problem set or an archive as a benchmark for a target. */
export function registerEvalCommand(program: Command): void {
  const cmd = program
    .command('eval')
    .description(
      'ask a target every problem of a file or an archive n times: pass@k, Fail@k, PASS@N, ALL@N with bootstrap intervals, and which archived failures transfer',
    )
    .option(
      '-p, --problems <file|run dir>',
      'problems: a run directory (its archive, minimal forms when present), an archive file, or a problem file (JSON Lines with "problem" and optional "id", "source", "family"; or one expression per line)',
    )
    .option(
      '--task <name>',
      `the task of the problems: ${TASK_NAMES.join(', ')} (default: a run's or an archive's own, else integrate); a problem line's fields (lower, upper, point, order, direction) are its parameters`,
    )
    .option('--n <n>', 'answers per problem (default: the largest k)', positiveInt)
    .option('--k <list>', 'k of pass@k and Fail@k, comma-separated, each ≤ n (default 1)')
    .option(
      '-o, --out <file>',
      'also write the report as JSON here; the answers received are kept in <file>.journal.jsonl, so the same command run again goes on without asking them again',
    )
    .option(
      '--max-target-calls <n>',
      "stop asking after this many target calls (one call: one problem asked once), the journal's included; run again with a larger budget to go on",
      positiveInt,
    )
    .option('--max-retries <n>', 'times a call whose answers were lost in transport is made again before the problem is left out (default 2)', nonNegativeInt)
    .option('--resamples <n>', 'bootstrap resamples of the problems for the 95 % intervals (default 1000)', positiveInt)
    .option('--rng-seed <seed>', 'seed of the bootstrap (default 2022)')
    .option('--json', 'print the report as one JSON object on stdout (what --out writes) instead of Markdown')
    .option(
      '--reference <specs>',
      "targets that prove an archived failure the target declined (or answered unreadably or late) by solving it, comma-separated, or none (default: the task's, nerdamer,algebrite for integrate, minus the target)",
    )
    .option(
      '--fail-under <metric=value>',
      'exit 1 when a metric of the whole set is below value (a fraction, or a percentage with %), e.g. pass@1=0.8; repeatable',
      collectThreshold,
      [],
    )
    .option('--junit <file>', 'also write the result as JUnit XML: one test case per problem, failing when its first k answers all failed')
    .option('--no-canaries', 'skip the health check that the target solves a few easy problems first (for scripted targets that answer wrong on purpose)');
  addTargetOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Each problem is asked until it has n answers (one call asks for all of them; a target that gives
one answer per call, like a CAS, is asked n times) and every answer is verified. Printed as Markdown
on stdout, per problem set and per "source" / "family" group:
  pass@k   the unbiased estimator 1 - C(n-c, k) / C(n, k) from the n answers, c of them correct
  Fail@k   the SAGGA paper's rate: the first k answers all failed (verified wrong, declined,
           unreadable or timed out); a problem the verifier could not decide is not a failure
  PASS@N   at least one of the n answers correct        ALL@N   all n answers correct
each with a 95 % percentile bootstrap interval over the problems (seeded), and the worst group.
For a run directory or an archive file, the transfer table says how many of the archived failures
the target fails too (Fail@n), by archive kind, with the search's proof rule: a failure without a
wrong answer (declined, unreadable, timed out) counts only when a --reference target solves the
problem; otherwise it is "unproven" (declining an integral with no closed form is right). Answers
lost in transport are asked again (--max-retries), then the problem is left out, never counted as
the model's failure.

In CI: --fail-under pass@1=0.8 (repeatable; pass@k, fail@k for a k of --k, PASS@N, ALL@N) makes the
exit status 1 when a metric of the whole set is below its value, or when no problem was measured;
--junit FILE writes one test case per problem for the CI's test view.

Examples:
  $ sagga eval --target algebrite --problems archives/nerdamer-run
  $ sagga eval --target sympy --problems archives/nerdamer-run --out runs/sympy-on-nerdamer.json
  $ sagga eval --target openai:gpt-4o-mini --problems augmented.jsonl --n 16 --k 1,4,16 --out runs/gpt.json
  $ sagga eval --target "cmd:python3 model.py" --problems problems.txt --max-target-calls 500 --out runs/m.json
  $ sagga eval --target "cmd:python3 model.py" --problems problems.txt --fail-under pass@1=0.8 --junit eval.xml
  $ sagga eval --task definite --target sympy --problems seeds/definite.jsonl --out runs/sympy-definite.json`,
  );
  cmd.action((opts: EvalCliOptions) => runEvalCommand(opts));
}

/** `--fail-under METRIC=VALUE`, repeatable: VALUE a fraction in [0, 1] or a percentage (`80%`). */
function collectThreshold(text: string, previous: readonly Threshold[]): Threshold[] {
  const m = /^\s*([A-Za-z]+@(?:\d+|[Nn]))\s*=\s*([0-9.]+)\s*(%?)\s*$/.exec(text);
  const value = m ? Number(m[2]) / (m[3] === '%' ? 100 : 1) : NaN;
  if (!m || !Number.isFinite(value) || value < 0 || value > 1)
    throw new InvalidArgumentError('expected METRIC=VALUE with VALUE in [0, 1] or a percentage, e.g. pass@1=0.8 or pass@1=80%');
  return [...previous, { metric: metricName(m[1]), value }];
}

/** A metric as the report names it: `pass@k` and `fail@k` in lower case, `PASS@N` and `ALL@N` in upper. */
function metricName(text: string): string {
  const at = text.indexOf('@');
  const [name, k] = [text.slice(0, at).toLowerCase(), text.slice(at + 1)];
  return /^\d+$/.test(k) ? `${name}@${k}` : `${name.toUpperCase()}@N`;
}
