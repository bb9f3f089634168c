/** Markup that is already safe to insert (our own templates, KaTeX output, vega's SVG). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Text as HTML: `& < > " '` escaped, so it is inert both in element content and in quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Mark markup produced by a trusted generator as safe. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * Template tag for HTML in which every interpolated value is escaped unless it is SafeHtml; arrays
 * are joined, null, undefined and false render as nothing. Text from archives (model output) can
 * therefore never become markup by accident: only code that calls `trusted` can insert markup.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

function render(v: unknown): string {
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  if (v === null || v === undefined || v === false) return '';
  return escapeHtml(String(v));
}
