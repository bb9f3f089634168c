import type { ParameterLetter } from '../expr/parameters.js';
import type { ReadOptions } from '../expr/readOptions.js';
import type { Expr } from '../expr/types.js';
import type { Domain } from '../verify/domain.js';
import { parameterNames, parseParameterAssumptions } from '../verify/parameterAssumptions.js';
import { parseDomain } from '../verify/parseDomain.js';
import { tryParseExpr } from '../expr/parse.js';
import { clip } from '../util/clip.js';
import type { Reading, TextRead, VerifyResult } from '../verify/types.js';
import { verifyPair } from '../verify/verifyPair.js';
import { admitParameters } from './admitParameters.js';
import { integrateTask } from './integrate/integrateTask.js';
import { parametricVerifier } from './parametricVerifier.js';
import { TASK_NAMES, TASK_REGISTRY } from './registry.js';

/** Reads one side of a line (the CLI's LaTeX-aware reader, or infix), admitting what `options` allow. */
export type TaskSideReader = (text: string, side: 'problem' | 'answer', options?: ReadOptions) => TextRead;

const readInfix: TaskSideReader = (text, _side, options) => {
  const r = tryParseExpr(text, undefined, options);
  return r.ok ? { ok: true, expr: r.expr, reading: 'infix' } : { ok: false, error: r.error.message, reading: 'infix' };
};

/** The antiderivative check a line's task may use, on the line's domain when it has one (integrate's lines). */
export type LineAntiderivativeCheck = (f: Expr, F: Expr, domain?: Domain) => VerifyResult | Promise<VerifyResult>;

/**
 * The verify contract for a line of a task other than integrate (`{"task": "definite", "problem",
 * "lower", "upper", "answer"}`, `series`' point and order, `limit`'s point and direction, `ode`'s
 * equation and conditions), or of any task with `parameters` (`{"A": "positive"}`): its parameters
 * read by the task, its problem and answer by `read` (the problem as the task reads it: an ODE's
 * whole equation; both sides admitting the line's parameters), the answer as the task reads a
 * model's (a limit's DNE, a series' remainder dropped), judged by the task's verifier, over
 * instantiations of the parameters when it has some. Whatever cannot be read is `invalid`, naming
 * the field. Undefined for an integrate line without parameters, which the antiderivative check
 * answers as before (in worker threads); `antiderivative` is that check here, on the line's domain.
 */
export async function verifyTaskLine(
  line: Readonly<Record<string, unknown>>,
  read: TaskSideReader = readInfix,
  antiderivative: LineAntiderivativeCheck = (f, F, domain) => verifyPair(f, F, domain === undefined ? {} : { domain }),
): Promise<VerifyResult | undefined> {
  const name = line.task;
  const integrate = name === undefined || name === null || name === 'integrate';
  if (integrate && (line.parameters === undefined || line.parameters === null)) return undefined;
  const started = performance.now();
  const invalid = (reason: string, reading?: { problem: Reading; answer: Reading }): VerifyResult => ({
    verdict: 'invalid',
    reason,
    ms: performance.now() - started,
    ...(reading !== undefined ? { reading } : {}),
  });
  const task = integrate ? integrateTask : typeof name === 'string' ? TASK_REGISTRY.find((t) => t.name === name) : undefined;
  if (task === undefined) return invalid(`task: unknown task ${JSON.stringify(clip(String(name), 30))} (expected one of ${TASK_NAMES.join(', ')})`);
  for (const field of ['problem', 'answer'] as const) {
    if (!(field in line)) return invalid(`missing field "${field}"`);
    if (typeof line[field] !== 'string') return invalid(`field "${field}" is not a string`);
  }
  const assumed = parseParameterAssumptions(line.parameters);
  if (!assumed.ok) return invalid(assumed.error);
  const names = parameterNames(assumed.parameters);
  let domain: Domain | undefined;
  if (line.domain !== undefined && line.domain !== null) {
    if (!integrate) return invalid('domain: a domain poses an antiderivative on an interval, for integrate lines only');
    const d = parseDomain(line.domain);
    if (!d.ok) return invalid(d.error);
    domain = d.domain;
  }
  const params = task.readParams(line);
  if (!params.ok) return invalid(params.error);
  let problemReading: Reading = 'infix';
  const problem = task.readProblem(line.problem as string, (text, options) => {
    const r = read(text, 'problem', withParameters(options, names));
    problemReading = r.reading;
    return r.ok ? { ok: true, expr: r.expr } : { ok: false, error: r.error };
  });
  let answerReading: Reading = 'infix';
  const answer = task.readAnswer(
    line.answer as string,
    admitParameters((text, options) => {
      const r = read(text, 'answer', options);
      answerReading = r.reading;
      return r.ok ? { status: 'ok', expr: r.expr } : { status: 'unparseable', error: r.error };
    }, names),
    'model',
  );
  const reading = { problem: problemReading, answer: answerReading };
  if (!problem.ok) return invalid(`problem: ${problem.error}`, reading);
  if (answer.status !== 'ok') return invalid(`answer: ${answer.error}`, reading);
  const verify = parametricVerifier(
    task.verifier((f, F) => antiderivative(f, F, domain)),
    () => assumed.parameters,
  );
  const r = await verify({ expr: problem.expr, params: { ...problem.params, ...params.params } }, answer.expr);
  return { ...r, ms: performance.now() - started, reading };
}

/** `options` with the line's parameters admitted too. */
function withParameters(options: ReadOptions | undefined, names: readonly ParameterLetter[]): ReadOptions | undefined {
  return names.length === 0 ? options : { ...options, parameters: [...(options?.parameters ?? []), ...names] };
}
