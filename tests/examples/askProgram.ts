import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { toLatex } from '../../src/expr/toLatex.js';
import { createCmdTarget, type CmdTarget } from '../../src/targets/cmd/cmdTarget.js';
import type { TargetProblem } from '../../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS, type Verdict } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';

/** What became of one problem: declined, or answered with a text the verifier judged. */
export interface Judged {
  /** The problem as the program was sent it (canonical infix). */
  readonly problem: string;
  readonly text: string | null;
  readonly verdict: Verdict | 'declined';
}

export interface Program {
  readonly target: CmdTarget;
  /** Ask each problem once (all in flight together) and judge the answers with sagga's verifier. */
  ask(problems: readonly string[]): Promise<Judged[]>;
}

/** A `cmd:` program started through sagga's own cmd target, as a search would start it. */
export async function startProgram(argv: readonly string[]): Promise<Program> {
  const target = await createCmdTarget({ command: argv, timeoutMs: 120_000 });
  let asked = 0;
  return {
    target,
    async ask(problems) {
      const sent = problems.map((text): TargetProblem => {
        const expr = parseExpr(text);
        return { id: `p${asked++}`, expr, infix: toInfix(expr), latex: toLatex(expr) };
      });
      const outcomes = await target.solve(sent, 1);
      return outcomes.map((o, i): Judged => {
        const a = o.answers[0];
        if (a === undefined || a.status === 'no-answer') return { problem: sent[i].infix, text: null, verdict: 'declined' };
        if (a.status !== 'ok') throw new Error(`${sent[i].infix}: answer ${a.status}: ${a.error}`);
        return { problem: sent[i].infix, text: a.text, verdict: verifyPair(sent[i].expr, a.expr, SEARCH_VERIFY_OPTIONS).verdict };
      });
    },
  };
}

/**
 * The program of `argv`, started before the tests of the enclosing block and closed after them;
 * call the returned function in a test to get it.
 */
export function useProgram(argv: readonly string[]): () => Program {
  let program: Program | undefined;
  beforeAll(async () => {
    program = await startProgram(argv);
  });
  afterAll(async () => {
    await program?.target.close();
  });
  return () => {
    if (program === undefined) throw new Error(`${argv.join(' ')} was not started: call the function inside a test`);
    return program;
  };
}

/** One bug of a planted program's `--list-bugs`. */
export interface ListedBug {
  readonly id: string;
  readonly description: string;
  readonly signatures: readonly string[];
  readonly example: string;
}

/** The bugs a planted program lists (`node PROGRAM --list-bugs`), which must exit cleanly. */
export function listBugs(program: string): ListedBug[] {
  const r = spawnSync(process.execPath, [program, '--list-bugs'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as ListedBug[];
}
