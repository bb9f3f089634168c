import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveExport } from '../../src/archive/archiveExport.js';
import { defuse, toCsv } from '../../src/archive/toCsv.js';
import { readRun } from '../../src/run/readRun.js';
import { makeScriptedRun } from '../../testkit/scriptedRun.js';
import { TRICKY_LINES, writeProvenRun, writeRun } from './fixtures.js';

type Raw = Record<string, unknown> & { answers: Record<string, unknown>[] };

/** What a raw line says a field is, with the contract's meaning of "absent" (null). */
const field = (line: Raw, name: string): unknown => (line[name] === undefined ? null : line[name]);
const rawAnswers = (line: Raw) =>
  line.answers.map((a) => ({ text: a.text, status: a.status ?? null, verdict: a.verdict ?? null, reason: a.reason ?? null, answer: a.answer ?? null }));

const SCALARS = ['id', 'problem', 'latex', 'key', 'generation', 'fitness', 'length', 'chars', 'tokens', 'nodes', 'depth', 'terms', 'target', 'kind', 'reason', 'parent'];
/** The flat columns the export adds for proofs, signatures and minimal problems, then the nested fields. */
const DERIVED = ['proof_by', 'proof_reference', 'signature', 'minimal_problem', 'minimal_nodes', 'variants'];
const NESTED = ['answers', 'proof', 'minimal', 'sources'];

