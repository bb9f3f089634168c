import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveStats } from '../../src/archive/archiveStats.js';
import { PROVEN_RUN_PRICES, TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from './fixtures.js';

/** A line whose problem the whitelisting parser rejects, so its number of terms is unknown. */
const HOSTILE = { ...TRICKY_LINES[2], id: 'g4-1', problem: 'import("fs")', generation: 4, length: 11, nodes: 1, depth: 1 };
const generations = [1, 2, 3, 4, 5].map((generation) => ({ generation, candidates: 10, evaluated: 8, failures: 2 }));
const config = { settings: { target: 'nerdamer', fitness: 'length:20', lengthMeasure: 'chars' } };

/** Cells of the data rows of the Markdown table under `## title` (the first table when no title is given). */
const tableRows = (text: string, title = 'Table 15') => {
  const section = text.split(/^## /m).find((s) => s.startsWith(`${title}\n`)) ?? '';
  return section
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
};

describe('archive stats (the Table-15 row)', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-stats-'));
  // Five readable lines, one garbage line in the middle, and a last line cut off by a kill.
  const lines = [...TRICKY_LINES, HOSTILE].map((l) => JSON.stringify(l));
  lines.splice(2, 0, 'not json at all');
  const run = writeRun(join(work, 'tricky'), [], { archiveText: lines.join('\n') + '\n{"id":"g5-1","problem":"x', generations, config });

  it('computes the row by hand-checkable arithmetic, from what is readable, and names the bad lines', () => {
    const result = archiveStats(run);
    // lengths 9, 9, 12, 16, 11; nodes 6, 4, 6, 8, 1; depths 3, 3, 3, 3, 1.
    // terms: 2 (recorded), -sin(2*x) → 1, cos(x)*x + 1 → 2, 3 (recorded), unparseable → unknown.
    expect(result.rows).toMatchObject([
      {
        run: 'tricky',
        target: 'nerdamer',
        fitness: 'length:20',
        lengthMeasure: 'chars',
        iterations: 5,
        archiveSize: 5,
        meanLength: 57 / 5,
        meanNodes: 25 / 5,
        meanDepth: 13 / 5,
        termShares: { one: 1 / 4, two: 2 / 4, three: 1 / 4, fourOrMore: 0 },
        unknownTerms: 1,
      },
    ]);
    // A run made before proofs, signatures and spending were recorded: those are unknown, not zero.
    expect(result.rows[0]).toMatchObject({
      evaluated: generations.reduce((n, g) => n + g.evaluated, 0),
      failures: generations.reduce((n, g) => n + g.failures, 0),
      proven: null,
      unproven: null,
      provenRate: null,
      proofs: null,
      variants: null,
      signatures: null,
      archived: { lines: 5, verifier: 0, reference: 0, none: 5 },
      targetCalls: null,
      tokens: null,
      cost: null,
      tokensPerProven: null,
      costPerProven: null,
    });
    expect(tableRows(result.output, 'Failures, proven and unproven')).toEqual([
      ['tricky', String(result.rows[0].evaluated), String(result.rows[0].failures), '—', '—', '—', '—', '—', '—', '—', '—'],
    ]);
    expect(tableRows(result.output, 'Spending')).toEqual([['tricky', '—', '—', '—', '—', '—', '—', '—']]);
    const archive = join(run, 'archive.jsonl');
    expect(result.warnings).toEqual([
      expect.stringMatching(new RegExp(`^${escapeRegExp(archive)}:3: not valid JSON \\(.*\\); skipped$`)),
      `${archive}:7: last line is cut off (no newline, not complete JSON: the run was probably killed while writing); skipped`,
    ]);
    expect(tableRows(result.output)).toEqual([['tricky', 'nerdamer', 'length:20', '5', '5', '11.4', '5.0', '2.6', '25.0%', '50.0%', '25.0%', '0.0%']]);
    expect(result.output).toContain('| Length (chars) |');
    expect(result.output).toContain('tricky: 1 problem(s) without a term count');
  });

  it('one row per run, side by side; iterations fall back to the last archived generation; --json', () => {
    const plain = writeRun(join(work, 'plain'), TRICKY_LINES);
    const result = archiveStats([run, plain], { format: 'json' });
    const rows = JSON.parse(result.output) as { run: string; iterations: number; target: string; fitness: string | null; meanLength: number }[];
    expect(rows.map((r) => [r.run, r.iterations, r.target, r.fitness, r.meanLength])).toEqual([
      ['tricky', 5, 'nerdamer', 'length:20', 11.4],
      ['plain', 3, 'nerdamer, openai:gpt-4o-mini', null, 46 / 4],
    ]);
    expect(tableRows(archiveStats([run, plain]).output).map((r) => r[0])).toEqual(['tricky', 'plain']);
  });

  it('refuses what is not a run, with the reason', () => {
    expect(() => archiveStats(join(work, 'nowhere'))).toThrow(/nowhere: no such run directory/);
    const empty = writeRun(join(work, 'garbage'), [], { archiveText: 'garbage\n' });
    expect(() => archiveStats(empty)).toThrow(/nothing readable in this run directory\n.*archive\.jsonl:1: not valid JSON/);
    expect(() => archiveStats([])).toThrow(/no run directory given/);
  });
});

type Fixture = ReturnType<typeof provenRunFiles>;

/** The contract's order of failure kinds, which the tables follow. */
const KIND_ORDER = ['wrong', 'unparseable', 'no-answer', 'timeout'];

/** What the fixture's lines say, counted here from evaluated.jsonl and archive.jsonl (not from generations.jsonl or the checkpoint). */
function countFixture(files: Fixture) {
  const evaluated = files.evaluated;
  const decided = evaluated.filter((e) => e.status !== 'skipped');
  const fails = evaluated.filter((e) => e.status === 'fail');
  const proven = fails.filter((e) => e.proof !== null && e.proof !== undefined);
  const unproven = fails.filter((e) => e.proof === null || e.proof === undefined);
  const archive = files.archive;
  const kinds = [...new Set([...fails.map((f) => f.kind!), ...archive.map((a) => a.kind)])].sort((a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b));
  const spent = files.generations.map((g) => ({ calls: g.calls, tokens: g.tokens }));
  const calls = spent.reduce((n, s) => n + Object.values(s.calls).reduce((a, b) => a + b, 0), 0);
  const input = spent.reduce((n, s) => n + s.tokens.input, 0);
  const output = spent.reduce((n, s) => n + s.tokens.output, 0);
  const cost = (input * PROVEN_RUN_PRICES.input + output * PROVEN_RUN_PRICES.output) / 1e6;
  return {
    evaluated: decided.length,
    failures: fails.length,
    proven: proven.length,
    unproven: unproven.length,
    verifier: proven.filter((e) => e.proof!.by === 'verifier').length,
    reference: proven.filter((e) => e.proof!.by === 'reference').length,
    variants: evaluated.filter((e) => e.variant_of !== undefined).length,
    kinds: Object.fromEntries(
      kinds.map((k) => [
        k,
        {
          failures: fails.filter((f) => f.kind === k).length,
          proven: proven.filter((f) => f.kind === k).length,
          unproven: unproven.filter((f) => f.kind === k).length,
          archived: archive.filter((a) => a.kind === k).length,
        },
      ]),
    ),
    signatures: new Set(archive.map((a) => a.signature)).size,
    archived: {
      lines: archive.length,
      verifier: archive.filter((a) => a.proof?.by === 'verifier').length,
      reference: archive.filter((a) => a.proof?.by === 'reference').length,
      none: archive.filter((a) => a.proof === null).length,
    },
    calls,
    tokens: { input, output, total: input + output },
    cost,
  };
}

describe('archive stats of a run with proofs, signatures and spending', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-stats-proven-'));
  const files = provenRunFiles();
  const expected = countFixture(files);
  const full = writeProvenRun(join(work, 'proven'), files);
  // The same run without its checkpoint: every count then comes from generations.jsonl alone.
  const noCheckpoint = writeProvenRun(join(work, 'no-checkpoint'), files, ['checkpoint']);

  it('proven and unproven failures, by kind and by proof, variants, signatures and spending are what the lines say', () => {
    for (const dir of [full, noCheckpoint]) {
      const [row] = archiveStats(dir).rows;
      expect(row.kinds.length).toBe(Object.keys(expected.kinds).length);
      expect(row).toMatchObject({
        evaluated: expected.evaluated,
        failures: expected.failures,
        proven: expected.proven,
        unproven: expected.unproven,
        proofs: { verifier: expected.verifier, reference: expected.reference },
        variants: expected.variants,
        signatures: expected.signatures,
        archived: expected.archived,
        targetCalls: expected.calls,
        targetCallsFrom: 'recorded',
        tokens: expected.tokens,
      });
      expect(row.provenRate).toBeCloseTo(expected.proven / expected.evaluated, 12);
      expect(row.unprovenRate).toBeCloseTo(expected.unproven / expected.evaluated, 12);
      for (const k of row.kinds) expect(k, k.kind).toEqual({ kind: k.kind, ...expected.kinds[k.kind] });
      expect(row.cost).toBeCloseTo(expected.cost, 12);
      expect(row.tokensPerProven).toBeCloseTo(expected.tokens.total / expected.proven, 12);
      expect(row.costPerProven).toBeCloseTo(expected.cost / expected.proven, 12);
    }
    // The fixture is not trivial: every column has something to count.
    expect(expected.unproven).toBeGreaterThan(0);
    expect(expected.reference).toBeGreaterThan(0);
    expect(expected.variants).toBeGreaterThan(0);
    expect(expected.archived.none).toBeGreaterThan(0);
    expect(expected.proven).toBeGreaterThan(expected.archived.verifier + expected.archived.reference);
  });

  it('the tables print those counts, and "—" for what another run does not record', () => {
    const old = writeRun(join(work, 'old'), TRICKY_LINES, { generations, config });
    const { output } = archiveStats([full, old]);
    const pct = (n: number) => `${((100 * n) / expected.evaluated).toFixed(1)}%`;
    expect(tableRows(output, 'Failures, proven and unproven')).toEqual([
      [
        'proven',
        ...[expected.evaluated, expected.failures, expected.proven].map(String),
        pct(expected.proven),
        String(expected.verifier),
        String(expected.reference),
        String(expected.unproven),
        pct(expected.unproven),
        String(expected.variants),
        String(expected.signatures),
      ],
      [
        'old',
        String(generations.reduce((n, g) => n + g.evaluated, 0)),
        String(generations.reduce((n, g) => n + g.failures, 0)),
        '—',
        '—',
        '—',
        '—',
        '—',
        '—',
        '—',
        '—',
      ],
    ]);
    expect(tableRows(output, 'Failures by kind').filter((r) => r[0] === 'proven')).toEqual(
      Object.entries(expected.kinds).map(([kind, k]) => ['proven', kind, String(k.failures), String(k.proven), String(k.unproven), String(k.archived)]),
    );
    expect(tableRows(output, 'Archive by proof')[0]).toEqual([
      'proven',
      ...[expected.archived.lines, expected.archived.verifier, expected.archived.reference, expected.archived.none].map(String),
    ]);
    const spending = tableRows(output, 'Spending');
    expect(spending[0].slice(0, 5)).toEqual(['proven', ...[expected.calls, expected.tokens.input, expected.tokens.output, expected.tokens.total].map(String)]);
    expect(Number(spending[0][5])).toBeCloseTo(expected.cost, 4);
    expect(Number(spending[0][6])).toBe(Math.round(expected.tokens.total / expected.proven));
    expect(Number(spending[0][7])).toBeCloseTo(expected.cost / expected.proven, 5);
    expect(spending[1]).toEqual(['old', '—', '—', '—', '—', '—', '—', '—']);
  });

  it('--by-signature: one group per signature with its minimal problem, answer, proof, variants and originals', () => {
    const result = archiveStats(full, { bySignature: true });
    const [{ run, groups, unsigned }] = result.groups;
    expect(run).toBe('proven');
    expect(unsigned).toBe(0);
    const archive = files.archive;
    const evaluated = files.evaluated;
    const variantsOf = (id: string) => evaluated.filter((e) => e.variant_of === id).length;
    expect(groups).toHaveLength(expected.signatures);
    // Most variants first; each group is its archive line's minimal problem, answer and proof.
    const byCount = [...archive].sort(
      (a, b) => variantsOf(b.id) - variantsOf(a.id) || a.minimal.nodes - b.minimal.nodes || (a.signature < b.signature ? -1 : 1),
    );
    expect(groups.map((g) => g.ids)).toEqual(byCount.map((a) => [a.id]));
    for (const [i, g] of groups.entries()) {
      const line = byCount[i];
      const minimalAnswer = line.minimal.answers[0];
      expect(g).toMatchObject({
        signature: line.signature,
        minimal: { problem: line.minimal.problem, nodes: line.minimal.nodes },
        answer: { text: minimalAnswer.answer ?? minimalAnswer.text },
        kind: line.kind,
        archived: 1,
        variants: variantsOf(line.id),
        originals: [line.problem],
      });
      expect(g.proof?.by ?? null).toBe(line.proof?.by ?? null);
    }
    const text = archiveStats(full, { bySignature: true }).output;
    expect(text).toContain(`## proven: ${expected.signatures} distinct failures (by signature)`);
    const rows = text
      .split('\n')
      .filter((l) => /^\| +\d+ \|/.test(l))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    expect(rows.map((r) => [r[1], r[2], r[6], r[7]])).toEqual(byCount.map((a) => [a.signature, a.minimal.problem, '1', String(variantsOf(a.id))]));
    expect(rows.map((r) => r[5])).toEqual(
      byCount.map((a) => (a.proof === null ? 'unproven' : a.proof.by === 'verifier' ? 'verifier' : `reference ${a.proof.reference}: ${a.proof.answer}`)),
    );
  });

  it('--by-signature: lines sharing a signature form one group (a merge, or --novelty exact); lines without one are counted apart', () => {
    const [a, b] = provenRunFiles().archive.filter((l) => l.id === 'g1-7' || l.id === 'g2-5');
    // The same bug with other constants: its own line, with the signature of the first.
    const sameShape = { ...a, id: 'g4-1', problem: 'x*cos(3*x)', generation: 4, variants: 2, minimal: { ...a.minimal, problem: 'x*cos(3*x)' } };
    const unsigned = { ...TRICKY_LINES[0], id: 'g4-2' };
    const dir = writeRun(join(work, 'shared'), [a, b, sameShape, unsigned]);
    const [{ groups, unsigned: without }] = archiveStats(dir, { bySignature: true }).groups;
    expect(without).toBe(1);
    expect(groups.map((g) => [g.signature, g.ids, g.archived, g.variants])).toEqual([
      [a.signature, [a.id, sameShape.id], 2, 2],
      [b.signature, [b.id], 1, 0],
    ]);
    expect(groups[0].originals).toEqual([a.problem, sameShape.problem]);
    expect(archiveStats(dir, { bySignature: true }).output).toContain('1 archive line(s) have no signature');
    const json = JSON.parse(archiveStats(dir, { bySignature: true, format: 'json' }).output) as { run: string; groups: unknown[]; unsigned: number }[];
    expect(json.map((r) => [r.run, r.groups.length, r.unsigned])).toEqual([['shared', 2, 1]]);
  });

  it("--by-signature: a task's minimal problem is shown as the whole problem it poses, with its parameters; an integral as itself", () => {
    const [a, b] = provenRunFiles().archive.filter((l) => l.id === 'g1-7' || l.id === 'g2-5');
    const definite = { ...a, task: 'definite', lower: '0', upper: 'pi/2', signature: `${a.signature} on [#, /(pi,#)]` };
    const limit = { ...b, task: 'limit', point: 'oo', direction: '-', signature: `${b.signature} as x -> oo-` };
    const dir = writeRun(join(work, 'tasked'), [definite, limit, { ...a, id: 'g5-1' }]);
    const [{ groups }] = archiveStats(dir, { bySignature: true }).groups;
    expect(groups.map((g) => g.minimal.statement).sort()).toEqual(
      [`∫[0, pi/2] ${a.minimal.problem} dx`, `lim x→oo ${b.minimal.problem}`, a.minimal.problem].sort(),
    );
    expect(archiveStats(dir, { bySignature: true }).output).toContain(`| ∫[0, pi/2] ${a.minimal.problem} dx `);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
