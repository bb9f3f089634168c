import type { ParameterValues } from '../expr/edit/instantiate.js';
import { createRng, type Rng } from '../util/rng.js';
import { drawInstantiations } from './drawInstantiations.js';
import { describeParameterValues } from './describeParameterValues.js';
import { parameterNames, type ParameterAssumptions } from './parameterAssumptions.js';
import type { Verdict, VerifyResult } from './types.js';

/** Instantiations an answer is checked over, unless a caller says otherwise. */
export const DEFAULT_INSTANTIATIONS = 4;
/** The seed of the default generator: the values drawn, and so a pair's verdict, depend on the pair alone. */
export const INSTANTIATION_SEED = 'sagga/parameters';

export interface InstantiationOptions {
  /** How many instantiations (default DEFAULT_INSTANTIATIONS). */
  readonly instantiations?: number;
  /** Where the values come from (default: a generator seeded with INSTANTIATION_SEED). */
  readonly rng?: Rng;
}

/** What a task's string entry point takes for a line with parameters. */
export interface ParametricOptions extends InstantiationOptions {
  /** The line's `parameters`: the names its fields may use and what each is assumed to be. */
  readonly parameters?: ParameterAssumptions;
}

/** Worst first: a proven error outranks a pair that cannot be posed for some values, which outranks doubt. */
const SEVERITY: Readonly<Record<Verdict, number>> = { incorrect: 3, invalid: 2, unknown: 1, correct: 0 };

/**
 * A task's verification of one pair with parameters, run over several random instantiations of them
 * within their assumptions (drawInstantiations: seeded, DEFAULT_INSTANTIATIONS of them, magnitudes
 * over [1/10, 10] away from simple fractions). `verifyOne` gets each instantiation's values (it puts
 * them in place with expr/edit/instantiate.ts and verifies as without parameters). The worst
 * verdict wins (incorrect, then invalid, then unknown, then correct), stopping at the first
 * `incorrect`, and its reason names the instantiation: `incorrect for A = 2.37: …`. Each
 * instantiation spends a pair's budget of its own, so the work is at most `instantiations` times
 * one pair's.
 *
 * Without parameters, `verifyOne({})` is the verdict, returned as it is.
 */
export function verifyOverInstantiations<R extends VerifyResult>(
  parameters: ParameterAssumptions,
  verifyOne: (values: ParameterValues) => R,
  options: InstantiationOptions = {},
): R {
  const names = parameterNames(parameters);
  if (names.length === 0) return verifyOne({});
  const started = performance.now();
  const count = Math.max(1, Math.floor(options.instantiations ?? DEFAULT_INSTANTIATIONS));
  const rng = options.rng ?? createRng(INSTANTIATION_SEED);
  const draws = drawInstantiations(names.map((n) => [n, parameters[n] ?? 'positive'] as const), count, rng);
  let worst: { result: R; values: ParameterValues } | undefined;
  let work = 0;
  const shown: string[] = [];
  for (const values of draws) {
    const result = verifyOne(values);
    work += result.work ?? 0;
    shown.push(describeParameterValues(values));
    if (worst === undefined || SEVERITY[result.verdict] > SEVERITY[worst.result.verdict]) worst = { result, values };
    if (result.verdict === 'incorrect') break;
  }
  const { result, values } = worst!;
  const reason =
    result.verdict === 'correct'
      ? `correct for ${list(shown)}: ${result.reason}`
      : `${result.verdict} for ${describeParameterValues(values)}: ${result.reason}`;
  return { ...result, reason, ms: performance.now() - started, ...(work > 0 ? { work } : {}) };
}

function list(items: readonly string[]): string {
  if (items.length === 1) return items[0];
  return `each of ${items.map((s) => (s.includes(',') ? `(${s})` : s)).join('; ')}`;
}
