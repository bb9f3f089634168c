import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { jsonLines } from '../../helpers/jsonLines.js';
import { signature } from '../../../src/expr/signature.js';
import { readTaskProblem } from '../../../src/tasks/readTaskProblem.js';
import { taskNamed } from '../../../src/tasks/registry.js';
import type { VerifyResult } from '../../../src/verify/types.js';

export interface TaskLine {
  readonly id: string;
  readonly problem: string;
  readonly task: string;
  readonly kind: string;
  readonly nodes: number;
  readonly signature: string;
  readonly answers: ReadonlyArray<{ readonly answer?: string; readonly verdict: string | null }>;
  readonly proof: { readonly by: string; readonly reference?: string; readonly answer?: string } | null;
  readonly minimal: {
    readonly problem: string;
    readonly answers: ReadonlyArray<{ readonly answer?: string; readonly verdict: string | null }>;
    readonly proof: TaskLine['proof'];
    readonly nodes: number;
  };
  readonly [field: string]: unknown;
}

/**
 * The contract of a task's run, checked from its files alone with the task's verifier run again
 * here (`verify`: the verify contract's check of a line and an answer): every archived line names
 * its task and parameters, is proven (a wrong answer the verifier refutes, for the problem and its
 * minimal form; or a decline, unreadable answer or timeout whose reference's answer the verifier
 * accepts), is shrunk (a minimal form no larger, with the problem's parameters) and signed (the
 * task's signature of its minimal form, its parameters in it). Every evaluated line names the task.
 * Returns the archive.
 */
export function checkTaskRun(
  dir: string,
  taskName: string,
  verify: (line: Readonly<Record<string, unknown>>, problem: string, answer: string) => VerifyResult,
): TaskLine[] {
  const task = taskNamed(taskName);
  const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { settings: { task?: string; reference: string[] }; task?: { name: string } };
  expect(config.settings.task).toBe(taskName);
  expect(config.task?.name).toBe(taskName);
  // A run writes both files from its start: a missing one is a broken run, not an empty one.
  for (const file of ['evaluated.jsonl', 'archive.jsonl']) expect(existsSync(join(dir, file)), file).toBe(true);
  for (const e of jsonLines<Record<string, unknown>>(join(dir, 'evaluated.jsonl'))) {
    expect(e.task).toBe(taskName);
    for (const field of task.fields) expect(e[field.name], `${field.name} of ${String(e.key)}`).toBeDefined();
  }
  const archive = jsonLines<TaskLine>(join(dir, 'archive.jsonl'));
  for (const line of archive) {
    const where = `${line.id}: ${line.problem}`;
    expect(line.task, where).toBe(taskName);
    const params = task.readParams(line);
    expect(params.ok, where).toBe(true);
    expect(line.proof, where).not.toBeNull();
    expect(line.minimal.proof, where).not.toBeNull();
    if (line.proof!.by === 'verifier') {
      expect(line.kind, where).toBe('wrong');
      expect(
        line.answers.some((a) => a.verdict === 'incorrect' && a.answer !== undefined && verify(line, line.problem, a.answer).verdict === 'incorrect'),
        where,
      ).toBe(true);
      expect(
        line.minimal.answers.some((a) => a.answer !== undefined && verify(line, line.minimal.problem, a.answer).verdict === 'incorrect'),
        where,
      ).toBe(true);
    } else {
      expect(line.proof!.by, where).toBe('reference');
      expect(line.kind, where).not.toBe('wrong');
      expect(config.settings.reference, where).toContain(line.proof!.reference);
      expect(verify(line, line.problem, line.proof!.answer!).verdict, where).toBe('correct');
      expect(verify(line, line.minimal.problem, line.minimal.proof!.answer!).verdict, where).toBe('correct');
    }
    expect(line.minimal.nodes, where).toBeLessThanOrEqual(line.nodes);
    // The minimal problem read back as the task reads its lines (an ODE's equation holds its coefficients).
    const minimal = readTaskProblem(task, { ...line, problem: line.minimal.problem });
    expect(minimal.ok, where).toBe(true);
    if (minimal.ok) expect(line.signature, where).toBe(task.signature(minimal.problem, signature));
  }
  return archive;
}
