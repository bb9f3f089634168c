import type { Judge, JudgeEvalReport, JudgeScore, LabelledPair, PairVerdict } from './judgeEvalTypes.js';
import { scoreVerdicts } from './scoreVerdicts.js';

export interface JudgeEvalOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (judge: string, done: number, total: number) => void;
}

export interface JudgeEvalResult {
  readonly report: JudgeEvalReport;
  /** Each judge's verdicts, per pair, in the order of the pairs. */
  readonly verdicts: ReadonlyMap<string, readonly PairVerdict[]>;
}

/**
 * Run every judge over the labelled pairs, one judge after the other (so each one's time is its
 * own), and score its verdicts against the labels: TPR, TNR, PPV, NPV, macro-F1, the confusion
 * matrix with undecided verdicts apart, wall time and time per pair.
 */
export async function runJudgeEval(pairs: readonly LabelledPair[], judges: readonly Judge[], options: JudgeEvalOptions = {}): Promise<JudgeEvalResult> {
  const scores: JudgeScore[] = [];
  const verdicts = new Map<string, readonly PairVerdict[]>();
  const labels = pairs.map((p) => p.label);
  for (const judge of judges) {
    if (options.signal?.aborted) throw new Error('interrupted');
    const started = performance.now();
    const given = await judge.judge(pairs, { signal: options.signal, onProgress: (done, total) => options.onProgress?.(judge.name, done, total) });
    const seconds = (performance.now() - started) / 1000;
    // An interrupted judge's last verdicts are the interruption's, not its own.
    if (options.signal?.aborted) throw new Error('interrupted');
    if (given.length !== pairs.length || given.some((v, i) => v.id !== pairs[i].id))
      throw new Error(`judge ${judge.name} returned verdicts out of step with the pairs`);
    verdicts.set(judge.name, given);
    scores.push({
      judge: judge.name,
      ...scoreVerdicts(labels, given),
      seconds,
      ms_per_pair: pairs.length === 0 ? 0 : (1000 * seconds) / pairs.length,
      settings: judge.describe(),
    });
  }
  return { report: { pairs: pairs.length, judges: scores }, verdicts };
}
