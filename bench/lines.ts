/**
 * `npm run bench:lines -- DIR...`: decide every line of runs' archives again from the line alone,
 * with no target asked, and print one row per run: each line proven (its proof and its minimal
 * form's), each proof re-verified (the wrong answer `incorrect`, a reference's answer `correct`,
 * for the problem and for its minimal form), shrunk (a minimal form no larger, with its steps and
 * why it stopped), signed (the signature is the minimal problem's), and, for integrate lines with
 * parameters, how many fail only because of one (the wrong answer is right once every parameter is
 * 1). Any line short of one of these is printed on stderr with why.
 */
import { instantiate } from '../src/expr/edit/instantiate.js';
import type { ParameterName } from '../src/expr/parameters.js';
import { parseExpr, tryParseExpr } from '../src/expr/parse.js';
import { readJsonLines } from '../src/run/readJsonLines.js';
import { RunFiles } from '../src/run/runFiles.js';
import type { ArchiveRecord } from '../src/run/runSchema.js';
import { signature } from '../src/expr/signature.js';
import { ANSWER_LIMITS } from '../src/targets/answerReading.js';
import { readTaskProblem } from '../src/tasks/readTaskProblem.js';
import { taskNamed } from '../src/tasks/registry.js';
import { type TaskSideReader, verifyTaskLine } from '../src/tasks/verifyTaskLine.js';
import type { VerifyResult } from '../src/verify/types.js';
import { verifyPair } from '../src/verify/verifyPair.js';

/** Answers read as the search reads a target's: a CAS's exact numbers may pass the default limits. */
const readSide: TaskSideReader = (text, side, options) => {
  const r = tryParseExpr(text, side === 'answer' ? ANSWER_LIMITS : undefined, options);
  return r.ok ? { ok: true, expr: r.expr, reading: 'infix' } : { ok: false, error: r.error.message, reading: 'infix' };
};

async function verdictOf(line: ArchiveRecord, problem: string, answer: string): Promise<VerifyResult> {
  const r = await verifyTaskLine({ ...line, problem, answer }, readSide);
  return r ?? verifyPair(parseExpr(problem), parseExpr(answer, ANSWER_LIMITS));
}

interface LinesAudit {
  lines: number;
  signatures: number;
  proven: number;
  reverified: number;
  shrunk: number;
  signed: number;
  withParameters: number;
  needParameter: number;
  faults: string[];
}

async function proofHolds(line: ArchiveRecord, fault: (why: string) => void): Promise<boolean> {
  const { proof, minimal } = line;
  if (proof === null || minimal.proof === null) return false;
  if (proof.by === 'verifier') {
    const wrong = line.answers.filter((a) => a.verdict === 'incorrect' && a.answer !== undefined);
    const first = await Promise.all(wrong.map((a) => verdictOf(line, line.problem, a.answer!)));
    const least = await Promise.all(minimal.answers.filter((a) => a.answer !== undefined).map((a) => verdictOf(line, minimal.problem, a.answer!)));
    if (!first.some((r) => r.verdict === 'incorrect')) fault(`its wrong answer is now ${first.map((r) => r.verdict).join(', ') || 'absent'}`);
    if (!least.some((r) => r.verdict === 'incorrect')) fault(`its minimal form's answer is now ${least.map((r) => r.verdict).join(', ') || 'absent'}`);
    return first.some((r) => r.verdict === 'incorrect') && least.some((r) => r.verdict === 'incorrect');
  }
  if (minimal.proof.by !== 'reference') {
    fault('proven by a reference, its minimal form by the verifier');
    return false;
  }
  const a = await verdictOf(line, line.problem, proof.answer);
  const m = await verdictOf(line, minimal.problem, minimal.proof.answer);
  if (a.verdict !== 'correct') fault(`the reference's answer is now ${a.verdict}: ${a.reason}`);
  if (m.verdict !== 'correct') fault(`the reference's answer to its minimal form is now ${m.verdict}: ${m.reason}`);
  return a.verdict === 'correct' && m.verdict === 'correct';
}

