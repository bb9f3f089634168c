import type { JudgeEvalReport } from './judgeEvalTypes.js';

/** The judges side by side as Markdown: μ-MATH's metrics, the confusion counts, time per pair. */
export function formatJudgeEvalMarkdown(report: JudgeEvalReport, pairsFile: string): string {
  const first = report.judges[0]?.confusion;
  const correct = first === undefined ? 0 : first.tp + first.fn + first.undecided_correct;
  const lines = [
    `### judge-eval — ${report.pairs} labelled pairs (${correct} correct, ${report.pairs - correct} incorrect) from ${pairsFile}`,
    '',
    '| judge | TPR | TNR | PPV | NPV | macro-F1 | TP | FN | FP | TN | undecided (correct / incorrect) | ms per pair |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const j of report.judges) {
    const c = j.confusion;
    lines.push(
      `| ${j.judge.replace(/\|/g, '\\|')} | ${pct(j.tpr)} | ${pct(j.tnr)} | ${pct(j.ppv)} | ${pct(j.npv)} | ${pct(j.f1)} | ${c.tp} | ${c.fn} | ${c.fp} | ${c.tn} | ${c.undecided_correct} / ${c.undecided_incorrect} | ${j.ms_per_pair < 10 ? j.ms_per_pair.toFixed(2) : j.ms_per_pair.toFixed(0)} |`,
    );
  }
  lines.push(
    '',
    "Positive: the answer is an antiderivative (label `correct`). TPR: correct pairs accepted; TNR: incorrect pairs not accepted; PPV: accepted pairs that are correct; NPV: pairs not accepted that are incorrect; macro-F1: mean F1 of both classes. An undecided verdict does not accept. ms per pair: the judge's wall time over all pairs / pairs.",
  );
  return lines.join('\n') + '\n';
}

const pct = (v: number | null): string => (v === null ? '–' : `${(100 * v).toFixed(1)} %`);
