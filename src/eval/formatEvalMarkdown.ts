import type { EvalMetrics, EvalReport, MetricValue, TransferRow } from './evalTypes.js';

/**
 * The report as Markdown: one row for the whole set and one per group, each metric as a
 * percentage with its interval; the worst group; the transfer table of an archive; then what the
 * metrics mean and what was left out.
 */
export function formatEvalMarkdown(report: EvalReport): string {
  const metricNames = [...report.ks.map((k) => `pass@${k}`), ...report.ks.map((k) => `fail@${k}`), 'PASS@N', 'ALL@N'];
  const heads = metricNames.map((m) => (m.startsWith('fail@') ? `Fail@${m.slice(5)}` : m));
  const from = report.transfer !== null ? `archive of ${report.transfer.source_target}, ${report.source.path}` : report.source.path;
  const lines = [
    `### eval — target ${report.target}: ${report.problems} ${report.task !== undefined ? `${report.task} ` : ''}problems (${from}), n = ${report.n}`,
    '',
    `| set | problems | ${heads.join(' | ')} |`,
    `| --- | ---: |${heads.map(() => ' --- ').join('|')}|`,
    row('all', report.problems, report.metrics, metricNames),
  ];
  for (const [name, group] of Object.entries(report.groups)) lines.push(row(name, group.problems, group.metrics, metricNames));
  lines.push('');
  if (report.worst_group !== null) {
    const headline = `pass@${report.ks[0]}`;
    lines.push(`Worst group: ${escapeCell(report.worst_group)} (${headline} ${cell(report.groups[report.worst_group].metrics[headline])}).`, '');
  }
  const t = report.transfer;
  if (t !== null) {
    lines.push(
      `#### Transfer: failures of ${t.source_target} asked of ${t.target}`,
      '',
      '| archive kind | failures | also fail | how they fail | unproven | solved | undecided | not measured |',
      '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
    );
    for (const [kind, r] of Object.entries(t.by_kind)) lines.push(transferRow(kind, r));
    lines.push(transferRow('all', t.all, t.rate), '');
  }
  lines.push(
    `pass@k: unbiased estimator from the n answers; Fail@k: share of problems whose first k answers all failed (verified wrong, declined, unreadable or timed out; a problem the verifier could not decide is no failure); PASS@N / ALL@N: at least one / all of the n answers verified correct. [lo, hi]: ${Math.round(report.settings.level * 100)} % percentile bootstrap over problems (${report.settings.resamples} resamples, seed ${report.settings.rng_seed}). ${report.seconds.toFixed(1)} s, ${report.budget.target_calls} target calls.`,
  );
  if (t !== null) {
    lines.push(
      'Also fail: Fail@n of the evaluated target on the archived problem (its minimal form when the archive has one), proven as the search proves a failure: a wrong answer, or no usable answer to a problem a reference target solves' +
        ` (${report.budget.reference_calls} reference call${report.budget.reference_calls === 1 ? '' : 's'}). Unproven: the target declined or gave nothing readable and no reference solved the problem; declining an integral with no closed form is right, so these are not counted.`,
    );
  }
  if (report.excluded.errors > 0) lines.push(`- ${report.excluded.errors} problems left out: their answers were lost in transport (not the model's failures).`);
  if (report.excluded.unasked > 0)
    lines.push(
      `- ${report.excluded.unasked} problems left out: --max-target-calls ${report.budget.max_target_calls} ran out; run the same command with a larger budget to go on.`,
    );
  return lines.join('\n') + '\n';
}

function row(name: string, problems: number, metrics: EvalMetrics, names: readonly string[]): string {
  return `| ${escapeCell(name)} | ${problems} | ${names.map((m) => cell(metrics[m])).join(' | ')} |`;
}

function transferRow(kind: string, r: TransferRow, rate?: MetricValue): string {
  const measured = r.failures - r.not_measured;
  const share = rate !== undefined ? cell(rate) : measured === 0 ? '–' : pct(r.also_fail / measured);
  const how = Object.entries(r.fail_kinds)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, count]) => `${count} ${k}`)
    .join(', ');
  return `| ${escapeCell(kind)} | ${r.failures} | ${r.also_fail} (${share}) | ${how === '' ? '–' : how} | ${r.unproven} | ${r.solved} | ${r.undecided} | ${r.not_measured} |`;
}

function cell(m: MetricValue | undefined): string {
  if (m === undefined || m.value === null) return '–';
  return m.ci === null ? pct(m.value) : `${pct(m.value)} [${(100 * m.ci[0]).toFixed(1)}, ${(100 * m.ci[1]).toFixed(1)}]`;
}

const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;

function escapeCell(s: string): string {
  return s.replace(/\|/g, '\\|');
}
