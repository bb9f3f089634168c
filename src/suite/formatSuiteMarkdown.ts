import type { SuiteTable } from './suiteTypes.js';

/**
 * The table as Markdown: label columns, the number of problems, then per k the Fail@k rate (with
 * the count), how many were unknown to the verifier and, when any, transport errors.
 */
export function formatSuiteMarkdown(table: SuiteTable): string {
  const showErrors = table.rows.some((r) => r.byK.some((b) => b.errors > 0));
  const head = [...table.labelColumns, 'problems'];
  for (const k of table.ks) head.push(`Fail@${k}`, `unknown@${k}`, ...(showErrors ? [`errors@${k}`] : []));
  const lines = [
    `### ${table.suite} — target ${table.target}`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i < table.labelColumns.length ? ' --- ' : ' ---: ')).join('|')}|`,
  ];
  for (const row of table.rows) {
    const cells = [...row.labels.map(escapeCell), String(row.problems)];
    for (const b of row.byK) {
      cells.push(row.problems === 0 ? '–' : `${(100 * b.failRate).toFixed(1)}% (${b.failures})`, String(b.unknown), ...(showErrors ? [String(b.errors)] : []));
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push('');
  lines.push(
    `Fail@k: share of problems where none of the first k answers was verified correct and the verifier decided every parsed answer wrong; \`unknown\` problems (verifier undecided) are not counted as failures. ${table.seconds.toFixed(1)} s.`,
  );
  for (const note of table.notes) lines.push(`- ${note}`);
  return lines.join('\n') + '\n';
}

function escapeCell(s: string): string {
  return s.replace(/\|/g, '\\|');
}
