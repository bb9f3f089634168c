/**
 * `npm run bench:yield`: distinct proven failures (signatures) against target calls, as a curve, for
 * the default search beside a random-sampling baseline run through the same pipeline (same proofs,
 * shrinking and signatures; `--seed-selection random`: problems drawn as chains of 1 to 6 mutations
 * of the initial seeds, without evolution), at equal call budgets, in one run.
 *
 *   npm run bench:yield -- [--targets planted,planted-deep,nerdamer,algebrite] [--methods elites,random]
 *                          [--seeds 1,2,3] [--budgets 1000,5000,20000] [--time-limit 1000]
 *                          [--out archives/yield] [--audit N] [--patience N] [--json FILE]
 *                          [--shrink-calls-per-node 0,6] [--bug-lean none,rank,newest:0.5] [--shape-cap 0,4]
 *
 * Each run is `sagga search --target T --seed-selection M --rng-seed S --max-target-calls <largest
 * budget> --time-limit <ms>` with every other setting at its default (the planted-bug model without
 * references, so that only its planted bugs can be proven), written to <out>/<target>-<method>-s<seed>
 * and resumed when it is there already. `--patience N` is passed to every run (0: no run stops as
 * stagnated, so that both methods spend the whole budget). `--shrink-calls-per-node` runs each method once
 * per value given, passed to the search, in <out>/<target>-<method>-s<seed>-pn<N>, shown as
 * `<method> N/node` (without it: once, at the search's default); `--bug-lean` likewise, in
 * <out>/<target>-<method>-s<seed>-bl-<lean> (`newest:P` as `newestP`), shown as `<method> lean L`; `--shape-cap`
 * likewise, in <out>/<target>-<method>-s<seed>-sc<N>, shown as `<method> cap N` (given, it holds for random sampling too). With several settings, each
 * later one is also compared with the first, paired by seed (bench/pairedDifferences.ts). The curve is read from generations.jsonl: the distinct
 * signatures archived by the last generation whose cumulative target calls fit in each budget (a
 * dash where no generation had ended within it).
 *
 * For the planted-bug models (`planted`: examples/cmd-target/planted-bugs.mjs, `planted-deep`:
 * planted-deep-bugs.mjs) it also says which planted bugs
 * each run found, and by how many calls (the end of the generation that archived each first), and
 * per bug the runs of each method that found it, with their median calls. `--audit N` re-asks, for N archive lines of each run, the minimal form alone (it
 * must still fail) and every deletion of one term or factor from it (1-minimal: none should still
 * get a wrong answer).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PLANTED_MODELS } from '../testkit/plantedModel.js';
import { benchArg } from './benchArg.js';
import { pairedDifferences } from './pairedDifferences.js';
import { plantedByBugTable } from './plantedByBug.js';
import { shrinkStops, type ShrunkLine } from './shrinkStops.js';
import { auditMinimalForms, type MinimalityAudit } from './yieldAudit.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SAGGA = join(ROOT, 'bin/sagga.js');
/** Target spec and the options it runs with in this bench; a planted-bug model names its program. */
const TARGETS: Readonly<Record<string, { spec: string; extra: readonly string[]; program?: string }>> = {
  ...Object.fromEntries(
    Object.entries(PLANTED_MODELS).map(([name, { program }]) => [name, { spec: `cmd:node ${program}`, extra: ['--reference', 'none'], program }]),
  ),
  nerdamer: { spec: 'nerdamer', extra: [] },
  algebrite: { spec: 'algebrite', extra: [] },
};

interface CurvePoint {
  readonly calls: number;
  readonly signatures: number;
}

interface RunResult {
  readonly target: string;
  readonly method: string;
  readonly seed: string;
  readonly dir: string;
  readonly curve: readonly CurvePoint[];
  /** Signatures at each budget; null when no generation had ended within it. */
  readonly atBudget: Readonly<Record<number, number | null>>;
  readonly calls: number;
  readonly signatures: readonly string[];
  /** Each proven signature: the calls by the end of the generation that archived it first. */
  readonly foundAt: Readonly<Record<string, number>>;
  readonly stopReason: string | null;
  readonly seconds: number;
  readonly shrinkStops: Readonly<Record<string, number>>;
  readonly budgetStopsWithoutStep: number;
  readonly refused: number;
  /** The archive's earlier and later half (archive order): lines whose shrink ended on its budget, lines, mean nodes of the problems. */
  readonly halves: ReadonlyArray<{ readonly onBudget: number; readonly lines: number; readonly nodes: number }>;
  readonly planted?: PlantedFound;
  readonly audit?: MinimalityAudit;
}

