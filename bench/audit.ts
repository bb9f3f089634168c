/**
 * `npm run bench:audit -- --target SPEC [--time-limit MS] [--lines N] DIR...`: re-ask the minimal
 * forms of runs' archives, each alone (it must still fail, as `sagga integrate` would show) and
 * with each one term or factor deleted (1-minimal: none should still get a wrong answer), and print
 * one row per run, with its lines whose shrink ended on the budget with no step accepted.
 * `bench:yield --audit N` does the same for the runs it makes.
 */
import { benchArg } from './benchArg.js';
import { auditMinimalForms } from './yieldAudit.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const target = benchArg(argv, 'target');
  if (target === undefined) throw new Error('--target SPEC is required (the target the runs were made against)');
  const timeLimit = Number(benchArg(argv, 'time-limit') ?? 1000);
  const lines = Number(benchArg(argv, 'lines') ?? 50);
  const flags = new Set(['--target', '--time-limit', '--lines']);
  const dirs = argv.filter((a, i) => !a.startsWith('--') && !flags.has(argv[i - 1] ?? ''));
  console.log(`Minimal forms re-asked of ${target} (time limit ${timeLimit} ms), up to ${lines} archive lines a run, spread over it.\n`);
  console.log('| run | lines | fail again alone | 1-minimal (wrong lines) | shrinks ended on the budget, no step accepted |');
  console.log('|---|---:|---:|---:|---:|');
  for (const dir of dirs) {
    const a = await auditMinimalForms(dir, target, timeLimit, lines);
    console.log(`| ${dir} | ${a.lines} | ${a.failAlone} | ${a.oneMinimal} / ${a.wrongLines} | ${a.shrinks.budgetWithoutStep} / ${a.archiveLines} |`);
    for (const n of a.notMinimal) process.stderr.write(`  ${dir}: ${n.minimal} still wrong without a part: ${n.deletion}\n`);
    for (const n of a.notFailing) process.stderr.write(`  ${dir}: ${n.minimal} (${n.kind}) now ${n.now}\n`);
  }
}

await main();
