import type { Rng } from '../util/rng.js';
import type { Judge } from './judgeEvalTypes.js';

/** What the judges need besides their spec. */
export interface JudgeSettings {
  /** sympy-simplify: SymPy's time per pair (seconds). */
  readonly sympyTimeoutSeconds?: number;
  /** cmd: how long one pair may go unanswered (ms). */
  readonly timeLimitMs?: number;
  /** cmd: pairs in flight; openai: requests open at once. */
  readonly concurrency?: number;
  readonly openai?: {
    readonly baseURL?: string;
    readonly temperature?: number;
    readonly maxTokens?: number;
    readonly retries?: number;
    readonly requestTimeoutMs?: number;
    readonly maxResponseBytes?: number;
  };
  readonly rng: Rng;
}

/** The judge specs `sagga judge-eval --judge` takes, for help and messages. */
export const JUDGE_SPECS: readonly string[] = ['sagga', 'sympy-simplify', 'cmd:<command line>', 'openai:<model>'];

/**
 * The judge named by `spec`; its code is imported only when named. Throws, naming the valid forms,
 * on an unknown spec, and with the package to install when SymPy is missing.
 */
export async function createJudge(spec: string, settings: JudgeSettings): Promise<Judge> {
  const s = spec.trim();
  if (s === 'sagga') return (await import('./saggaJudge.js')).saggaJudge();
  if (s === 'sympy-simplify') return (await import('./sympySimplifyJudge.js')).sympySimplifyJudge({ timeoutSeconds: settings.sympyTimeoutSeconds });
  if (s.startsWith('cmd:')) {
    const command = s.slice(4).trim();
    if (command === '') throw new Error('--judge cmd: needs a command line after "cmd:", e.g. cmd:"node examples/judge-eval/naive-judge.mjs"');
    return (await import('./cmdJudge.js')).cmdJudge({ command, timeoutMs: settings.timeLimitMs, maxInFlight: settings.concurrency });
  }
  if (s.startsWith('openai:')) {
    const model = s.slice(7).trim();
    if (model === '') throw new Error('--judge openai: needs a model name after "openai:", e.g. openai:gpt-4o-mini');
    return (await import('./openaiJudge.js')).openaiJudge({
      model,
      ...settings.openai,
      concurrency: settings.concurrency,
      rng: settings.rng.fork('openai-judge-backoff'),
    });
  }
  throw new Error(`unknown judge '${spec}': expected one of ${JUDGE_SPECS.join(', ')}`);
}
