import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalKey } from '../../src/expr/canonicalKey.js';
import { metrics } from '../../src/expr/metrics.js';
import { parseExpr } from '../../src/expr/parse.js';
import { signature } from '../../src/expr/signature.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { toLatex } from '../../src/expr/toLatex.js';

/**
 * Hand-written archive lines in the format of docs/FORMATS.md, chosen to be awkward: text with commas,
 * quotes, line breaks, non-ASCII and a spreadsheet formula; missing optional fields; two answers;
 * a fitness that is not an integer; a problem starting with a minus sign.
 */
export const TRICKY_LINES: Record<string, unknown>[] = [
  {
    id: 'g1-1',
    problem: 'x^2 + 3*x',
    latex: 'x^{2} + 3 x',
    key: '+(*(3,x),^(x,2))',
    generation: 1,
    fitness: 0.1111111111111111,
    length: 9,
    chars: 9,
    tokens: 7,
    nodes: 6,
    depth: 3,
    terms: 2,
    target: 'nerdamer',
    kind: 'wrong',
    reason: 'the derivative of the answer differs from the integrand at x = 0.5',
    parent: 'x^2',
    answers: [{ text: 'x^3/3 + 3*x^2, "roughly"', status: 'ok', verdict: 'incorrect', reason: 'differs at x = 0.5, 1.5', answer: 'x^3/3 + 3*x^2' }],
  },
  {
    id: 'g1-2',
    problem: '-sin(2*x)',
    generation: 1,
    fitness: 0.1,
    length: 9,
    nodes: 4,
    depth: 3,
    target: 'openai:gpt-4o-mini',
    kind: 'unparseable',
    answers: [
      { text: '=HYPERLINK("http://evil.example")', verdict: null, reason: 'no expression could be read' },
      { text: 'Line one,\nline two with a "quote" and ∫ dx', status: 'unparseable', reason: 'nothing to parse' },
    ],
  },
  {
    id: 'g2-7',
    problem: 'cos(x)*x + 1',
    generation: 2,
    fitness: 0.0833,
    length: 12,
    nodes: 6,
    depth: 3,
    target: 'nerdamer',
    kind: 'no-answer',
    reason: 'nerdamer returned the integral (partly) unevaluated',
    answers: [{ text: 'integrate(x*cos(x),x)+x', status: 'no-answer', reason: 'returned unevaluated' }],
  },
  {
    id: 'g3-4',
    problem: 'x*exp(x) + x + 5',
    generation: 3,
    fitness: 0.0625,
    length: 16,
    nodes: 8,
    depth: 3,
    terms: 3,
    target: 'nerdamer',
    kind: 'timeout',
    answers: [{ text: '', status: 'timeout', reason: 'no answer within 5 s' }],
  },
];

/** A run directory holding `lines` as its archive (plus optional generations and config). */
export function writeRun(
  dir: string,
  lines: readonly unknown[],
  extra: { generations?: readonly unknown[]; config?: unknown; archiveText?: string } = {},
): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'archive.jsonl'), extra.archiveText ?? lines.map((l) => JSON.stringify(l) + '\n').join(''));
  if (extra.generations) writeFileSync(join(dir, 'generations.jsonl'), extra.generations.map((g) => JSON.stringify(g) + '\n').join(''));
  if (extra.config !== undefined) writeFileSync(join(dir, 'config.json'), JSON.stringify(extra.config));
  return dir;
}

/** A failure's proof as `sagga search` writes it. */
export type FixtureProof = { by: 'verifier'; reason: string } | { by: 'reference'; reference: string; answer: string; reason: string };

export interface FixtureAnswer {
  text: string;
  status: string;
  verdict: string | null;
  reason: string;
  answer?: string;
}

/** An archive line with proof, signature, minimal problem and variants. */
export interface FixtureArchiveLine {
  id: string;
  problem: string;
  latex: string;
  key: string;
  generation: number;
  fitness: number;
  length: number;
  chars: number;
  tokens: number;
  nodes: number;
  depth: number;
  terms: number;
  target: string;
  kind: string;
  reason: string;
  parent: string;
  answers: FixtureAnswer[];
  proof: FixtureProof | null;
  signature: string;
  minimal: { problem: string; answers: FixtureAnswer[]; proof: FixtureProof | null; nodes: number };
  variants: number;
}

