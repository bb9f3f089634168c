import { toInfix } from '../expr/toInfix.js';
import type { Expr } from '../expr/types.js';
import type { TargetAnswer } from '../targets/types.js';
import type { VerifyPair } from './judgeOutcome.js';
import type { Judgement } from './judgeTypes.js';

/** A reference target, seen through what the caller lets it do: ask it one problem (cached, journaled, counted). */
export interface Reference {
  /** Its spec, as recorded in the proof (`nerdamer`, `algebrite`, …). */
  readonly name: string;
  /** The reference's answers to the problem; faults are values (statuses), never throws. */
  readonly ask: () => Promise<readonly TargetAnswer[]>;
}

export interface ReferenceProof {
  readonly judgement: Judgement;
  /** References asked (each one call). */
  readonly calls: number;
}

/**
 * Prove a failure that has no verified-wrong answer (declined, unreadable, timed out). Declining an
 * integral with no elementary antiderivative is the right answer, so such a failure counts only when
 * some reference target returns an answer the verifier calls correct: the integral has a closed form
 * and the model did not give it (for another task: the problem has an answer, the reference's,
 * verified as a model's would be). References are asked in order until one proves it. Any other
 * judgement, or a failure already proven, is returned as it is without asking anyone.
 */
export async function proveByReference<P = Expr>(
  problem: P,
  judgement: Judgement,
  references: readonly Reference[],
  verify: VerifyPair<P>,
): Promise<ReferenceProof> {
  if (judgement.status !== 'fail' || judgement.proof !== null) return { judgement, calls: 0 };
  let calls = 0;
  const tried: string[] = [];
  for (const reference of references) {
    calls++;
    const answers = await reference.ask();
    let outcome = 'no closed form';
    for (const answer of answers) {
      if (answer.status !== 'ok') {
        outcome = answer.status;
        continue;
      }
      let verdict: Awaited<ReturnType<typeof verify>>;
      try {
        verdict = await verify(problem, answer.expr);
      } catch {
        outcome = 'verifier failed';
        continue;
      }
      if (verdict.verdict === 'correct') {
        const { unproven: _settled, ...proven } = judgement;
        return { judgement: { ...proven, proof: { by: 'reference', reference: reference.name, answer: toInfix(answer.expr), reason: verdict.reason } }, calls };
      }
      outcome = `answer ${verdict.verdict}`;
    }
    tried.push(`${reference.name}: ${outcome}`);
  }
  const why = judgement.unproven ?? 'unproven';
  const detail = tried.length > 0 ? ` (${tried.join('; ')})` : ' (no reference configured)';
  return { judgement: { ...judgement, unproven: `${why}${detail}` }, calls };
}