/** The planted bugs a run found (ids, and the calls by which each was found), and its signatures that match none. */
interface PlantedFound {
  readonly found: readonly string[];
  readonly foundAt: Readonly<Record<string, number>>;
  readonly unmatched: readonly string[];
  readonly of: number;
}

function list(value: string | undefined, fallback: string): string[] {
  return (value ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function jsonLines<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

/** One search, run (or resumed) to the largest budget as a user would run it; resolves with its wall time. */
function runGenerations(args: readonly string[], dir: string): Promise<number> {
  const started = performance.now();
  const resume = existsSync(join(dir, 'checkpoint.json'));
  const budgetIndex = args.indexOf('--max-target-calls');
  // A resumed run keeps its saved settings but the budget and, when given, the patience: a run begun
  // with the default patience can be taken on with --patience 0.
  const patienceIndex = args.indexOf('--patience');
  const patience = patienceIndex >= 0 ? ['--patience', args[patienceIndex + 1]] : [];
  const full = resume
    ? ['search', '--resume', dir, '--max-target-calls', args[budgetIndex + 1], ...patience, '--json']
    : ['search', ...args, '--out', dir, '--json'];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [SAGGA, ...full], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
    child.on('error', fail);
    child.on('close', (status) =>
      status === 0 ? done((performance.now() - started) / 1000) : fail(new Error(`sagga ${full.join(' ')} exited ${status}: ${stderr}`)),
    );
  });
}

function readResult(
  target: string,
  method: string,
  seed: string,
  dir: string,
  budgets: readonly number[],
  seconds: number,
): Omit<RunResult, 'planted' | 'audit'> {
  const generations = jsonLines<{ generation: number; target_calls: number; signatures: number }>(join(dir, 'generations.jsonl'));
  const curve: CurvePoint[] = [{ calls: 0, signatures: 0 }];
  const callsByGeneration = new Map<number, number>();
  let calls = 0;
  for (const g of generations) {
    calls += g.target_calls;
    curve.push({ calls, signatures: g.signatures });
    callsByGeneration.set(g.generation, calls);
  }
  // The curve's origin is no generation's end: a budget that no generation fits in has no figure, not 0.
  const ends = curve.slice(1);
  const atBudget: Record<number, number | null> = {};
  for (const b of budgets) atBudget[b] = [...ends].reverse().find((p) => p.calls <= b)?.signatures ?? null;
  const archive = jsonLines<ShrunkLine & { signature: string; generation: number; proof: unknown; nodes: number }>(join(dir, 'archive.jsonl'));
  const shrunk = shrinkStops(archive);
  const foundAt: Record<string, number> = {};
  for (const a of archive) if (a.proof !== null && !(a.signature in foundAt)) foundAt[a.signature] = callsByGeneration.get(a.generation) ?? calls;
  const checkpoint = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { engine: { stopReason: string | null } };
  return {
    target,
    method,
    seed,
    dir,
    curve,
    atBudget,
    calls,
    signatures: Object.keys(foundAt),
    foundAt,
    stopReason: checkpoint.engine.stopReason,
    seconds,
    shrinkStops: shrunk.stops,
    budgetStopsWithoutStep: shrunk.budgetWithoutStep,
    refused: shrunk.refused,
    halves: [archive.slice(0, Math.floor(archive.length / 2)), archive.slice(Math.floor(archive.length / 2))].map((half) => ({
      onBudget: half.filter((a) => a.shrink?.stopped === 'budget').length,
      lines: half.length,
      nodes: half.length === 0 ? 0 : half.reduce((sum, a) => sum + a.nodes, 0) / half.length,
    })),
  };
}

