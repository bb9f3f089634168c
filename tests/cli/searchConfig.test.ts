import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exitCodes.js';
import { SEARCH_DEFAULTS } from '../../src/search/resolveSearchSettings.js';
import type { SearchPlan } from '../../src/search/planSearch.js';
import { sagga } from '../helpers/cliInProcess.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

const work = mkdtempSync(join(tmpdir(), 'sagga-search-config-'));
const file = (name: string, text: string): string => {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
};

async function plan(args: string[]): Promise<SearchPlan> {
  const r = await sagga(['search', ...args, '--dry-run', '--json']);
  expect(r.status, r.stderr).toBe(EXIT.ok);
  return JSON.parse(r.stdout) as SearchPlan;
}

describe('sagga search --config FILE', () => {
  it('reads a YAML file whose keys are the long option names; options on the command line win', async () => {
    const yaml = file(
      'run.yaml',
      [
        '# a small run',
        'target: nerdamer',
        'generation-size: 40   # per generation',
        'max-generations: 2',
        'reference:',
        '  - algebrite',
        '  - sympy',
        'no-canaries: true',
        'rng-seed: "0042"',
        "fitness: 'length:20'",
        'mutation-params: \'{"vmin": -10, "vmax": 10}\'',
        '',
      ].join('\n'),
    );
    const p = await plan(['--config', yaml, '--generation-size', '50']);
    expect(p.settings).toMatchObject({
      target: 'nerdamer',
      generationSize: 50,
      maxGenerations: 2,
      reference: ['algebrite', 'sympy'],
      canaries: false,
      rngSeed: '0042',
      fitness: 'length:20',
      mutationParams: { vmin: -10, vmax: 10 },
    });
    // What the file does not set keeps its default.
    expect(p.settings.seedSize).toBe(SEARCH_DEFAULTS.seedSize);
  });

  it('reads the same from JSON, lists as arrays or comma-separated, objects as they are', async () => {
    const json = file(
      'run.json',
      JSON.stringify({
        target: 'nerdamer',
        'generation-size': 40,
        'max-generations': 2,
        reference: ['algebrite', 'sympy'],
        'no-canaries': true,
        'rng-seed': '0042',
        fitness: 'length:20',
        'mutation-params': { vmin: -10, vmax: 10 },
      }),
    );
    const fromJson = await plan(['--config', json]);
    const fromYaml = await plan(['--config', join(work, 'run.yaml')]);
    expect(fromJson.settings).toEqual(fromYaml.settings);
    const commas = await plan(['--config', file('commas.json', JSON.stringify({ target: 'nerdamer', reference: 'algebrite,sympy' }))]);
    expect(commas.settings.reference).toEqual(['algebrite', 'sympy']);
  });

  it('an unknown key, a bad value, YAML it does not read, a missing file: one line naming the file (and key or line), 64 or 66', async () => {
    const cases: Array<[string, number, RegExp]> = [
      [file('unknown.yaml', 'target: nerdamer\ngenerations: 3\n'), EXIT.usage, /--config .*unknown\.yaml: generations: not an option of sagga search/],
      [file('bad-value.yaml', 'target: nerdamer\nconcurrency: many\n'), EXIT.usage, /--config .*bad-value\.yaml: concurrency: expected a whole number ≥ 1/],
      [file('flag.yaml', 'json: yes please\n'), EXIT.usage, /json: expected true or false/],
      [file('nested.yaml', 'target: nerdamer\nbudgets:\n  max-cost: 3\n'), EXIT.usage, /nested\.yaml:3: an indented line that is not a "- value" list item/],
      [file('anchor.yaml', 'target: &t nerdamer\n'), EXIT.usage, /anchor\.yaml:1: a value starting with &/],
      [file('twice.yaml', 'target: nerdamer\ntarget: sympy\n'), EXIT.usage, /twice\.yaml:2: target is given twice/],
      [file('broken.json', '{"target": "nerdamer",'), EXIT.usage, /broken\.json: not valid JSON/],
      [file('array.json', '["target"]'), EXIT.usage, /expected an object of option names and values/],
      [join(work, 'missing.yaml'), EXIT.noInput, /--config .*missing\.yaml: no such file/],
    ];
    for (const [path, status, message] of cases) {
      const r = await sagga(['search', '--config', path, '--dry-run']);
      expect(r.status, `${path}: ${r.stderr}`).toBe(status);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('sagga search --dry-run', () => {
  it('writes nothing and starts no target', async () => {
    const marker = join(work, 'started');
    const program = file(
      'marks-start.mjs',
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'started');\nsetInterval(() => {}, 1000);\n`,
    );
    const out = join(work, 'never');
    const r = await runBuiltCli(['search', '--target', `cmd:node ${program}`, '--out', out, '--max-generations', '3', '--dry-run']);
    expect(r.status, r.stderr).toBe(EXIT.ok);
    expect(r.stdout).toMatch(/nothing was written and no target was started/);
    expect(r.stdout).toMatch(/--max-generations +3/);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(marker)).toBe(false);
  });

  it('the most calls: the call budget when it binds; without limits, none', async () => {
    const budget = await plan(['--target', 'nerdamer', '--max-target-calls', '100', '--max-generations', '5']);
    expect(budget.calls).toMatchObject({ max: 100, boundBy: 'max-target-calls', problems: 5 * SEARCH_DEFAULTS.generationSize });
    const unbounded = await plan(['--target', 'nerdamer']);
    expect(unbounded.calls).toMatchObject({ max: null, boundBy: null, problems: null });
    const text = await sagga(['search', '--target', 'nerdamer', '--dry-run']);
    expect(text.stdout).toMatch(/no limit: .*give --max-generations or --max-target-calls/);
  });

  it('the bound holds: a real run with the same settings makes no more calls than the plan allows', async () => {
    const args = [
      '--target',
      'nerdamer',
      '--generation-size',
      '30',
      '--seed-size',
      '6',
      '--clusters',
      '2',
      '--max-generations',
      '2',
      '--rng-seed',
      'plan',
      '--time-limit',
      '2000',
    ];
    const p = await plan(args);
    expect(p.calls.boundBy).toBe('max-generations');
    const out = join(work, 'real');
    const r = await runBuiltCli(['search', ...args, '--out', out, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const checkpoint = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')) as {
      totals: { target_calls: number; startup_calls: number; asked: number };
    };
    expect(checkpoint.totals.target_calls).toBeGreaterThan(0);
    expect(checkpoint.totals.target_calls).toBeLessThanOrEqual(p.calls.max!);
    expect(checkpoint.totals.asked).toBeLessThanOrEqual(p.calls.problems! * (1 + p.calls.retries));

    // Planned again as a resume: the run's own settings with the change given, the calls already made; nothing written.
    const before = readFileSync(join(out, 'config.json'), 'utf8');
    const resumed = await plan(['--resume', out, '--max-generations', '4']);
    expect(resumed.resume).toBe(true);
    const saved = (JSON.parse(before) as { settings: Record<string, unknown> }).settings;
    expect(resumed.settings).toEqual({ ...saved, maxGenerations: 4 });
    // What the call budget counts: every call but the health check each session begins with.
    expect(resumed.calls.spent).toBe(checkpoint.totals.target_calls - checkpoint.totals.startup_calls);
    expect(readFileSync(join(out, 'config.json'), 'utf8')).toBe(before);
  }, 120_000);

  it('the most cost, with prices: the cost budget, a token budget at the dearer price, or the calls at --max-tokens', async () => {
    const prices = ['--price-input', '0.15', '--price-output', '0.6'];
    const target = ['--target', 'openai:m', '--base-url', 'http://127.0.0.1:9/v1', ...prices];
    expect((await plan([...target, '--max-cost', '2'])).cost).toMatchObject({ max: 2, boundBy: 'max-cost', prices: { input: 0.15, output: 0.6 } });
    expect((await plan([...target, '--max-tokens-total', '1000000'])).cost).toMatchObject({ max: 0.6, boundBy: 'max-tokens-total' });
    const calls = await plan([...target, '--max-target-calls', '1000', '--max-tokens', '500', '--k', '2']);
    expect(calls.cost.boundBy).toBe('calls');
    expect(calls.cost.tokensPerCall!.output).toBe(1000);
    // The health check before the run is paid for too, outside the call budget.
    expect(calls.cost.max).toBeCloseTo(((1000 + calls.calls.health) * (calls.cost.tokensPerCall!.input * 0.15 + 1000 * 0.6)) / 1e6, 10);
    const noLimit = await plan([...target, '--max-target-calls', '1000']);
    expect(noLimit.cost).toMatchObject({ max: null, boundBy: null });
    expect((await plan(['--target', 'nerdamer'])).cost).toMatchObject({ prices: null, max: null });
    const text = await sagga(['search', ...target, '--max-cost', '2', '--dry-run']);
    expect(text.stdout).toMatch(/at most \$2\.0000 \(--max-cost/);
  });
});
