/**
 * `text` cut to at most `max` characters, with `…` when something was cut (and, with
 * `countRest`, how much), so messages quoting untrusted text stay short.
 */
export function clip(text: string, max: number, options: { readonly countRest?: boolean } = {}): string {
  if (text.length <= max) return text;
  return options.countRest ? `${text.slice(0, max)}… [${text.length - max} more characters]` : `${text.slice(0, max)}…`;
}

/** The longest answer text sagga stores (archive, evaluated and journal lines), for every target. */
export const MAX_ANSWER_CHARS = 20_000;

/**
 * An answer's text as stored: at most `MAX_ANSWER_CHARS` characters plus the `… [N more characters]`
 * marker of `clip`. Idempotent: a text a target has already clipped this way is left as it is.
 */
export function clipAnswer(text: string): string {
  if (text.length <= MAX_ANSWER_CHARS) return text;
  const marker = /… \[\d+ more characters\]$/.exec(text);
  if (marker !== null && marker.index <= MAX_ANSWER_CHARS) return text;
  return clip(text, MAX_ANSWER_CHARS, { countRest: true });
}
