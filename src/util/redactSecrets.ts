import { secretPattern } from './secretPattern.js';

/** What a secret is replaced with. */
export const REDACTED = '***';

/** Hides secrets in one piece of text that is about to be written or printed. */
export type Redact = (text: string) => string;

/** A literal secret shorter than this is not hunted for everywhere (`--token 1` must not blank every `1`). */
export const MIN_LITERAL_SECRET = 6;

/** Flag or variable names whose value is a secret: `--api-key X`, `--token=X`, `PASSWORD=X`, `auth: X`. */
const SECRET_ARGUMENT = /((?:api[-_]?key|token|secret|password|passwd|auth)[A-Za-z_-]*\s*[=:\s]\s*)("[^"]*"|'[^']*'|\S+)/gi;

/**
 * Shapes that are secrets wherever they appear: OpenAI-style keys (a LaTeX-escaped one, `sk\_proj\-…`,
 * included) and bearer tokens.
 */
function redactShapes(text: string): string {
  return text.replace(/\bsk(?:-|\\-)(?:[A-Za-z0-9_*-]|\\[_-]){6,}/g, REDACTED).replace(/\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, `$1${REDACTED}`);
}

/**
 * Hide API keys and tokens that a `cmd:` command line (or any `name=value` text) might carry:
 * values of secret-looking arguments, `sk-…` keys and bearer tokens.
 */
export function redactSecrets(text: string): string {
  return redactShapes(text).replace(SECRET_ARGUMENT, (_m, name: string) => `${name}${REDACTED}`);
}

/**
 * The values of secret-looking arguments of a command line (`--api-key X`, `--token=X`), unquoted,
 * so that they can be hidden wherever they turn up (a program may echo them).
 */
export function commandLineSecrets(commandLine: string): string[] {
  const out: string[] = [];
  for (const m of commandLine.matchAll(SECRET_ARGUMENT)) {
    const value = m[2].replace(/^(["'])(.*)\1$/, '$2');
    if (value !== REDACTED) out.push(value);
  }
  return out;
}

/** The secrets sagga knows of from its environment: the OpenAI API key. */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const key = env.OPENAI_API_KEY?.trim();
  return key !== undefined && key !== '' ? [key] : [];
}

export interface RedactorOptions {
  /**
   * Shortest literal secret hunted for (default `MIN_LITERAL_SECRET`). Error messages of an API,
   * where blanking a short word costs nothing, hide keys from 4 characters.
   */
  readonly minLiteral?: number;
}

/**
 * One redaction for everything sagga writes or prints: every literal secret given (of at least
 * `minLiteral` characters; the API key, secret arguments of the target's command line), also as a
 * model or a document may have transformed it (LaTeX-escaped, spaced out, split over lines,
 * percent-encoded, base64 at any offset: `secretPattern`), and anything shaped like a key or a bearer
 * token. Text without a secret comes back unchanged.
 */
export function createRedactor(secrets: readonly (string | undefined)[] = environmentSecrets(), options: RedactorOptions = {}): Redact {
  const min = options.minLiteral ?? MIN_LITERAL_SECRET;
  // Longest first, so that a secret containing another is hidden whole.
  const literals = [...new Set(secrets.filter((s): s is string => s !== undefined && s.length >= min))].sort((a, b) => b.length - a.length);
  const transformed = literals.length === 0 ? undefined : new RegExp(literals.map(secretPattern).join('|'), 'g');
  return (text) => {
    const out = transformed === undefined ? text : text.replace(transformed, REDACTED);
    return redactShapes(out);
  };
}

/** The redaction of a search run: the API key and the secret arguments of its target spec. */
export function runRedactor(targetSpec: string, env: Readonly<Record<string, string | undefined>> = process.env): Redact {
  return createRedactor([...environmentSecrets(env), ...commandLineSecrets(targetSpec)]);
}

/** `JSON.stringify(value)` with every string value (not the keys) passed through `redact`: valid JSON whatever a secret looked like. */
export function stringifyRedacted(value: unknown, redact: Redact, space?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? redact(v) : v), space);
}

/** A copy of `value` with every string in it passed through `redact`. */
export function redactDeep<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, redact)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as T;
  }
  return value;
}