/** An evaluated.jsonl line. */
export interface FixtureEvaluatedLine {
  key: string;
  generation: number;
  status: 'pass' | 'fail' | 'undecided' | 'skipped';
  fitness: number | null;
  problem: string;
  kind?: string;
  reason?: string;
  proof?: FixtureProof | null;
  signature?: string;
  variant_of?: string;
}

/** What one generation spent: target calls by purpose and tokens. */
export interface FixtureSpent {
  calls: { problems: number; references: number; shrinking: number; health: number };
  tokens: { input: number; output: number };
}

/** The lines of a run directory in the format with proofs, signatures, variants and spending. */
export interface ProvenRunFiles {
  readonly config: Record<string, unknown>;
  readonly archive: FixtureArchiveLine[];
  readonly evaluated: FixtureEvaluatedLine[];
  readonly generations: (Record<string, unknown> & FixtureSpent & { generation: number; signatures: number; target_calls: number })[];
  readonly checkpoint: Record<string, unknown>;
}

/** USD per million input / output tokens of the proven run (config.json settings). */
export const PROVEN_RUN_PRICES = { input: 0.15, output: 0.6 };

/**
 * A run made with `--failures all --novelty signature --reference nerdamer,algebrite` against an
 * LLM: five archive lines, one proven by the verifier and shrunk, one proven by a reference, one
 * unproven (proof null: archived only because failures are `all`), and so on; evaluated.jsonl holds
 * passes, undecided and skipped problems, unproven failures with the reason they are unproven,
 * proven failures below τ, and later repeats of two archived signatures (`variant_of`). Its
 * generations.jsonl and checkpoint totals are counted from those lines as `sagga search` counts them;
 * target calls and tokens per generation are given here, the cost priced from them.
 */
