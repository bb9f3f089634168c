import { createHash } from 'node:crypto';
import { canonicalKey } from '../expr/canonical.js';
import { metrics, type ExprMetrics } from '../expr/metrics.js';
import { tryParseExpr } from '../expr/parse.js';
import { toLatex } from '../expr/print.js';
import type { RunData } from '../run/runData.js';
import type { AnswerLine, ArchiveLine, FailureLine, ProofLine } from '../run/runSchema.js';
import { NOT_RECORDED } from './datasetSchema.js';
import { taskColumns, type TaskColumns } from './taskColumns.js';

import type { DatasetInclude } from './datasetIncludes.js';

export interface DatasetAnswer {
  readonly text: string;
  readonly status: string;
  readonly verdict: string;
  readonly reason: string;
  readonly answer: string;
}
export interface DatasetProof {
  readonly by: string;
  readonly reason: string;
  readonly reference: string;
  readonly answer: string;
}

/** A row of the export: every column of DATASET_COLUMNS, in that order, none null. */
export interface DatasetRow extends TaskColumns {
  readonly id: string;
  readonly role: 'bug' | 'variant' | 'unproven';
  readonly variant_of: string;
  readonly problem: string;
  readonly latex: string;
  readonly key: string;
  readonly generation: number;
  readonly fitness: number;
  readonly length: number;
  readonly chars: number;
  readonly tokens: number;
  readonly nodes: number;
  readonly depth: number;
  readonly terms: number;
  readonly target: string;
  readonly kind: string;
  readonly reason: string;
  readonly parent: string;
  readonly proof_by: string;
  readonly proof_reference: string;
  readonly signature: string;
  readonly minimal_problem: string;
  readonly minimal_nodes: number;
  readonly variants: number;
  readonly answers: readonly DatasetAnswer[];
  readonly proof: DatasetProof;
  readonly minimal: { readonly problem: string; readonly answers: readonly DatasetAnswer[]; readonly proof: DatasetProof; readonly nodes: number };
  readonly sources: ReadonlyArray<{ readonly run: string; readonly id: string }>;
}

const NO_PROOF: DatasetProof = { by: '', reason: '', reference: '', answer: '' };
const UNRECORDED_ANSWERS: readonly DatasetAnswer[] = [{ text: '', status: NOT_RECORDED, verdict: '', reason: '', answer: '' }];
const NO_MINIMAL: DatasetRow['minimal'] = { problem: '', answers: UNRECORDED_ANSWERS, proof: NO_PROOF, nodes: 0 };

/**
 * A run as dataset rows: one per archive line (`bug`), then, with `include`, one per later failure
 * with an archived signature (`variant`) and one per failure no proof holds that was not archived
 * (`unproven`), from evaluated.jsonl in the order they were found. Every value is filled in: what a
 * line does not record is computed from its problem where it can be (LaTeX, key, size measures),
 * else the empty string or 0 (`DATASET_COLUMNS` says which); answers the run did not keep are one
 * answer with status `not-recorded`.
 */
export function toDatasetRows(run: RunData, include: readonly DatasetInclude[] = []): DatasetRow[] {
  const measure = lengthMeasureOf(run);
  const rows = run.entries.map((e) => bugRow(e, run.name, measure));
  if (include.length === 0 || run.failures === null) return rows;
  const archived = new Set(run.entries.map((e) => e.key ?? keyOf(e.problem)));
  const seen = new Set<string>();
  const target = runTarget(run);
  for (const f of run.failures) {
    if (seen.has(f.key) || archived.has(f.key)) continue;
    const role = f.variant_of !== null ? 'variant' : f.proof === null ? 'unproven' : null;
    if (role === null || !include.includes(role === 'variant' ? 'variants' : 'unproven')) continue;
    seen.add(f.key);
    rows.push(failureRow(f, role, target ?? run.entries.find((e) => e.id === f.variant_of)?.target ?? '', run.name, measure));
  }
  return rows;
}

