import { lineStatement } from '../tasks/lineStatement.js';
import { clip } from '../util/clip.js';
import type { EvalReport } from './evalTypes.js';

/**
 * The evaluation as JUnit XML, for CI systems that show test results: one test suite, one test case
 * per problem measured (named by its id and problem, its class by its first group or the problem
 * set). A problem fails when its first k answers all failed (Fail@k at the smallest k, the
 * headline's): a `<failure>` with how (wrong, no-answer …) and each answer with its verdict. One the
 * verifier could not decide is `<skipped>`. Everything taken from the problems and the model's
 * answers is escaped, and characters XML cannot hold are dropped.
 */
export function toJUnitXml(report: EvalReport): string {
  const k = String(report.ks[0]);
  const suite = `sagga eval ${report.target}`;
  const cases = report.results.map((r) => {
    const status = r.status[k];
    // A task's problem by its whole statement (bounds, point …); integrate's by its integrand, as before.
    const name = xmlAttr(`${r.id}: ${r.task === undefined ? r.problem : lineStatement(r.problem, r.task, r as unknown as Readonly<Record<string, unknown>>)}`);
    const className = xmlAttr(r.groups[0] ?? report.source.path);
    const answers = r.answers
      .map((a, i) => `answer ${i + 1} (${a.status}${a.verdict !== null ? `, ${a.verdict}` : ''}): ${a.text}${a.reason ? `\n  ${a.reason}` : ''}`)
      .join('\n');
    if (status === 'fail') {
      const first = r.answers[0];
      const message = `Fail@${k}: ${r.kind ?? 'failed'}${first?.reason ? `: ${first.reason}` : ''}`;
      return `    <testcase classname="${className}" name="${name}">\n      <failure message="${xmlAttr(clip(message, 500))}" type="${xmlAttr(r.kind ?? 'fail')}">${xmlText(answers)}</failure>\n    </testcase>`;
    }
    if (status === 'undecided') {
      return `    <testcase classname="${className}" name="${name}">\n      <skipped message="${xmlAttr(clip(`undecided: ${r.answers[0]?.reason ?? ''}`, 500))}"/>\n    </testcase>`;
    }
    return `    <testcase classname="${className}" name="${name}"/>`;
  });
  const failures = report.results.filter((r) => r.status[k] === 'fail').length;
  const skipped = report.results.filter((r) => r.status[k] === 'undecided').length;
  const properties = [
    ['target', report.target],
    ['problems', report.source.path],
    ['n', String(report.n)],
    ['k', k],
    ...Object.entries(report.metrics).map(([metric, m]) => [metric, m.value === null ? 'none' : String(m.value)]),
    ['excluded (transport errors)', String(report.excluded.errors)],
    ['excluded (budget)', String(report.excluded.unasked)],
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(suite)}" tests="${report.results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${report.seconds.toFixed(3)}">`,
    `  <testsuite name="${xmlAttr(suite)}" tests="${report.results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${report.seconds.toFixed(3)}">`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`),
    '    </properties>',
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlText(s: string): string {
  return s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
