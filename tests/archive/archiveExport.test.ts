import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveExport } from '../../src/archive/archiveExport.js';
import { DATASET_COLUMNS } from '../../src/archive/datasetSchema.js';
import { defuse } from '../../src/archive/toCsv.js';
import { readRun } from '../../src/run/readRun.js';
import type { ArchiveLine } from '../../src/run/runSchema.js';
import { TASK_REGISTRY } from '../../src/tasks/registry.js';
import { makeScriptedRun } from '../../testkit/scriptedRun.js';
import { TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from './fixtures.js';

type Row = Record<string, unknown> & {
  role: string;
  answers: Record<string, unknown>[];
  proof: Record<string, unknown>;
  minimal: Record<string, unknown>;
  sources: Record<string, unknown>[];
};
type Raw = Record<string, unknown>;

/** The columns of an export, in order (docs/FORMATS.md). */
const COLUMNS = [
  'id',
  'role',
  'variant_of',
  'problem',
  'task',
  'lower',
  'upper',
  'point',
  'order',
  'direction',
  'conditions',
  'parameters',
  'latex',
  'key',
  'generation',
  'fitness',
  'length',
  'chars',
  'tokens',
  'nodes',
  'depth',
  'terms',
  'target',
  'kind',
  'reason',
  'parent',
  'proof_by',
  'proof_reference',
  'signature',
  'minimal_problem',
  'minimal_nodes',
  'variants',
  'answers',
  'proof',
  'minimal',
  'sources',
];

const jsonLines = (path: string): Raw[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Raw)
    : [];
const rowsOf = (path: string) => jsonLines(path) as Row[];
/** What a raw archive answer or proof says, with "not recorded" as the export writes it (""). */
const answer = (a: Raw) => ({ text: a.text, status: a.status ?? '', verdict: a.verdict ?? '', reason: a.reason ?? '', answer: a.answer ?? '' });
const proof = (p: Raw | null | undefined) => ({ by: p?.by ?? '', reason: p?.reason ?? '', reference: p?.reference ?? '', answer: p?.answer ?? '' });
const NOT_RECORDED = [{ text: '', status: 'not-recorded', verdict: '', reason: '', answer: '' }];

/** The schema of a dataset card's YAML header (read by Python's yaml), as DuckDB names the types. */
function cardTypes(cardPath: string): Record<string, string> {
  const script = `
import json, sys, yaml
text = open(sys.argv[1]).read()
header = text.split('---')[1]
print(json.dumps(yaml.safe_load(header)['dataset_info']['features']))`;
  type Feature = { name: string; dtype?: string; struct?: Feature[]; list?: Feature[] };
  const features = JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, cardPath], { encoding: 'utf8' })) as Feature[];
  const duck = (f: Feature): string => {
    if (f.dtype !== undefined) return ({ string: 'VARCHAR', int64: 'BIGINT', float64: 'DOUBLE' } as Record<string, string>)[f.dtype] ?? `unknown ${f.dtype}`;
    const fields = (f.struct ?? f.list)!.map((g) => `${g.name} ${duck(g)}`).join(', ');
    return f.struct !== undefined ? `STRUCT(${fields})` : `STRUCT(${fields})[]`;
  };
  return Object.fromEntries(features.map((f) => [f.name, duck(f)]));
}

