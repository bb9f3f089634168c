import type { VerifyPair } from '../judge/judgeOutcome.js';
import type { Target } from '../targets/types.js';
import { createRng, type Rng } from '../util/rng.js';
import { exponentProblems } from './exponentProblems.js';
import { judgeProblems } from './judgeProblems.js';
import { neighbourProblems } from './neighbourProblems.js';
import { DEFAULT_OPERATOR_BUCKETS, operatorProblems } from './operatorProblems.js';
import { fileProblems, primitiveProblems } from './suiteProblems.js';
import type { JudgedProblem, SuiteName, SuiteProblem, SuiteRow, SuiteTable } from './suiteTypes.js';
import { sumProblems } from './sumProblems.js';
import { tabulate } from './tabulate.js';

/** Coefficient ranges of the paper's Figure 2, [lo, hi). */
export const EXTRAPOLATION_RANGES: readonly (readonly [number, number])[] = [
  [1, 100],
  [100, 200],
  [200, 300],
  [300, 400],
  [400, 500],
  [1000, 2000],
  [10000, 11000],
];

export interface SuiteOptions {
  /** The Fail@k values to report; the target is asked once for max(ks) answers. */
  readonly ks: readonly number[];
  /** Samples per primitive (primitives, extrapolation, and the base problems of neighbours /
   * compositionality when `of` is 'primitives'), or per sum size (compositionality). */
  readonly n: number;
  readonly rngSeed: string;
  /** Inclusive coefficient range of `primitives` (and of primitive bases). Default [1, 100]. */
  readonly range?: readonly [number, number];
  /** Base problems of neighbours / compositionality: 'primitives' (default) or a file path. */
  readonly of?: string;
  /** Rows of `operators`: inclusive operator-count ranges of the problems (default 1–5 … 26–30). */
  readonly operators?: readonly (readonly [number, number])[];
}

export interface SuiteDeps {
  readonly target: Target;
  readonly verify: VerifyPair;
  readonly signal?: AbortSignal;
  readonly onProgress?: (stage: string, done: number, total: number) => void;
}

export interface SuiteResult {
  readonly table: SuiteTable;
  /** Every problem asked, with its answers and status per k. */
  readonly judged: readonly JudgedProblem[];
}

const DEFAULT_RANGE: readonly [number, number] = [1, 100];
const SUM_SIZES = [2, 3, 4] as const;

