import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { createTarget } from '../targets/registry.js';
import type { IntegrateProbeResult as ProbeResult } from '../judge/integrateProbe.js';
import type { Target } from '../targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../verify/types.js';
import { printable } from '../util/terminalSafe.js';
import { exitCodeOf } from './exitCodeOf.js';
import { ExpressionArgumentsCommand } from './expressionArgumentsCommand.js';
import { EXIT, type ExitCode } from './exitCodes.js';
import { numberOption } from './numberOption.js';
import { addTargetOptions, targetOptionsFrom, type TargetCliOptions } from './targetOptions.js';
import { addTaskOptions, parametersOf, taskOf, type TaskCliOptions } from './taskOptions.js';
import { parseParameterAssumptions } from '../verify/parameterAssumptions.js';
import { lineStatement } from '../tasks/lineStatement.js';

interface IntegrateCliOptions extends TargetCliOptions, TaskCliOptions {
  readonly k: number;
  readonly json?: boolean;
  /** false with --no-canaries. */
  readonly canaries: boolean;
}

const answerCount = numberOption({ integer: true, min: 1, max: 100 });

/** The probe as lines for a person: the outcome first, then each answer with what the verifier said. */
function formatProbe(result: Extract<ProbeResult, { ok: true }>): string {
  const fields = result as unknown as Readonly<Record<string, unknown>>;
  const lines = [`${lineStatement(result.problem, typeof fields.task === 'string' ? fields.task : undefined, fields)}   ${result.target}: ${result.outcome}`];
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
  // The problem may start with a minus sign (`sagga integrate -t nerdamer '-tan(x)'`).
  const cmd = new ExpressionArgumentsCommand('integrate').copyInheritedSettings(program);
  program.addCommand(cmd);
  cmd
    .description("ask the target for the antiderivative of one problem (or the answer to a task's problem, --task) and verify each answer (a one-shot probe)")
    .argument('<problem>', 'the integrand in mathjs or SymPy syntax, e.g. "x*exp(x)" or "x**2*ln(x)" (with --task: the function of its problem)')
    .option('--k <k>', 'answers to ask for (Fail@k)', answerCount, 1)
    .option('--json', 'print the result as one JSON object instead of text')
    .option('--no-canaries', 'skip the health check that the target solves a few easy problems first (for scripted targets that answer wrong on purpose)');
  addTaskOptions(cmd);
  addTargetOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Prints the problem as sagga reads it, the outcome (solved, wrong, unparseable, no-answer, timeout,
or undecided when the verifier cannot tell), and each answer: the model's text, how sagga read it,
and the verifier's verdict with its reason. Exit status: 0 solved, 1 a failure (the target got it
wrong, gave nothing readable, or ran out of time), 2 undecided, 3 the target failed its health check
(6 easy problems, 1 to x*exp(x), asked first: at least half must come back correct and none wrong;
--no-canaries skips it), 64 a bad command line or problem, 70 the target could not be started or
asked (see sagga --help for every code).

Examples:
  $ sagga integrate --target nerdamer "x*exp(x)"
  $ sagga integrate --target sympy "exp(x)/x"
  $ sagga integrate -t nerdamer "-x*sin(x)"                   # a problem may start with -
  $ sagga integrate --target "cmd:node examples/cmd-target/power-rule.mjs" "3*x^2" --k 2
  $ OPENAI_API_KEY=sk-... sagga integrate --target openai:gpt-4o-mini "tan(exp(-9504*x^2))" --json
  $ sagga integrate --task definite --lower 0 --upper 1 --target nerdamer "atan(x)"
  $ sagga integrate --task limit --point oo --target nerdamer "sqrt(x^2 + x) - x"`,
  );
  cmd.action(async (problem: string, opts: IntegrateCliOptions) => {
    const fail = (message: string, code: ExitCode = EXIT.software): void => {
      process.stderr.write(`sagga integrate: ${message}\n`);
      process.exitCode = code;
    };
    if (opts.target === undefined) return fail('--target is required (e.g. --target nerdamer)', EXIT.usage);
    let target: Target | undefined;
    try {
      const parameters = parametersOf(opts);
      const assumed = parameters === undefined ? undefined : parseParameterAssumptions(parameters);
      if (assumed !== undefined && !assumed.ok) return fail(`--parameter: ${assumed.error.replace(/^parameters: /, '')}`, EXIT.usage);
      const posed = { ...taskOf(opts), ...(assumed?.ok === true ? { parameters: assumed.parameters } : {}) };
      // No run directory: nothing is cached or written.
      const [{ integrateProbe }, { verifyPair }] = await Promise.all([import('../judge/integrateProbe.js'), import('../verify/verifyPair.js')]);
      target = await createTarget(opts.target, {
        ...targetOptionsFrom(opts, { concurrency: opts.concurrency ?? Math.min(2, availableParallelism()) }),
        task: posed.task,
      });
      if (opts.canaries !== false) {
        // A target that fails easy problems would make this one's verdict meaningless: say so instead.
        const { checkCanaries } = await import('../targets/checkCanaries.js');
        const health = await checkCanaries(target, (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS), { task: posed.task });
        if (!health.ok) return fail(`${health.message} To ask it anyway, pass --no-canaries.`, EXIT.targetUnhealthy);
      }
      const result = await integrateProbe(target, problem, opts.k, (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS), posed);
      if (!result.ok) return fail(result.error, EXIT.usage);
      process.stdout.write(opts.json ? JSON.stringify(result) + '\n' : formatProbe(result));
      process.exitCode = result.outcome === 'solved' ? EXIT.ok : result.outcome === 'undecided' ? EXIT.undecided : EXIT.failed;
    } catch (err) {
      // A target that fails its start-up probe (Maxima without its share library) exits 3, see exitCodeOf.
      fail(err instanceof Error ? err.message : String(err), exitCodeOf(err));
    } finally {
      await target?.close();
    }
  });
}
