/**
 * Two figures about the in-process CAS targets (nerdamer, Algebrite).
 *
 * 1. Conversion (`--conversions N`, each system): N distinct problems of testkit/casProblems.ts are
 *    integrated and every answer read back is verified (SEARCH_VERIFY_OPTIONS). An answer the
 *    verifier rejects is the system's own mistake only when the system's own numeric evaluation of
 *    its printed answer (and of the problem as sent) agrees with our reading
 *    (testkit/nativeFaithfulness.ts). Figure: of the answers that are not the system's own mistakes
 *    and that the verifier can decide, the share whose converted answer verifies (target ≥ 99 %);
 *    unreadable answers count as misses; complex answers without a real form (`unjudged`) are
 *    left out, like those the verifier cannot decide (testkit/checkConversions.ts conversionShare).
 * 2. Precision of CAS failures: when our verifier says nerdamer's answer is wrong, does an independent
 * check agree? Candidates are made the way the search makes them (integrands of the kinds a search
 * meets, mutated with the `robustness` and `distance` presets, kept when the search's candidate
 * check accepts them, deduplicated), integrated by the nerdamer target and verified with
 * SEARCH_VERIFY_OPTIONS until at least `--wrong N` answers are classified `incorrect`. Those pairs are
 * then checked by bench/python/cas-sympy-check.py under Debian's /usr/bin/python3: SymPy
 * differentiates the answer and compares it with the integrand numerically (30 digits, random real
 * points) and with simplify. Precision = pairs SymPy also calls incorrect / pairs checked; the
 * project's target is ≥ 99 %.
 *
 * 3. Conversion by SymPy (`--integrands N`): the first N integrands of testkit/integrands.ts, repeats
 *    included, integrated by the sympy target (two processes, a 120 s limit that no answer depends
 *    on) and verified; the share as in 1, with no faithfulness check. The SymPy test asks the first
 *    integrand of each kind among the first 200 of them (integrandsOfEachKind).
 *
 * Run through `npm run bench:targets` (bench/targets.ts): `-- --only precision [--conversions 300]
 * [--integrands 200] [--wrong 300] [--precision-seed cas-precision] [--python /usr/bin/python3]
 * [--json out.json]` (0 skips a part).
 */
import { writeFileSync } from 'node:fs';
import { parseExpr } from '../src/expr/parse.js';
import { toInfix } from '../src/expr/toInfix.js';
import { toLatex } from '../src/expr/toLatex.js';
import type { Expr } from '../src/expr/types.js';
import { createAlgebriteTarget } from '../src/targets/algebrite/algebriteTarget.js';
import { createNerdamerTarget } from '../src/targets/nerdamer/nerdamerTarget.js';
import { createSympyTarget } from '../src/targets/sympy/sympyTarget.js';
import type { TargetProblem } from '../src/targets/types.js';
import { createRng, type Rng } from '../src/util/rng.js';
import { SEARCH_VERIFY_OPTIONS } from '../src/verify/types.js';
import { verifyPair } from '../src/verify/verifyPair.js';
import { mutate } from '../mutations/mutate.js';
import { resolveMutationConfig } from '../mutations/presets.js';
import { benchArg } from './benchArg.js';
import { casProblems } from '../testkit/casProblems.js';
import { distinctProblem } from '../testkit/distinctProblem.js';
import { runPythonJsonLines } from './runPythonJsonLines.js';
import { checkConversions, conversionShare, distinctCasProblems, type ConversionSummary } from '../testkit/checkConversions.js';
import { integrands } from '../testkit/integrands.js';
import { nativeFaithfulness } from '../testkit/nativeFaithfulness.js';

interface Options {
  readonly conversions: number;
  readonly integrands: number;
  readonly wrong: number;
  readonly seed: string;
  readonly python: string;
  readonly json?: string;
  readonly batch: number;
  readonly maxCandidates: number;
}

interface WrongPair {
  readonly id: string;
  readonly problem: string;
  readonly answer: string;
  readonly nerdamer: string;
  readonly reason: string;
}

interface SympyCheck {
  readonly id: string;
  readonly verdict: 'correct' | 'incorrect' | 'unknown';
  readonly symbolic: string;
  readonly numeric: string;
  readonly detail: string;
}

function parseOptions(argv: readonly string[]): Options {
  return {
    conversions: Number(benchArg(argv, 'conversions') ?? 300),
    integrands: Number(benchArg(argv, 'integrands') ?? 200),
    wrong: Number(benchArg(argv, 'wrong') ?? 300),
    seed: benchArg(argv, 'precision-seed') ?? 'cas-precision',
    python: benchArg(argv, 'python') ?? '/usr/bin/python3',
    json: benchArg(argv, 'json'),
    batch: Number(benchArg(argv, 'batch') ?? 400),
    maxCandidates: Number(benchArg(argv, 'max-candidates') ?? 20000),
  };
}

const ROBUSTNESS = resolveMutationConfig('robustness');
const DISTANCE = resolveMutationConfig('distance');

