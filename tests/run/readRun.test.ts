import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonLines } from '../../src/run/readJsonLines.js';
import { NotARunError, readRun } from '../../src/run/readRun.js';
import { TRICKY_LINES, provenRunFiles, writeProvenRun, writeRun } from '../archive/fixtures.js';

describe('reading a run tolerantly', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-read-run-'));

  it('JSON Lines: CRLF and blank lines are fine, a complete last line without newline is kept, bad lines are named', () => {
    const r = parseJsonLines('{"a":1}\r\n\r\n[1,\n{"b":2}\n   \n{"c":3}', 'f.jsonl');
    expect(r.values).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 4, value: { b: 2 } },
      { line: 6, value: { c: 3 } },
    ]);
    expect(r.warnings).toEqual([{ file: 'f.jsonl', line: 3, message: expect.stringMatching(/^not valid JSON \(.+\); skipped$/) }]);
    expect(parseJsonLines('{"a":1}\n{"b":', 'g').warnings[0]).toMatchObject({ line: 2, message: expect.stringMatching(/^last line is cut off/) });
  });

  it('an archive line missing a required field, or with a wrong type, is skipped with the reason', () => {
    const { generation: _g, ...noGeneration } = TRICKY_LINES[0];
    const dir = writeRun(join(work, 'fields'), [
      noGeneration,
      { ...TRICKY_LINES[1], length: '9' },
      TRICKY_LINES[2],
      { ...TRICKY_LINES[3], answers: [{ verdict: 'x' }] },
    ]);
    const run = readRun(dir);
    expect(run.entries.map((e) => e.id)).toEqual(['g2-7']);
    const archive = join(dir, 'archive.jsonl');
    expect(run.warnings).toEqual([
      { file: archive, line: 1, message: 'not an archive entry (missing "generation"); skipped' },
      { file: archive, line: 2, message: 'not an archive entry ("length" is not a finite number); skipped' },
      { file: archive, line: 4, message: 'not an archive entry (answers[0] has no "text" string); skipped' },
    ]);
  });

  it('a directory with only config.json is a run with nothing archived yet; an empty one is not a run', () => {
    const early = join(work, 'early');
    mkdirSync(early);
    writeFileSync(join(early, 'config.json'), '{"settings":{"target":"nerdamer"}}');
    const run = readRun(early);
    expect(run.entries).toEqual([]);
    expect(run.warnings).toEqual([
      { file: join(early, 'archive.jsonl'), line: null, message: 'missing: no failure was archived yet, or the run directory is incomplete' },
    ]);
    const empty = join(work, 'empty');
    mkdirSync(empty);
    expect(() => readRun(empty)).toThrow(NotARunError);
    writeFileSync(join(empty, 'config.json'), '[1, 2]');
    expect(() => readRun(empty)).toThrow(/not a sagga run directory.*\n {2}.*config\.json: not a JSON object; ignored/);
  });

  it('a run with proofs: proof, signature and minimal as written; variants counted from evaluated.jsonl on every read', () => {
    const files = provenRunFiles();
    const dir = writeProvenRun(join(work, 'proven'), files);
    const variantsOf = (id: string, lines: readonly { variant_of?: string }[]) => lines.filter((e) => e.variant_of === id).length;
    const run = readRun(dir);
    expect(run.warnings).toEqual([]);
    expect(run.entries.map((e) => e.id)).toEqual(files.archive.map((a) => a.id));
    run.entries.forEach((e, i) => {
      const line = files.archive[i];
      // Written as 0; read as the repeats evaluated.jsonl records.
      expect(line.variants).toBe(0);
      expect(e.variants, e.id).toBe(variantsOf(e.id, files.evaluated));
      expect(e.signature).toBe(line.signature);
      expect(e.proof).toEqual(line.proof === null ? null : { reference: null, answer: null, ...line.proof });
      expect(e.minimal).toMatchObject({
        problem: line.minimal.problem,
        nodes: line.minimal.nodes,
        answers: line.minimal.answers.map((a) => ({ text: a.text, status: a.status })),
      });
    });
    expect(run.entries.some((e) => (e.variants ?? 0) > 0)).toBe(true);

    // A resumed run records one more repeat of the first line: the next read counts it.
    const first = files.archive[0];
    const repeat = {
      key: 'k',
      generation: 4,
      status: 'fail',
      fitness: 0,
      problem: 'x*7^(x^2)',
      kind: 'wrong',
      proof: first.proof,
      signature: first.signature,
      variant_of: first.id,
    };
    appendFileSync(join(dir, 'evaluated.jsonl'), JSON.stringify(repeat) + '\n');
    expect(readRun(dir).entries[0].variants).toBe(variantsOf(first.id, files.evaluated) + 1);
    // A repeat cut off by a kill is named and not counted.
    appendFileSync(join(dir, 'evaluated.jsonl'), JSON.stringify(repeat).slice(0, -3));
    const cut = readRun(dir);
    expect(cut.entries[0].variants).toBe(variantsOf(first.id, files.evaluated) + 1);
    expect(cut.warnings).toEqual([
      {
        file: join(dir, 'evaluated.jsonl'),
        line: files.evaluated.length + 2,
        message: 'last line is cut off (the run was probably killed while writing); its variant is not counted',
      },
    ]);
  });

  it('generations and totals: the new counts, and tokens as {input, output}, a number or a usage record', () => {
    const files = provenRunFiles();
    const generations = [
      files.generations[0],
      { generation: 2, evaluated: 5, failures: 1, tokens: 1234 },
      { generation: 3, evaluated: 5, failures: 1, tokens: { prompt: 100, completion: 50, total: 150 } },
      { generation: 4, evaluated: 5, failures: 1, tokens: { total: 77 } },
      { generation: 5, evaluated: 5, failures: 1, tokens: 'many', kinds: [1, 2], proofs: { verifier: 'x', reference: 2 } },
    ];
    const dir = writeRun(join(work, 'tokens'), [], { generations });
    writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify(files.checkpoint));
    const run = readRun(dir);
    const g = files.generations[0];
    expect(run.generations[0]).toMatchObject({
      proven: g.proven,
      unproven: g.unproven,
      variants: g.variants,
      signatures: g.signatures,
      target_calls: g.target_calls,
      cost: g.cost,
      kinds: g.kinds,
      proven_kinds: g.proven_kinds,
      proofs: g.proofs,
      calls: g.calls,
      tokens: { ...g.tokens, total: g.tokens.input + g.tokens.output },
    });
    expect(run.generations.slice(1).map((x) => x.tokens)).toEqual([
      { input: null, output: null, total: 1234 },
      { input: 100, output: 50, total: 150 },
      { input: null, output: null, total: 77 },
      null,
    ]);
    // Odd fields are dropped one by one, the generation stays.
    expect(run.generations[4]).toMatchObject({ generation: 5, evaluated: 5, kinds: {}, proofs: { reference: 2 }, proven: null, target_calls: null });
    const totals = files.checkpoint.totals as { target_calls: number; proven: number; cost: number; tokens: { input: number; output: number } };
    expect(run.totals).toMatchObject({
      target_calls: totals.target_calls,
      proven: totals.proven,
      cost: totals.cost,
      tokens: { ...totals.tokens, total: totals.tokens.input + totals.tokens.output },
    });
  });

  it('an older run (no proofs, signatures, variants or spending) reads with those null', () => {
    const generations = [{ generation: 1, candidates: 10, evaluated: 8, failures: 2, kinds: { wrong: 2 }, tokens: { prompt: 3, completion: 4, total: 7 } }];
    const dir = writeRun(join(work, 'old'), TRICKY_LINES, { generations, config: { settings: { target: 'nerdamer' } } });
    writeFileSync(join(dir, 'evaluated.jsonl'), '{"key":"x","generation":1,"status":"fail","fitness":0.1,"problem":"x","kind":"wrong"}\n');
    writeFileSync(
      join(dir, 'checkpoint.json'),
      JSON.stringify({ engine: { generation: 1 }, totals: { candidates: 10, asked: 8, evaluated: 8, failures: 2, tokens: 7, seconds: {} } }),
    );
    const run = readRun(dir);
    expect(run.warnings).toEqual([]);
    for (const e of run.entries) expect([e.proof, e.signature, e.minimal, e.variants]).toEqual([null, null, null, null]);
    expect(run.generations[0]).toMatchObject({
      proven: null,
      unproven: null,
      proven_kinds: null,
      proofs: null,
      signatures: null,
      target_calls: null,
      calls: null,
      cost: null,
      kinds: { wrong: 2 },
      tokens: { input: 3, output: 4, total: 7 },
    });
    expect(run.totals).toMatchObject({ target_calls: null, proven: null, cost: null, tokens: { input: null, output: null, total: 7 } });
  });
});