export function provenRunFiles(): ProvenRunFiles {
  const verifier = (reason: string): FixtureProof => ({ by: 'verifier', reason });
  const reference = (name: string, answer: string): FixtureProof => ({
    by: 'reference',
    reference: name,
    answer,
    reason: `${name} answered ${answer}, verified correct`,
  });
  const answer = (text: string, verdict: string | null, status = 'ok'): FixtureAnswer => ({
    text,
    status,
    verdict,
    reason: verdict === null ? `the model's answer: ${status}` : "F' differs from f at x = 0.5",
    ...(verdict !== null ? { answer: text } : {}),
  });
  const failure = (
    id: string,
    problem: string,
    kind: string,
    proof: FixtureProof | null,
    answers: FixtureAnswer[],
    minimalProblem = problem,
    minimalAnswers = answers,
  ): FixtureArchiveLine => {
    const tree = parseExpr(problem);
    const m = metrics(tree);
    return {
      id,
      problem: toInfix(tree),
      latex: toLatex(tree),
      key: canonicalKey(tree),
      generation: Number(id.slice(1, id.indexOf('-'))),
      fitness: 1 / m.chars,
      length: m.chars,
      chars: m.chars,
      tokens: m.tokens,
      nodes: m.nodes,
      depth: m.depth,
      terms: m.terms,
      target: 'openai:test-model',
      kind,
      reason: proof?.reason ?? 'declined; no reference found a closed form (algebrite: no-answer)',
      parent: 'x',
      answers,
      proof,
      signature: signature(parseExpr(minimalProblem)),
      minimal: { problem: toInfix(parseExpr(minimalProblem)), answers: minimalAnswers, proof, nodes: metrics(parseExpr(minimalProblem)).nodes },
      variants: 0,
    };
  };
  const archive = [
    failure('g1-3', 'x*2^(x^2) + 3', 'wrong', verifier("F' differs from f at x = 1"), [answer('2^(x^2)', 'incorrect')], '2^(x^2)', [
      answer('x*2^(x^2)', 'incorrect'),
    ]),
    failure('g1-7', 'x*cos(5*x)', 'no-answer', reference('algebrite', 'cos(5*x)/25 + x*sin(5*x)/5'), [answer('I cannot do this.', null, 'no-answer')]),
    failure('g2-2', 'sqrt(x)*log(x)', 'timeout', null, [answer('', null, 'timeout')]),
    failure('g2-5', '7/(x^2 + 1)', 'wrong', verifier("F' differs from f at x = 2"), [answer('7*atan(x^2)', 'incorrect')]),
    failure('g3-1', 'tan(x)^2', 'unparseable', reference('nerdamer', 'tan(x) - x'), [answer('\\tan x - x +', null, 'unparseable')]),
  ];
  const signatureOf = (problem: string) => signature(parseExpr(problem));
  const evaluatedFailure = (
    generation: number,
    problem: string,
    kind: string,
    proof: FixtureProof | null,
    fitness: number,
    variantOf?: string,
  ): FixtureEvaluatedLine => ({
    key: canonicalKey(parseExpr(problem)),
    generation,
    status: 'fail',
    fitness,
    problem,
    kind,
    proof,
    signature: signatureOf(problem),
    ...(proof === null ? { reason: `${kind === 'timeout' ? 'timed out' : 'declined'}; no reference found a closed form (algebrite: no-answer)` } : {}),
    ...(variantOf !== undefined ? { variant_of: variantOf } : {}),
  });
  const other = (generation: number, problem: string, status: 'pass' | 'undecided' | 'skipped', fitness: number | null): FixtureEvaluatedLine => ({
    key: canonicalKey(parseExpr(problem)),
    generation,
    status,
    fitness,
    problem,
    ...(status === 'undecided' ? { reason: 'the verifier could not decide' } : status === 'skipped' ? { reason: 'lost to transport errors 3 times' } : {}),
  });
  const archived = (line: FixtureArchiveLine): FixtureEvaluatedLine => ({
    key: line.key,
    generation: line.generation,
    status: 'fail',
    fitness: line.fitness,
    problem: line.problem,
    kind: line.kind,
    proof: line.proof,
    signature: line.signature,
    ...(line.proof === null ? { reason: line.reason } : {}),
  });
  const evaluated = [
    other(1, 'x', 'pass', 0),
    archived(archive[0]),
    other(1, 'x^2 + 1', 'pass', 0),
    archived(archive[1]),
    evaluatedFailure(1, 'exp(x^2)', 'no-answer', null, 0.001),
    other(1, 'sin(x)^3', 'undecided', 0),
    other(2, 'cos(x)', 'pass', 0),
    archived(archive[2]),
    evaluatedFailure(2, '5^(x^2)*x', 'wrong', verifier("F' differs from f at x = 1"), 0, 'g1-3'),
    archived(archive[3]),
    evaluatedFailure(2, '3^(x^2)', 'wrong', verifier("F' differs from f at x = 1"), 0, 'g1-3'),
    evaluatedFailure(2, 'x^7*log(x)', 'wrong', verifier("F' differs from f at x = 3"), 0.004),
    other(2, 'x^5', 'skipped', null),
    archived(archive[4]),
    evaluatedFailure(3, 'x*2^(x^2) - 4', 'wrong', verifier("F' differs from f at x = 1"), 0, 'g1-3'),
    evaluatedFailure(3, '9/(x^2 + 1)', 'wrong', verifier("F' differs from f at x = 2"), 0, 'g2-5'),
    evaluatedFailure(3, 'erf(x)*x^3', 'timeout', null, 0.002),
    other(3, 'x*exp(x)', 'pass', 0),
  ];
  // Target calls and tokens each generation spent: problems, references, shrinking, health.
  const spent: FixtureSpent[] = [
    { calls: { problems: 6, references: 3, shrinking: 5, health: 6 }, tokens: { input: 4200, output: 9100 } },
    { calls: { problems: 7, references: 4, shrinking: 2, health: 0 }, tokens: { input: 5100, output: 12_000 } },
    { calls: { problems: 5, references: 2, shrinking: 0, health: 0 }, tokens: { input: 3600, output: 7700 } },
  ];
  const kinds = () => ({ wrong: 0, unparseable: 0, 'no-answer': 0, timeout: 0 }) as Record<string, number>;
  let archiveSize = 0;
  const generations = spent.map((s, i) => {
    const generation = i + 1;
    const lines = evaluated.filter((e) => e.generation === generation);
    const fails = lines.filter((e) => e.status === 'fail');
    const proven = fails.filter((e) => e.proof !== null);
    const row = {
      generation,
      candidates: lines.length + 3,
      valid: lines.length + 1,
      duplicates: 1,
      asked: lines.length,
      evaluated: lines.filter((e) => e.status !== 'skipped').length,
      failures: fails.length,
      undecided: lines.filter((e) => e.status === 'undecided').length,
      errors: 0,
      skipped: lines.filter((e) => e.status === 'skipped').length,
      meeting_tau: archive.filter((a) => a.generation === generation).length,
      novel: archive.filter((a) => a.generation === generation).length,
      archive_size: (archiveSize += archive.filter((a) => a.generation === generation).length),
      mean_length: 9.5,
      archived_mean_length: 10,
      mean_fitness_archived: 0.1,
      kinds: kinds(),
      proven: proven.length,
      unproven: fails.length - proven.length,
      proven_kinds: kinds(),
      proofs: { verifier: 0, reference: 0 } as Record<string, number>,
      variants: fails.filter((e) => 'variant_of' in e).length,
      signatures: new Set(archive.filter((a) => a.generation <= generation).map((a) => a.signature)).size,
      target_calls: s.calls.problems + s.calls.references + s.calls.shrinking + s.calls.health,
      calls: s.calls,
      invalid_reasons: { 'too long': 2 },
      seeds: 4,
      clusters: 2,
      seconds: { target: 1.5, verify: 0.25, engine: 0.5 },
      tokens: s.tokens,
      cost: (s.tokens.input * PROVEN_RUN_PRICES.input + s.tokens.output * PROVEN_RUN_PRICES.output) / 1e6,
    };
    for (const f of fails) row.kinds[f.kind!]++;
    for (const f of proven) {
      row.proven_kinds[f.kind!]++;
      row.proofs[f.proof!.by]++;
    }
    return row;
  });
  const total = (pick: (g: (typeof generations)[number]) => number) => generations.reduce((n, g) => n + pick(g), 0);
  const checkpoint = {
    format: 1,
    engine: { generation: 3, stopReason: 'max-generations', archiveCount: archive.length },
    rngState: {},
    totals: {
      candidates: total((g) => g.candidates),
      asked: total((g) => g.asked),
      evaluated: total((g) => g.evaluated),
      failures: total((g) => g.failures),
      errors: 0,
      seconds: { target: 4.5, verify: 0.75, engine: 1.5, wall: 7 },
      target_calls: total((g) => g.target_calls),
      proven: total((g) => g.proven),
      tokens: { input: total((g) => g.tokens.input), output: total((g) => g.tokens.output) },
      cost: total((g) => g.cost),
    },
    offsets: { archive: 0, evaluated: 0, generations: 0 },
    updated: '2026-01-01T00:00:00.000Z',
  };
  const config = {
    created: '2026-01-01T00:00:00.000Z',
    settings: {
      target: 'openai:test-model',
      fitness: 'short',
      lengthMeasure: 'chars',
      archiveSize: 50,
      clusters: 2,
      k: 1,
      failures: 'all',
      reference: ['nerdamer', 'algebrite'],
      novelty: 'signature',
      shrinkCalls: 8,
      maxTargetCalls: null,
      maxTokensTotal: null,
      maxCost: 5,
      priceInput: PROVEN_RUN_PRICES.input,
      priceOutput: PROVEN_RUN_PRICES.output,
    },
    fitness: { spec: 'short', description: 'failure × short(chars)' },
    target: { name: 'openai:test-model', settings: { temperature: 0 } },
    references: [
      { name: 'nerdamer', settings: { time_limit_ms: 5000 } },
      { name: 'algebrite', settings: { time_limit_ms: 5000 } },
    ],
  };
  return { config, archive, evaluated, generations, checkpoint };
}

/** `provenRunFiles()` written as a run directory (every file, or without those named in `omit`). */
export function writeProvenRun(
  dir: string,
  files: ProvenRunFiles = provenRunFiles(),
  omit: readonly ('checkpoint' | 'generations' | 'evaluated')[] = [],
): string {
  writeRun(dir, files.archive, { config: files.config, ...(omit.includes('generations') ? {} : { generations: files.generations }) });
  if (!omit.includes('evaluated')) writeFileSync(join(dir, 'evaluated.jsonl'), files.evaluated.map((l) => JSON.stringify(l) + '\n').join(''));
  if (!omit.includes('checkpoint')) writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify(files.checkpoint));
  return dir;
}
