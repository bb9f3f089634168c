import type { JudgedProblem, RowAtK, SuiteRow } from './suiteTypes.js';

/**
 * Count judged problems into rows, in the order the rows were first seen, with an `all` row per
 * value of the leading labels when `subtotals` is set (e.g. every primitive of one range).
 */
export function tabulate(judged: readonly JudgedProblem[], ks: readonly number[], subtotals = false): SuiteRow[] {
  const groups = new Map<string, { labels: readonly string[]; items: JudgedProblem[] }>();
  const add = (labels: readonly string[], p: JudgedProblem): void => {
    const key = JSON.stringify(labels);
    let g = groups.get(key);
    if (!g) {
      g = { labels, items: [] };
      groups.set(key, g);
    }
    g.items.push(p);
  };
  for (const p of judged) {
    add(p.row, p);
    if (subtotals && p.row.length > 1) add([...p.row.slice(0, -1), 'all'], p);
  }
  const rows = [...groups.values()].map((g) => toRow(g.labels, g.items, ks));
  if (!subtotals) return rows;
  // Put each subtotal after the rows it sums.
  const ordered: SuiteRow[] = [];
  const heads = [...new Set(rows.map((r) => JSON.stringify(r.labels.slice(0, -1))))];
  for (const head of heads) {
    const members = rows.filter((r) => JSON.stringify(r.labels.slice(0, -1)) === head);
    ordered.push(...members.filter((r) => r.labels[r.labels.length - 1] !== 'all'), ...members.filter((r) => r.labels[r.labels.length - 1] === 'all'));
  }
  return ordered;
}

function toRow(labels: readonly string[], items: readonly JudgedProblem[], ks: readonly number[]): SuiteRow {
  const byK: RowAtK[] = ks.map((k) => {
    let failures = 0;
    let unknown = 0;
    let errors = 0;
    for (const p of items) {
      const s = p.status[String(k)];
      if (s === 'fail') failures++;
      else if (s === 'undecided') unknown++;
      else if (s === 'error') errors++;
    }
    return { k, failures, failRate: items.length === 0 ? 0 : failures / items.length, unknown, errors };
  });
  return { labels, problems: items.length, byK };
}
