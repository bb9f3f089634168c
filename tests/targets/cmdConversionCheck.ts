import { toInfix } from '../../src/expr/toInfix.js';
import type { AnswerStatus, Target, TargetProblem } from '../../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

export interface ConversionSummary {
  readonly statuses: Record<AnswerStatus, number>;
  readonly verdicts: Record<string, number>;
  /** Answers read back that the verifier calls incorrect: a conversion bug until shown otherwise. */
  readonly incorrect: string[];
  readonly unparseable: string[];
  /** Answers the verifier could not decide, with its reason. */
  readonly unknown: string[];
}

/**
 * Run `problems` through a CAS target and verify every answer that was read back. A CAS is right
 * on what it answers, so an `incorrect` verdict means our translation (to the CAS or back) lost
 * something.
 */
export async function checkConversions(target: Target, problems: readonly TargetProblem[]): Promise<ConversionSummary> {
  const outcomes = await target.solve(problems, 1);
  const statuses: Record<AnswerStatus, number> = { ok: 0, unparseable: 0, 'no-answer': 0, timeout: 0, error: 0 };
  const verdicts: Record<string, number> = {};
  const incorrect: string[] = [];
  const unparseable: string[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < outcomes.length; i++) {
    const p = problems[i];
    if (outcomes[i].id !== p.id || outcomes[i].answers.length !== 1) throw new Error(`outcome ${i} does not match its problem`);
    const a = outcomes[i].answers[0];
    statuses[a.status]++;
    if (a.status === 'unparseable') unparseable.push(`${p.infix} -> ${a.text.slice(0, 120)}: ${a.error}`);
    if (a.status !== 'ok') continue;
    // The machine is shared: a generous budget keeps the verdicts independent of its load.
    const v = await verifyPair(p.expr, a.expr!, SEARCH_VERIFY_OPTIONS);
    if (v.verdict === 'unknown') unknown.push(`∫ ${p.infix} dx = ${toInfix(a.expr!)}: ${v.reason}`);
    verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
    if (v.verdict === 'incorrect') incorrect.push(`∫ ${p.infix} dx = ${a.text} (read as ${toInfix(a.expr!)}): ${v.reason}`);
  }
  return { statuses, verdicts, incorrect, unparseable, unknown };
}