function bugRow(e: ArchiveLine, runName: string, measure: keyof ExprMetrics): DatasetRow {
  const m = sizes(e.problem);
  const minimal =
    e.minimal === null
      ? NO_MINIMAL
      : { problem: e.minimal.problem, answers: answersOf(e.minimal.answers), proof: proofOf(e.minimal.proof), nodes: integer(e.minimal.nodes) };
  return {
    id: e.id,
    role: 'bug',
    variant_of: '',
    problem: e.problem,
    ...taskColumns(e.task, e.params, e.parameters),
    latex: e.latex ?? latexOf(e.problem),
    key: e.key ?? keyOf(e.problem),
    generation: integer(e.generation),
    fitness: e.fitness,
    length: integer(e.length ?? m?.[measure] ?? null),
    chars: integer(e.chars ?? m?.chars ?? null),
    tokens: integer(e.tokens ?? m?.tokens ?? null),
    nodes: integer(e.nodes),
    depth: integer(e.depth),
    terms: integer(e.terms ?? m?.terms ?? null),
    target: e.target,
    kind: e.kind,
    reason: e.reason ?? '',
    parent: e.parent ?? '',
    proof_by: e.proof?.by ?? '',
    proof_reference: e.proof?.reference ?? '',
    signature: e.signature ?? '',
    minimal_problem: minimal.problem,
    minimal_nodes: minimal.nodes,
    variants: integer(e.variants),
    answers: answersOf(e.answers),
    proof: proofOf(e.proof),
    minimal,
    sources: e.sources !== null && e.sources.length > 0 ? e.sources.map((s) => ({ run: s.run, id: s.id })) : [{ run: runName, id: e.id }],
  };
}

function failureRow(f: FailureLine, role: 'variant' | 'unproven', target: string, runName: string, measure: keyof ExprMetrics): DatasetRow {
  const m = sizes(f.problem);
  const id = `e-${createHash('sha256').update(f.key).digest('hex').slice(0, 16)}`;
  return {
    id,
    role,
    variant_of: f.variant_of ?? '',
    problem: f.problem,
    ...taskColumns(f.task, f.params, f.parameters),
    latex: latexOf(f.problem),
    key: f.key,
    generation: integer(f.generation),
    fitness: f.fitness ?? 0,
    length: integer(m?.[measure] ?? null),
    chars: integer(m?.chars ?? null),
    tokens: integer(m?.tokens ?? null),
    nodes: integer(m?.nodes ?? null),
    depth: integer(m?.depth ?? null),
    terms: integer(m?.terms ?? null),
    target,
    kind: f.kind,
    reason: f.reason ?? f.proof?.reason ?? '',
    parent: '',
    proof_by: f.proof?.by ?? '',
    proof_reference: f.proof?.reference ?? '',
    signature: f.signature ?? '',
    minimal_problem: '',
    minimal_nodes: 0,
    variants: 0,
    answers: UNRECORDED_ANSWERS,
    proof: proofOf(f.proof),
    minimal: NO_MINIMAL,
    sources: [{ run: runName, id }],
  };
}

function answersOf(answers: readonly AnswerLine[]): readonly DatasetAnswer[] {
  if (answers.length === 0) return UNRECORDED_ANSWERS;
  return answers.map((a) => ({ text: a.text, status: a.status ?? '', verdict: a.verdict ?? '', reason: a.reason ?? '', answer: a.answer ?? '' }));
}

function proofOf(p: ProofLine | null): DatasetProof {
  return p === null ? NO_PROOF : { by: p.by, reason: p.reason ?? '', reference: p.reference ?? '', answer: p.answer ?? '' };
}

/** A whole number for an int64 column: a count the line does not record is 0. */
function integer(v: number | null): number {
  return v === null || !Number.isFinite(v) ? 0 : Math.round(v);
}

function sizes(problem: string): ExprMetrics | null {
  const parsed = tryParseExpr(problem);
  return parsed.ok ? metrics(parsed.expr) : null;
}

function latexOf(problem: string): string {
  const parsed = tryParseExpr(problem);
  return parsed.ok ? toLatex(parsed.expr) : '';
}

function keyOf(problem: string): string {
  const parsed = tryParseExpr(problem);
  return parsed.ok ? canonicalKey(parsed.expr) : problem;
}

/** The run's length measure (config.json settings), chars when it records none. */
function lengthMeasureOf(run: RunData): keyof ExprMetrics {
  const settings = run.config?.settings as Record<string, unknown> | undefined;
  const measure = settings?.lengthMeasure;
  return measure === 'tokens' || measure === 'nodes' ? measure : 'chars';
}

/** The model under test of the run, as config.json names it. */
function runTarget(run: RunData): string | null {
  const target = run.config?.target as Record<string, unknown> | undefined;
  if (typeof target?.name === 'string') return target.name;
  const settings = run.config?.settings as Record<string, unknown> | undefined;
  return typeof settings?.target === 'string' ? settings.target : null;
}
