/**
 * Model text for a terminal: escape sequences and other control characters, line and paragraph
 * separators, zero-width and bidirectional marks become spaces, so a hostile answer can neither
 * drive the terminal nor reorder what is shown.
 */
export function terminalSafe(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ');
}

/** Model text for a terminal (terminalSafe), cut to `limit` characters with '...' when longer. */
export function printable(text: string, limit = 400): string {
  const safe = terminalSafe(text);
  return safe.length > limit ? `${safe.slice(0, limit - 3)}...` : safe;
}