/**
 * One batch of candidates: integrands of the search's kinds; half get new constants (robustness,
 * [-100, 100]: the "larger constants" that trip CAS integrators), a quarter a structural mutation.
 */
function candidates(rng: Rng, count: number): Expr[] {
  return casProblems(rng, count).map((e) => {
    const r = rng.next();
    if (r < 0.5) return mutate(e, rng, ROBUSTNESS);
    if (r < 0.75) return mutate(e, rng, DISTANCE);
    return e;
  });
}

async function collectWrong(
  options: Options,
): Promise<{ wrong: WrongPair[]; candidates: number; asked: number; statuses: Record<string, number>; verdicts: Record<string, number> }> {
  const rng = createRng(options.seed);
  const target = createNerdamerTarget({ timeLimitMs: 3000 });
  const seen = new Set<string>();
  const wrong: WrongPair[] = [];
  const statuses: Record<string, number> = {};
  const verdicts: Record<string, number> = {};
  let made = 0;
  let asked = 0;
  try {
    while (wrong.length < options.wrong && made < options.maxCandidates) {
      const problems: TargetProblem[] = [];
      for (const e of candidates(rng, options.batch)) {
        made++;
        const problem = distinctProblem(e, `c${made}`, seen);
        if (problem !== undefined) problems.push(problem);
      }
      asked += problems.length;
      const outcomes = await target.solve(problems, 1);
      for (let i = 0; i < problems.length; i++) {
        const a = outcomes[i].answers[0];
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        if (a.status !== 'ok' || a.expr === undefined) continue;
        const v = verifyPair(problems[i].expr, a.expr, SEARCH_VERIFY_OPTIONS);
        verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
        if (v.verdict === 'incorrect') {
          wrong.push({ id: problems[i].id, problem: problems[i].infix, answer: toInfix(a.expr), nerdamer: a.text, reason: v.reason });
        }
      }
      process.stderr.write(`\rcandidates ${made}, asked ${asked}, wrong ${wrong.length}   `);
    }
  } finally {
    await target.close();
    process.stderr.write('\n');
  }
  return { wrong, candidates: made, asked, statuses, verdicts };
}

/** Check the pairs with SymPy in `workers` Python processes, each taking every workers-th pair. */
async function sympyCheck(pairs: ReadonlyArray<Pick<WrongPair, 'id' | 'problem' | 'answer'>>, python: string, workers = 2): Promise<SympyCheck[]> {
  const shards = Array.from({ length: workers }, (_, w) => pairs.filter((_, i) => i % workers === w));
  const runs = await Promise.all(
    shards.map((shard) =>
      runPythonJsonLines<SympyCheck>(
        python,
        'cas-sympy-check.py',
        [],
        shard.map((p) => ({ id: p.id, problem: p.problem, answer: p.answer })),
        { stderr: 'inherit' },
      ),
    ),
  );
  return runs.flatMap((r) => r.replies);
}

/** The share of solved answers whose conversion verifies, against the 99 % target, and every answer set aside, by why. */
function printShare(verified: number, solved: number, share: number, setAside: readonly (readonly [string, readonly string[]])[]): void {
  console.log(`  converted answer verifies: ${verified} of ${solved} = ${(100 * share).toFixed(2)} % — target ≥ 99 %: ${share >= 0.99 ? 'met' : 'NOT met'}`);
  for (const [label, lines] of setAside) for (const line of lines) console.log(`  ${label}: ${line}`);
}

async function conversions(system: 'nerdamer' | 'algebrite', options: Options): Promise<ConversionSummary> {
  const problems = distinctCasProblems(`${options.seed}-${system}`, options.conversions);
  const target = system === 'nerdamer' ? createNerdamerTarget({ timeLimitMs: 3000 }) : createAlgebriteTarget({ timeLimitMs: 3000 });
  const started = performance.now();
  try {
    const s = await checkConversions(target, problems, { faithful: nativeFaithfulness(system) });
    // Answers the verifier rejects whose translation was not shown exact (the system's own numeric
    // evaluation can be wrong too): SymPy reads the system's raw text itself, independently of our
    // conversion; where it too finds the answer wrong, the mistake is the system's.
    const suspects = s.suspects.map((x, i) => ({ id: `s${i}`, problem: x.problem, answer: x.text }));
    const sympy = suspects.length > 0 ? await sympyCheck(suspects, options.python) : [];
    const sympyWrong = sympy.filter((c) => c.verdict === 'incorrect').length;
    const { verified, solved, share } = conversionShare(s, sympyWrong);
    console.log(
      `${system}: ${problems.length} distinct problems, ${((performance.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(s.statuses)}; verdicts ${JSON.stringify(s.verdicts)}`,
    );
    console.log(
      `  the system's own mistakes (translation shown exact) ${s.systemWrong.length}; translation refuted ${s.unfaithful.length}; ` +
        `faithfulness undecided ${s.undecided}; verifier unknown ${s.unknown.length}`,
    );
    for (const c of sympy) {
      const x = s.suspects[Number(c.id.slice(1))];
      console.log(`  rejected, translation not shown exact; SymPy on the raw text: ${c.verdict} (${c.detail}): ∫ ${x.problem} dx = ${x.text}`);
    }
    console.log(`  of ${s.suspects.length} such answers SymPy finds ${sympyWrong} wrong as the system printed them: the system's mistakes`);
    printShare(verified, solved, share, [
      ['read through its real form', s.imaginary],
      ['translation refuted', s.unfaithful],
      ['unparseable', s.unparseable],
      ['not judged (error)', s.errors],
      ['verifier unknown', s.unknown],
    ]);
    return s;
  } finally {
    await target.close();
  }
}

