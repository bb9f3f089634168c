/** What a secret is replaced with. */
export const REDACTED = '***';

/** Hide API keys and tokens that a `cmd:` command line might carry before it is written to disk. */
export function redactSecrets(text: string): string {
  return text
    .replace(/\b(sk-[A-Za-z0-9_-]{8,})/g, REDACTED)
    .replace(/((?:api[-_]?key|token|secret|password|passwd|auth)[A-Za-z_-]*\s*[=:\s]\s*)("[^"]*"|'[^']*'|\S+)/gi, `$1${REDACTED}`);
}
