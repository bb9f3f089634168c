/** The report's stylesheet (inlined; the page loads nothing). */
export const REPORT_CSS = `
:root {
  --ink: #111827; --ink-2: #374151; --muted: #6b7280; --line: #e5e7eb; --line-2: #f1f3f6;
  --bg: #f6f7f9; --card: #ffffff; --accent: #2f5d8a; --warn-bg: #fff7e6; --warn-line: #f0b54a;
  --wrong: #c2410c; --unparseable: #7c3aed; --no-answer: #0f766e; --timeout: #b45309;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header.top { background: #14213d; color: #fff; padding: 28px 0 24px; }
header.top .wrap { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px 24px; }
header.top h1 { margin: 0; font-size: 22px; font-weight: 650; letter-spacing: .2px; }
header.top .subtitle { color: #c9d3e6; font-size: 13px; }
header.top .runs { width: 100%; display: flex; flex-wrap: wrap; gap: 8px; margin-top: 6px; }
header.top .run-chip { background: rgba(255,255,255,.08); border: 1px solid rgba(255,255,255,.18); color: #fff; }
.wrap { max-width: 1240px; margin: 0 auto; padding: 0 24px; }
main.wrap { padding-top: 8px; padding-bottom: 48px; }
nav.toc { display: flex; flex-wrap: wrap; gap: 4px 18px; padding: 12px 0 4px; font-size: 13px; }
nav.toc a { color: var(--accent); text-decoration: none; }
nav.toc a:hover { text-decoration: underline; }
section { margin-top: 28px; }
h2 { font-size: 17px; font-weight: 650; margin: 0 0 12px; color: var(--ink); }
h2 .hint { font-weight: 400; font-size: 13px; color: var(--muted); margin-left: 8px; }
h3 { font-size: 14px; margin: 0 0 8px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; box-shadow: 0 1px 2px rgba(16,24,40,.04); }
.muted { color: var(--muted); }
.run-chip { display: inline-flex; align-items: center; gap: 6px; border-radius: 999px; padding: 2px 10px 2px 8px; font-size: 12px; background: var(--line-2); color: var(--ink-2); white-space: nowrap; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
.swatch { width: 10px; height: 10px; border-radius: 50%; display: inline-block; flex: none; }
.warnings { background: var(--warn-bg); border: 1px solid var(--warn-line); border-radius: 10px; padding: 12px 16px; margin-top: 20px; }
.warnings h2 { font-size: 15px; margin: 0 0 6px; color: #8a4b00; }
.warnings ul { margin: 0; padding-left: 18px; font-size: 13px; }
.warnings code { font-size: 12px; background: rgba(0,0,0,.05); padding: 1px 4px; border-radius: 4px; }
.kpis { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 12px; }
.kpi { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
.kpi .label { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.kpi .value { font-size: 22px; font-weight: 650; margin-top: 2px; font-variant-numeric: tabular-nums; }
.kpi .value.text { font-size: 16px; line-height: 1.3; margin-top: 6px; overflow-wrap: anywhere; }
.kpi .note { font-size: 12px; color: var(--muted); }
table.data { border-collapse: separate; border-spacing: 0; width: 100%; font-size: 13px; }
table.data th, table.data td { padding: 7px 10px; border-bottom: 1px solid var(--line-2); text-align: left; vertical-align: top; }
table.data thead th { font-size: 12px; color: var(--muted); font-weight: 600; text-transform: uppercase; letter-spacing: .03em; border-bottom: 1px solid var(--line); background: var(--card); }
table.data td.num, table.data th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.data tbody tr:hover { background: #f9fafb; }
table.compare th[scope=row] { color: var(--ink-2); font-weight: 500; white-space: nowrap; }
table.compare td.differs { background: #fff8e6; }
.table-scroll { overflow-x: auto; }
details.config summary { cursor: pointer; font-weight: 600; }
details.config[open] summary { margin-bottom: 10px; }
.config td { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; word-break: break-word; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 16px; }
.charts.three { grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); }
figure { margin: 0; }
figure.chart { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 12px 6px; }
figure.chart figcaption { font-weight: 600; font-size: 13px; margin: 0 4px 6px; color: var(--ink); }
figure.chart figcaption .hint { display: block; font-weight: 400; color: var(--muted); font-size: 12px; }
figure.chart svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }
figure.chart .empty { color: var(--muted); font-size: 13px; padding: 32px 8px; text-align: center; }
.clusters { display: grid; grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); gap: 14px; margin-top: 16px; }
.cluster header { display: flex; align-items: center; gap: 8px; margin-bottom: 6px; }
.cluster header .size { margin-left: auto; color: var(--muted); font-size: 12px; white-space: nowrap; }
.cluster .swatch { width: 12px; height: 12px; border-radius: 3px; }
.cluster .mix { font-size: 12px; color: var(--muted); margin-bottom: 8px; display: flex; flex-wrap: wrap; gap: 4px 10px; }
.proto { border-top: 1px solid var(--line-2); padding: 8px 0; }
.proto:first-of-type { border-top: 0; }
.proto .problem { font-size: 15px; overflow-x: auto; overflow-y: hidden; padding: 2px 0; }
.proto .answer { font-size: 13px; color: var(--ink-2); margin-top: 4px; overflow-x: auto; overflow-y: hidden; }
.proto .answer .who { color: var(--muted); font-size: 12px; margin-right: 6px; }
.proto .reason { font-size: 12px; color: var(--muted); margin-top: 2px; }
code, .expr-text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
code.expr-text, .answer code { background: #f3f4f6; padding: 1px 5px; border-radius: 4px; word-break: break-word; }
.badge { display: inline-block; font-size: 11px; font-weight: 600; padding: 1px 7px; border-radius: 999px; border: 1px solid currentColor; white-space: nowrap; }
.kind-wrong { color: var(--wrong); } .kind-unparseable { color: var(--unparseable); } .kind-no-answer { color: var(--no-answer); } .kind-timeout { color: var(--timeout); }
.controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin-bottom: 10px; }
.controls input[type=search] { flex: 1 1 280px; max-width: 460px; padding: 7px 10px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; }
.controls select { padding: 6px 8px; border: 1px solid #d1d5db; border-radius: 8px; font: inherit; background: #fff; }
.controls .count { color: var(--muted); font-size: 13px; margin-left: auto; }
#archive-table thead th { position: sticky; top: 0; z-index: 1; }
#archive-table th[data-sort] { cursor: pointer; user-select: none; }
#archive-table th[data-sort]::after { content: "↕"; opacity: .35; margin-left: 4px; font-size: 11px; }
#archive-table th[aria-sort=ascending]::after { content: "▲"; opacity: .8; }
#archive-table th[aria-sort=descending]::after { content: "▼"; opacity: .8; }
#archive-table td.problem { min-width: 220px; max-width: 520px; overflow-x: auto; }
#archive-table td.answer { max-width: 420px; }
#archive-table td.run { white-space: nowrap; font-size: 12px; color: var(--ink-2); }
#archive-table td.run .swatch { margin-right: 6px; vertical-align: 0; }
#archive-table td.answer .reason { color: var(--muted); font-size: 12px; margin-top: 2px; }
.summary-block + .summary-block { margin-top: 12px; }
.distinct + .distinct { margin-top: 12px; }
.unproven + .unproven { margin-top: 12px; }
.unproven-table td.problem { min-width: 200px; max-width: 480px; overflow-x: auto; }
.unproven-table td.reason { color: var(--muted); font-size: 12px; max-width: 480px; }
.reproduce { margin-bottom: 12px; }
.reproduce pre.command { margin: 6px 0; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
.distinct-table td.problem { min-width: 200px; max-width: 440px; overflow-x: auto; }
.distinct-table td.answer { max-width: 360px; }
.distinct-table td.answer .reason, .distinct-table .nodes { color: var(--muted); font-size: 12px; margin-top: 2px; }
.distinct-table td.originals { min-width: 160px; max-width: 320px; }
.distinct-table td.originals code { display: inline-block; margin: 0 4px 4px 0; }
.proof-verifier { color: #1d4ed8; } .proof-reference { color: #047857; }
.archive-box { max-height: 760px; overflow: auto; border: 1px solid var(--line); border-radius: 10px; background: var(--card); }
.katex { font-size: 1.08em; }
/* Below the fold: the browser skips their layout and paint until they scroll near (opens big archives fast). */
.archive-box, .clusters, details.config { content-visibility: auto; contain-intrinsic-size: auto 760px; }
.distinct-table { content-visibility: auto; contain-intrinsic-size: auto 600px; }
footer { color: var(--muted); font-size: 12px; margin-top: 36px; border-top: 1px solid var(--line); padding-top: 12px; }
@media print { .archive-box { max-height: none; overflow: visible; } header.top { background: #fff; color: #000; } }
`;

