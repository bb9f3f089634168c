import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCandidate } from '../constraints/checkCandidate.js';
import { parseExpr } from '../src/expr/parse.js';
import { toInfix } from '../src/expr/toInfix.js';
import { toLatex } from '../src/expr/toLatex.js';
import type { Expr } from '../src/expr/types.js';
import { judgeOutcome } from '../src/judge/judgeOutcome.js';
import type { Judgement } from '../src/judge/judgeTypes.js';
import { deleteOperand } from '../src/shrink/moves/deleteOperand.js';
import { createTarget } from '../src/targets/registry.js';
import type { Target } from '../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../src/verify/types.js';
import { verifyPair } from '../src/verify/verifyPair.js';
import { shrinkStops, type ShrinkStops, type ShrunkLine } from './shrinkStops.js';

/** What re-asking a run's minimal forms showed. */
export interface MinimalityAudit {
  /** Archive lines audited. */
  readonly lines: number;
  /** Minimal forms that, asked alone, failed again the same way. */
  readonly failAlone: number;
  /** `wrong` lines whose every one-term or one-factor deletion got no wrong answer (of `wrongLines`). */
  readonly oneMinimal: number;
  readonly wrongLines: number;
  /** `oneMinimal` of `wrongLines` by how the line's shrink ended (`minimal`, `budget` …). */
  readonly byShrinkStop: Readonly<Record<string, { readonly oneMinimal: number; readonly wrongLines: number }>>;
  /** Minimal forms a deletion of which still got a wrong answer, with that deletion. */
  readonly notMinimal: ReadonlyArray<{ readonly minimal: string; readonly deletion: string }>;
  /** Minimal forms that did not fail again alone, with their kind and what came back. */
  readonly notFailing: ReadonlyArray<{ readonly minimal: string; readonly kind: string; readonly now: string }>;
  /** The run's archive lines, all of them, and how their shrinks ended (the archive read once for both). */
  readonly archiveLines: number;
  readonly shrinks: ShrinkStops;
}

/**
 * Re-ask, for `count` archive lines of a run spread evenly over it, the minimal form alone (a fresh
 * target, as `sagga integrate` would) and every deletion of one term or factor from it that is still
 * a valid problem with x. A minimal form should fail again; a `wrong` one should be 1-minimal: no
 * deletion still gets a wrong answer.
 */
export async function auditMinimalForms(dir: string, spec: string, timeLimitMs: number, count: number): Promise<MinimalityAudit> {
  const archive = readFileSync(join(dir, 'archive.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ShrunkLine & { kind: string; minimal: { problem: string } });
  const step = Math.max(1, archive.length / Math.max(1, count));
  const sample = Array.from({ length: Math.min(count, archive.length) }, (_, i) => archive[Math.floor(i * step)]);
  const target = await createTarget(spec, { concurrency: 2, timeLimitMs });
  let failAlone = 0;
  let oneMinimal = 0;
  let wrongLines = 0;
  const notMinimal: Array<{ minimal: string; deletion: string }> = [];
  const notFailing: Array<{ minimal: string; kind: string; now: string }> = [];
  const byShrinkStop: Record<string, { oneMinimal: number; wrongLines: number }> = {};
  try {
    for (const line of sample) {
      const minimal = parseExpr(line.minimal.problem);
      const alone = await ask(target, minimal);
      if (alone.status === 'fail' && alone.kind === line.kind) failAlone++;
      else notFailing.push({ minimal: line.minimal.problem, kind: line.kind, now: alone.status === 'fail' ? alone.kind : alone.status });
      if (line.kind !== 'wrong') continue;
      wrongLines++;
      const stop = (byShrinkStop[line.shrink?.stopped ?? 'not shrunk'] ??= { oneMinimal: 0, wrongLines: 0 });
      stop.wrongLines++;
      const deletions = deleteOperand
        .candidates(minimal)
        .map((c) => checkCandidate(c.expr, { requireX: true }))
        .flatMap((c) => (c.ok ? [c.expr] : []));
      let still: Expr | undefined;
      for (const d of deletions) {
        const j = await ask(target, d);
        if (j.status === 'fail' && j.kind === 'wrong') {
          still = d;
          break;
        }
      }
      if (still === undefined) {
        oneMinimal++;
        stop.oneMinimal++;
      } else notMinimal.push({ minimal: line.minimal.problem, deletion: toInfix(still) });
    }
  } finally {
    await target.close();
  }
  return {
    lines: sample.length,
    failAlone,
    oneMinimal,
    wrongLines,
    byShrinkStop,
    notMinimal,
    notFailing,
    archiveLines: archive.length,
    shrinks: shrinkStops(archive),
  };
}

async function ask(target: Target, expr: Expr): Promise<Judgement> {
  const [outcome] = await target.solve([{ id: 'audit', expr, infix: toInfix(expr), latex: toLatex(expr) }], 1);
  const { judgement } = await judgeOutcome(expr, outcome?.answers ?? [], (f, F) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS));
  return judgement;
}
