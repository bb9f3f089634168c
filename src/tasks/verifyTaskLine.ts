import type { ReadOptions } from '../expr/readOptions.js';
import { tryParseExpr } from '../expr/parse.js';
import { clip } from '../util/clip.js';
import type { Reading, TextRead, VerifyResult } from '../verify/types.js';
import { verifyPair } from '../verify/verifyPair.js';
import { TASK_NAMES, TASK_REGISTRY } from './registry.js';

/** Reads one side of a line (the CLI's LaTeX-aware reader, or infix), admitting what `options` allow. */
export type TaskSideReader = (text: string, side: 'problem' | 'answer', options?: ReadOptions) => TextRead;

const readInfix: TaskSideReader = (text, _side, options) => {
  const r = tryParseExpr(text, undefined, options);
  return r.ok ? { ok: true, expr: r.expr, reading: 'infix' } : { ok: false, error: r.error.message, reading: 'infix' };
};

/**
 * The verify contract for a line of a task other than integrate (`{"task": "definite", "problem",
 * "lower", "upper", "answer"}`, `series`' point and order, `limit`'s point and direction, `ode`'s
 * equation and conditions): its parameters read by the task, its problem and answer by `read`
 * (the problem as the task reads it: an ODE's whole equation), the answer as the task reads a
 * model's (a limit's DNE, a series' remainder dropped), judged by the task's verifier. Whatever
 * cannot be read is `invalid`, naming the field. Undefined for a line without `task` or of integrate,
 * which the antiderivative check answers as before.
 */
export async function verifyTaskLine(line: Readonly<Record<string, unknown>>, read: TaskSideReader = readInfix): Promise<VerifyResult | undefined> {
  const name = line.task;
  if (name === undefined || name === null || name === 'integrate') return undefined;
  const started = performance.now();
  const invalid = (reason: string, reading?: { problem: Reading; answer: Reading }): VerifyResult => ({ verdict: 'invalid', reason, ms: performance.now() - started, ...(reading !== undefined ? { reading } : {}) });
  const task = typeof name === 'string' ? TASK_REGISTRY.find((t) => t.name === name) : undefined;
  if (task === undefined) return invalid(`task: unknown task ${JSON.stringify(clip(String(name), 30))} (expected one of ${TASK_NAMES.join(', ')})`);
  for (const field of ['problem', 'answer'] as const) {
    if (!(field in line)) return invalid(`missing field "${field}"`);
    if (typeof line[field] !== 'string') return invalid(`field "${field}" is not a string`);
  }
  const params = task.readParams(line);
  if (!params.ok) return invalid(params.error);
  let problemReading: Reading = 'infix';
  const problem = task.readProblem(line.problem as string, (text, options) => {
    const r = read(text, 'problem', options);
    problemReading = r.reading;
    return r.ok ? { ok: true, expr: r.expr } : { ok: false, error: r.error };
  });
  let answerReading: Reading = 'infix';
  const answer = task.readAnswer(
    line.answer as string,
    (text, options) => {
      const r = read(text, 'answer', options);
      answerReading = r.reading;
      return r.ok ? { status: 'ok', expr: r.expr } : { status: 'unparseable', error: r.error };
    },
    'model',
  );
  const reading = { problem: problemReading, answer: answerReading };
  if (!problem.ok) return invalid(`problem: ${problem.error}`, reading);
  if (answer.status !== 'ok') return invalid(`answer: ${answer.error}`, reading);
  const r = await task.verifier(verifyPair)({ expr: problem.expr, params: { ...problem.params, ...params.params } }, answer.expr);
  return { ...r, ms: performance.now() - started, reading };
}
