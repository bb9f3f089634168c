import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatWarning, readArchiveLines, readRun } from '../run/readRun.js';
import { readJsonLines } from '../run/readJsonLines.js';
import { RUN_FILES, type ArchiveLine } from '../run/runSchema.js';
import { terminalSafe } from '../util/terminalSafe.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { taskNamed } from '../tasks/registry.js';
import { paramsField } from '../tasks/storedProblem.js';
import { readInfixTree } from '../tasks/readInfixTree.js';
import type { Task, TaskParams, TaskProblem, TreeReader } from '../tasks/task.js';
import { parameterNames, parseParameterAssumptions, type ParameterAssumptions } from '../verify/parameterAssumptions.js';
import type { EvalProblem, EvalSource } from './evalTypes.js';

/** A problem file is small; more lines than this means a wrong file. */
const MAX_LINES = 1_000_000;
/** Group labels come from user files: kept short and printable. */
const MAX_LABEL = 100;

export interface EvalProblems {
  readonly problems: readonly EvalProblem[];
  readonly source: EvalSource;
  /** The task the problems are of: the one asked for, else the run's or the archive's (integrate when none is named). */
  readonly task: Task;
}

/**
 * The problems of `sagga eval --problems PATH`. A directory is a search's run directory: its archive
 * is replayed, each line's `minimal` problem when it has one (the smallest form that still failed),
 * else its `problem`. A file is either an archive (every JSON line reads as an archive line, e.g. an
 * export or a merge), replayed the same way, or a problem file: JSON Lines `{"id"?, "problem",
 * "source"?, "family"?}` (and the task's fields: `lower`, `upper` …) or one expression per line,
 * where `source` and `family` name the groups a problem is also counted in. Problems are `task`'s:
 * an archive line of another task (absent: integrate), or a problem line naming another, is skipped
 * with a warning. Every expression goes through the whitelisting parser; lines that
 * do not parse are reported, not guessed at.
 */
export function readEvalProblems(path: string, asked?: Task): EvalProblems {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    const run = readRun(path);
    const settings = run.config?.settings as { task?: unknown } | undefined;
    const task = asked ?? taskNamed(typeof settings?.task === 'string' ? settings.task : undefined);
    return fromArchive(path, join(path, RUN_FILES.archive), run.entries, run.warnings.map(formatWarning), task);
  }
  const text = readFileSync(path, 'utf8');
  const archive = readArchiveLines(path);
  const jsonLines = text.split('\n').filter((l) => l.trim().startsWith('{')).length;
  if (archive.lines.length > 0 && archive.lines.length === jsonLines) {
    const task = asked ?? taskNamed(archive.lines[0].task ?? undefined);
    return fromArchive(path, path, archive.lines, archive.warnings.map(formatWarning), task);
  }
  return fromProblemFile(path, text, asked ?? integrateTask);
}

/** The task's parameters of a line whose `task` (absent: `absent`) must be `task`'s, or why the line is skipped. */
function taskParamsOf(
  line: Readonly<Record<string, unknown>>,
  named: unknown,
  task: Task,
  absent: string,
): { ok: true; params: TaskParams } | { ok: false; error: string } {
  const name = named === undefined || named === null ? absent : named;
  if (name !== task.name) return { ok: false, error: `a ${String(name)} problem, not a ${task.name} one (--task ${task.name})` };
  const read = task.readParams(line);
  return read.ok ? read : { ok: false, error: read.error };
}

function fromArchive(path: string, archiveFile: string, entries: readonly ArchiveLine[], warnings: string[], task: Task): EvalProblems {
  const minimal = minimalProblems(archiveFile);
  const problems: EvalProblem[] = [];
  const ids = new Set<string>();
  for (const entry of entries) {
    // An archive line without a task is integrate's, as the verify contract says.
    const params = taskParamsOf(entry.params ?? {}, entry.task, task, 'integrate');
    if (!params.ok) {
      warnings.push(`${archiveFile}: line ${entry.id}: skipped, ${params.error}`);
      continue;
    }
    const small = minimal.get(entry.id);
    let read: TaskProblem | undefined;
    let isMinimal = false;
    const parameters = entry.parameters ?? {};
    const readTree = readerAdmitting(parameters);
    if (small !== undefined) {
      const parsed = task.readProblem(small, readTree);
      if (parsed.ok) {
        read = { expr: parsed.expr, params: { ...parsed.params, ...params.params } };
        isMinimal = true;
      } else warnings.push(`${archiveFile}: line ${entry.id}: minimal problem ignored, cannot parse it: ${parsed.error}`);
    }
    if (read === undefined) {
      const parsed = task.readProblem(entry.problem, readTree);
      if (!parsed.ok) {
        warnings.push(`${archiveFile}: line ${entry.id}: skipped, cannot parse its problem: ${parsed.error}`);
        continue;
      }
      read = { expr: parsed.expr, params: { ...parsed.params, ...params.params } };
    }
    problems.push({
      id: uniqueId(entry.id, ids),
      expr: read.expr,
      ...paramsField(read.params),
      problem: task.problemText(read, 'infix'),
      ...parametersField(parameters),
      groups: [],
      archived: { kind: entry.kind, target: entry.target, minimal: isMinimal },
    });
  }
  return { problems, source: { kind: 'run', path, warnings }, task };
}