/** A planted-bug model's bugs and their minimal signatures (`--list-bugs`). */
function plantedBugs(program: string): Array<{ id: string; signatures: string[] }> {
  const r = spawnSync(process.execPath, [join(ROOT, program), '--list-bugs'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${program} --list-bugs exited ${r.status}: ${r.stderr}`);
  return (JSON.parse(r.stdout) as Array<{ id: string; signatures: string[] }>).map((b) => ({ id: b.id, signatures: b.signatures }));
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Mean (min–max) of the runs' figures; a dash when a run has none at this budget. */
function formatRange(values: readonly (number | null)[]): string {
  if (values.some((v) => v === null)) return '—';
  return formatKnown(values as number[]);
}

function formatKnown(values: readonly number[]): string {
  if (values.length === 1) return String(values[0]);
  return `${mean(values).toFixed(1)} (${Math.min(...values)}–${Math.max(...values)})`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const targets = list(benchArg(argv, 'targets'), 'planted,nerdamer,algebrite');
  const methods = list(benchArg(argv, 'methods'), 'elites,random');
  const seeds = list(benchArg(argv, 'seeds'), '1,2,3');
  const budgets = list(benchArg(argv, 'budgets'), '1000,5000,20000').map(Number);
  const timeLimit = benchArg(argv, 'time-limit') ?? '1000';
  const out = resolve(ROOT, benchArg(argv, 'out') ?? 'archives/yield');
  const audit = Number(benchArg(argv, 'audit') ?? 0);
  const json = benchArg(argv, 'json');
  const patience = benchArg(argv, 'patience');
  // Each method once per shrink budget and lean, in that order (the ratio table pairs the methods within each).
  const variants = settingVariants(argv).flatMap((setting) => methods.map((method) => ({ method, setting, label: `${method}${setting.label}` })));
  const largest = Math.max(...budgets);
  mkdirSync(out, { recursive: true });

  const results: RunResult[] = [];
  const plantedIds = new Map<string, string[]>();
  for (const target of targets) {
    const spec = TARGETS[target];
    if (spec === undefined) throw new Error(`--targets: unknown target ${target} (known: ${Object.keys(TARGETS).join(', ')})`);
    const planted = spec.program === undefined ? null : plantedBugs(spec.program);
    if (planted !== null)
      plantedIds.set(
        target,
        planted.map((b) => b.id),
      );
    for (const seed of seeds) {
      for (const { method, setting, label } of variants) {
        const dir = join(out, `${target}-${method}-s${seed}${setting.suffix}`);
        const args = [
          '--target',
          spec.spec,
          '--seed-selection',
          method,
          '--rng-seed',
          seed,
          '--max-target-calls',
          String(largest),
          '--time-limit',
          timeLimit,
          ...(patience === undefined ? [] : ['--patience', patience]),
          ...setting.flags,
          ...spec.extra,
        ];
        process.stderr.write(`bench:yield: ${target} ${label} seed ${seed} → ${dir}\n`);
        const seconds = await runGenerations(args, dir);
        const result: RunResult = { ...readResult(target, label, seed, dir, budgets, seconds) };
        const withPlanted = planted === null ? result : { ...result, planted: matchPlanted(result.foundAt, planted) };
        const audited = audit > 0 ? { ...withPlanted, audit: await auditMinimalForms(dir, spec.spec, Number(timeLimit), audit) } : withPlanted;
        results.push(audited);
        process.stderr.write(
          `bench:yield:   ${audited.signatures.length} signatures in ${audited.calls} calls (${seconds.toFixed(0)} s), stopped: ${audited.stopReason}\n`,
        );
        // The budgets' figures count whole generations; the curve says where each generation ended.
        const points = audited.curve.slice(1).map((p) => `${p.calls.toLocaleString('en-US')} → ${p.signatures}`);
        process.stderr.write(`bench:yield:   calls → signatures at each generation's end: ${points.join(', ')}\n`);
      }
    }
  }
  printTables(
    results,
    targets,
    variants.map((v) => v.label),
    budgets,
    methods.length,
  );
  for (const [target, ids] of plantedIds) {
    const runs = results.flatMap((r) => (r.target === target && r.planted !== undefined ? [{ method: r.method, foundAt: r.planted.foundAt }] : []));
    console.log(`\nEach planted bug of ${target} within ${largest.toLocaleString('en-US')} calls:\n`);
    for (const line of plantedByBugTable(
      target,
      ids,
      variants.map((v) => v.label),
      runs,
    ))
      console.log(line);
  }
  printPairedDifferences(
    results,
    methods.map((method) => variants.filter((v) => v.method === method).map((v) => v.label)),
    budgets,
  );
  if (json !== undefined) writeFileSync(json, JSON.stringify({ budgets, timeLimit, results }, null, 2) + '\n');
}

