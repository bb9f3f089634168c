import { tryParseExpr } from '../expr/parse.js';
import { ALL_PARAMETER_NAMES } from '../expr/parameters.js';
import { toInfix } from '../expr/toInfix.js';
import { JsonLinesJournal } from '../run/jsonLinesJournal.js';
import type { TargetAnswer } from '../targets/types.js';
import { clipAnswer } from '../util/clip.js';
import { stringifyRedacted, type Redact } from '../util/redactSecrets.js';

/** What identifies the answers a journal holds: answers of another target or setting are not reused. */
export interface EvalJournalHeader {
  readonly format: 1;
  readonly target: string;
  readonly target_settings: Readonly<Record<string, unknown>>;
}

/** A journal made for other settings than those asked for. */
export class EvalJournalMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvalJournalMismatchError';
  }
}

export interface EvalJournal {
  readonly path: string;
  /** Answers already received, per problem key, in the order they came. */
  answersOf(key: string): readonly TargetAnswer[];
  /** Target calls the journal records (one line each). */
  readonly calls: number;
  /** Record one call's answers to one problem, flushed before it returns. */
  append(key: string, answers: readonly TargetAnswer[]): void;
  close(): void;
}

/** One answer as a journal line holds it; the expression is kept as canonical infix and parsed again when read. */
interface StoredAnswer {
  readonly status: TargetAnswer['status'];
  readonly text: string;
  readonly answer?: string;
  readonly error?: string;
  readonly extracted?: string;
  readonly latency_ms: number;
}

/**
 * The answers an evaluation has received, one JSON line per target call (`{"key", "answers"}`) after
 * a header line naming the target and its settings, so that a killed `sagga eval` run again with
 * the same command asks only what it has no answer to. A torn last line (a kill mid-write) is cut
 * off; a journal made for another target or other target settings is refused, not mixed in. Stored
 * expressions are parsed again through the whitelisting parser: the file is input like any other.
 * Lines pass through `redact` (a key a model echoes never reaches the file).
 */
export function openEvalJournal(path: string, header: EvalJournalHeader, redact: Redact = (text) => text): EvalJournal {
  const answers = new Map<string, TargetAnswer[]>();
  let calls = 0;
  // Another evaluation's journal is refused as it is, before anything in it is cut.
  const first = JsonLinesJournal.readLines(path)[0];
  const mismatch = first === undefined ? undefined : describeMismatch(parseLine(first), header);
  if (mismatch !== undefined) {
    throw new EvalJournalMismatchError(
      `${path} holds answers of another evaluation (${mismatch}); remove it, or write this evaluation elsewhere with another --out`,
    );
  }
  const { journal, lines } = JsonLinesJournal.open(path);
  // The first line is the header.
  for (const line of lines.slice(1)) {
    const entry = parseLine(line) as { key?: unknown; answers?: unknown } | undefined;
    if (entry === undefined || typeof entry.key !== 'string' || !Array.isArray(entry.answers)) continue;
    const list = answers.get(entry.key) ?? [];
    list.push(...entry.answers.map(toAnswer));
    answers.set(entry.key, list);
    calls++;
  }
  // Written to the file at once (a killed evaluation loses none), without waiting for the disk.
  if (journal.size() === 0) journal.append([JSON.stringify(header)], false);
  return {
    path,
    answersOf: (key) => answers.get(key) ?? [],
    get calls() {
      return calls;
    },
    append(key, given) {
      journal.append([stringifyRedacted({ key, answers: given.map(toStored) }, redact)], false);
      const list = answers.get(key) ?? [];
      list.push(...given);
      answers.set(key, list);
      calls++;
    },
    close: () => journal.close(),
  };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

function describeMismatch(saved: unknown, header: EvalJournalHeader): string | undefined {
  if (typeof saved !== 'object' || saved === null) return 'its first line is not a journal header';
  const s = saved as Record<string, unknown>;
  if (s.format !== header.format) return `format ${JSON.stringify(s.format)}`;
  if (s.target !== header.target) return `target ${JSON.stringify(s.target)}, not ${JSON.stringify(header.target)}`;
  const a = JSON.stringify(sortKeys(s.target_settings));
  const b = JSON.stringify(sortKeys(header.target_settings));
  if (a !== b) return `target settings ${a}, not ${b}`;
  return undefined;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
  );
}

function toStored(a: TargetAnswer): StoredAnswer {
  const common = { text: clipAnswer(a.text ?? ''), latency_ms: a.latencyMs, ...(a.extracted !== undefined ? { extracted: clipAnswer(a.extracted) } : {}) };
  return a.status === 'ok' ? { status: 'ok', answer: toInfix(a.expr), ...common } : { status: a.status, error: clipAnswer(a.error), ...common };
}

const STATUSES: readonly string[] = ['ok', 'unparseable', 'no-answer', 'timeout', 'unjudged', 'error'];

function toAnswer(v: unknown): TargetAnswer {
  const s = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  const text = typeof s.text === 'string' ? s.text : '';
  const latencyMs = typeof s.latency_ms === 'number' && Number.isFinite(s.latency_ms) ? s.latency_ms : 0;
  const extracted = typeof s.extracted === 'string' ? { extracted: s.extracted } : {};
  const status = typeof s.status === 'string' && STATUSES.includes(s.status) ? (s.status as TargetAnswer['status']) : 'unparseable';
  if (status === 'ok') {
    // As the task read it: a limit's oo or DNE is an answer too, and so is one in a problem's parameters or an ODE's constants.
    const parsed =
      typeof s.answer === 'string' ? tryParseExpr(s.answer, undefined, { infinity: true, noLimit: true, parameters: ALL_PARAMETER_NAMES }) : undefined;
    if (parsed?.ok) return { status: 'ok', text, expr: parsed.expr, latencyMs, ...extracted };
    return { status: 'unparseable', text, error: 'the journal holds an answer that does not parse', latencyMs, ...extracted };
  }
  return { status, text, error: typeof s.error === 'string' ? s.error : status, latencyMs, ...extracted };
}
