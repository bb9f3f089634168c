import { TASK_REGISTRY } from '../tasks/registry.js';
import { readLineParameters } from '../tasks/readLineParameters.js';
import type { LineFields, LineValue } from '../tasks/task.js';
import type { Converted } from './runData.js';
import type { AnswerLine, ArchiveLine, ArchiveSource, MinimalLine, ProofLine } from './runSchema.js';

/**
 * Check a parsed archive line against the contract (docs/FORMATS.md: `id`, `problem`, `generation`,
 * `fitness`, `length`, `nodes`, `depth`, `target`, `kind`, `answers[{text, verdict, reason}]`) and
 * normalise it: optional fields a run may add (`latex`, `key`, `terms`, …) become null when absent;
 * fields sagga does not know are dropped. Nothing in the line is trusted beyond its type.
 */
export function toArchiveLine(value: unknown): Converted<ArchiveLine> {
  if (!isRecord(value)) return { ok: false, error: 'not a JSON object' };
  const problems: string[] = [];
  const str = (name: string): string => {
    const v = value[name];
    if (typeof v === 'string') return v;
    if (name === 'id' && typeof v === 'number' && Number.isFinite(v)) return String(v);
    problems.push(v === undefined ? `missing "${name}"` : `"${name}" is not a string`);
    return '';
  };
  const num = (name: string): number => {
    const v = value[name];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    problems.push(v === undefined ? `missing "${name}"` : `"${name}" is not a finite number`);
    return 0;
  };

  const id = str('id');
  const problem = str('problem');
  const generation = num('generation');
  const fitness = num('fitness');
  const length = num('length');
  const nodes = num('nodes');
  const depth = num('depth');
  const target = str('target');
  const kind = str('kind');
  const answers = readAnswers(value.answers, problems);
  const sources = readSources(value.sources, problems);
  const proof = readProof(value.proof, 'proof', problems);
  const minimal = readMinimal(value.minimal, problems);
  if (problems.length > 0) return { ok: false, error: problems.join(', ') };

  return {
    ok: true,
    value: {
      id,
      problem,
      generation,
      fitness,
      length,
      nodes,
      depth,
      target,
      kind,
      answers,
      latex: optionalString(value.latex),
      key: optionalString(value.key),
      terms: numberOrNull(value.terms),
      chars: numberOrNull(value.chars),
      tokens: numberOrNull(value.tokens),
      reason: optionalString(value.reason),
      parent: optionalString(value.parent),
      proof,
      signature: optionalString(value.signature),
      minimal,
      variants: numberOrNull(value.variants),
      sources,
      task: optionalString(value.task),
      params: taskFields(value),
      parameters: readLineParameters(value.parameters),
    },
  };
}

/** Longest list a task's field may hold as read (an ODE has at most a few conditions). */
const MAX_FIELD_ITEMS = 16;

/**
 * The parameters a line of a task other than integrate carries, as written (`lower`, `upper` …,
 * strings, numbers and short lists of strings only: the task reads them); null on a line without a
 * known `task`.
 */
export function taskFields(value: Record<string, unknown>): LineFields | null {
  const task = typeof value.task === 'string' ? TASK_REGISTRY.find((t) => t.name === value.task) : undefined;
  if (task === undefined || task.fields.length === 0) return null;
  const out: Record<string, LineValue> = {};
  for (const { name } of task.fields) {
    const v = value[name];
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[name] = v;
    else if (Array.isArray(v) && v.length <= MAX_FIELD_ITEMS && v.every((item) => typeof item === 'string')) out[name] = v as string[];
  }
  return out;
}

function readAnswers(v: unknown, problems: string[]): AnswerLine[] {
  if (!Array.isArray(v)) {
    problems.push(v === undefined ? 'missing "answers"' : '"answers" is not a list');
    return [];
  }
  const answers: AnswerLine[] = [];
  for (let i = 0; i < v.length; i++) {
    const a: unknown = v[i];
    if (!isRecord(a) || typeof a.text !== 'string') {
      problems.push(`answers[${i}] has no "text" string`);
      continue;
    }
    answers.push({
      text: a.text,
      verdict: optionalString(a.verdict),
      reason: optionalString(a.reason),
      status: optionalString(a.status),
      answer: optionalString(a.answer),
      note: optionalString(a.note),
    });
  }
  return answers;
}

function readProof(v: unknown, name: string, problems: string[]): ProofLine | null {
  if (v === undefined || v === null) return null;
  if (!isRecord(v) || typeof v.by !== 'string') {
    problems.push(`"${name}" is not a {by, …} object`);
    return null;
  }
  return { by: v.by, reason: optionalString(v.reason), reference: optionalString(v.reference), answer: optionalString(v.answer) };
}

function readMinimal(v: unknown, problems: string[]): MinimalLine | null {
  if (v === undefined || v === null) return null;
  if (!isRecord(v) || typeof v.problem !== 'string') {
    problems.push('"minimal" is not a {problem, …} object');
    return null;
  }
  const answers = v.answers === undefined ? [] : readAnswers(v.answers, problems);
  return { problem: v.problem, answers, proof: readProof(v.proof, 'minimal.proof', problems), nodes: numberOrNull(v.nodes) };
}

function readSources(v: unknown, problems: string[]): ArchiveSource[] | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || !v.every((s) => isRecord(s) && typeof s.run === 'string' && typeof s.id === 'string')) {
    problems.push('"sources" is not a list of {run, id}');
    return null;
  }
  return v.map((s: { run: string; id: string }) => ({ run: s.run, id: s.id }));
}

function optionalString(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function numberOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
