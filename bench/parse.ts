/**
 * Parse benchmark: the hand-written infix reader (`parseExpr`) beside the one over mathjs's parser
 * (`parseWithMathjs`), in one run, on every problem and answer of the two labelled sets: strings
 * parsed per second by each (fastest of --rounds passes, the two readers interleaved), the strings on
 * which they disagree (one accepts and the other refuses, the trees differ, or the refusals differ in
 * kind), and the verdicts of `verifyStrings` with each reader, with the pairs/s of each (one thread,
 * fastest of up to three passes, the first also a warm-up).
 *
 *   npm run bench:parse
 *   node dist/bench/parse.js --rounds 5 --show 20
 */
import { Command } from 'commander';
import { performance } from 'node:perf_hooks';
import { positiveInt } from '../src/cli/numberOption.js';
import { ParseError, parseExpr } from '../src/expr/parse.js';
import { parseWithMathjs } from '../src/expr/parseWithMathjs.js';
import { toInfix } from '../src/expr/toInfix.js';
import { equals, type Expr } from '../src/expr/types.js';
import type { TextReader, VerifyResult } from '../src/verify/types.js';
import { verifyStrings } from '../src/verify/verifyStrings.js';
import { readLabelledPairs, type LabelledPair } from './readLabelledPairs.js';

type Reader = (text: string) => Expr;

interface Outcome {
  readonly expr?: Expr;
  readonly refusal?: string;
  readonly message?: string;
}

function outcome(read: Reader, text: string): Outcome {
  try {
    return { expr: read(text) };
  } catch (err) {
    if (err instanceof ParseError) return { refusal: err.refusal ?? 'text', message: err.message };
    return { refusal: 'crash', message: err instanceof Error ? err.message : String(err) };
  }
}

function agree(a: Outcome, b: Outcome): boolean {
  if (a.expr !== undefined && b.expr !== undefined) return equals(a.expr, b.expr);
  return a.expr === undefined && b.expr === undefined && a.refusal === b.refusal;
}

function describe(o: Outcome): string {
  return o.expr !== undefined ? toInfix(o.expr) : `refused (${o.refusal}): ${o.message}`;
}

/** Parses per second of one reader over all strings, the fastest of `rounds` passes. */
function parsesPerSecond(read: Reader, strings: readonly string[]): number {
  const t0 = performance.now();
  for (const s of strings) {
    try {
      read(s);
    } catch {
      // refusals are timed like acceptances
    }
  }
  return strings.length / ((performance.now() - t0) / 1000);
}

function readerOf(read: Reader): TextReader {
  return (text) => {
    try {
      return { ok: true, expr: read(text), reading: 'infix' };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err), reading: 'infix' };
    }
  };
}

// A wide budget: verdicts are compared, and a shared machine must not turn one into `unknown`.
const ROOMY = { budgetMs: 5000 };

function verdicts(pairs: readonly LabelledPair[], read: TextReader): { results: VerifyResult[]; pairsPerSecond: number } {
  const t0 = performance.now();
  const results = pairs.map((p) => verifyStrings(p.problem, p.answer, { ...ROOMY, read }));
  return { results, pairsPerSecond: pairs.length / ((performance.now() - t0) / 1000) };
}

function main(argv: readonly string[]): void {
  const program = new Command('bench:parse')
    .description('the hand-written infix reader beside the mathjs one: agreement, verdicts and speed on the labelled sets')
    .option('--pairs <file>', 'labelled pairs (JSON Lines)', 'tests/fixtures/labelled/pairs.jsonl')
    .option('--traps <file>', 'labelled partial-domain traps (JSON Lines)', 'tests/fixtures/labelled/domain-traps.jsonl')
    .option('--rounds <n>', 'timed passes per reader; the fastest is reported', positiveInt, 5)
    .option('--show <n>', 'disagreements listed', positiveInt, 10);
  program.parse(argv as string[], { from: 'user' });
  const o = program.opts<{ pairs: string; traps: string; rounds: number; show: number }>();

  const sets = [
    { name: 'labelled pairs', pairs: readLabelledPairs(o.pairs) },
    { name: 'partial-domain traps', pairs: readLabelledPairs(o.traps) },
  ];
  const strings = [...new Set(sets.flatMap((s) => s.pairs.flatMap((p) => [p.problem, p.answer])))];
  const readers: readonly [string, Reader][] = [
    ['hand-written (parseExpr)', (t) => parseExpr(t)],
    ['mathjs (parseWithMathjs)', (t) => parseWithMathjs(t)],
  ];

  const disagreements: string[] = [];
  let accepted = [0, 0];
  for (const s of strings) {
    const [a, b] = readers.map(([, read]) => outcome(read, s));
    accepted = [accepted[0] + (a.expr ? 1 : 0), accepted[1] + (b.expr ? 1 : 0)];
    if (!agree(a, b)) disagreements.push(`  ${JSON.stringify(s)}\n    hand-written: ${describe(a)}\n    mathjs:       ${describe(b)}`);
  }

  const best = [0, 0];
  for (let r = 0; r < o.rounds; r++) {
    readers.forEach(([, read], k) => {
      best[k] = Math.max(best[k], parsesPerSecond(read, strings));
    });
  }

  console.log(`bench:parse — ${strings.length} distinct strings (every problem and answer of ${o.pairs} and ${o.traps}), best of ${o.rounds} rounds\n`);
  console.log('| reader | accepted | parses/s |');
  console.log('|---|---:|---:|');
  readers.forEach(([name], k) => console.log(`| ${name} | ${accepted[k]} | ${Math.round(best[k]).toLocaleString('en-US')} |`));
  console.log(`\nmathjs / hand-written speed: ${(best[1] / best[0]).toFixed(2)}×`);
  console.log(`strings the readers disagree on: ${disagreements.length} of ${strings.length}`);
  for (const d of disagreements.slice(0, o.show)) console.log(d);

  console.log('\n| set | pairs | verdicts that differ | pairs/s hand-written | pairs/s mathjs |');
  console.log('|---|---:|---:|---:|---:|');
  for (const set of sets) {
    // The first pass of each reader also warms the verifier; its verdicts are the ones compared.
    const runs = readers.map(([, read]) => verdicts(set.pairs, readerOf(read)));
    const [a, b] = runs;
    const fastest = runs.map((r) => r.pairsPerSecond);
    for (let r = 1; r < Math.min(o.rounds, 3); r++) {
      readers.forEach(([, read], k) => {
        fastest[k] = Math.max(fastest[k], verdicts(set.pairs, readerOf(read)).pairsPerSecond);
      });
    }
    const differ = set.pairs.filter((_, k) => a.results[k].verdict !== b.results[k].verdict);
    console.log(`| ${set.name} | ${set.pairs.length} | ${differ.length} | ${Math.round(fastest[0]).toLocaleString('en-US')} | ${Math.round(fastest[1]).toLocaleString('en-US')} |`);
    for (const p of differ.slice(0, o.show)) {
      const k = set.pairs.indexOf(p);
      console.log(`    ${p.id}: hand-written ${a.results[k].verdict}, mathjs ${b.results[k].verdict} (${JSON.stringify(p.answer)})`);
    }
  }
}

main(process.argv.slice(2));
