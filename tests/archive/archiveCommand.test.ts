import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sagga } from '../helpers/cliInProcess.js';
import { runBuiltCli as spawnSagga } from '../helpers/runBuiltCli.js';
import { TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from './fixtures.js';

describe('sagga archive (CLI)', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-archive-cli-'));
  const good = writeRun(join(work, 'good'), TRICKY_LINES);
  const killed = writeRun(join(work, 'killed'), [], { archiveText: TRICKY_LINES.map((l) => JSON.stringify(l)).join('\n') + '\n{"id":"g9' });

  it('help lists the report and every archive subcommand with examples', async () => {
    const top = await sagga(['--help']);
    expect(top.stdout).toMatch(/\breport \[options\] <dir\.\.\.>/);
    expect(top.stdout).toMatch(/\barchive\b/);
    const archive = await sagga(['archive', '--help']);
    for (const sub of ['stats', 'export', 'merge', 'cluster']) expect(archive.stdout).toMatch(new RegExp(`\\n  ${sub} `));
    const exportHelp = await sagga(['archive', 'export', '--help']);
    expect(exportHelp.stdout.replace(/\s+/g, ' ')).toContain('(choices: "jsonl", "csv", "parquet", default: "jsonl")');
    expect(exportHelp.stdout).toContain('$ sagga archive export archives/nerd --format parquet --out nerd.parquet');
  });

  it('stats of a killed run: the table of what is readable on stdout, the cut line named on stderr, exit 0', async () => {
    const r = await spawnSagga(['archive', 'stats', killed]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\| killed +\| nerdamer, openai:gpt-4o-mini \|/);
    expect(r.stdout).toMatch(/\| +4 \| +11\.5 \|/); // 4 problems, mean length (9 + 9 + 12 + 16) / 4
    expect(r.stderr).toContain('sagga archive stats: warning: 1 unreadable line(s) or file(s) skipped; the rest was used:');
    expect(r.stderr).toContain(`${join(killed, 'archive.jsonl')}:5: last line is cut off`);
    const json = await sagga(['archive', 'stats', good, killed, '--json']);
    expect((JSON.parse(json.stdout) as { run: string; archiveSize: number }[]).map((x) => [x.run, x.archiveSize])).toEqual([
      ['good', 4],
      ['killed', 4],
    ]);
  });

  it('stats --by-signature lists the distinct failures; the help explains the tables', async () => {
    const files = provenRunFiles();
    const proven = writeProvenRun(join(work, 'proven'), files);
    const text = await sagga(['archive', 'stats', proven, '--by-signature']);
    expect(text.status, text.stderr).toBe(0);
    const signatures = [...new Set(files.archive.map((a) => a.signature))];
    expect(text.stdout).toContain(`## proven: ${signatures.length} distinct failures (by signature)`);
    const rows = text.stdout.split('\n').filter((l) => /^\| +\d+ \|/.test(l));
    expect(rows.map((r) => r.split('|')[2].trim()).sort()).toEqual([...signatures].sort());
    const json = await sagga(['archive', 'stats', proven, good, '--by-signature', '--json']);
    const groups = JSON.parse(json.stdout) as { run: string; groups: { variants: number | null }[]; unsigned: number }[];
    expect(groups.map((g) => [g.run, g.groups.length, g.unsigned])).toEqual([
      ['proven', signatures.length, 0],
      ['good', 0, TRICKY_LINES.length],
    ]);
    expect(groups[0].groups.reduce((n, g) => n + (g.variants ?? 0), 0)).toBe(files.evaluated.filter((e) => e.variant_of !== undefined).length);
    const help = await sagga(['archive', 'stats', '--help']);
    expect(help.stdout).toContain('--by-signature');
    expect(help.stdout).toContain('cost per proven failure');
  });

  it('export to stdout and to files; merge; cluster', async () => {
    const jsonl = await sagga(['archive', 'export', good]);
    expect(jsonl.status).toBe(0);
    expect(
      jsonl.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id),
    ).toEqual(['g1-1', 'g1-2', 'g2-7', 'g3-4']);
    const csv = await sagga(['archive', 'export', good, '--format', 'csv']);
    expect(csv.stdout.split('\r\n')).toHaveLength(6); // header, 4 rows, final empty string
    const parquet = await sagga(['archive', 'export', good, '--format', 'parquet']);
    expect(parquet.status, parquet.stderr).toBe(0);
    expect(parquet.stderr).toContain(`wrote 4 row(s) to ${join(good, 'archive.parquet')} and its dataset card to ${join(good, 'README.md')}`);
    expect(readFileSync(join(good, 'archive.parquet')).subarray(0, 4).toString()).toBe('PAR1');

    const merged = join(work, 'merged');
    const merge = await sagga(['archive', 'merge', good, killed, '--out', merged]);
    expect(merge.status, merge.stderr).toBe(0);
    expect(merge.stderr).toContain(`good (4) + killed (4) → 4 problem(s), 4 duplicate(s) dropped; wrote ${join(merged, 'archive.jsonl')}`);
    const again = await sagga(['archive', 'merge', good, killed, '--out', merged]);
    expect(again.status).toBe(73);
    expect(again.stderr).toMatch(/^sagga archive merge: .*already exists; choose another --out\n$/);

    const cluster = await sagga(['archive', 'cluster', good, '--clusters', '2', '--prototypes', '1']);
    expect(cluster.status).toBe(0);
    expect(cluster.stdout).toContain('good: 4 archived problem(s) in 2 cluster(s)');
    expect(cluster.stdout.match(/^ {2}1\. /gm)).toHaveLength(2);
  });

  it('cluster and report with the transformers embedder, loaded from a local model directory', async () => {
    const model = resolve(__dirname, '../fixtures/tiny-model');
    const cluster = await sagga(['archive', 'cluster', good, '--clusters', '2', '--embedder', `transformers:${model}`]);
    expect(cluster.status, cluster.stderr).toBe(0);
    expect(cluster.stdout).toContain(`good: 4 archived problem(s) in 2 cluster(s) (k-means on transformers:${model} embeddings)`);
    const out = join(work, 'tiny.html');
    const report = await sagga(['report', good, '--out', out, '--clusters', '2', '--embedder', `transformers:${model}`]);
    expect(report.status, report.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain(`on transformers:${model} embeddings`);
  });

  it('bad input: one clear line, no stack trace, exit 66 for a missing run, 64 for a bad command line', async () => {
    const missing = await sagga(['archive', 'stats', join(work, 'nowhere')]);
    expect(missing.status).toBe(66);
    expect(missing.stderr).toBe(
      `sagga archive stats: ${join(work, 'nowhere')}: no such run directory (ENOENT)\n(give a run directory written by \`sagga search\`, holding config.json / archive.jsonl / generations.jsonl, or an archive .jsonl file)\n`,
    );
    const notRun = await sagga(['archive', 'cluster', work]);
    expect(notRun.status).toBe(66);
    expect(notRun.stderr).toMatch(/not a sagga run directory/);
    const format = await sagga(['archive', 'export', good, '--format', 'xlsx']);
    expect(format.status).toBe(64);
    expect(format.stderr).toMatch(/option '-f, --format <format>' argument 'xlsx' is invalid\. Allowed choices are jsonl, csv, parquet/);
    const include = await sagga(['archive', 'export', good, '--include', 'variants,everything']);
    expect(include.status).toBe(64);
    expect(include.stderr).toMatch(/expected a comma-separated list of variants, unproven/);
    const k = await sagga(['archive', 'cluster', good, '--clusters', 'zero']);
    expect(k.status).toBe(64);
    expect(k.stderr).toMatch(/expected a whole number ≥ 1/);
    const embedder = await sagga(['archive', 'cluster', good, '--embedder', 'word2vec']);
    expect(embedder.status).toBe(64);
    expect(embedder.stderr).toContain('--embedder word2vec: unknown embedder (expected one of structural, transformers, transformers:<model dir | hub id>)');
    const noModel = await sagga(['archive', 'cluster', good, '--embedder', `transformers:${join(work, 'no-model')}`]);
    expect(noModel.status).toBe(64);
    expect(noModel.stderr).toContain(`could not load ${join(work, 'no-model')}`);
    expect(noModel.stderr).toContain(`there is no directory ${join(work, 'no-model')}, so it was looked up on the Hugging Face hub`);
    const one = await sagga(['archive', 'merge', good, '--out', join(work, 'x')]);
    expect(one.status).toBe(64);
    expect(one.stderr).toBe('sagga archive merge: give at least two archives to merge\n');
    expect(existsSync(join(work, 'x'))).toBe(false);
  });
});