/** An integrate line's wrong answer that is right once every parameter is 1: the failure needs a parameter. */
function needsParameter(line: ArchiveRecord): boolean {
  const names = Object.keys(line.parameters ?? {}) as ParameterName[];
  const ones = Object.fromEntries(names.map((n) => [n, 1]));
  const wrong = line.answers.find((a) => a.verdict === 'incorrect' && a.answer !== undefined);
  if (wrong === undefined) return false;
  const read = { parameters: names };
  const atOne = verifyPair(instantiate(parseExpr(line.problem, undefined, read), ones), instantiate(parseExpr(wrong.answer!, ANSWER_LIMITS, read), ones));
  return atOne.verdict === 'correct';
}

async function auditLines(dir: string): Promise<LinesAudit> {
  const files = new RunFiles(dir);
  const config = files.readConfig();
  if (config === null) throw new Error(`${dir}: no config.json (not a run directory)`);
  const task = taskNamed(config.settings.task);
  const read = readJsonLines(files.path('archive'));
  // A bench reads its own runs' lines, as the search wrote them (docs/FORMATS.md).
  const lines = read.values.map((v) => v.value as ArchiveRecord);
  const audit: LinesAudit = {
    lines: lines.length,
    signatures: new Set(lines.map((l) => l.signature)).size,
    proven: 0,
    reverified: 0,
    shrunk: 0,
    signed: 0,
    withParameters: 0,
    needParameter: 0,
    faults: read.warnings.map((w) => `${w.file}:${w.line}: ${w.message}`),
  };
  for (const line of lines) {
    const fault = (why: string) => audit.faults.push(`${line.id} ${line.problem}: ${why}`);
    const proven = line.proof != null && line.minimal?.proof != null;
    if (!proven) fault('unproven');
    else {
      audit.proven++;
      if (line.proof?.by === 'reference' && !config.settings.reference.includes(line.proof.reference))
        fault(`proven by ${line.proof.reference}, not a reference of the run`);
      else if (await proofHolds(line, fault)) audit.reverified++;
    }
    const shrink = line.shrink;
    if (line.minimal !== undefined && line.minimal.nodes <= line.nodes && typeof shrink?.steps === 'number' && typeof shrink.stopped === 'string')
      audit.shrunk++;
    else fault(`not shrunk (${JSON.stringify(shrink)})`);
    const minimalProblem = line.minimal === undefined ? undefined : readTaskProblem(task, { ...line, problem: line.minimal.problem });
    if (minimalProblem?.ok && line.signature === task.signature(minimalProblem.problem, signature)) audit.signed++;
    else fault(`its signature ${line.signature} is not its minimal problem's`);
    // The antiderivative check decides an integrand at A = 1 directly; other tasks' problems are read with their fields.
    if (line.parameters !== undefined && line.proof?.by === 'verifier' && task.name === 'integrate') {
      audit.withParameters++;
      if (needsParameter(line)) audit.needParameter++;
    }
  }
  return audit;
}

async function main(): Promise<void> {
  const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (dirs.length === 0) throw new Error('usage: npm run bench:lines -- DIR...   (run directories whose archives to audit)');
  console.log('Every archived line decided again from the line alone (no target asked).\n');
  console.log('| run | lines | signatures | proven | proof re-verified | shrunk | signed | need a parameter |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const dir of dirs) {
    const a = await auditLines(dir);
    const parameters = a.withParameters === 0 ? '—' : `${a.needParameter} / ${a.withParameters}`;
    console.log(`| ${dir} | ${a.lines} | ${a.signatures} | ${a.proven} | ${a.reverified} | ${a.shrunk} | ${a.signed} | ${parameters} |`);
    for (const f of a.faults) process.stderr.write(`  ${dir}: ${f}\n`);
  }
}

await main();
