/**
 * `npm run bench:distinct`: distinct failures per target call, sagga's search (novelty by signature,
 * shrinking) beside the paper's way (every failure archived, `--novelty exact --shrink-calls 0`) whose
 * archive is shrunk afterwards with `sagga archive shrink` (those calls not charged to it), in one run.
 *
 * Both searches run against nerdamer with the same seed and the same `--max-target-calls` budget; the
 * figure is the number of distinct signatures among proven failures per 1000 target calls, and the
 * ratio of the two (target ≥ 1.5).
 *
 *   npm run bench:distinct -- [--calls 4000] [--seed 2022] [--json FILE]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchArg } from './benchArg.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SAGGA = join(ROOT, 'bin/sagga.js');

interface Measured {
  readonly label: string;
  readonly calls: number;
  readonly proven: number;
  readonly lines: number;
  readonly signatures: number;
  readonly perThousand: number;
  readonly seconds: number;
  readonly shrinkSeconds?: number;
}

function sagga(args: readonly string[]): void {
  const r = spawnSync(process.execPath, [SAGGA, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`sagga ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
}

function jsonLines<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

/** Distinct signatures among the archive's proven lines, and the calls the run spent. */
function measure(label: string, dir: string, seconds: number, shrinkSeconds?: number): Measured {
  const archive = jsonLines<{ proof: unknown; signature?: string }>(join(dir, 'archive.jsonl'));
  const proven = archive.filter((a) => a.proof !== null && a.proof !== undefined);
  const signatures = new Set(proven.map((a) => a.signature)).size;
  const totals = (JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { totals: { target_calls: number; proven: number } }).totals;
  return {
    label,
    calls: totals.target_calls,
    proven: totals.proven,
    lines: archive.length,
    signatures,
    perThousand: (1000 * signatures) / totals.target_calls,
    seconds,
    ...(shrinkSeconds !== undefined ? { shrinkSeconds } : {}),
  };
}

function main(): void {
  const argv = process.argv.slice(2);
  const calls = Number(benchArg(argv, 'calls') ?? 4000);
  const seed = benchArg(argv, 'seed') ?? '2022';
  const json = benchArg(argv, 'json');
  const work = mkdtempSync(join(tmpdir(), 'sagga-bench-distinct-'));
  try {
    const common = ['--target', 'nerdamer', '--rng-seed', seed, '--max-target-calls', String(calls), '--archive-size', '100000', '--json'];
    let t = performance.now();
    const ours = join(work, 'signature');
    sagga(['search', ...common, '--out', ours]);
    const oursSeconds = (performance.now() - t) / 1000;

    t = performance.now();
    const paper = join(work, 'exact');
    sagga(['search', ...common, '--out', paper, '--novelty', 'exact', '--shrink-calls', '0']);
    const paperSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    sagga(['archive', 'shrink', paper, '--target', 'nerdamer']);
    const shrinkSeconds = (performance.now() - t) / 1000;

    const rows = [
      measure('novelty signature, shrinking (default)', ours, oursSeconds),
      measure('novelty exact, shrink-calls 0, then archive shrink', paper, paperSeconds, shrinkSeconds),
    ];
    console.log(`Distinct failures against nerdamer, --max-target-calls ${calls}, --rng-seed ${seed}, other settings default.`);
    console.log('| search | target calls | proven failures | archive lines | distinct signatures | per 1000 calls |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.label} | ${r.calls} | ${r.proven} | ${r.lines} | ${r.signatures} | ${r.perThousand.toFixed(2)} |`);
    const ratio = rows[0].perThousand / rows[1].perThousand;
    console.log(
      `ratio ${ratio.toFixed(2)}× (target ≥ 1.5); searches ${oursSeconds.toFixed(0)} s and ${paperSeconds.toFixed(0)} s, archive shrink ${shrinkSeconds.toFixed(0)} s (not charged)`,
    );
    if (json !== undefined) writeFileSync(json, JSON.stringify({ calls, seed, rows, ratio }, null, 2) + '\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