/** A combination of the swept settings: the flags passed, the run directory's suffix and the label's. */
interface SettingVariant {
  readonly flags: readonly string[];
  readonly suffix: string;
  readonly label: string;
}

/** `--shrink-calls-per-node` × `--bug-lean` × `--shape-cap`, each value given in order (none given: the defaults). */
function settingVariants(argv: readonly string[]): SettingVariant[] {
  const values = (name: string): readonly (string | null)[] => {
    const arg = benchArg(argv, name);
    return arg === undefined ? [null] : list(arg, '');
  };
  const perNodes = values('shrink-calls-per-node');
  const leans = values('bug-lean');
  const caps = values('shape-cap');
  return perNodes.flatMap((perNode) =>
    leans.flatMap((lean) =>
      caps.map((cap) => ({
        flags: [
          ...(perNode === null ? [] : ['--shrink-calls-per-node', perNode]),
          ...(lean === null ? [] : ['--bug-lean', lean]),
          ...(cap === null ? [] : ['--shape-cap', cap]),
        ],
        suffix: `${perNode === null ? '' : `-pn${perNode}`}${lean === null ? '' : `-bl-${lean.replace(':', '')}`}${cap === null ? '' : `-sc${cap}`}`,
        label: `${perNode === null ? '' : ` ${perNode}/node`}${lean === null ? '' : ` lean ${lean}`}${cap === null ? '' : ` cap ${cap}`}`,
      })),
    ),
  );
}

function matchPlanted(foundAt: Readonly<Record<string, number>>, bugs: ReadonlyArray<{ id: string; signatures: string[] }>): PlantedFound {
  const bugFoundAt: Record<string, number> = {};
  for (const b of bugs) {
    const at = b.signatures.filter((s) => s in foundAt).map((s) => foundAt[s]);
    if (at.length > 0) bugFoundAt[b.id] = Math.min(...at);
  }
  const known = new Set(bugs.flatMap((b) => b.signatures));
  return { found: Object.keys(bugFoundAt), foundAt: bugFoundAt, unmatched: Object.keys(foundAt).filter((s) => !known.has(s)), of: bugs.length };
}

