import { countNodes } from '../expr/metrics.js';
import { tryParseExpr } from '../expr/parse.js';
import { signature } from '../expr/signature.js';
import { toInfix } from '../expr/toInfix.js';
import type { Expr } from '../expr/types.js';
import { judgeOutcome, type VerifyPair } from '../judge/judgeOutcome.js';
import type { AnswerRecord, FailureKind, Judgement, Proof } from '../judge/judgeTypes.js';
import { isProvenFailure } from '../shrink/isProvenFailure.js';
import { shrinkFailure } from '../shrink/shrinkFailure.js';
import { ANSWER_LIMITS } from '../targets/answerReading.js';
import type { CheckCandidate, ProbeCache, ProbeRecord, ShrinkProbe, ShrinkStop } from '../shrink/types.js';
import type { Rng } from '../util/rng.js';
import { answersFromRecords } from './answersFromRecords.js';

/** What `sagga archive shrink` adds to an archive line (docs/FORMATS.md). */
export interface ShrunkLine {
  readonly minimal: { readonly problem: string; readonly answers: readonly AnswerRecord[]; readonly proof: Proof | null; readonly nodes: number };
  readonly signature: string;
  readonly shrink: {
    /** Target calls the shrinking charged (at most `max_calls`). */
    readonly calls: number;
    readonly max_calls: number;
    /** References asked to prove the archived problem itself (an older run's line has no proof). */
    readonly proof_calls: number;
    readonly probes: number;
    readonly steps: number;
    /** `unproven`: the archived failure could not be proven, so its problem is its own minimal form. */
    readonly stopped: ShrinkStop | 'unproven';
    readonly reason?: string;
  };
}

export interface ShrinkLineServices {
  readonly verify: VerifyPair;
  readonly checkCandidate: CheckCandidate;
  /** This line's generator (forked from the run's seed by the line's id). */
  readonly rng: Rng;
  readonly maxCalls: number;
  /** How many references a probe may ask after the target (its cost is 1 + this at most). */
  readonly referenceCount: number;
  /** The probe for failures of one kind, and the cache of its earlier answers. */
  readonly probe: (kind: FailureKind) => ShrinkProbe;
  readonly cache: (kind: FailureKind) => ProbeCache;
  /** Prove a failure with no verified-wrong answer by the references (cached; each reference asked costs one). */
  readonly prove: (problem: Expr, judgement: Judgement) => Promise<ProbeRecord>;
}

const FAILURE_KINDS: readonly FailureKind[] = ['wrong', 'unparseable', 'no-answer', 'timeout'];

/**
 * Shrink one archive line (untrusted JSON): judge its stored answers again (no call), prove the
 * failure (the verifier's refutation, the line's own reference proof checked again, or the
 * references asked now), then `shrinkFailure`. A line whose failure cannot be proven keeps its
 * problem and answers as its minimal form, with a null proof and the reason. Undefined when the
 * line is not an archive line sagga can read (no problem, an unknown kind): it is left as it is.
 */
export async function shrinkArchiveLine(line: Readonly<Record<string, unknown>>, services: ShrinkLineServices): Promise<ShrunkLine | undefined> {
  if (typeof line.problem !== 'string' || !FAILURE_KINDS.includes(line.kind as FailureKind)) return undefined;
  const kind = line.kind as FailureKind;
  const parsed = tryParseExpr(line.problem);
  if (!parsed.ok) return undefined;
  const problem = parsed.expr;
  let proofCalls = 0;
  const unproven = (reason: string, answers: readonly AnswerRecord[]): ShrunkLine => ({
    minimal: { problem: toInfix(problem), answers, proof: null, nodes: countNodes(problem).nodes },
    signature: signature(problem),
    shrink: { calls: 0, max_calls: services.maxCalls, proof_calls: proofCalls, probes: 0, steps: 0, stopped: 'unproven', reason },
  });

  const given = answersFromRecords(line.answers);
  const archivedAnswers = Array.isArray(line.answers) ? (line.answers as AnswerRecord[]) : [];
  if (given === undefined) return unproven('its answers cannot be read back', archivedAnswers);
  let { judgement } = await judgeOutcome(problem, given, services.verify);
  if (judgement.status === 'fail' && judgement.proof === null) {
    const kept = await checkedReferenceProof(line.proof, problem, services.verify);
    if (kept !== null) {
      const { unproven: _settled, ...rest } = judgement;
      judgement = { ...rest, proof: kept };
    } else {
      const proven = await services.prove(problem, judgement);
      proofCalls = proven.calls;
      judgement = proven.judgement;
    }
  }
  if (judgement.status !== 'fail') return unproven(`its answers no longer judge as a failure (${judgement.status}: ${judgement.reason})`, judgement.answers);
  if (judgement.kind !== kind) return unproven(`its answers now judge as ${judgement.kind}, not ${kind}`, judgement.answers);
  if (judgement.proof === null) return unproven(judgement.unproven ?? 'unproven', judgement.answers);

  const result = await shrinkFailure(problem, services.probe(kind), {
    judgement,
    rng: services.rng,
    maxCalls: services.maxCalls,
    maxProbeCalls: kind === 'wrong' ? 1 : 1 + services.referenceCount,
    checkCandidate: services.checkCandidate,
    cache: services.cache(kind),
  });
  return {
    minimal: {
      problem: result.infix,
      answers: result.judgement.answers,
      proof: isProvenFailure(result.judgement) ? result.judgement.proof : null,
      nodes: result.nodes,
    },
    signature: signature(result.problem),
    shrink: {
      calls: result.calls,
      max_calls: services.maxCalls,
      proof_calls: proofCalls,
      probes: result.probes,
      steps: result.steps.length,
      stopped: result.stopped,
    },
  };
}

/** The line's own reference proof, when its answer still verifies as an antiderivative of the problem. */
async function checkedReferenceProof(proof: unknown, problem: Expr, verify: VerifyPair): Promise<Proof | null> {
  if (typeof proof !== 'object' || proof === null) return null;
  const p = proof as Record<string, unknown>;
  if (p.by !== 'reference' || typeof p.reference !== 'string' || typeof p.answer !== 'string') return null;
  const answer = tryParseExpr(p.answer, ANSWER_LIMITS);
  if (!answer.ok) return null;
  try {
    const verdict = await verify(problem, answer.expr);
    return verdict.verdict === 'correct' ? { by: 'reference', reference: p.reference, answer: toInfix(answer.expr), reason: verdict.reason } : null;
  } catch {
    return null;
  }
}