/** SymPy's answers to the first `options.integrands` integrands of testkit/integrands.ts, read back and verified. */
async function sympyConversions(options: Options): Promise<ConversionSummary> {
  const texts = integrands(options.integrands);
  const problems: TargetProblem[] = texts.map((text, i) => {
    const expr = parseExpr(text);
    return { id: `i${i}`, expr, infix: toInfix(expr), latex: toLatex(expr) };
  });
  const target = await createSympyTarget({ python: options.python, timeoutMs: 120_000, processes: 2 });
  const started = performance.now();
  try {
    const s = await checkConversions(target, problems);
    const { verified, solved, share } = conversionShare(s);
    console.log(
      `sympy: ${problems.length} integrands (${new Set(texts).size} distinct), ${((performance.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(s.statuses)}; verdicts ${JSON.stringify(s.verdicts)}`,
    );
    printShare(verified, solved, share, [
      ['rejected', s.incorrect],
      ['unparseable', s.unparseable],
      ['not judged (error)', s.errors],
      ['verifier unknown', s.unknown],
    ]);
    return s;
  } finally {
    await target.close();
  }
}

/** The figures, printed; options as in the header, from `argv`. Run by bench/targets.ts. */
export async function runCasPrecision(argv: readonly string[]): Promise<void> {
  const options = parseOptions(argv);
  const converted: Record<string, ConversionSummary> = {};
  if (options.conversions > 0) {
    console.log(`Conversion of CAS answers (seed ${options.seed}, SEARCH_VERIFY_OPTIONS)`);
    for (const system of ['nerdamer', 'algebrite'] as const) converted[system] = await conversions(system, options);
    console.log('');
  }
  if (options.integrands > 0) {
    console.log('Conversion of SymPy answers to the integrands of testkit/integrands.ts (SEARCH_VERIFY_OPTIONS)');
    converted.sympy = await sympyConversions(options);
    console.log('');
  }
  if (options.wrong <= 0) {
    if (options.json !== undefined) writeFileSync(options.json, JSON.stringify({ options, converted }, null, 2));
    return;
  }
  const started = performance.now();
  const collected = await collectWrong(options);
  const collectSeconds = (performance.now() - started) / 1000;
  const checkStarted = performance.now();
  const checks = await sympyCheck(collected.wrong, options.python);
  const checkSeconds = (performance.now() - checkStarted) / 1000;
  const byId = new Map(checks.map((c) => [c.id, c]));
  const counts = { incorrect: 0, correct: 0, unknown: 0 };
  const disagreements: Array<WrongPair & { sympy: SympyCheck | undefined }> = [];
  for (const p of collected.wrong) {
    const c = byId.get(p.id);
    const verdict = c?.verdict ?? 'unknown';
    counts[verdict]++;
    if (verdict !== 'incorrect') disagreements.push({ ...p, sympy: c });
  }
  const total = collected.wrong.length;
  const precision = total === 0 ? 0 : counts.incorrect / total;
  console.log(`nerdamer answers classified wrong by sagga's verifier, checked by SymPy (seed ${options.seed})`);
  console.log(
    `candidates made ${collected.candidates}, asked (valid, distinct) ${collected.asked}; target statuses ${JSON.stringify(collected.statuses)}; verdicts ${JSON.stringify(collected.verdicts)}`,
  );
  console.log(`collect ${collectSeconds.toFixed(1)} s, SymPy check ${checkSeconds.toFixed(1)} s`);
  console.log(`SymPy verdicts on the ${total} wrong answers: incorrect ${counts.incorrect}, correct ${counts.correct}, unknown ${counts.unknown}`);
  console.log(`precision (SymPy agrees the answer is wrong) ${(100 * precision).toFixed(2)} % — target ≥ 99 %: ${precision >= 0.99 ? 'met' : 'NOT met'}`);
  for (const d of disagreements) {
    console.log(
      `  SymPy ${d.sympy?.verdict ?? 'no reply'} (${d.sympy?.symbolic}/${d.sympy?.numeric}: ${d.sympy?.detail}): ∫ ${d.problem} dx = ${d.answer} — sagga: ${d.reason}`,
    );
  }
  if (options.json !== undefined) {
    writeFileSync(options.json, JSON.stringify({ options, converted, ...collected, checks, counts, precision }, null, 2));
  }
}
