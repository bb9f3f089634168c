import { createHash } from 'node:crypto';
import { parseExpr } from '../src/expr/parse.js';
import type { Expr } from '../src/expr/types.js';
import type { VerifyPair } from '../src/judge/judgeOutcome.js';
import { silentProgress } from '../src/search/progressReporter.js';
import { searchWithServices, type SearchCommandResult } from '../src/search/searchWithServices.js';
import { toInfix } from '../src/expr/toInfix.js';
import type { ProblemOutcome, Target, TargetProblem } from '../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../src/verify/types.js';
import { verifyPair } from '../src/verify/verifyPair.js';

/** The name a scripted run records as its target (config.json, every archive line). */
export const SCRIPTED_TARGET = 'scripted';

/** The scripted target's wrong answer: `x`, an antiderivative of `1` only. */
const WRONG_ANSWER = 'x';

/**
 * The deterministic rule of the scripted target: it gets a problem wrong when the SHA-256 of the
 * problem's canonical infix is odd (about half of all problems), and right otherwise.
 */
export function scriptedFails(problemInfix: string): boolean {
  const digest = createHash('sha256').update(problemInfix).digest();
  return (digest[digest.length - 1] & 1) === 1;
}

/**
 * A scripted in-process target, no model: to a problem it fails (`scriptedFails`) it answers `x`,
 * which the real verifier then finds wrong (for every problem but `1`); to the others it answers the
 * problem back, marked as solved, which `scriptedVerify` accepts without differentiating.
 */
export function scriptedTarget(): Target {
  const wrong = parseExpr(WRONG_ANSWER);
  let requests = 0;
  return {
    name: SCRIPTED_TARGET,
    async solve(problems: readonly TargetProblem[], k: number): Promise<ProblemOutcome[]> {
      requests += problems.length;
      return problems.map((p) => ({
        id: p.id,
        answers: Array.from({ length: Math.max(1, k) }, () =>
          scriptedFails(p.infix)
            ? { status: 'ok' as const, text: WRONG_ANSWER, expr: wrong, latencyMs: 0 }
            : { status: 'ok' as const, text: p.infix, expr: p.expr, latencyMs: 0 },
        ),
      }));
    },
    stats: () => ({ requests, errors: 0, timeouts: 0, restarts: 0, cacheHits: 0, tokens: { prompt: 0, completion: 0, total: 0 } }),
    close: async () => {},
    describe: () => ({ rule: 'wrong answer x when sha256(problem) is odd' }),
  };
}

/**
 * The verifier of a scripted run: the answers to problems the script solves are taken as correct
 * (no integrator could produce them); every other answer goes to the real verifier.
 */
export const scriptedVerify: VerifyPair = (problem: Expr, answer: Expr) => {
  if (!scriptedFails(toInfix(problem))) return { verdict: 'correct', reason: "solved by the scripted target's rule", ms: 0 };
  return verifyPair(problem, answer, SEARCH_VERIFY_OPTIONS);
};

export interface ScriptedRunOptions {
  /** Archive size to reach. */
  readonly failures: number;
  /** `--rng-seed`. Default `scripted`. */
  readonly seed?: string;
  /** Fitness spec (`short`, `length:<L>`, …). Default `short`. */
  readonly fitness?: string;
  /** Candidates per generation. Default 200. */
  readonly generationSize?: number;
}

/**
 * Write a real run directory for demos, tests and benchmarks of the report and the archive
 * commands, without a model: `sagga search` (`searchWithServices`, so `runGenerations` and its run files)
 * against the scripted target, with the canary check off (the target answers wrong on purpose).
 */
export async function makeScriptedRun(dir: string, options: ScriptedRunOptions): Promise<SearchCommandResult> {
  const generationSize = options.generationSize ?? 200;
  const result = await searchWithServices(
    {
      out: dir,
      target: SCRIPTED_TARGET,
      rngSeed: options.seed ?? 'scripted',
      fitness: options.fitness ?? 'short',
      generationSize,
      seedSize: Math.min(24, generationSize),
      clusters: Math.min(10, generationSize),
      archiveSize: options.failures,
      maxGenerations: 500,
      concurrency: 1,
      canaries: false,
    },
    { createTarget: () => scriptedTarget(), verify: scriptedVerify },
    { signal: new AbortController().signal, progress: silentProgress() },
  );
  if (result.summary.stopReason === 'interrupted' || result.summary.stopReason === 'target-broken')
    throw new Error(`scripted run in ${dir} stopped: ${result.summary.stopReason}`);
  return result;
}
