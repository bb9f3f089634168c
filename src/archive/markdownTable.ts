/** A Markdown table with padded columns (readable as plain text too). `right` marks numeric columns. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[], right: readonly boolean[] = []): string {
  const clean = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  const cells = [headers.map(clean), ...rows.map((r) => r.map(clean))];
  const widths = headers.map((_, c) => Math.max(3, ...cells.map((r) => (r[c] ?? '').length)));
  const pad = (s: string, c: number) => (right[c] ? s.padStart(widths[c]) : s.padEnd(widths[c]));
  const line = (r: readonly string[]) => `| ${widths.map((_, c) => pad(r[c] ?? '', c)).join(' | ')} |`;
  const rule = `|${widths.map((w, c) => (right[c] ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n');
}
