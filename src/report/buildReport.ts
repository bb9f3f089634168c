import { createHash } from 'node:crypto';
import { scheme } from 'vega';
import { answerSummary } from '../archive/answerSummary.js';
import { clusterEntries, type ArchiveClustering } from '../archive/clusterEntries.js';
import { MISSING, percent, usd } from '../archive/formatNumbers.js';
import { proofText } from '../archive/proofText.js';
import type { KindCounts } from '../archive/runCounts.js';
import { signatureGroups, type SignatureGroup } from '../archive/signatureGroups.js';
import { summaryTables } from '../archive/summaryTables.js';
import { formatWarning } from '../run/readRun.js';
import { numberSetting, runFitness, runSetting, summaryRow } from '../archive/summaryRow.js';
import type { ReadWarning, RunData } from '../run/runData.js';
import type { ArchiveLine, FailureLine } from '../run/runSchema.js';
import { searchCommandLine } from '../run/searchCommandLine.js';
import { uniqueLabels } from '../archive/uniqueLabels.js';
import type { Embedder } from '../embed/types.js';
import { STOP_REASON_TEXT, type StopReason } from '../run/runSchema.js';
import { html, trusted, type SafeHtml } from './html.js';
import { katexStyles } from './katexStyles.js';
import { projectEmbeddings } from './projectEmbeddings.js';
import { REPORT_CSS, TABLE_SCRIPT } from './reportAssets.js';
import {
  archiveGrowthSpec,
  distributionSpec,
  failureRateSpec,
  newMemberLengthSpec,
  populationSpec,
  projectionSpec,
  signaturesSpec,
  type ChartRun,
  type ProjectedPoint,
} from './reportCharts.js';
import { renderVegaLite } from './renderVegaLite.js';
import { runHeadline, type RunHeadline } from './runHeadline.js';
import { typesetExpression } from './typesetMath.js';
import { lineStatement } from '../tasks/lineStatement.js';
import type { LineParameters } from '../tasks/readLineParameters.js';
import type { LineFields } from '../tasks/task.js';
import { clip } from '../util/clip.js';

export interface BuildReportOptions {
  /** k of the k-means over the archive. Default: the first run's `--clusters`, else 10. */
  readonly clusters?: number;
  /** Seed of the clustering. */
  readonly seed: string;
  readonly embedder: Embedder;
  /** Prototypes shown per cluster. Default 3. */
  readonly prototypes?: number;
  /** Printed in the header; a fixed value keeps the output byte-identical between builds. */
  readonly generatedAt?: Date;
  readonly saggaVersion?: string;
  /**
   * Archives up to this many problems show them typeset in the table; bigger ones show the
   * canonical infix text there (typeset math costs ~2.5 kB and ~50 elements per problem, which
   * would put a 1000-problem report over its size and opening-time budget). Default 300.
   */
  readonly typesetTableLimit?: number;
  /** Problems found before the runs were read (paths left out), shown with the runs' own warnings. */
  readonly warnings?: readonly ReadWarning[];
}

/** Default of BuildReportOptions.typesetTableLimit. */
export const TYPESET_TABLE_LIMIT = 300;

/** One colour per run, in the order given, in the report and its charts: the ten colours of Vega's tableau10, though not in tableau10's order (blue, orange, green, red, … here). */
const RUN_COLORS = ['#4c78a8', '#f58518', '#54a24b', '#e45756', '#72b7b2', '#b279a2', '#eeca3b', '#9d755d', '#ff9da6', '#bab0ac'];
/** Warnings listed in full; the rest are counted. */
const WARNINGS_SHOWN = 40;
/** Longest reason shown in the table and the cluster cards. */
const REASON_LIMIT = 200;
/** Distinct failures (signatures) shown per run, most often found first; `sagga archive stats --by-signature` lists them all. */
const DISTINCT_SHOWN = 50;
/** Unproven failures listed per run, in the order they were found; `sagga archive export --include unproven` gives them all. */
const UNPROVEN_SHOWN = 200;

interface RunView {
  readonly run: RunData;
  readonly index: number;
  readonly label: string;
  readonly legend: string;
  readonly color: string;
  readonly headline: RunHeadline;
}

/** An archive entry with the run it belongs to. */
interface Member {
  readonly entry: ArchiveLine;
  readonly view: RunView;
}

/**
 * The report of one or more runs as one self-contained HTML page: configuration and headline
 * numbers, the paper's Table-15 row, plots rendered to inline SVG by Vega, clusters of the archive
 * with typeset prototypes, and a sortable, filterable table of every archived problem. Everything
 * taken from the runs is escaped; the page's only script is hashed in its Content-Security-Policy.
 */