function printTables(
  results: readonly RunResult[],
  targets: readonly string[],
  methods: readonly string[],
  budgets: readonly number[],
  /** Methods per shrink budget: the ratios compare the first two of each group. */
  group: number,
): void {
  console.log(`Distinct proven signatures against target calls (mean over seeds, min–max), --time-limit as given, other settings default.\n`);
  console.log(
    `| target | search | runs | ${budgets.map((b) => `${b.toLocaleString('en-US')} calls`).join(' | ')} | per 1,000 calls at ${Math.max(...budgets).toLocaleString('en-US')} | last quarter | stopped |`,
  );
  console.log(`|---|---|---:|${budgets.map(() => '---:').join('|')}|---:|---:|---|`);
  for (const target of targets) {
    for (const method of methods) {
      const runs = results.filter((r) => r.target === target && r.method === method);
      if (runs.length === 0) continue;
      const largest = Math.max(...budgets);
      const cells = budgets.map((b) => formatRange(runs.map((r) => r.atBudget[b])));
      const perThousand = mean(runs.map((r) => (1000 * (r.atBudget[largest] ?? 0)) / Math.max(1, Math.min(largest, r.calls))));
      // New signatures in the last quarter of the budget: is the count still rising?
      const lastQuarter = formatKnown(
        runs.map((r) => (r.atBudget[largest] ?? 0) - ([...r.curve].reverse().find((p) => p.calls <= 0.75 * largest)?.signatures ?? 0)),
      );
      const stops = [...new Set(runs.map((r) => r.stopReason ?? 'running'))].join(', ');
      console.log(`| ${target} | ${method} | ${runs.length} | ${cells.join(' | ')} | ${perThousand.toFixed(2)} | +${lastQuarter} | ${stops} |`);
    }
  }
  const unended = results.filter((r) => budgets.some((b) => r.atBudget[b] === null));
  if (unended.length > 0)
    console.log(
      `\n— : a run had ended no generation within that budget (first generations ended at ${unended.map((r) => (r.curve[1]?.calls ?? 0).toLocaleString('en-US')).join(', ')} calls).`,
    );
  if (group >= 2) {
    console.log('\nRatio of the first method to the second, distinct signatures per 1,000 calls at each budget:\n');
    console.log(`| target | methods | ${budgets.map((b) => `${b.toLocaleString('en-US')} calls`).join(' | ')} |`);
    console.log(`|---|---|${budgets.map(() => '---:').join('|')}|`);
    for (const target of targets) {
      const of = (m: string, b: number): number | null => {
        const figures = results.filter((r) => r.target === target && r.method === m).map((r) => r.atBudget[b]);
        return figures.some((f) => f === null) ? null : mean(figures as number[]);
      };
      for (let i = 0; i + 1 < methods.length; i += group) {
        const [a, b] = [methods[i], methods[i + 1]];
        console.log(`| ${target} | ${a} / ${b} | ${budgets.map((n) => ratio(of(a, n), of(b, n))).join(' | ')} |`);
      }
    }
  }
  const plantedRuns = results.filter((r) => r.planted !== undefined);
  if (plantedRuns.length > 0) {
    console.log('\nPlanted bugs found:\n');
    for (const r of plantedRuns)
      console.log(
        `- ${r.target} ${r.method} seed ${r.seed}: ${r.planted!.found.length} of ${r.planted!.of} (${r.planted!.found.map((id) => `${id} by ${r.planted!.foundAt[id].toLocaleString('en-US')} calls`).join(', ')})${r.planted!.unmatched.length > 0 ? `; signatures matching no planted bug: ${r.planted!.unmatched.join(', ')}` : ''}`,
      );
  }
  console.log('\nShrinking: archive lines by how their shrink ended, and steps refused by the symptom guard:\n');
  for (const r of results) {
    const lines = Object.values(r.shrinkStops).reduce((a, b) => a + b, 0);
    console.log(
      `- ${r.target} ${r.method} seed ${r.seed}: ${JSON.stringify(r.shrinkStops)}; budget with no step accepted: ${r.budgetStopsWithoutStep}/${lines}; refused: ${r.refused}`,
    );
    // Bugs found later are often larger, and a larger problem needs more of the shrink budget.
    const [early, late] = r.halves;
    console.log(
      `  ended on the budget: ${early.onBudget}/${early.lines} of the archive's first half (${early.nodes.toFixed(1)} nodes on average), ${late.onBudget}/${late.lines} of its second (${late.nodes.toFixed(1)} nodes)`,
    );
  }
  const audited = results.filter((r) => r.audit !== undefined);
  if (audited.length > 0) {
    console.log('\nAudit of minimal forms, each asked alone, and every deletion of one term or factor:\n');
    console.log('| target | search | seed | lines | fail alone | 1-minimal | of which shrink ended minimal | ended on budget |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const r of audited) {
      const a = r.audit!;
      const of = (stop: string): string => `${a.byShrinkStop[stop]?.oneMinimal ?? 0}/${a.byShrinkStop[stop]?.wrongLines ?? 0}`;
      console.log(
        `| ${r.target} | ${r.method} | ${r.seed} | ${a.lines} | ${a.failAlone} | ${a.oneMinimal}/${a.wrongLines} | ${of('minimal')} | ${of('budget')} |`,
      );
    }
  }
}

/** With several settings of a method: each later setting against the first, paired by seed (mean ± standard error). */
function printPairedDifferences(results: readonly RunResult[], labelsByMethod: ReadonlyArray<readonly string[]>, budgets: readonly number[]): void {
  const rows = pairedDifferences(results, labelsByMethod, budgets);
  if (rows.length === 0) return;
  console.log('\nPaired by seed: signatures of each setting minus those of the first, mean ± standard error over the seeds:\n');
  console.log(`| target | settings | seeds | ${budgets.map((b) => `${b.toLocaleString('en-US')} calls`).join(' | ')} |`);
  console.log(`|---|---|---:|${budgets.map(() => '---:').join('|')}|`);
  for (const r of rows) {
    const cells = budgets.map((b) => {
      const d = r.atBudget[b];
      return d === null ? '—' : `${d.mean >= 0 ? '+' : '−'}${Math.abs(d.mean).toFixed(2)} ± ${d.standardError.toFixed(2)}`;
    });
    console.log(`| ${r.target} | ${r.label} − ${r.baseline} | ${r.seeds} | ${cells.join(' | ')} |`);
  }
}

function ratio(a: number | null, b: number | null): string {
  if (a === null || b === null) return '—';
  if (b === 0) return a === 0 ? '—' : `∞ (${a.toFixed(1)} vs 0)`;
  return `${(a / b).toFixed(2)}×`;
}

await main();
