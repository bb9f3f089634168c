import { toInfix } from '../expr/toInfix.js';
import { toLatex } from '../expr/toLatex.js';
import type { Expr } from '../expr/types.js';
import { judgeOutcome, type VerifyPair } from '../judge/judgeOutcome.js';
import type { FailureKind } from '../judge/judgeTypes.js';
import { proveByReference } from '../judge/proveByReference.js';
import type { Target, TargetAnswer } from '../targets/types.js';
import type { ShrinkProbe } from './types.js';

export interface TargetProbeOptions {
  readonly target: Target;
  /** Answers asked per problem (Fail@k), as in the run. */
  readonly k: number;
  readonly verify: VerifyPair;
  /**
   * The kind of the failure being shrunk. References are asked only to prove a candidate that failed
   * this way without a proof: a candidate that failed otherwise is rejected whatever they say.
   */
  readonly kind: FailureKind;
  /** The reference targets, in the order they are asked; opened only when one is first needed. */
  readonly references: () => Promise<readonly Target[]>;
}

/**
 * A `ShrinkProbe` that asks `target` for `k` answers, judges them (`judgeOutcome`) and, for a failure
 * of the kind being shrunk that has no verified-wrong answer, asks the references until one proves it
 * (`proveByReference`). Each call to the target or a reference counts one.
 */
export function targetProbe(options: TargetProbeOptions): ShrinkProbe {
  let asked = 0;
  const ask = async (target: Target, expr: Expr, k: number): Promise<readonly TargetAnswer[]> => {
    const [outcome] = await target.solve([{ id: `shrink-${++asked}`, expr, infix: toInfix(expr), latex: toLatex(expr) }], k);
    return outcome?.answers ?? [];
  };
  return async (candidate) => {
    const { judgement } = await judgeOutcome(candidate, await ask(options.target, candidate, options.k), options.verify);
    if (judgement.status !== 'fail' || judgement.proof !== null || judgement.kind !== options.kind) return { judgement, calls: 1 };
    const references = (await options.references()).map((reference) => ({ name: reference.name, ask: () => ask(reference, candidate, 1) }));
    const proven = await proveByReference(candidate, judgement, references, options.verify);
    return { judgement: proven.judgement, calls: 1 + proven.calls };
  };
}
