import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError } from 'commander';
import { createTarget } from '../targets/createTarget.js';
import { integrateProbe, type ProbeResult } from '../targets/probe.js';
import type { Target } from '../targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { printable } from '../util/terminalSafe.js';
import { verifyPair } from '../verify/verifyPair.js';
import { addTargetOptions, targetOptionsFrom, type TargetCliOptions } from './targetOptions.js';

interface IntegrateCliOptions extends TargetCliOptions {
  readonly k: number;
  readonly json?: boolean;
}

function answerCount(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1 || n > 100) throw new InvalidArgumentError('expected a whole number in [1, 100]');
  return n;
}

/** The probe as lines for a person: the outcome first, then each answer with what the verifier said. */
function formatProbe(result: Extract<ProbeResult, { ok: true }>): string {
  const lines = [`∫ ${result.problem} dx   ${result.target}: ${result.outcome}`];
  result.answers.forEach((a, i) => {
    lines.push(`  answer ${i + 1} (${Math.round(a.latencyMs)} ms, ${a.status}): ${a.text === '' ? '(empty)' : printable(a.text)}`);
    if (a.answer !== undefined) lines.push(`    read as: ${a.answer}`);
    lines.push(`    ${a.verdict ?? a.status}: ${printable(a.reason)}`);
  });
  if (result.answers.length === 0) lines.push('  (the target returned no answer)');
  return lines.join('\n') + '\n';
}

/** `sagga integrate --target T "<problem>"`: ask once, verify, print. */
export function registerIntegrateCommand(program: Command): void {
  const cmd = program
    .command('integrate')
    .description("ask the target for the antiderivative of one problem and verify each answer (a one-shot probe)")
    .argument('<problem>', 'the integrand in mathjs or SymPy syntax, e.g. "x*exp(x)" or "x**2*ln(x)"')
    .option('--k <k>', 'answers to ask for (Fail@k)', answerCount, 1)
    .option('--json', 'print the result as one JSON object instead of text');
  addTargetOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Prints the problem as sagga reads it, the outcome (solved, wrong, unparseable, no-answer, timeout,
or undecided when the verifier cannot tell), and each answer: the model's text, how sagga read it,
and the verifier's verdict with its reason. Exit status: 0 solved, 1 a failure (the target got it
wrong, gave nothing readable, or ran out of time), 2 undecided or an error.

Examples:
  $ sagga integrate --target nerdamer "x*exp(x)"
  $ sagga integrate --target sympy "exp(x)/x"
  $ sagga integrate --target "cmd:node examples/cmd-target/power-rule.mjs" "3*x^2" --k 2
  $ OPENAI_API_KEY=sk-... sagga integrate --target openai:gpt-4o-mini "tan(exp(-9504*x^2))" --json`,
  );
  cmd.action(async (problem: string, opts: IntegrateCliOptions) => {
    const fail = (message: string): void => {
      process.stderr.write(`sagga integrate: ${message}\n`);
      process.exitCode = 2;
    };
    if (opts.target === undefined) return fail('--target is required (e.g. --target nerdamer)');
    let target: Target | undefined;
    try {
      // No run directory: nothing is cached or written.
      target = await createTarget(opts.target, targetOptionsFrom(opts, { concurrency: opts.concurrency ?? Math.min(2, availableParallelism()) }));
      const result = await integrateProbe(target, problem, opts.k, (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS));
      if (!result.ok) return fail(result.error);
      process.stdout.write(opts.json ? JSON.stringify(result) + '\n' : formatProbe(result));
      process.exitCode = result.outcome === 'solved' ? 0 : result.outcome === 'undecided' ? 2 : 1;
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
    } finally {
      await target?.close();
    }
  });
}