export async function buildReport(runs: readonly RunData[], options: BuildReportOptions): Promise<string> {
  if (runs.length === 0) throw new Error('report: no run given');
  const labels = uniqueLabels(
    runs.map((r) => r.name),
    (n) => ` (${n})`,
  );
  const views: RunView[] = runs.map((run, index) => {
    const fitness = runFitness(run);
    return {
      run,
      index,
      label: labels[index],
      legend: fitness ? `${labels[index]} · ${fitness}` : labels[index],
      color: RUN_COLORS[index % RUN_COLORS.length],
      headline: runHeadline(run),
    };
  });
  const members: Member[] = views.flatMap((view) => view.run.entries.map((entry) => ({ entry, view })));
  const k = Math.max(1, Math.floor(options.clusters ?? numberSetting(runs[0], 'clusters') ?? 10));
  const clustering = await clusterEntries(
    members.map((m) => m.entry),
    k,
    { embedder: options.embedder, seed: options.seed },
  );
  const chartRuns: ChartRun[] = views.map((v) => ({ legend: v.legend, color: v.color, entries: v.run.entries, generations: v.run.generations }));
  const measure = commonMeasure(runs);

  const projected = projectEmbeddings(clustering.vectors);
  const points: ProjectedPoint[] = [];
  projected.forEach((p, i) => {
    const cluster = clustering.clusterOf[i];
    if (p && cluster !== null) points.push({ x: p.x, y: p.y, cluster: cluster + 1, run: members[i].view.legend });
  });
  const clusterColors = scheme(clustering.clusters.length > 10 ? 'tableau20' : 'tableau10') as string[];

  const [growth, newLength, failureRate, signatures, population, lengthHist, nodesHist, depthHist, projection] = await Promise.all([
    chart(archiveGrowthSpec(chartRuns)),
    chart(newMemberLengthSpec(chartRuns, measure)),
    chart(failureRateSpec(chartRuns)),
    chart(signaturesSpec(chartRuns)),
    chart(populationSpec(chartRuns)),
    chart(distributionSpec(chartRuns, 'length', `Length (${measure})`)),
    chart(distributionSpec(chartRuns, 'nodes', 'Nodes')),
    chart(distributionSpec(chartRuns, 'depth', 'Depth')),
    chart(projectionSpec(points, chartRuns, clustering.clusters.length)),
  ]);

  const warnings = [...(options.warnings ?? []), ...runs.flatMap((r) => r.warnings)];
  const totalEntries = members.length;
  const typesetLimit = options.typesetTableLimit ?? TYPESET_TABLE_LIMIT;
  const typesetTable = totalEntries <= typesetLimit;
  const generatedAt = (options.generatedAt ?? new Date())
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  const title = runs.length === 1 ? `sagga report: ${labels[0]}` : `sagga report: ${labels.join(' vs ')}`;
  const scriptHash = createHash('sha256').update(TABLE_SCRIPT).digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'`;

  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="sagga ${options.saggaVersion ?? ''}">
<title>${title}</title>
<style>${trusted(katexStyles())}</style>
<style>${trusted(REPORT_CSS)}</style>
</head>
<body>
<header class="top"><div class="wrap">
<h1>sagga report</h1>
<span class="subtitle">${totalEntries} archived failure${totalEntries === 1 ? '' : 's'} · ${runs.length} run${runs.length === 1 ? '' : 's'} · generated ${generatedAt}</span>
<div class="runs">${views.map((v) => html`<span class="run-chip" title="${v.run.dir}"><span class="swatch" style="background:${v.color}"></span>${v.legend}</span>`)}</div>
</div></header>
<main class="wrap">
<nav class="toc" aria-label="Sections"><a href="#overview">Overview</a><a href="#summary">Table 15</a><a href="#distinct">Distinct failures</a><a href="#unproven">Unproven failures</a><a href="#progress">Search progress</a><a href="#shape">Archive shape</a><a href="#clusters">Clusters</a><a href="#archive">Archive</a><a href="#configuration">Configuration</a></nav>
${warnings.length > 0 ? warningsSection(warnings.map(formatWarning)) : ''}
<section id="overview"><h2>Overview</h2>${runs.length === 1 ? kpiCards(views[0]) : compareTable(views)}</section>
<section id="summary"><h2>Archive summary <span class="hint">the row Table 15 of the paper gives per archive, and the failures proven and unproven</span></h2>${summaryTable(runs)}</section>
<section id="distinct"><h2>Distinct failures <span class="hint">the archive grouped by signature (the minimal failing problem with its numbers erased): one bug each</span></h2>${distinctFailures(views)}</section>
<section id="unproven"><h2>Unproven failures <span class="hint">problems the target failed without a wrong answer (declined, unreadable, timed out) that no reference target solved: maybe no closed form exists, so they are not counted as the model's failures</span></h2>${unprovenFailures(views)}</section>
<section id="progress"><h2>Search progress</h2><div class="charts">
${figure('growth', 'Archive size', 'cumulative archived failures after each generation', growth, 'no archive lines')}
${figure('new-length', 'Length of new archive members', `mean length (${measure}) of the problems each generation added`, newLength, 'no archive lines')}
${figure('failure-rate', 'Failure rate', 'failures among the problems evaluated in each generation', failureRate, 'no generations.jsonl with failures and evaluated counts')}
${figure('signatures', 'Distinct signatures', 'distinct failures in the archive against the target calls spent', signatures, 'no generations.jsonl with signatures and target calls (runs made before they were recorded)')}
${figure('population', 'Population', 'cells of the problem grid holding an elite after each generation: the structures the search keeps breeding from', population, 'no generations.jsonl with population figures (runs made before they were recorded)')}
</div></section>
<section id="shape"><h2>Archive shape</h2><div class="charts three">
${figure('hist-length', 'Length', `${measure} of the archived problems`, lengthHist, 'no archive lines')}
${figure('hist-nodes', 'Nodes', 'tree nodes of the archived problems', nodesHist, 'no archive lines')}
${figure('hist-depth', 'Depth', 'tree depth of the archived problems', depthHist, 'no archive lines')}
</div></section>
<section id="clusters"><h2>Clusters <span class="hint">k-means (k = ${k}, seeded) on ${clustering.embedder} embeddings${runs.length > 1 ? ', over all runs together' : ''}</span></h2>
${figure('projection', 'Embedding projection', 'first two principal components of the archive embeddings, coloured by cluster' + (runs.length > 1 ? ', shaped by run' : ''), projection, 'no parseable archived problem')}
${clusterCards(clustering, members, views, clusterColors, options.prototypes ?? 3)}
</section>
<section id="archive"><h2>Archive <span class="hint">every archived problem; click a column to sort${typesetTable ? '' : ` · problems as text (more than ${typesetLimit}); the clusters above show them typeset`}</span></h2>${archiveTable(members, views, typesetTable)}</section>
<section id="configuration"><h2>Configuration</h2>${configurationSection(views)}</section>
<footer>Generated by sagga${options.saggaVersion ? ` ${options.saggaVersion}` : ''} on ${generatedAt}. Self-contained: plots rendered with Vega, math with KaTeX, no network access needed.</footer>
</main>
<script>${trusted(TABLE_SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}

async function chart(spec: Parameters<typeof renderVegaLite>[0] | null): Promise<SafeHtml | null> {
  return spec === null ? null : trusted(await renderVegaLite(spec));
}

function figure(id: string, title: string, hint: string, svg: SafeHtml | null, empty: string): SafeHtml {
  return html`<figure class="chart" id="chart-${id}"><figcaption>${title}<span class="hint">${hint}</span></figcaption>${svg ?? html`<div class="empty">No data: ${empty}.</div>`}</figure>`;
}

function warningsSection(lines: readonly string[]): SafeHtml {
  const shown = lines.slice(0, WARNINGS_SHOWN);
  return html`<section class="warnings" id="warnings" role="alert"><h2>${lines.length} ${lines.length === 1 ? 'line or file' : 'lines or files'} could not be read</h2>
<p class="muted" style="margin:0 0 6px">The report shows everything else. A cut-off last line usually means the run was killed while writing.</p>
<ul>${shown.map((l) => html`<li><code>${l}</code></li>`)}${lines.length > shown.length ? html`<li>… and ${lines.length - shown.length} more</li>` : ''}</ul></section>`;
}

interface Figure {
  readonly label: string;
  readonly value: string;
  readonly note?: string;
  /** A word rather than a number: set smaller. */
  readonly text?: boolean;
}

function figures(v: RunView): Figure[] {
  const h = v.headline;
  const k = h.k !== null && h.k > 1 ? ` × ${h.k} answers` : '';
  const failuresSetting = runSetting(v.run, 'failures');
  return [
    { label: 'Archive size', value: count(h.archiveSize), note: h.archiveTarget !== null ? `target ${count(h.archiveTarget)}` : undefined },
    { label: 'Generations', value: count(h.generations) },
    { label: 'Candidates made', value: count(h.candidates) },
    { label: 'Problems evaluated', value: count(h.evaluated), note: h.failures !== null ? `${count(h.failures)} failures, proven or not` : undefined },
    { label: 'Failure rate', value: percent(h.failureRate), note: h.failureRate !== null ? 'every failure / evaluated' : undefined },
    {
      label: 'Proven failures',
      value: count(h.proven),
      note: notes([
        h.provenRate !== null ? `${percent(h.provenRate)} of evaluated` : '',
        kindNote(h.kinds, (c) => c.proven),
        h.proofs !== null ? `verifier ${count(h.proofs.verifier)} · reference ${count(h.proofs.reference)}` : '',
      ]),
    },
    {
      label: 'Unproven failures',
      value: count(h.unproven),
      note: notes([
        h.unprovenRate !== null ? `${percent(h.unprovenRate)} of evaluated` : '',
        kindNote(h.kinds, (c) => c.unproven),
        h.unproven !== null && failuresSetting === 'proven' ? 'not archived' : h.unproven !== null && failuresSetting === 'all' ? 'archived without proof' : '',
      ]),
    },
    {
      label: 'Distinct signatures',
      value: count(h.signatures),
      note: h.variants !== null ? `${count(h.variants)} variant${h.variants === 1 ? '' : 's'} took no seat` : undefined,
    },
    { label: 'Target calls', value: count(h.targetCalls), note: callsNote(h.calls, h.targetCallsFrom, k) },
    {
      label: 'Tokens',
      value: count(h.tokens?.total ?? null),
      note:
        h.tokens !== null && h.tokens.input !== null && h.tokens.output !== null ? `${count(h.tokens.input)} in · ${count(h.tokens.output)} out` : undefined,
    },
    { label: 'Cost', value: h.cost === null ? MISSING : `$${usd(h.cost)}` },
    { label: 'Tokens per proven failure', value: h.tokensPerProven === null ? MISSING : count(h.tokensPerProven) },
    { label: 'Cost per proven failure', value: h.costPerProven === null ? MISSING : `$${usd(h.costPerProven)}` },
    { label: 'Time', value: duration(h.seconds.wall ?? sumOrNull([h.seconds.target, h.seconds.verify, h.seconds.engine])), note: timeNote(h) },
    {
      label: 'Stop reason',
      value: h.stopReason ?? MISSING,
      note: h.stopReason !== null ? STOP_REASON_TEXT[h.stopReason as StopReason] : undefined,
      text: h.stopReason !== null,
    },
  ];
}

/** The non-empty parts, joined; undefined when there is none. */
function notes(parts: readonly string[]): string | undefined {
  const present = parts.filter((p) => p !== '');
  return present.length > 0 ? present.join(' · ') : undefined;
}

/** `wrong 3, no-answer 2`: the kinds with a count above zero; '' when the run does not record them. */
function kindNote(kinds: readonly KindCounts[], pick: (k: KindCounts) => number | null): string {
  return kinds
    .map((k) => [k.kind, pick(k)] as const)
    .filter((x): x is readonly [string, number] => x[1] !== null && x[1] > 0)
    .map(([kind, n]) => `${kind} ${count(n)}`)
    .join(', ');
}

function callsNote(calls: Readonly<Record<string, number>> | null, from: 'recorded' | 'asked' | null, k: string): string | undefined {
  if (from === 'asked') return `problems asked${k}`;
  if (calls === null) return undefined;
  return (
    Object.entries(calls)
      .filter(([, n]) => n > 0)
      .map(([purpose, n]) => `${purpose} ${count(n)}`)
      .join(' · ') || undefined
  );
}

function kpiCards(v: RunView): SafeHtml {
  const facts = [
    // A run that records no task is an integrate run.
    ['Task', runSetting(v.run, 'task') ?? 'integrate'],
    ['Target', runSetting(v.run, 'target') ?? v.run.entries[0]?.target ?? MISSING],
    ['Fitness', runFitness(v.run) ?? MISSING],
    ['Directory', v.run.dir],
  ];
  return html`<div class="kpis">${figures(v).map(
    (f) =>
      html`<div class="kpi"><div class="label">${f.label}</div><div class="${f.text ? 'value text' : 'value'}">${f.value}</div>${f.note ? html`<div class="note">${f.note}</div>` : ''}</div>`,
  )}</div>
<p class="muted" style="margin:10px 2px 0">${facts.map(([k, val], i) => html`${i > 0 ? ' · ' : ''}${k}: <strong>${val}</strong>`)}</p>`;
}

function compareTable(views: readonly RunView[]): SafeHtml {
  const perRun = views.map(figures);
  const rows = [
    { label: 'Target', cells: views.map((v) => runSetting(v.run, 'target') ?? v.run.entries[0]?.target ?? MISSING) },
    { label: 'Fitness', cells: views.map((v) => runFitness(v.run) ?? MISSING) },
    ...perRun[0].map((f, i) => ({ label: f.label, cells: perRun.map((p) => p[i].value + (p[i].note ? ` (${p[i].note})` : '')) })),
  ];
  return html`<div class="card table-scroll"><table class="data compare"><thead><tr><th></th>${views.map(
    (v) => html`<th><span class="run-chip"><span class="swatch" style="background:${v.color}"></span>${v.label}</span></th>`,
  )}</tr></thead><tbody>${rows.map((r) => html`<tr><th scope="row">${r.label}</th>${r.cells.map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody></table></div>`;
}

function summaryTable(runs: readonly RunData[]): SafeHtml {
  const tables = summaryTables(runs.map(summaryRow));
  return html`${tables.map(
    (
      t,
    ) => html`<div class="card table-scroll summary-block">${t.id === 'summary' ? '' : html`<h3>${t.title}</h3>`}<table class="data" id="${t.id === 'summary' ? 'summary-table' : `summary-${t.id}`}"><thead><tr>${t.headers.map((h, i) => html`<th class="${t.numeric[i] ? 'num' : ''}">${h}</th>`)}</tr></thead>
<tbody>${t.cells.map((row) => html`<tr>${row.map((c, i) => html`<td class="${t.numeric[i] ? 'num' : ''}">${c}</td>`)}</tr>`)}</tbody></table>
${t.notes.map((n) => html`<p class="muted">${n}</p>`)}</div>`,
  )}`;
}

/** Per run, its failures grouped by signature: the minimal problem typeset, the model's answer, the proof, how often it was found. */
function distinctFailures(views: readonly RunView[]): SafeHtml {
  const perRun = views.map((v) => ({ v, ...signatureGroups(v.run.entries) }));
  if (perRun.every((r) => r.v.run.entries.length === 0)) {
    return html`<p class="muted">No archived failure: ${views.length === 1 ? 'the run has' : 'the runs have'} found nothing to archive yet.</p>`;
  }
  if (perRun.every((r) => r.groups.length === 0)) {
    return html`<p class="muted">No archive line has a signature: ${views.length === 1 ? 'the run was' : 'the runs were'} made before signatures were recorded. <code>sagga archive shrink DIR --target T</code> gives each line its minimal problem and signature.</p>`;
  }
  return html`${perRun.map(({ v, groups, unsigned }) => {
    const shown = groups.slice(0, DISTINCT_SHOWN);
    const more = groups.length - shown.length;
    return html`<div class="card table-scroll distinct" id="distinct-${v.index}">
${views.length > 1 ? html`<h3><span class="run-chip"><span class="swatch" style="background:${v.color}"></span>${v.label}</span></h3>` : ''}
<p class="muted" style="margin-top:0">${v.run.entries.length === 0 ? html`No archived failure` : groups.length === 0 ? html`No signatures: the ${unsigned} archived problem${unsigned === 1 ? ' was' : 's were'} written before signatures were recorded (<code>sagga archive shrink DIR --target T</code> gives them one)` : html`${groups.length} distinct failure${groups.length === 1 ? '' : 's'} among ${v.run.entries.length} archived problem${v.run.entries.length === 1 ? '' : 's'}${more > 0 ? html`; the ${shown.length} found most often are shown (<code>sagga archive stats --by-signature</code> lists all)` : ''}${unsigned > 0 ? html`; ${unsigned} line${unsigned === 1 ? ' has' : 's have'} no signature` : ''}`}.</p>
${shown.length > 0 ? distinctTable(shown, v.run.entries) : ''}</div>`;
  })}`;
}

/** Per run, its failures without a proof (evaluated.jsonl), as they were found: the problem, how it failed, why it stays unproven. */
function unprovenFailures(views: readonly RunView[]): SafeHtml {
  return html`${views.map((v) => {
    const heading = views.length > 1 ? html`<h3><span class="run-chip"><span class="swatch" style="background:${v.color}"></span>${v.label}</span></h3>` : '';
    const failures = v.run.failures;
    if (failures === null)
      return html`<div class="card unproven" id="unproven-${v.index}">${heading}<p class="muted" style="margin:0">Not recorded: ${v.run.config === null ? 'an archive file holds archived failures only' : 'the run has no evaluated.jsonl'}.</p></div>`;
    const unproven = failures.filter((f) => f.proof === null);
    if (unproven.length === 0)
      return html`<div class="card unproven" id="unproven-${v.index}">${heading}<p class="muted" style="margin:0">None: ${failures.length === 0 ? 'the run has no failure yet' : `each of the ${failures.length} failures is proven`}.</p></div>`;
    const shown = unproven.slice(0, UNPROVEN_SHOWN);
    const kinds = tally(unproven.map((f) => f.kind));
    return html`<div class="card table-scroll unproven" id="unproven-${v.index}">${heading}
<p class="muted" style="margin-top:0">${unproven.length} unproven failure${unproven.length === 1 ? '' : 's'} (${kinds.map(([kind, n], i) => html`${i > 0 ? ', ' : ''}${n} ${kind}`)})${unproven.length > shown.length ? html`; the first ${shown.length} are listed (<code>sagga archive export ${v.run.dir} --include unproven</code> gives them all)` : ''}.</p>
${unprovenTable(shown)}</div>`;
  })}`;
}

function unprovenTable(failures: readonly FailureLine[]): SafeHtml {
  return html`<table class="data unproven-table"><thead><tr><th>Problem</th><th>Kind</th><th class="num">Gen.</th><th>Why unproven</th></tr></thead>
<tbody>${failures.map(
    (f) =>
      html`<tr><td class="problem"><code class="expr-text">${f.problem}</code>${taskNote(f.problem, f)}</td><td><span class="badge kind-${kindClass(f.kind)}">${f.kind}</span></td><td class="num">${f.generation}</td><td class="reason">${clip(f.reason ?? '', REASON_LIMIT)}</td></tr>`,
  )}</tbody></table>`;
}

function distinctTable(groups: readonly SignatureGroup[], entries: readonly ArchiveLine[]): SafeHtml {
  // A group's problems are one task's, with the parameters its first line has (a shrink keeps them).
  const byId = new Map(entries.map((e) => [e.id, e]));
  return html`<table class="data distinct-table"><thead><tr><th class="num">#</th><th>Minimal problem</th><th>Answer</th><th>Proof</th><th>Kind</th><th class="num">Archived</th><th class="num">Variants</th><th>Originals</th></tr></thead>
<tbody>${groups.map(
    (g, i) =>
      html`<tr data-signature="${g.signature}"><td class="num">${i + 1}</td><td class="problem" title="${g.signature}">${typesetExpression(g.minimal.problem).html}${taskNoteOf(g.minimal.problem, byId.get(g.ids[0]))}${g.minimal.nodes !== null ? html`<div class="muted nodes">${g.minimal.nodes} nodes</div>` : ''}</td><td class="answer">${g.answer === null ? html`<span class="muted">no answer</span>` : answerMarkup(g.answer.parsed, g.answer.text, g.answer.status)}${g.answer?.reason ? html`<div class="reason">${clip(g.answer.reason, REASON_LIMIT)}</div>` : ''}</td><td class="proof">${g.proof === null ? html`<span class="muted">unproven</span>` : html`<span class="badge proof-${g.proof.by === 'reference' ? 'reference' : 'verifier'}">${g.proof.by}</span>${g.proof.by === 'reference' ? html` <span class="muted">${proofText(g.proof, REASON_LIMIT).replace(/^reference /, '')}</span>` : ''}`}</td><td><span class="badge kind-${kindClass(g.kind)}">${g.kind}</span></td><td class="num">${g.archived}</td><td class="num">${g.variants === null ? MISSING : g.variants}</td><td class="originals">${g.originals.map((o) => html`<code class="expr-text">${o}</code> `)}</td></tr>`,
  )}</tbody></table>`;
}

function clusterCards(
  clustering: ArchiveClustering,
  members: readonly Member[],
  views: readonly RunView[],
  colors: readonly string[],
  prototypes: number,
): SafeHtml {
  if (clustering.clusters.length === 0) return html`<p class="muted">No parseable archived problem to cluster.</p>`;
  const total = members.length;
  return html`<div class="clusters">${clustering.clusters.map((c) => {
    const inCluster = c.members.map((i) => members[i]);
    const kinds = tally(inCluster.map((m) => m.entry.kind));
    const byRun = views.length > 1 ? views.map((v) => ({ v, n: inCluster.filter((m) => m.view === v).length })).filter((x) => x.n > 0) : [];
    return html`<article class="card cluster" id="cluster-${c.index + 1}">
<header><span class="swatch" style="background:${colors[c.index % colors.length]}"></span><h3 style="margin:0">Cluster ${c.index + 1}</h3><span class="size">${c.members.length} problem${c.members.length === 1 ? '' : 's'} · ${((100 * c.members.length) / total).toFixed(1)}%</span></header>
<div class="mix">${kinds.map(([kind, n]) => html`<span><span class="badge kind-${kindClass(kind)}">${kind}</span> ${n}</span>`)}${byRun.map(
      ({ v, n }) => html`<span class="run-chip"><span class="swatch" style="background:${v.color}"></span>${v.label}: ${n}</span>`,
    )}</div>
${c.members.slice(0, prototypes).map((i) => prototype(members[i]))}
</article>`;
  })}</div>`;
}

function prototype(m: Member): SafeHtml {
  const answer = answerSummary(m.entry);
  const answerHtml =
    answer.answer === null ? html`<span class="muted">no answer</span>` : answerMarkup(answer.answer.answer, answer.text, answer.answer.status);
  return html`<div class="proto">
<div class="problem">${typesetExpression(m.entry.problem).html}${taskNote(m.entry.problem, m.entry)}</div>
<div class="answer"><span class="who">model:</span>${answerHtml}</div>
<div class="reason">${answer.verdict ? html`<span class="badge kind-${kindClass(m.entry.kind)}">${answer.verdict}</span> ` : ''}${clip(answer.reason ?? '', REASON_LIMIT)}</div>
</div>`;
}

/** Under a task's problem, the whole problem in words (`∫[0, 1] x dx`, `lim x→0+ …`): its bounds, point, order; nothing for integrate. */
function taskNote(
  problem: string,
  line: { readonly task: string | null; readonly params: LineFields | null; readonly parameters?: LineParameters | null },
): SafeHtml | '' {
  if (line.task === null) return '';
  return html`<div class="muted task-problem">${lineStatement(problem, line.task, { ...line.params, ...(line.parameters ? { parameters: line.parameters } : {}) })}</div>`;
}

function taskNoteOf(problem: string, line: ArchiveLine | undefined): SafeHtml | '' {
  return line === undefined ? '' : taskNote(problem, line);
}

/** A parsed answer typeset; raw model text as escaped code. */
function answerMarkup(parsed: string | null, shown: string, status: string | null): SafeHtml {
  if (parsed !== null) {
    const t = typesetExpression(parsed);
    if (t.typeset) return t.html;
  }
  if (shown === '') return html`<span class="muted">${status === 'timeout' ? 'timed out' : 'empty answer'}</span>`;
  return html`<code>${shown}</code>`;
}

function archiveTable(members: readonly Member[], views: readonly RunView[], typeset: boolean): SafeHtml {
  const multi = views.length > 1;
  const kinds = [...new Set(members.map((m) => m.entry.kind))].sort();
  const rows = members.map((m) => {
    const e = m.entry;
    const answer = answerSummary(e);
    const search = [e.id, multi ? m.view.label : '', e.problem, e.kind, answer.text].join(' ').toLowerCase();
    return html`<tr data-kind="${e.kind}" data-run="${m.view.index}" data-search="${search}">
${multi ? html`<td class="run"><span class="swatch" style="background:${m.view.color}"></span>${m.view.label}</td>` : ''}${typeset ? html`<td class="problem" data-v="${e.problem}">${typesetExpression(e.problem).html}${taskNote(e.problem, e)}</td>` : html`<td class="problem"><code class="expr-text">${e.problem}</code>${taskNote(e.problem, e)}</td>`}<td><span class="badge kind-${kindClass(e.kind)}">${e.kind}</span></td><td class="num">${e.length}</td><td class="num" data-v="${e.fitness}">${formatFitness(e.fitness)}</td><td class="num">${e.generation}</td><td class="answer" data-v="${answer.text}">${answer.text === '' ? html`<span class="muted">${answer.answer?.status === 'timeout' ? 'timed out' : 'no answer'}</span>` : html`<code>${answer.text}</code>`}${answer.reason ? html`<div class="reason">${clip(answer.reason, REASON_LIMIT)}</div>` : ''}</td>
</tr>`;
  });
  return html`<div class="controls">
<input type="search" id="archive-filter" placeholder="Filter: words in the problem, answer, kind or id" aria-label="Filter the archive" autocomplete="off">
<select id="archive-kind" aria-label="Kind"><option value="">All kinds</option>${kinds.map((k) => html`<option value="${k}">${k}</option>`)}</select>
${multi ? html`<select id="archive-run" aria-label="Run"><option value="">All runs</option>${views.map((v) => html`<option value="${v.index}">${v.label}</option>`)}</select>` : ''}
<span class="count" id="archive-count" aria-live="polite">${members.length} problems</span>
</div>
<div class="archive-box"><table class="data" id="archive-table"><thead><tr>${multi ? html`<th data-sort="text">Run</th>` : ''}<th data-sort="text">Problem</th><th data-sort="text">Kind</th><th class="num" data-sort="num">Length</th><th class="num" data-sort="num">Fitness</th><th class="num" data-sort="num">Gen.</th><th data-sort="text">Answer</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

function configurationSection(views: readonly RunView[]): SafeHtml {
  const settings = views.map((v) => flattenSettings(v.run));
  const keys = [...new Set(settings.flatMap((s) => [...s.keys()]))];
  if (keys.length === 0) return html`<p class="muted">No config.json in ${views.length === 1 ? 'this run' : 'these runs'}.</p>`;
  const multi = views.length > 1;
  return html`${reproduceCommands(views)}<details class="config card" ${views.length > 1 ? 'open' : ''}><summary>${keys.length} settings${multi ? ' (differences highlighted)' : ''}</summary><div class="table-scroll"><table class="data compare config"><thead><tr><th>Setting</th>${views.map(
    (v) => html`<th><span class="run-chip"><span class="swatch" style="background:${v.color}"></span>${v.label}</span></th>`,
  )}</tr></thead><tbody>${keys.map((key) => {
    const values = settings.map((s) => s.get(key) ?? MISSING);
    const differs = multi && new Set(values).size > 1;
    return html`<tr><th scope="row">${key}</th>${values.map((val) => html`<td class="${differs ? 'differs' : ''}">${val}</td>`)}</tr>`;
  })}</tbody></table></div></details>`;
}

/** Per run, the `sagga search` command line that makes it again, from its config.json (`searchCommandLine`). */
function reproduceCommands(views: readonly RunView[]): SafeHtml {
  const commands = views.map((v) => ({ v, command: searchCommandLine(v.run.config) })).filter((c) => c.command !== null);
  if (commands.length === 0) return html``;
  const version = (v: RunView): string | null => {
    const sagga = v.run.config?.sagga as Record<string, unknown> | undefined;
    return typeof sagga?.version === 'string' ? sagga.version : null;
  };
  return html`<div class="card reproduce" id="reproduce"><h3 style="margin-top:0">Reproduce</h3>
<p class="muted" style="margin-top:0">The same settings, seed and target options (add <code>--out DIR</code> for where; a run is reproduced by the sagga version that made it)</p>
${commands.map(({ v, command }) => html`${views.length > 1 ? html`<div><span class="run-chip"><span class="swatch" style="background:${v.color}"></span>${v.label}</span></div>` : ''}<pre class="command"><code>${command}</code></pre>${version(v) !== null ? html`<p class="muted">made with sagga ${version(v)}</p>` : ''}`)}
</div>`;
}

/** The settings a reader compares runs by, as text: config.json's `settings` plus a few facts around them. */
function flattenSettings(run: RunData): Map<string, string> {
  const out = new Map<string, string>();
  const config = run.config;
  if (!config) return out;
  const settings = config.settings;
  if (typeof settings === 'object' && settings !== null) {
    for (const [key, value] of Object.entries(settings as Record<string, unknown>)) out.set(key, settingText(value));
  }
  const fitness = config.fitness as Record<string, unknown> | undefined;
  if (fitness && typeof fitness.description === 'string') out.set('fitness (resolved)', fitness.description);
  const embedder = config.embedder as Record<string, unknown> | undefined;
  if (embedder && typeof embedder.name === 'string')
    out.set('embedder (resolved)', `${embedder.name}${typeof embedder.dim === 'number' ? ` (${embedder.dim} dims)` : ''}`);
  const sagga = config.sagga as Record<string, unknown> | undefined;
  if (sagga && typeof sagga.version === 'string') out.set('sagga version', sagga.version);
  if (typeof config.created === 'string') out.set('created', config.created);
  if (Array.isArray(config.resumes) && config.resumes.length > 0) out.set('resumed', `${config.resumes.length} time(s)`);
  return out;
}

function settingText(value: unknown): string {
  const text = value === null ? 'null' : typeof value === 'string' ? value : JSON.stringify(value);
  return clip(text ?? String(value), 300);
}

function tally(values: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** A CSS class suffix for a kind: only the kinds of the contract get their colour. */
function kindClass(kind: string): string {
  return ['wrong', 'unparseable', 'no-answer', 'timeout'].includes(kind) ? kind : 'other';
}

function formatFitness(v: number): string {
  if (v === 0) return '0';
  return Math.abs(v) >= 1e-3 && Math.abs(v) < 1e4 ? v.toFixed(4).replace(/0+$/, '').replace(/\.$/, '') : v.toExponential(2);
}

function count(v: number | null): string {
  return v === null ? MISSING : Math.round(v).toLocaleString('en-US');
}

function duration(seconds: number | null): string {
  if (seconds === null) return MISSING;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

function timeNote(h: RunHeadline): string | undefined {
  const parts: string[] = [];
  if (h.seconds.target !== null) parts.push(`target ${duration(h.seconds.target)}`);
  if (h.seconds.verify !== null) parts.push(`verify ${duration(h.seconds.verify)}`);
  if (h.seconds.engine !== null) parts.push(`engine ${duration(h.seconds.engine)}`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function sumOrNull(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length > 0 ? present.reduce((a, b) => a + b, 0) : null;
}

function commonMeasure(runs: readonly RunData[]): string {
  const measures = new Set(runs.map((r) => runSetting(r, 'lengthMeasure') ?? 'chars'));
  return measures.size === 1 ? [...measures][0] : 'run’s measure';
}
