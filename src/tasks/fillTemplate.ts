const PLACEHOLDER = /\{([a-z]+)\}/g;

/**
 * A prompt template filled in one pass: `{name}` is replaced by `values[name]` when it has one, and
 * left as it is otherwise, so that a LaTeX `{problem}` in a value can never chain into another.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
