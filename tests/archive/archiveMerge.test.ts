import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveMerge } from '../../src/archive/archiveMerge.js';
import { readRun } from '../../src/run/readRun.js';
import { TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from './fixtures.js';

type Line = { id: string; problem: string; sources: { run: string; id: string }[] | null; answers: { text: string }[]; target: string };
const readLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

const base = TRICKY_LINES[2] as Record<string, unknown>;
/** An archive line of another run: the same answer shape, a different problem and id. */
const other = (id: string, problem: string, target = 'algebrite') => ({ ...base, id, problem, target, key: undefined, latex: undefined });

describe('archive merge', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-merge-'));
  const a = writeRun(join(work, 'runs/a'), TRICKY_LINES);
  // b repeats two of a's problems written differently (same canonical key), and adds two new ones.
  const b = writeRun(join(work, 'other/b'), [other('g1-5', '3*x + x^2'), other('g1-6', 'tan(x) + 7'), other('g2-1', '1 + x*cos(x)'), other('g2-9', 'x^3 - 2')]);

  it('drops problems with the same canonical key, keeps the first, and lists every source', () => {
    const out = join(work, 'merged');
    const result = archiveMerge([a, b], out);
    expect(result).toMatchObject({ entries: 6, duplicates: 2, archive: join(out, 'archive.jsonl') });
    expect(result.inputs).toEqual([
      { path: a, label: 'a', entries: 4 },
      { path: b, label: 'b', entries: 4 },
    ]);
    const merged = readLines(join(out, 'archive.jsonl'));
    expect(merged.map((m) => m.problem)).toEqual(['x^2 + 3*x', '-sin(2*x)', 'cos(x)*x + 1', 'x*exp(x) + x + 5', 'tan(x) + 7', 'x^3 - 2']);
    expect(merged.map((m) => m.id)).toEqual(['a/g1-1', 'a/g1-2', 'a/g2-7', 'a/g3-4', 'b/g1-6', 'b/g2-9']);
    expect(merged[0].sources).toEqual([
      { run: 'a', id: 'g1-1' },
      { run: 'b', id: 'g1-5' },
    ]);
    expect(merged[2].sources).toEqual([
      { run: 'a', id: 'g2-7' },
      { run: 'b', id: 'g2-1' },
    ]);
    expect(merged[1].sources).toEqual([{ run: 'a', id: 'g1-2' }]);
    expect(merged[4]).toMatchObject({ target: 'algebrite', sources: [{ run: 'b', id: 'g1-6' }] });
    // The first run's line is kept whole (its answers, its target).
    expect(merged[0].answers[0].text).toBe('x^3/3 + 3*x^2, "roughly"');
    const provenance = JSON.parse(readFileSync(join(out, 'merge.json'), 'utf8')) as Record<string, unknown>;
    expect(provenance).toMatchObject({ entries: 6, duplicates: 2, inputs: result.inputs });
    // A merged archive reads as an archive, with its provenance.
    expect(readRun(out).entries.map((e) => e.sources?.length)).toEqual([2, 1, 2, 1, 1, 1]);
  });

  it('merging a merge again keeps the sources it already had, and names clashing inputs apart', () => {
    const first = join(work, 'first.jsonl');
    archiveMerge([a, b], first);
    const c = writeRun(join(work, 'more/a'), [other('g9-9', 'x^3 - 2', 'sympy'), other('g9-8', 'log(x)')]);
    const out = join(work, 'second.jsonl');
    const result = archiveMerge([first, c], out);
    expect(result.inputs.map((i) => i.label)).toEqual(['first', 'a']);
    const merged = readLines(out);
    expect(merged).toHaveLength(7);
    expect(merged.find((m) => m.problem === 'x^3 - 2')!.sources).toEqual([
      { run: 'b', id: 'g2-9' },
      { run: 'a', id: 'g9-9' },
    ]);
    expect(merged.at(-1)).toMatchObject({ id: 'a/g9-8', problem: 'log(x)', sources: [{ run: 'a', id: 'g9-8' }] });
    // Two inputs with the same base name get distinct labels.
    const twice = archiveMerge([a, join(work, 'more/a')], join(work, 'twice.jsonl'));
    expect(twice.inputs.map((i) => i.label)).toEqual(['a', 'a-2']);
  });

  it('never overwrites, needs two inputs, and reports unreadable lines of its inputs', () => {
    expect(() => archiveMerge([a, b], join(work, 'merged'))).toThrow(/already exists; choose another --out/);
    expect(() => archiveMerge([a], join(work, 'one'))).toThrow(/at least two/);
    const cut = writeRun(join(work, 'cut'), [], { archiveText: `${JSON.stringify(other('g1-1', 'x + 2'))}\n{"id":"g1-2","prob` });
    const result = archiveMerge([a, cut], join(work, 'with-cut'));
    expect(result.entries).toBe(5);
    expect(result.warnings).toEqual([
      `${join(cut, 'archive.jsonl')}:2: last line is cut off (no newline, not complete JSON: the run was probably killed while writing); skipped`,
    ]);
    expect(existsSync(join(work, 'with-cut', 'merge.json'))).toBe(true);
  });

  it('merged lines keep proof, signature, minimal problem and the current variant count, in the order of an archive line', () => {
    const files = provenRunFiles();
    const proven = writeProvenRun(join(work, 'runs/proven'), files);
    const out = join(work, 'with-proofs.jsonl');
    archiveMerge([proven, a], out);
    const merged = readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(merged[0])).toEqual([
      ...[
        'id',
        'problem',
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
      ],
      ...['answers', 'proof', 'signature', 'minimal', 'variants', 'sources'],
    ]);
    files.archive.forEach((line, i) => {
      const m = merged[i];
      expect(m.id).toBe(`proven/${line.id}`);
      expect(m.signature).toBe(line.signature);
      expect(m.variants).toBe(files.evaluated.filter((e) => e.variant_of === line.id).length);
      expect((m.proof as { by: string } | null)?.by ?? null).toBe(line.proof?.by ?? null);
      expect((m.minimal as { problem: string }).problem).toBe(line.minimal.problem);
    });
    // Read back, the merge is the first run's archive (variants as counted then), with sources.
    const back = readRun(out).entries.slice(0, files.archive.length);
    const original = readRun(proven).entries;
    expect(back.map(({ id: _i, key: _k, sources: _s, ...rest }) => rest)).toEqual(original.map(({ id: _i, key: _k, sources: _s, ...rest }) => rest));
  });
});