/** Run one of the paper's rule-based probes against `target` and tabulate Fail@k. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one case per probe of the paper, each a few lines that build its problems and columns
export async function runSuite(name: SuiteName, options: SuiteOptions, deps: SuiteDeps): Promise<SuiteResult> {
  const started = performance.now();
  if (options.ks.length === 0 || options.ks.some((k) => !Number.isSafeInteger(k) || k < 1)) throw new Error('k values must be whole numbers ≥ 1');
  if (!Number.isSafeInteger(options.n) || options.n < 1) throw new Error('n must be a whole number ≥ 1');
  const ks = [...new Set(options.ks)].sort((a, b) => a - b);
  const rng = createRng(options.rngSeed);
  const notes: string[] = [];
  const judge = (stage: string, problems: readonly SuiteProblem[]) =>
    judgeProblems(deps.target, problems, ks, deps.verify, { signal: deps.signal, onProgress: (d, t) => deps.onProgress?.(stage, d, t) });
  const range = options.range ?? DEFAULT_RANGE;
  if (!(range[0] <= range[1])) throw new Error(`empty coefficient range [${range[0]}, ${range[1]}]`);
  let labelColumns: string[];
  let rows: SuiteRow[];
  let judged: JudgedProblem[];

  switch (name) {
    case 'primitives': {
      judged = await judge('primitives', primitiveProblems(rng.fork('primitives'), options.n, range[0], range[1] + 1));
      labelColumns = ['primitive'];
      rows = tabulate(judged, ks);
      break;
    }
    case 'extrapolation': {
      const problems = EXTRAPOLATION_RANGES.flatMap(([lo, hi]) =>
        primitiveProblems(rng.fork(`range ${lo}`), options.n, lo, hi, [`[${lo}, ${hi})`], `[${lo},${hi}) `),
      );
      judged = await judge('extrapolation', problems);
      labelColumns = ['coefficients', 'primitive'];
      rows = tabulate(judged, ks, true);
      break;
    }
    case 'exponents': {
      judged = await judge('exponents', exponentProblems(rng.fork('exponents'), options.n));
      labelColumns = ['exponents', 'primitive'];
      rows = tabulate(judged, ks, true);
      break;
    }
    case 'operators': {
      const buckets = options.operators ?? DEFAULT_OPERATOR_BUCKETS;
      if (buckets.length === 0 || buckets.some(([lo, hi]) => !Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || lo < 1 || hi < lo))
        throw new Error('operator counts must be ranges LO-HI of whole numbers with 1 ≤ LO ≤ HI');
      judged = await judge('operators', operatorProblems(rng.fork('operators'), options.n, buckets, notes));
      labelColumns = ['operators'];
      rows = tabulate(judged, ks);
      notes.push(
        "Each problem is the derivative of a random antiderivative (Lample & Charton's grammar) that the verifier confirms, so it has an elementary antiderivative; rows count the operators of the problem itself.",
      );
      break;
    }
    case 'neighbours': {
      const bases = baseProblems(options, range, rng.fork('bases'), notes);
      const judgedBases = await judge(
        'base problems',
        bases.map((b) => ({ ...b, row: ['base problems', b.row[0]] })),
      );
      const solved = solvedOf(bases, judgedBases, ks[0]);
      const neighbours = neighbourProblems(solved, rng.fork('neighbours'));
      notes.push(`${solved.length} of ${bases.length} base problems were solved at k=${ks[0]}; their neighbours were asked.`);
      const judgedNeighbours = await judge('neighbours', neighbours);
      judged = [...judgedBases, ...judgedNeighbours];
      labelColumns = ['neighbourhood', 'source'];
      rows = tabulate(judged, ks, true);
      break;
    }
    case 'compositionality': {
      const bases = baseProblems(options, range, rng.fork('bases'), notes);
      const judgedBases = await judge(
        'base problems',
        bases.map((b) => ({ ...b, row: ['single'] })),
      );
      const solved = solvedOf(bases, judgedBases, ks[0]);
      const sums = sumProblems(solved, SUM_SIZES, options.n, rng.fork('sums'), notes);
      notes.push(`${solved.length} of ${bases.length} base problems were solved at k=${ks[0]}; sums are built from them.`);
      judged = [...judgedBases, ...(await judge('sums', sums))];
      labelColumns = ['terms'];
      rows = tabulate(judged, ks);
      break;
    }
  }
  const table: SuiteTable = {
    suite: name,
    target: deps.target.name,
    ks,
    labelColumns,
    rows,
    settings: {
      suite: name,
      target: deps.target.name,
      ks,
      n: options.n,
      rngSeed: options.rngSeed,
      range,
      of: options.of ?? 'primitives',
      ...(name === 'operators' ? { operators: options.operators ?? DEFAULT_OPERATOR_BUCKETS } : {}),
    },
    seconds: (performance.now() - started) / 1000,
    notes,
  };
  return { table, judged };
}

function baseProblems(options: SuiteOptions, range: readonly [number, number], rng: Rng, notes: string[]): SuiteProblem[] {
  const of = options.of ?? 'primitives';
  if (of === 'primitives') return primitiveProblems(rng, options.n, range[0], range[1] + 1);
  return fileProblems(of, notes, undefined, rng);
}

/** The base problems the target solved (status `pass` at k). */
function solvedOf(bases: readonly SuiteProblem[], judged: readonly JudgedProblem[], k: number): SuiteProblem[] {
  const passed = new Set(judged.filter((j) => j.status[String(k)] === 'pass').map((j) => j.id));
  return bases.filter((b) => passed.has(b.id));
}