describe('archive export: a dataset', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-export-'));
  const tricky = writeRun(join(work, 'tricky'), TRICKY_LINES);
  const files = provenRunFiles();
  const proven = writeProvenRun(join(work, 'proven'), files);
  const synthetic = join(work, 'synthetic');
  let duck: DuckDBInstance;

  beforeAll(async () => {
    // 15 distinct bugs, which this search finds in about 30 generations: a run with every field a
    // run writes now. Each bug more costs more generations (30 took about 90, most of this file's
    // time), and it never finds 60: asked for 60 it went on for 237 generations until it stagnated at 55.
    const made = await makeScriptedRun(synthetic, { failures: 15, seed: 'export-test', generationSize: 60 });
    expect(made.summary.stopReason).toBe('archive-full');
    duck = await DuckDBInstance.create(':memory:');
  });
  afterAll(() => duck?.closeSync());

  const query = async (sql: string) => (await (await duck.connect()).runAndReadAll(sql)).getRowObjectsJson();
  /** Column types as DuckDB infers them from the data, without the quotes it puts around some field names. */
  const typesOf = async (source: string) =>
    Object.fromEntries(
      (await query(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM ${source})`)).map((t) => [
        t.column_name,
        String(t.column_type).replace(/"/g, ''),
      ]),
    );

  it('one row per archived bug by default, every column in order, the archive line as it is', () => {
    for (const [name, dir] of [
      ['tricky', tricky],
      ['proven', proven],
      ['synthetic', synthetic],
    ] as const) {
      const out = join(work, 'default', `${name}.jsonl`);
      const result = archiveExport(dir, { format: 'jsonl', out });
      const raw = jsonLines(join(dir, 'archive.jsonl'));
      const rows = rowsOf(out);
      expect(result.rows).toBe(raw.length);
      expect(rows).toHaveLength(raw.length);
      const entries = readRun(dir).entries;
      rows.forEach((row, i) => {
        const line = raw[i];
        expect(Object.keys(row)).toEqual(COLUMNS);
        expect(row).toMatchObject({
          id: line.id,
          role: 'bug',
          variant_of: '',
          problem: line.problem,
          generation: line.generation,
          fitness: line.fitness,
          target: line.target,
          kind: line.kind,
        });
        for (const column of ['latex', 'key', 'reason', 'parent', 'signature'])
          expect(row[column], `${name} ${column}`).toBe(line[column] ?? (['reason', 'parent', 'signature'].includes(column) ? '' : row[column]));
        for (const column of ['length', 'nodes', 'depth', 'chars', 'tokens', 'terms'])
          if (line[column] !== undefined) expect(row[column], `${name} ${column}`).toBe(line[column]);
        expect(typeof row.latex === 'string' && row.latex !== '').toBe(true);
        expect(row.answers).toEqual((line.answers as Raw[]).map(answer));
        expect(row.proof).toEqual(proof(line.proof as Raw | null));
        expect([row.proof_by, row.proof_reference]).toEqual([(line.proof as Raw | null)?.by ?? '', (line.proof as Raw | null)?.reference ?? '']);
        const minimal = line.minimal as Raw | undefined;
        expect(row.minimal).toEqual(
          minimal
            ? { problem: minimal.problem, answers: (minimal.answers as Raw[]).map(answer), proof: proof(minimal.proof as Raw | null), nodes: minimal.nodes }
            : { problem: '', answers: NOT_RECORDED, proof: proof(null), nodes: 0 },
        );
        expect(row.variants).toBe(entries[i].variants ?? 0);
        expect(row.sources).toEqual([{ run: name, id: line.id }]);
      });
    }
  });

  it('--include variants,unproven adds a row per repeat of an archived bug and per unproven failure, as evaluated.jsonl records them', () => {
    const out = join(work, 'include', 'proven.jsonl');
    archiveExport(proven, { format: 'jsonl', out, include: ['variants', 'unproven'] });
    const rows = rowsOf(out);
    const archivedKeys = new Set(files.archive.map((a) => a.key));
    const failures = files.evaluated.filter((e) => e.status === 'fail' && !archivedKeys.has(e.key));
    const variants = failures.filter((e) => e.variant_of !== undefined);
    const unproven = failures.filter((e) => e.variant_of === undefined && (e.proof ?? null) === null);
    expect(variants.length).toBeGreaterThan(1);
    expect(unproven.length).toBeGreaterThan(1);
    expect(rows.filter((r) => r.role === 'bug')).toHaveLength(files.archive.length);
    const variantRows = rows.filter((r) => r.role === 'variant');
    const unprovenRows = rows.filter((r) => r.role === 'unproven');
    expect(variantRows.map((r) => [r.problem, r.variant_of, r.kind, r.signature, r.generation])).toEqual(
      variants.map((e) => [e.problem, e.variant_of, e.kind, e.signature, e.generation]),
    );
    expect(unprovenRows.map((r) => [r.problem, r.kind, r.reason, r.proof_by])).toEqual(unproven.map((e) => [e.problem, e.kind, e.reason, '']));
    for (const r of [...variantRows, ...unprovenRows]) {
      expect(Object.keys(r)).toEqual(COLUMNS);
      expect(r.answers).toEqual(NOT_RECORDED);
      expect(r.target).toBe(files.archive[0].target);
      expect(r.sources).toEqual([{ run: 'proven', id: r.id }]);
    }
    // Each --include alone.
    archiveExport(proven, { format: 'jsonl', out: join(work, 'include', 'variants.jsonl'), include: ['variants'] });
    expect(new Set(rowsOf(join(work, 'include', 'variants.jsonl')).map((r) => r.role))).toEqual(new Set(['bug', 'variant']));
  });

  it("two different runs' JSON Lines exports, read together by DuckDB, give every column one non-null type, the dataset card's; so does each alone", async () => {
    const dir = join(work, 'together');
    const a = join(dir, 'proven.jsonl');
    const b = join(dir, 'tricky.jsonl');
    const c = join(dir, 'synthetic.jsonl');
    archiveExport(proven, { format: 'jsonl', out: a, include: ['variants', 'unproven'] });
    archiveExport(tricky, { format: 'jsonl', out: b, include: ['variants', 'unproven'] });
    const card = archiveExport(synthetic, { format: 'jsonl', out: c }).card!;
    expect(card).toBe(join(dir, 'README.md'));
    const expected = cardTypes(card);
    expect(Object.keys(expected)).toEqual(COLUMNS);
    const together = await typesOf(`read_json(['${a}', '${b}', '${c}'])`);
    expect(together).toEqual(expected);
    for (const t of Object.values(together)) expect(t).not.toMatch(/JSON|NULL/);
    // Each file alone infers the same types: none is null-typed in one run and text in another
    // (tricky is a run made before proofs, minimal forms and signatures were recorded).
    for (const file of [a, b, c]) expect(await typesOf(`read_json('${file}')`), file).toEqual(expected);
    const counted = await query(`SELECT role, count(*) AS n FROM read_json(['${a}', '${b}', '${c}']) GROUP BY role ORDER BY role`);
    expect(counted.map((r) => [r.role, Number(r.n)])).toEqual([
      ['bug', files.archive.length + TRICKY_LINES.length + jsonLines(join(synthetic, 'archive.jsonl')).length],
      ['unproven', rowsOf(a).filter((r) => r.role === 'unproven').length],
      ['variant', rowsOf(a).filter((r) => r.role === 'variant').length],
    ]);
  });

  it("Parquet: the card's types, and row for row the JSON Lines export", async () => {
    for (const [name, dir] of [
      ['proven', proven],
      ['tricky', tricky],
    ] as const) {
      const parquet = join(work, 'parquet', `${name}.parquet`);
      const jsonl = join(work, 'parquet', `${name}.jsonl`);
      const card = archiveExport(dir, { format: 'parquet', out: parquet, include: ['variants', 'unproven'] }).card!;
      archiveExport(dir, { format: 'jsonl', out: jsonl, include: ['variants', 'unproven'] });
      expect(await typesOf(`read_parquet('${parquet}')`)).toEqual(cardTypes(card));
      expect(await query(`SELECT * FROM read_parquet('${parquet}')`)).toEqual(await query(`SELECT * FROM read_json('${jsonl}')`));
    }
  });

  it('CSV: RFC 4180 quoting, text guarded against spreadsheet formulas unless --csv-raw', async () => {
    const guarded = join(work, 'csv', 'tricky.csv');
    const raw = join(work, 'csv', 'tricky-raw.csv');
    archiveExport(tricky, { format: 'csv', out: guarded });
    archiveExport(tricky, { format: 'csv', out: raw, csvRaw: true });
    const text = readFileSync(guarded, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      [
        ...COLUMNS.filter((c) => !['answers', 'proof', 'minimal', 'sources'].includes(c)),
        'answer',
        'answer_text',
        'verdict',
        'answer_reason',
        'answers_json',
        'proof_json',
        'minimal_json',
        'sources_json',
      ].join(','),
    );
    expect(text).toContain('"x^3/3 + 3*x^2, ""roughly"""');
    const read = (path: string) => query(`SELECT * FROM read_csv('${path}', header = true, all_varchar = true, delim = ',', quote = '"', escape = '"')`);
    const [g, r] = [await read(guarded), await read(raw)];
    expect(g).toHaveLength(TRICKY_LINES.length);
    TRICKY_LINES.forEach((line, i) => {
      const problem = line.problem as string;
      expect(r[i].problem).toBe(problem);
      expect(g[i].problem).toBe(/^[=+\-@\t\r]/.test(problem) ? `'${problem}` : problem);
      expect(JSON.parse(r[i].answers_json as string)).toEqual((line.answers as Raw[]).map(answer));
    });
    expect(r[1].answer_text).toBe('=HYPERLINK("http://evil.example")');
    expect(g[1].answer_text).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(defuse('-x^2 + 1')).toBe("'-x^2 + 1");
    expect(defuse('x^2 - 1')).toBe('x^2 - 1');
    expect(defuse(-3)).toBe(-3);
  });

  it('the card: beside the file, how the run was made and every column; a README.md sagga did not write is kept', () => {
    const dir = join(work, 'cards');
    mkdirSync(dir, { recursive: true });
    const own = archiveExport(proven, { format: 'jsonl', out: join(dir, 'a.jsonl'), include: ['unproven'] });
    const text = readFileSync(own.card!, 'utf8');
    expect(text).toMatch(/data_files: a\.jsonl/);
    for (const column of COLUMNS) expect(text).toContain(`| \`${column}\` |`);
    expect(text).toContain('```sh\nsagga search --target ');
    // Written again over its own card; another README.md is left alone.
    expect(archiveExport(proven, { format: 'jsonl', out: join(dir, 'b.jsonl') }).card).toBe(join(dir, 'README.md'));
    const other = join(work, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'README.md'), '# my project\n');
    const beside = archiveExport(proven, { format: 'jsonl', out: join(other, 'nerd.jsonl') });
    expect(readFileSync(join(other, 'README.md'), 'utf8')).toBe('# my project\n');
    expect(beside.card).toBe(join(other, 'nerd.README.md'));
    expect(readFileSync(beside.card!, 'utf8')).toContain('data_files: nerd.jsonl');
  });

  it("read back as an archive file, an export is its run's archive (with its provenance); its other rows are no archive lines", () => {
    for (const dir of [tricky, proven, synthetic]) {
      const out = join(work, 'back', `${dir.split('/').pop()}.jsonl`);
      archiveExport(dir, { format: 'jsonl', out, include: ['variants', 'unproven'] });
      const back = readRun(out);
      expect(back.warnings).toEqual([]);
      const original = readRun(dir).entries;
      const withoutEmpty = (e: ArchiveLine) =>
        Object.fromEntries(Object.entries({ ...e, sources: null, variants: e.variants ?? 0 }).map(([k, v]) => [k, v === '' ? null : v]));
      expect(back.entries.map(withoutEmpty)).toEqual(
        original.map((e, i) =>
          withoutEmpty({
            ...e,
            latex: e.latex ?? back.entries[i].latex,
            key: e.key ?? back.entries[i].key,
            chars: e.chars ?? back.entries[i].chars,
            tokens: e.tokens ?? back.entries[i].tokens,
            terms: e.terms ?? back.entries[i].terms,
          }),
        ),
      );
      expect(back.entries.map((e) => e.sources)).toEqual(original.map((e) => [{ run: dir.split('/').pop(), id: e.id }]));
    }
  });

  it('to stdout (no card), and the errors a user can make', () => {
    let written = '';
    const sink = { write: (s: string) => ((written += s), true) } as unknown as NodeJS.WritableStream;
    const result = archiveExport(tricky, { format: 'jsonl', out: '-', stdout: sink });
    expect(result.card).toBeNull();
    expect(
      written
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as Raw).id),
    ).toEqual(TRICKY_LINES.map((l) => l.id));
    expect(() => archiveExport(tricky, { format: 'parquet', out: '-' })).toThrow(/Parquet cannot go to stdout/);
    expect(() => archiveExport(tricky, { format: 'xlsx' as 'csv', out: join(work, 'x') })).toThrow(/unknown format 'xlsx' \(expected jsonl, csv, parquet\)/);
    expect(() => archiveExport(join(work, 'nowhere'), { format: 'jsonl', out: join(work, 'y') })).toThrow(/nowhere: no such run directory/);
  });

  it("a line of any task, and one with parameters, is a row with its task's parameters and its assumptions, and reads back as the same line", async () => {
    const base = TRICKY_LINES[0];
    const lines: Record<string, unknown>[] = [
      { ...base, id: 't-definite', task: 'definite', lower: '-oo', upper: 'pi/2' },
      { ...base, id: 't-series', problem: 'sin(x)', task: 'series', point: '0', order: 0 },
      { ...base, id: 't-series-5', problem: 'cos(x)', task: 'series', point: 'pi/2', order: 5 },
      { ...base, id: 't-limit', problem: 'sin(x)/x', task: 'limit', point: 'oo', direction: '-' },
      { ...base, id: 't-ode', problem: "y'' + 4*y = sin(3*x)", task: 'ode', conditions: ['y(0)=1', "y'(0)=0"] },
      { ...base, id: 't-ode-general', problem: "y' + y = x", task: 'ode', conditions: [] },
      { ...base, id: 't-parametric', problem: 'A*cos(x)*x + 1', parameters: { A: 'positive', B: 'real' } },
      { ...base, id: 't-definite-parametric', problem: 'exp(-A*x)', task: 'definite', lower: '0', upper: 'oo', parameters: { A: 'positive' } },
      { ...base, id: 't-integrate' },
    ];
    const dir = writeRun(join(work, 'tasks'), lines);
    const out = join(work, 'tasks-export', 'rows.jsonl');
    const result = archiveExport(dir, { format: 'jsonl', out });
    expect(result.rows).toBe(lines.length);
    const pick = (r: Raw) => [r.task, r.lower, r.upper, r.point, r.order, r.direction, r.conditions, r.parameters];
    expect(rowsOf(out).map(pick)).toEqual([
      ['definite', '-oo', 'pi/2', '', 0, '', '', ''],
      ['series', '', '', '0', 0, '', '', ''],
      ['series', '', '', 'pi/2', 5, '', '', ''],
      ['limit', '', '', 'oo', 0, '-', '', ''],
      ['ode', '', '', '', 0, '', "y(0)=1; y'(0)=0", ''],
      ['ode', '', '', '', 0, '', '', ''],
      ['integrate', '', '', '', 0, '', '', 'A: positive; B: real'],
      ['definite', '0', 'oo', '', 0, '', '', 'A: positive'],
      ['integrate', '', '', '', 0, '', '', ''],
    ]);
    for (const row of rowsOf(out)) expect(Object.keys(row)).toEqual(COLUMNS);
    expect(readFileSync(result.card!, 'utf8')).toContain('problems of the tasks definite, series, limit, ode, integrate');
    // Read back as an archive file: the same task, parameters and assumptions as the lines.
    const asRead = (e: ArchiveLine) => [e.id, e.task, e.params, e.parameters];
    expect(readRun(out).entries.map(asRead)).toEqual(readRun(dir).entries.map(asRead));
    expect(readRun(dir).entries.map((e) => e.task)).toEqual(['definite', 'series', 'series', 'limit', 'ode', 'ode', null, 'definite', null]);
    // Parquet and CSV carry the same columns.
    const parquet = join(work, 'tasks-export', 'rows.parquet');
    archiveExport(dir, { format: 'parquet', out: parquet });
    expect(await query(`SELECT * FROM read_parquet('${parquet}')`)).toEqual(await query(`SELECT * FROM read_json('${out}')`));
    const csv = join(work, 'tasks-export', 'rows.csv');
    archiveExport(dir, { format: 'csv', out: csv, csvRaw: true });
    const csvRows = await query(`SELECT * FROM read_csv('${csv}', header = true, all_varchar = true, delim = ',', quote = '"', escape = '"')`);
    expect(csvRows.map((r) => [r.task, r.lower, r.conditions, r.parameters])).toEqual(
      rowsOf(out).map((r) => [r.task, r.lower, r.conditions, r.parameters].map((v) => (v === '' ? null : v))),
    );
  });

  it('has a column for every parameter of every task, of the type its lines hold', () => {
    const columns = new Map(DATASET_COLUMNS.map((c) => [c.name, c.type]));
    for (const task of TASK_REGISTRY)
      for (const field of task.fields) expect(columns.get(field.name), `${task.name}: ${field.name}`).toBe(field.name === 'order' ? 'int64' : 'string');
    expect(columns.get('task')).toBe('string');
  });
});