/**
 * Sorting and filtering of the archive table, vanilla JS. Rows carry `data-search` (lower-case
 * text searched by the filter box: every space-separated word must occur), `data-kind` and
 * `data-run`; a sortable cell sorts by its `data-v` when its text is not its value (typeset math,
 * rounded numbers), else by its text (numbers sort numerically, ties keep archive order).
 */
export const TABLE_SCRIPT = `(function () {
  'use strict';
  var table = document.getElementById('archive-table');
  if (!table) return;
  var tbody = table.tBodies[0];
  var rows = Array.prototype.slice.call(tbody.rows);
  rows.forEach(function (r, i) { r.__order = i; });
  var filter = document.getElementById('archive-filter');
  var kind = document.getElementById('archive-kind');
  var run = document.getElementById('archive-run');
  var count = document.getElementById('archive-count');
  function apply() {
    var words = filter.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var k = kind ? kind.value : '';
    var rv = run ? run.value : '';
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      var text = r.getAttribute('data-search') || '';
      var ok = (!k || r.getAttribute('data-kind') === k) && (!rv || r.getAttribute('data-run') === rv);
      for (var w = 0; ok && w < words.length; w++) ok = text.indexOf(words[w]) !== -1;
      r.hidden = !ok;
      if (ok) shown++;
    }
    count.textContent = shown === rows.length ? rows.length + ' problems' : shown + ' of ' + rows.length + ' problems';
    count.setAttribute('data-shown', String(shown));
  }
  filter.addEventListener('input', apply);
  if (kind) kind.addEventListener('change', apply);
  if (run) run.addEventListener('change', apply);
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  headers.forEach(function (th, col) {
    if (!th.hasAttribute('data-sort')) return;
    th.tabIndex = 0;
    function sort() {
      var numeric = th.getAttribute('data-sort') === 'num';
      var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
      headers.forEach(function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
      var keyed = rows.map(function (r) {
        var cell = r.cells[col];
        var v = cell.hasAttribute('data-v') ? cell.getAttribute('data-v') : cell.textContent;
        return { r: r, v: numeric ? parseFloat(v) : (v || '').toLowerCase() };
      });
      keyed.sort(function (a, b) {
        if (a.v < b.v) return -dir;
        if (a.v > b.v) return dir;
        return a.r.__order - b.r.__order;
      });
      var frag = document.createDocumentFragment();
      keyed.forEach(function (x) { frag.appendChild(x.r); });
      tbody.appendChild(frag);
    }
    th.addEventListener('click', sort);
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });
  });
  apply();
})();`;
