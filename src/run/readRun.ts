import { readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { readJsonLines } from './readJsonLines.js';
import type { Converted, ReadWarning, RunData } from './runData.js';
import { RUN_FILES, type ArchiveLine, type FailureLine, type TotalsLine } from './runSchema.js';
import { isRecord, numberOrNull, toArchiveLine } from './toArchiveLine.js';
import { fromDatasetRow } from './fromDatasetRow.js';
import { toFailureLine } from './toFailureLine.js';
import { toGenerationLine } from './toGenerationLine.js';
import { toTokensLine } from './toTokensLine.js';
import { createRedactor, redactDeep, redactSecrets, type Redact } from '../util/redactSecrets.js';

/** The files of a run directory that the report and the archive commands read (docs/FORMATS.md), in the order messages name them. */
const READ_FILES = [RUN_FILES.config, RUN_FILES.archive, RUN_FILES.generations, RUN_FILES.checkpoint];

/** A path that holds nothing sagga can read as a run. */
export class NotARunError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'NotARunError';
  }
}

/**
 * Read what is readable of a run: `dir` is a run directory (config.json, archive.jsonl,
 * generations.jsonl, checkpoint.json, each optional) or a single archive file in JSON Lines (an
 * export or a merge). Bad lines and files become warnings naming `file:line`; only a path with
 * nothing readable at all is an error.
 *
 * In a run directory, each archive line's `variants` is the number of evaluated.jsonl lines whose
 * `variant_of` names it: the search writes 0 when it archives a line and records each later repeat
 * of its signature in evaluated.jsonl, so this count is current and survives resumes. A line of a
 * run that recorded no variants (an older run) keeps null.
 */
export function readRun(dir: string): RunData {
  let isFile: boolean;
  try {
    const stat = statSync(dir);
    if (!stat.isDirectory() && !stat.isFile()) throw new NotARunError(`${dir}: not a run directory or archive file`, dir);
    isFile = stat.isFile();
  } catch (err) {
    if (err instanceof NotARunError) throw err;
    throw new NotARunError(`${dir}: no such run directory (${(err as NodeJS.ErrnoException).code ?? String(err)})`, dir);
  }
  if (isFile) return readArchiveFile(dir);

  const warnings: ReadWarning[] = [];
  const configPath = join(dir, RUN_FILES.config);
  const rawConfig = readJsonObject(configPath, warnings);
  const redactor = createRedactor();
  const config = rawConfig === null ? null : redactDeep(rawConfig, redactor);

  const archivePath = join(dir, RUN_FILES.archive);
  const archive = readEntries(archivePath, warnings);
  const evaluated = readEvaluated(join(dir, RUN_FILES.evaluated), warnings);
  const variants = evaluated === null ? null : evaluated.variants;

  const generationLines = readConverted(join(dir, RUN_FILES.generations), toGenerationLine, (error) => `${error}; skipped`, warnings);
  const generations = generationLines.values.sort((a, b) => a.generation - b.generation);

  const checkpoint = readJsonObject(join(dir, RUN_FILES.checkpoint), warnings);
  const engine = checkpoint && isRecord(checkpoint.engine) ? checkpoint.engine : null;

  if (config === null && !archive.exists && !generationLines.exists && checkpoint === null) {
    throw new NotARunError(`${dir}: not a sagga run directory (none of ${READ_FILES.join(', ')} is there)` + describeWarnings(warnings), dir);
  }
  if (config === null && archive.values.length === 0 && generations.length === 0 && checkpoint === null) {
    throw new NotARunError(`${dir}: nothing readable in this run directory` + describeWarnings(warnings), dir);
  }
  if (!archive.exists) warnings.push({ file: archivePath, line: null, message: 'missing: no failure was archived yet, or the run directory is incomplete' });

  return {
    dir,
    name: basename(dir.replace(/[\\/]+$/, '')) || dir,
    config,
    entries: variants === null ? archive.values : archive.values.map((e) => withVariants(e, variants)),
    generations,
    failures: evaluated === null ? null : evaluated.failures.map((f) => redactDeep(f, redactor)),
    totals: checkpoint ? readTotals(checkpoint.totals) : null,
    stopReason: engine && typeof engine.stopReason === 'string' ? engine.stopReason : null,
    checkpointGeneration: engine ? numberOrNull(engine.generation) : null,
    warnings,
  };
}

function readArchiveFile(path: string): RunData {
  const warnings: ReadWarning[] = [];
  const archive = readEntries(path, warnings);
  if (archive.values.length === 0) {
    throw new NotARunError(`${path}: no readable archive line in this file` + describeWarnings(warnings), path);
  }
  return {
    dir: path,
    name: basename(path, extname(path)),
    config: null,
    entries: archive.values,
    generations: [],
    failures: null,
    totals: null,
    stopReason: null,
    checkpointGeneration: null,
    warnings,
  };
}

/**
 * The lines of an archive file (a run's archive.jsonl, an export or a merge) that read as archive
 * lines; a missing file reads as none, and every bad line becomes a warning naming `file:line`.
 */
export function readArchiveLines(path: string): { lines: ArchiveLine[]; warnings: ReadWarning[] } {
  const warnings: ReadWarning[] = [];
  return { lines: readEntries(path, warnings).values, warnings };
}

