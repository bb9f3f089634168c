import type { SearchPlan } from '../search/planSearch.js';
import { optionName } from '../search/resolveSearchSettings.js';

/** `sagga search --dry-run` for a person: the settings as options, then the most calls and cost they allow, each with what bounds it. */
export function formatSearchPlan(plan: SearchPlan): string {
  const { settings, calls, cost } = plan;
  const lines = [
    `sagga search --dry-run: ${plan.resume ? `resuming ${plan.outDir}` : `a new run in ${plan.outDir}`}; nothing was written and no target was started.`,
    '',
    'Settings:',
  ];
  // The target first, then the rest in the order the run records them.
  const entries = (Object.entries(settings) as Array<[keyof SearchPlan['settings'], unknown]>).sort(
    (a, b) => Number(b[0] === 'target') - Number(a[0] === 'target'),
  );
  const width = Math.max(...entries.map(([k]) => optionName(k).length));
  for (const [key, value] of entries) lines.push(`  ${optionName(key).padEnd(width)}  ${settingText(key, value)}`);
  lines.push(
    `  seeds read: ${plan.seeds.count} from ${plan.seeds.source}`,
    '',
    'Target calls (problems, references, shrinking and health checks; --max-target-calls counts all but the check before the run):',
  );
  const count = (n: number) => n.toLocaleString('en-US');
  if (calls.max === null) {
    lines.push(
      '  no limit: the run stops only when the archive is full or the search runs out of problems; give --max-generations or --max-target-calls to bound it',
    );
  } else if (calls.boundBy === 'max-target-calls') {
    lines.push(
      `  at most ${count(calls.max)} (--max-target-calls)${calls.spent > 0 ? `, ${count(calls.spent)} of them made already` : ''}` +
        (calls.health > 0 ? `, and the ${calls.health} of the health check before the run` : ''),
    );
  } else {
    lines.push(`  at most ${count(calls.max)}: the worst case of --max-generations ${settings.maxGenerations} × --generation-size ${settings.generationSize}`);
  }
  if (calls.problems !== null)
    lines.push(`  problems asked: at most ${count(calls.problems)} (each asked again at most ${calls.retries} time(s) after a transport fault)`);
  lines.push(
    `  health check: ${calls.health} before the run (and ${calls.health === 0 ? 'none' : `${calls.health} again`} when the target stops answering)`,
    `  per failure: up to ${calls.perFailure.references} reference call(s) to prove it and ${calls.perFailure.shrinking} to shrink it`,
    '',
    'Cost:',
  );
  if (cost.prices === null) {
    lines.push(
      cost.max !== null
        ? `  at most $${cost.max} (--max-cost)`
        : '  not priced: give --price-input and --price-output (USD per million tokens) or --prices FILE for an estimate',
    );
  } else {
    const per = cost.tokensPerCall;
    const perCall =
      per === null
        ? ''
        : `about ${count(per.input)} input token(s) per call${per.output === null ? ' and no completion limit (give --max-tokens)' : ` and at most ${count(per.output)} output token(s)`}`;
    const why =
      cost.boundBy === 'max-cost'
        ? '--max-cost'
        : cost.boundBy === 'max-tokens-total'
          ? '--max-tokens-total at the dearer price'
          : cost.boundBy === 'calls'
            ? `the calls at ${perCall}`
            : '';
    lines.push(
      `  prices: $${cost.prices.input} input, $${cost.prices.output} output per million tokens`,
      cost.max === null
        ? `  no limit: give --max-cost, --max-tokens-total, or --max-tokens with a bound on the calls${perCall ? ` (${perCall})` : ''}`
        : `  at most $${cost.max.toFixed(4)} (${why}; tokens in flight when a budget is reached come on top)`,
    );
  }
  return lines.join('\n') + '\n';
}

function settingText(key: keyof SearchPlan['settings'], value: unknown): string {
  if (key === 'rngSeed' && value === null) return 'random, drawn at the start (recorded in config.json)';
  if (value === null) return 'none';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