/** `minimal.problem` of each archive line that has one, by id (read from the raw lines: the run reader keeps only the contract's fields). */
function minimalProblems(archiveFile: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const { value } of readJsonLines(archiveFile).values) {
    if (typeof value !== 'object' || value === null) continue;
    const line = value as Record<string, unknown>;
    const minimal = line.minimal;
    if (typeof line.id !== 'string' || typeof minimal !== 'object' || minimal === null) continue;
    const problem = (minimal as Record<string, unknown>).problem;
    if (typeof problem === 'string' && problem.trim() !== '') out.set(line.id, problem);
  }
  return out;
}

function fromProblemFile(path: string, text: string, task: Task): EvalProblems {
  const lines = text.split(/\r?\n/);
  if (lines.length > MAX_LINES) throw new Error(`${path}: more than ${MAX_LINES} lines; is this a problem file?`);
  const problems: EvalProblem[] = [];
  const warnings: string[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '' || raw.startsWith('#')) continue;
    const where = `${path}:${i + 1}`;
    let fields: Record<string, unknown> = { problem: raw };
    if (raw.startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch (err) {
        warnings.push(`${where}: skipped, not valid JSON (${err instanceof Error ? err.message : String(err)})`);
        continue;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        warnings.push(`${where}: skipped, expected a JSON object with a "problem" field`);
        continue;
      }
      fields = parsed as Record<string, unknown>;
    }
    if (typeof fields.problem !== 'string' || fields.problem.trim() === '') {
      warnings.push(`${where}: skipped, no "problem" string`);
      continue;
    }
    // A problem file's line is a problem of --task unless it names another.
    const params = taskParamsOf(fields, fields.task, task, task.name);
    const assumed = parseParameterAssumptions(fields.parameters);
    if (!assumed.ok) {
      warnings.push(`${where}: skipped, ${assumed.error}`);
      continue;
    }
    const parsed = params.ok ? task.readProblem(fields.problem, readerAdmitting(assumed.parameters)) : undefined;
    if (parsed !== undefined && !parsed.ok) {
      warnings.push(`${where}: skipped, cannot parse the problem: ${parsed.error}`);
      continue;
    }
    if (!params.ok || parsed === undefined) {
      warnings.push(`${where}: skipped, ${params.ok ? 'no problem' : params.error}`);
      continue;
    }
    const read: TaskProblem = { expr: parsed.expr, params: { ...parsed.params, ...params.params } };
    const groups = (['source', 'family'] as const).flatMap((field) => {
      const v = fields[field];
      return typeof v === 'string' && v.trim() !== '' ? [`${field}: ${label(v)}`] : [];
    });
    const given = typeof fields.id === 'string' && fields.id !== '' ? label(fields.id) : typeof fields.id === 'number' ? String(fields.id) : `line-${i + 1}`;
    problems.push({
      id: uniqueId(given, ids),
      expr: read.expr,
      ...paramsField(read.params),
      problem: task.problemText(read, 'infix'),
      ...parametersField(assumed.parameters),
      groups,
    });
  }
  return { problems, source: { kind: 'file', path, warnings }, task };
}

/** The infix reader, admitting a line's parameters. */
function readerAdmitting(parameters: ParameterAssumptions): TreeReader {
  const names = parameterNames(parameters);
  return names.length === 0 ? readInfixTree : (text, options) => readInfixTree(text, { ...options, parameters: [...(options?.parameters ?? []), ...names] });
}

/** `{parameters}` when there are any, else nothing. */
function parametersField(parameters: ParameterAssumptions): { parameters?: ParameterAssumptions } {
  return Object.keys(parameters).length === 0 ? {} : { parameters };
}

function label(text: string): string {
  const safe = terminalSafe(text).trim();
  return safe.length > MAX_LABEL ? safe.slice(0, MAX_LABEL) : safe;
}

/** Ids key the journal: a repeated one gets a suffix rather than sharing answers. */
function uniqueId(id: string, seen: Set<string>): string {
  let unique = id;
  for (let i = 2; seen.has(unique); i++) unique = `${id}#${i}`;
  seen.add(unique);
  return unique;
}