function readEntries(path: string, warnings: ReadWarning[]): { values: ArchiveLine[]; exists: boolean } {
  // An export's rows are read back as the archive lines they were made from; its other rows (variants, unproven failures) are no archive lines.
  const convert = (value: unknown) => {
    const line = fromDatasetRow(value);
    return line === null ? null : toArchiveLine(line);
  };
  const read = readConverted(path, convert, (error) => `not an archive entry (${error}); skipped`, warnings);
  const redact = createRedactor();
  return { ...read, values: read.values.map((e) => redactEntry(e, redact)) };
}

/**
 * What is read is shown, exported and merged: an archive written before redaction (or by hand) has
 * its secrets hidden here too: the environment's API key, key-shaped strings, secret arguments of
 * the `target` command line.
 */
function redactEntry(entry: ArchiveLine, redact: Redact): ArchiveLine {
  const redacted = redactDeep(entry, redact);
  return { ...redacted, target: redactSecrets(redacted.target) };
}

/**
 * The lines of a JSON Lines file that `convert` accepts; each line it rejects becomes a warning
 * worded by `rejected`, one it returns null for is no line of this kind and is passed over.
 */
function readConverted<T>(
  path: string,
  convert: (value: unknown) => Converted<T> | null,
  rejected: (error: string) => string,
  warnings: ReadWarning[],
): { values: T[]; exists: boolean } {
  const lines = readJsonLines(path);
  warnings.push(...lines.warnings);
  const values: T[] = [];
  for (const { line, value } of lines.values) {
    const result = convert(value);
    if (result === null) continue;
    if (result.ok) values.push(result.value);
    else warnings.push({ file: path, line, message: rejected(result.error) });
  }
  return { values, exists: lines.exists };
}

/**
 * From evaluated.jsonl: how many lines name each archive line as `variant_of`, and every failure
 * line (`toFailureLine`); null when there is no evaluated.jsonl. Only lines that mention either are
 * parsed (the file holds every problem the run asked); one that does not parse becomes a warning.
 */
function readEvaluated(path: string, warnings: ReadWarning[]): { variants: Map<string, number>; failures: FailureLine[] } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      warnings.push({ file: path, line: null, message: `cannot read (${code ?? String(err)}); variants and unproven failures are not counted` });
    return null;
  }
  const variants = new Map<string, number>();
  const failures: FailureLine[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const variant = raw.includes('"variant_of"');
    if (!variant && !raw.includes('"fail"')) return;
    const cutOff = i === lines.length - 1 && !text.endsWith('\n');
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      const what = cutOff ? 'last line is cut off (the run was probably killed while writing)' : 'not valid JSON';
      warnings.push({ file: path, line: i + 1, message: `${what}; ${variant ? 'its variant is' : 'it is'} not counted` });
      return;
    }
    if (isRecord(value) && typeof value.variant_of === 'string') variants.set(value.variant_of, (variants.get(value.variant_of) ?? 0) + 1);
    if (!isRecord(value) || value.status !== 'fail') return;
    const failure = toFailureLine(value);
    if (failure.ok) failures.push(failure.value);
    else warnings.push({ file: path, line: i + 1, message: `not a failure line (${failure.error}); skipped` });
  });
  return { variants, failures };
}

/** The line with its current variant count (see readRun). */
function withVariants(entry: ArchiveLine, counts: ReadonlyMap<string, number>): ArchiveLine {
  const seen = counts.get(entry.id) ?? 0;
  return entry.variants === null && seen === 0 ? entry : { ...entry, variants: seen };
}

function readJsonObject(path: string, warnings: ReadWarning[]): Record<string, unknown> | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') warnings.push({ file: path, line: null, message: `cannot read (${code ?? String(err)})` });
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) return value;
    warnings.push({ file: path, line: null, message: 'not a JSON object; ignored' });
  } catch {
    warnings.push({ file: path, line: null, message: 'not valid JSON; ignored' });
  }
  return null;
}

function readTotals(v: unknown): TotalsLine | null {
  if (!isRecord(v)) return null;
  const seconds = isRecord(v.seconds) ? v.seconds : {};
  return {
    candidates: numberOrNull(v.candidates),
    asked: numberOrNull(v.asked),
    evaluated: numberOrNull(v.evaluated),
    failures: numberOrNull(v.failures),
    target_calls: numberOrNull(v.target_calls),
    proven: numberOrNull(v.proven),
    cost: numberOrNull(v.cost),
    tokens: toTokensLine(v.tokens),
    seconds: {
      target: numberOrNull(seconds.target),
      verify: numberOrNull(seconds.verify),
      engine: numberOrNull(seconds.engine),
      wall: numberOrNull(seconds.wall),
    },
  };
}

function describeWarnings(warnings: readonly ReadWarning[]): string {
  if (warnings.length === 0) return '';
  const shown = warnings.slice(0, 5).map((w) => `\n  ${formatWarning(w)}`);
  const more = warnings.length > 5 ? `\n  … and ${warnings.length - 5} more` : '';
  return shown.join('') + more;
}

/** `file:line: message` (or `file: message` for a whole file). */
export function formatWarning(w: ReadWarning): string {
  return `${w.file}${w.line !== null ? `:${w.line}` : ''}: ${w.message}`;
}