type RawProof = { by: string; reason?: string; reference?: string; answer?: string } | null | undefined;
const rawProof = (p: RawProof) => (p ? { by: p.by, reason: p.reason ?? null, reference: p.reference ?? null, answer: p.answer ?? null } : null);
const rawMinimal = (line: Raw) => {
  const m = line.minimal as { problem: string; answers: Record<string, unknown>[]; proof: RawProof; nodes: number } | undefined;
  return m ? { problem: m.problem, answers: rawAnswers({ answers: m.answers } as Raw), proof: rawProof(m.proof), nodes: m.nodes } : null;
};
/** Repeats of each archive line in a run's evaluated.jsonl (`variant_of`), counted here. */
const variantCounts = (dir: string): Map<string, number> | null => {
  const path = join(dir, 'evaluated.jsonl');
  if (!existsSync(path)) return null;
  const counts = new Map<string, number>();
  for (const l of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
    const id = (JSON.parse(l) as { variant_of?: string }).variant_of;
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
};
/** The export's flat columns as the raw line and its run's evaluated.jsonl say they should be. */
const derived = (line: Raw, variants: Map<string, number> | null): Record<string, unknown> => {
  const proof = line.proof as RawProof;
  const minimal = rawMinimal(line);
  const recorded = line.variants === undefined ? null : line.variants;
  return {
    proof_by: proof?.by ?? null,
    proof_reference: proof?.reference ?? null,
    signature: line.signature ?? null,
    minimal_problem: minimal?.problem ?? null,
    minimal_nodes: minimal?.nodes ?? null,
    variants: variants === null || (recorded === null && !variants.has(line.id as string)) ? recorded : (variants.get(line.id as string) ?? 0),
  };
};

describe('archive export', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-export-'));
  const tricky = writeRun(join(work, 'tricky'), TRICKY_LINES);
  const proven = writeProvenRun(join(work, 'proven'));
  const provenLines = readFileSync(join(proven, 'archive.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Raw);
  const synthetic = join(work, 'synthetic');
  let syntheticLines: Raw[];
  let duck: DuckDBInstance;

  beforeAll(async () => {
    await makeScriptedRun(synthetic, { failures: 60, seed: 'export-test', generationSize: 60 });
    syntheticLines = readFileSync(join(synthetic, 'archive.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Raw);
    duck = await DuckDBInstance.create(':memory:');
  });
  afterAll(() => duck?.closeSync());

  const query = async (sql: string) => (await (await duck.connect()).runAndReadAll(sql)).getRowObjectsJson();

  const runs = () =>
    [
      ['tricky', tricky, TRICKY_LINES as Raw[]],
      ['synthetic', synthetic, syntheticLines],
      ['proven', proven, provenLines],
    ] as const;

  it('JSON Lines: every line has the same keys in the same order, and re-imported it equals the archive', () => {
    for (const [name, dir, lines] of runs()) {
      const variants = variantCounts(dir);
      const out = join(work, `${name}.jsonl`);
      const result = archiveExport(dir, { format: 'jsonl', out });
      expect(result.rows).toBe(lines.length);
      const exported = readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Raw);
      expect(exported).toHaveLength(lines.length);
      const keys = Object.keys(exported[0]);
      expect(keys).toEqual([...SCALARS, ...DERIVED, ...NESTED]);
      exported.forEach((e, i) => {
        expect(Object.keys(e)).toEqual(keys);
        for (const name of SCALARS) expect(e[name], `${name} of line ${i + 1}`).toEqual(field(lines[i], name));
        for (const [column, value] of Object.entries(derived(lines[i], variants))) expect(e[column], `${column} of ${name} line ${i + 1}`).toEqual(value);
        expect(e.answers).toEqual(rawAnswers(lines[i]));
        expect(e.proof).toEqual(rawProof(lines[i].proof as RawProof));
        expect(e.minimal).toEqual(rawMinimal(lines[i]));
        expect(e.sources).toBeNull();
      });
      // Re-imported through the same reader as a run, the export is the archive.
      expect(readRun(out).entries).toEqual(readRun(dir).entries);
      expect(readRun(out).warnings).toEqual([]);
    }
  });

  it('the exports hold something to check: proofs of both kinds, unproven lines, shrunk lines, variants', () => {
    const e = provenLines;
    expect(new Set(e.map((l) => (l.proof as RawProof)?.by ?? null))).toEqual(new Set(['verifier', 'reference', null]));
    expect(e.some((l) => rawMinimal(l)!.problem !== l.problem)).toBe(true);
    expect([...variantCounts(proven)!.values()].some((n) => n > 0)).toBe(true);
  });

  it('Parquet: DuckDB reads back the archive row for row', async () => {
    for (const [name, dir, lines] of runs()) {
      const variants = variantCounts(dir);
      const out = join(work, `${name}.parquet`);
      archiveExport(dir, { format: 'parquet', out });
      const rows = await query(`SELECT * FROM read_parquet('${out}')`);
      expect(rows).toHaveLength(lines.length);
      rows.forEach((row, i) => {
        for (const name of SCALARS) expect(row[name], `${name} of row ${i + 1}`).toEqual(field(lines[i], name));
        for (const [column, value] of Object.entries(derived(lines[i], variants))) expect(row[column], `${column} of ${name} row ${i + 1}`).toEqual(value);
        expect(row.answers).toEqual(rawAnswers(lines[i]));
        expect(row.proof).toEqual(rawProof(lines[i].proof as RawProof));
        expect(row.minimal).toEqual(rawMinimal(lines[i]));
        expect(row.sources).toBeNull();
      });
      const types = await query(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${out}'))`);
      expect(types.map((t) => t.column_name)).toEqual([...SCALARS, ...DERIVED, ...NESTED]);
      const typeOf = Object.fromEntries(types.map((t) => [t.column_name, t.column_type]));
      const answerStruct = 'STRUCT("text" VARCHAR, status VARCHAR, verdict VARCHAR, reason VARCHAR, answer VARCHAR)[]';
      const proofStruct = 'STRUCT("by" VARCHAR, reason VARCHAR, reference VARCHAR, answer VARCHAR)';
      expect(typeOf).toMatchObject({ id: 'VARCHAR', generation: 'INTEGER', fitness: 'DOUBLE', answers: answerStruct, proof: proofStruct, proof_by: 'VARCHAR', signature: 'VARCHAR', variants: 'INTEGER' });
      expect(typeOf.minimal).toBe(`STRUCT(problem VARCHAR, answers ${answerStruct}, proof ${proofStruct}, nodes INTEGER)`);
    }
  });

  it('CSV: commas, quotes and line breaks are quoted (RFC 4180), model text cannot be a spreadsheet formula', async () => {
    const out = join(work, 'tricky.csv');
    archiveExport(tricky, { format: 'csv', out });
    const text = readFileSync(out, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      'id,problem,latex,key,generation,fitness,length,chars,tokens,nodes,depth,terms,target,kind,reason,parent,proof_by,proof_reference,signature,minimal_problem,minimal_nodes,variants,answer,answer_text,verdict,answer_reason,answers_json,proof_json,minimal_json,sources_json',
    );
    expect(text).toContain('"x^3/3 + 3*x^2, ""roughly"""');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    // Another reader agrees on every cell.
    const rows = await query(`SELECT * FROM read_csv('${out}', header = true, all_varchar = true, delim = ',', quote = '"', escape = '"')`);
    expect(rows).toHaveLength(TRICKY_LINES.length);
    const lines = TRICKY_LINES as Raw[];
    rows.forEach((row, i) => {
      expect(row.id).toBe(lines[i].id);
      // Every text cell is defused: '-sin(2*x)' is shown as text, not evaluated (#NAME?).
      const problem = lines[i].problem as string;
      expect(row.problem).toBe(/^[=+\-@\t\r]/.test(problem) ? `'${problem}` : problem);
      expect(Number(row.fitness)).toBe(lines[i].fitness);
      expect(JSON.parse(row.answers_json as string)).toEqual(rawAnswers(lines[i]));
    });
    expect(rows[0].answer_text).toBe('x^3/3 + 3*x^2, "roughly"');
    expect(rows[0].answer).toBe('x^3/3 + 3*x^2');
    expect(rows[1].answer_text).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(rows[1].latex).toBeNull();
    expect(JSON.parse(rows[1].answers_json as string)[1].text).toBe('Line one,\nline two with a "quote" and ∫ dx');
  });

  it('CSV of a run with proofs: the flat columns, and proof and minimal whole as JSON', async () => {
    const out = join(work, 'proven.csv');
    archiveExport(proven, { format: 'csv', out });
    const rows = await query(`SELECT * FROM read_csv('${out}', header = true, all_varchar = true, delim = ',', quote = '"', escape = '"')`);
    const variants = variantCounts(proven);
    expect(rows).toHaveLength(provenLines.length);
    rows.forEach((row, i) => {
      const want = derived(provenLines[i], variants);
      for (const column of ['proof_by', 'proof_reference', 'signature', 'minimal_problem']) expect(row[column], column).toBe(want[column] === null ? null : /^[=+\-@\t\r]/.test(want[column] as string) ? `'${want[column]}` : want[column]);
      expect(Number(row.minimal_nodes)).toBe(want.minimal_nodes);
      expect(Number(row.variants)).toBe(want.variants);
      expect(row.proof_json === null ? null : JSON.parse(row.proof_json as string)).toEqual(rawProof(provenLines[i].proof as RawProof));
      expect(JSON.parse(row.minimal_json as string)).toEqual(rawMinimal(provenLines[i]));
    });
  });

  it('CSV: every text column is defused against formula injection; numbers are left as numbers', () => {
    const hostile = ['=1+1', '+cmd', '-x^2 + 1', '@SUM(A1)', '\tx', '\rx'];
    const entry = readRun(tricky).entries[0];
    for (const bad of hostile) {
      const line = {
        ...entry,
        id: bad,
        problem: bad,
        latex: bad,
        key: bad,
        target: bad,
        kind: bad,
        reason: bad,
        parent: bad,
        fitness: -0.5,
        answers: [{ text: bad, status: bad, verdict: bad, reason: bad, answer: bad }],
      };
      const [header, row] = toCsv([line]).split('\r\n');
      const columns = header.split(',');
      const cells = row.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"([\s\S]*)"$/, '$1').replace(/""/g, '"'));
      const at = (name: string): string => cells[columns.indexOf(name)];
      for (const name of ['id', 'problem', 'latex', 'key', 'target', 'kind', 'reason', 'parent', 'answer', 'answer_text', 'verdict', 'answer_reason']) {
        expect(at(name), `${name} for ${JSON.stringify(bad)}`).toBe(`'${bad}`);
      }
      expect(at('fitness')).toBe('-0.5');
      expect(at('answers_json').startsWith('[')).toBe(true);
    }
    expect(defuse('-x^2 + 1')).toBe("'-x^2 + 1");
    expect(defuse('x^2 - 1')).toBe('x^2 - 1');
    expect(defuse(-3)).toBe(-3);
    expect(defuse(null)).toBeNull();
  });

  it('to stdout, and the errors a user can make', () => {
    let written = '';
    const sink = { write: (s: string) => ((written += s), true) } as unknown as NodeJS.WritableStream;
    archiveExport(tricky, { format: 'jsonl', out: '-', stdout: sink });
    expect(written.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as Raw).id)).toEqual(TRICKY_LINES.map((l) => l.id));
    expect(() => archiveExport(tricky, { format: 'parquet', out: '-' })).toThrow(/Parquet cannot go to stdout/);
    expect(() => archiveExport(tricky, { format: 'xlsx' as 'csv', out: join(work, 'x') })).toThrow(/unknown format 'xlsx' \(expected jsonl, csv, parquet\)/);
    expect(() => archiveExport(join(work, 'nowhere'), { format: 'jsonl', out: join(work, 'y') })).toThrow(/nowhere: no such run directory/);
  });
});
