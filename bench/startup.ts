import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArg } from './benchArg.js';
import { median } from './median.js';

/**
 * `npm run bench:startup`: wall time of `sagga --version`, `sagga --help` and `sagga check` beside a
 * bare `node -e 0`, measured in one run, interleaved round by round so that a busy moment of the
 * machine weighs on every command alike. The figure is the median over the rounds.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'sagga.js');
const rounds = Number(benchArg(process.argv, 'rounds') ?? 15);

const commands: ReadonlyArray<{ readonly label: string; readonly args: readonly string[] }> = [
  { label: 'node -e 0 (reference)', args: ['-e', '0'] },
  { label: 'sagga --version', args: [bin, '--version'] },
  { label: 'sagga --help', args: [bin, '--help'] },
  { label: "sagga check 'x' 'x^2/2'", args: [bin, 'check', 'x', 'x^2/2'] },
  { label: "sagga check 'x*cos(x)' 'x*sin(x) + cos(x)'", args: [bin, 'check', 'x*cos(x)', 'x*sin(x) + cos(x)'] },
];

function timeOnce(args: readonly string[]): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr.toString().trim()}`);
  return ms;
}

const times = commands.map(() => [] as number[]);
for (const c of commands) timeOnce(c.args); // warm the file cache before measuring
for (let r = 0; r < rounds; r++) commands.forEach((c, i) => times[i].push(timeOnce(c.args)));

const reference = median(times[0]);
const lines = [
  `Start-up, median of ${rounds} interleaved rounds (Node ${process.version}):`,
  '',
  '| command | median ms | min ms | × node -e 0 |',
  '|---|---:|---:|---:|',
  ...commands.map(
    (c, i) => `| \`${c.label}\` | ${median(times[i]).toFixed(0)} | ${Math.min(...times[i]).toFixed(0)} | ${(median(times[i]) / reference).toFixed(2)} |`,
  ),
];
process.stdout.write(lines.join('\n') + '\n');
