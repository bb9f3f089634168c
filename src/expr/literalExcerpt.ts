/** A literal's first characters and its length, for messages about a literal of thousands of digits. */
export function literalExcerpt(text: string): string {
  return text.length > 24 ? `${text.slice(0, 24)}… (${text.length} characters)` : text;
}
