/**
 * `text` cut to at most `max` characters, with `…` when something was cut (and, with
 * `countRest`, how much), so messages quoting untrusted text stay short.
 */
export function clip(text: string, max: number, options: { readonly countRest?: boolean } = {}): string {
  if (text.length <= max) return text;
  return options.countRest ? `${text.slice(0, max)}… [${text.length - max} more characters]` : `${text.slice(0, max)}…`;
}
