/**
 * Parse benchmark: sagga's infix reader (`parseExpr`: bounds, tokens, the whitelisted tree) beside
 * mathjs's `parse` alone (no bounds, no tree of ours: the least that any front end over mathjs's
 * parser would cost), in one run, on every problem and answer of the two labelled sets:
 *
 * - parses per second of each (fastest of --rounds passes), and the median ratio of a round (the
 *   two timed back to back);
 * - start-up: a fresh Node process that loads each reader and reads one text, beside `node -e 0`
 *   (median of --starts interleaved rounds);
 * - the verifier on one thread with `parseExpr`, and with `parseExpr` after mathjs's `parse` of the
 *   same text: the fastest of --rounds passes of each, and the median of each round's ratio (the
 *   two timed back to back);
 * - the hostile-answer corpus (testkit/hostileAnswers.ts): how long `parseExpr` takes to refuse
 *   each (fastest of --rounds), and the slowest.
 *
 *   npm run bench:parse
 *   node dist/bench/parse.js --rounds 5 --starts 11
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { create, parseDependencies } from 'mathjs';
import { performance } from 'node:perf_hooks';
import { positiveInt } from '../src/cli/numberOption.js';
import { parseExpr, tryParseExpr } from '../src/expr/parse.js';
import type { TextReader } from '../src/verify/types.js';
import { verifyStrings } from '../src/verify/verifyStrings.js';
import { HOSTILE_ANSWERS } from '../testkit/hostileAnswers.js';
import { readLabelledPairs, type LabelledPair } from '../testkit/readLabelledPairs.js';
import { median } from './median.js';

const mathjs = create({ parseDependencies });

/** The text as mathjs reads it: SymPy's `**` is mathjs's `^`. */
const mathjsSpelling = (text: string): string => text.replaceAll('**', '^');

/** Parses per second over all strings, refusals timed like acceptances. */
function parsesPerSecond(read: (text: string) => unknown, strings: readonly string[]): number {
  const t0 = performance.now();
  for (const s of strings) {
    try {
      read(s);
    } catch {
      // a refusal costs what it costs
    }
  }
  return strings.length / ((performance.now() - t0) / 1000);
}

const readInfix: TextReader = (text) => {
  const r = tryParseExpr(text);
  return r.ok ? { ok: true, expr: r.expr, reading: 'infix' } : { ok: false, error: r.error.message, reading: 'infix' };
};

/** parseExpr, paying first for mathjs's parse of the same text. */
const readAfterMathjs: TextReader = (text) => {
  mathjs.parse(mathjsSpelling(text));
  return readInfix(text, 'answer');
};

// A wide budget: a shared machine must not turn a verdict into `unknown`.
const ROOMY = { budgetMs: 5000 };

function pairsPerSecond(pairs: readonly LabelledPair[], read: TextReader): number {
  const t0 = performance.now();
  for (const p of pairs) verifyStrings(p.problem, p.answer, { ...ROOMY, read });
  return pairs.length / ((performance.now() - t0) / 1000);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Fresh Node processes that load a reader and read one text, beside `node -e 0`. */
const STARTS: readonly (readonly [label: string, script: string])[] = [
  ['node -e 0 (reference)', '0'],
  ["sagga's parseExpr", `import(${JSON.stringify(join(root, 'dist/src/expr/parse.js'))}).then((m) => m.parseExpr('x*sin(x)'))`],
  ["mathjs's parse, single-file build", "require('mathjs/lib/browser/math.js').parse('x*sin(x)')"],
  ["mathjs's parse, ES module entry", "import('mathjs').then((m) => m.create({ parseDependencies: m.parseDependencies }).parse('x*sin(x)'))"],
];

function startMs(script: string): number {
  const t0 = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0) throw new Error(`node -e ${script} exited ${run.status}: ${run.stderr.toString().trim()}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

function main(argv: readonly string[]): void {
  const program = new Command('bench:parse')
    .description("sagga's infix reader beside mathjs's parser: parses/s, start-up, verifier pairs/s, hostile answers")
    .option('--pairs <file>', 'labelled pairs (JSON Lines)', 'tests/fixtures/labelled/pairs.jsonl')
    .option('--traps <file>', 'labelled partial-domain traps (JSON Lines)', 'tests/fixtures/labelled/domain-traps.jsonl')
    .option('--rounds <n>', 'timed passes per reader; the fastest is reported', positiveInt, 5)
    .option('--starts <n>', 'interleaved start-up rounds; the median is reported', positiveInt, 9);
  program.parse(argv as string[], { from: 'user' });
  const o = program.opts<{ pairs: string; traps: string; rounds: number; starts: number }>();

  const sets = [
    { name: 'labelled pairs', pairs: readLabelledPairs(o.pairs) },
    { name: 'partial-domain traps', pairs: readLabelledPairs(o.traps) },
  ];
  const strings = [...new Set(sets.flatMap((s) => s.pairs.flatMap((p) => [p.problem, p.answer])))];
  const spelled = strings.map(mathjsSpelling);

  const best = [0, 0];
  const parseRatios: number[] = [];
  for (let r = 0; r < o.rounds; r++) {
    const ours = parsesPerSecond((t) => parseExpr(t), strings);
    const theirs = parsesPerSecond((t) => mathjs.parse(t), spelled);
    best[0] = Math.max(best[0], ours);
    best[1] = Math.max(best[1], theirs);
    if (r > 0) parseRatios.push(theirs / ours);
  }
  console.log(
    `bench:parse — ${strings.length} distinct strings (every problem and answer of ${o.pairs} and ${o.traps}), best of ${o.rounds} rounds, one thread\n`,
  );
  const parseRatio = parseRatios.length > 0 ? median(parseRatios).toFixed(2) : '—';
  console.log('| reader | parses/s | × parseExpr, fastest | × parseExpr, median ratio of a round |');
  console.log('|---|---:|---:|---:|');
  console.log(`| sagga \`parseExpr\` (bounds, tokens, whitelisted tree) | ${fmt(best[0])} | 1.00 | 1.00 |`);
  console.log(`| mathjs \`parse\` alone (no bounds, no tree) | ${fmt(best[1])} | ${(best[1] / best[0]).toFixed(2)} | ${parseRatio} |`);

  const times = STARTS.map(() => [] as number[]);
  for (const [, script] of STARTS) startMs(script); // warm the file cache
  for (let r = 0; r < o.starts; r++) STARTS.forEach(([, script], i) => times[i].push(startMs(script)));
  const reference = median(times[0]);
  console.log(`\nStart-up of a fresh process that loads the reader and reads one text, median of ${o.starts} interleaved rounds:\n`);
  console.log('| process | median ms | × node -e 0 |');
  console.log('|---|---:|---:|');
  STARTS.forEach(([label], i) => console.log(`| ${label} | ${fmt(median(times[i]))} | ${(median(times[i]) / reference).toFixed(2)} |`));

  console.log('\n| set | pairs | verify pairs/s, parseExpr | verify pairs/s, mathjs parse + parseExpr | ratio of the fastest | median ratio of a round |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const set of sets) {
    const fastest = [0, 0];
    const ratios: number[] = [];
    // Each round times both readers back to back, so that its ratio sees the machine alike; the
    // first round also warms the verifier.
    for (let r = 0; r < o.rounds; r++) {
      const ours = pairsPerSecond(set.pairs, readInfix);
      const withMathjs = pairsPerSecond(set.pairs, readAfterMathjs);
      fastest[0] = Math.max(fastest[0], ours);
      fastest[1] = Math.max(fastest[1], withMathjs);
      if (r > 0) ratios.push(withMathjs / ours);
    }
    const ratio = ratios.length > 0 ? median(ratios).toFixed(2) : '—';
    console.log(`| ${set.name} | ${set.pairs.length} | ${fmt(fastest[0])} | ${fmt(fastest[1])} | ${(fastest[1] / fastest[0]).toFixed(2)} | ${ratio} |`);
  }

  console.log(`\nHostile answers (testkit/hostileAnswers.ts), parseExpr, fastest of ${o.rounds}:\n`);
  console.log('| answer | characters | outcome | µs |');
  console.log('|---|---:|---|---:|');
  let slowest = 0;
  for (const [, text] of HOSTILE_ANSWERS) tryParseExpr(text); // warm-up
  for (const [name, text] of HOSTILE_ANSWERS) {
    let fastest = Infinity;
    let outcome = '';
    for (let r = 0; r < o.rounds; r++) {
      const t0 = performance.now();
      const read = tryParseExpr(text);
      fastest = Math.min(fastest, (performance.now() - t0) * 1000);
      outcome = read.ok ? 'read' : `refused${read.error.refusal === undefined ? '' : ` (${read.error.refusal})`}`;
    }
    slowest = Math.max(slowest, fastest);
    console.log(`| ${name} | ${fmt(text.length)} | ${outcome} | ${fastest < 10 ? fastest.toFixed(1) : fmt(fastest)} |`);
  }
  console.log(`\nslowest hostile answer: ${fmt(slowest)} µs`);
}

main(process.argv.slice(2));
