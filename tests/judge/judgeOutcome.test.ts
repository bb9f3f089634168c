import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { toInfix } from '../../src/expr/print.js';
import type { Expr } from '../../src/expr/types.js';
import { judgeOutcome } from '../../src/judge/judgeOutcome.js';
import type { TargetAnswer } from '../../src/targets/types.js';
import type { Verdict, VerifyResult } from '../../src/verify/types.js';

const problem = parseExpr('2*x');
const ok = (text: string): TargetAnswer => ({ status: 'ok', text, expr: parseExpr(text), latencyMs: 1 });
const status = (s: Exclude<TargetAnswer['status'], 'ok'>, error: string = s): TargetAnswer => ({ status: s, text: '', error, latencyMs: 1 });

/** A verifier that looks the verdict up by the answer's printed form, and records what it was asked. */
function tableVerifier(table: Record<string, Verdict>) {
  const asked: string[] = [];
  const verify = (_p: Expr, answer: Expr): VerifyResult => {
    const key = toInfix(answer);
    asked.push(key);
    return { verdict: table[key] ?? 'unknown', reason: `table says ${table[key] ?? 'unknown'}`, ms: 0 };
  };
  return { verify, asked };
}

describe('judgeOutcome (Fail@k)', () => {
  it('passes when any answer is verified correct, and stops verifying there', async () => {
    const { verify, asked } = tableVerifier({ 'x^3': 'incorrect', 'x^2': 'correct', 'x^2 + 1': 'correct' });
    const { judgement } = await judgeOutcome(problem, [ok('x^3'), ok('x^2'), ok('x^2+1')], verify);
    expect(judgement.status).toBe('pass');
    expect(asked).toEqual(['x^3', 'x^2']);
    expect(judgement.answers.map((a) => a.verdict)).toEqual(['incorrect', 'correct', null]);
  });

  it('with checkAll, verifies the answers after a correct one too; the first correct one gives the reason', async () => {
    const { verify, asked } = tableVerifier({ 'x^3': 'incorrect', 'x^2': 'correct', 'x^2 + 1': 'correct' });
    const { judgement } = await judgeOutcome(problem, [ok('x^2'), ok('x^3'), ok('x^2+1')], verify, { checkAll: true });
    expect(judgement).toMatchObject({ status: 'pass', reason: 'table says correct' });
    expect(asked).toEqual(['x^2', 'x^3', 'x^2 + 1']);
    expect(judgement.answers.map((a) => a.verdict)).toEqual(['correct', 'incorrect', 'correct']);
  });

  it('stores every answer text clipped at the same limit, whatever the target', async () => {
    const { verify } = tableVerifier({ 'x^3': 'incorrect' });
    const huge: TargetAnswer = { status: 'ok', text: `${'thinking '.repeat(400_000)}\\boxed{x^3}`, expr: parseExpr('x^3'), latencyMs: 1 };
    const lost: TargetAnswer = { status: 'unparseable', text: 'y'.repeat(3_000_000), error: 'e'.repeat(100_000), latencyMs: 1 };
    const { judgement } = await judgeOutcome(problem, [huge, lost], verify);
    for (const a of judgement.answers) {
      expect(a.text.length).toBeLessThan(20_100);
      expect(a.text).toMatch(/… \[\d+ more characters\]$/);
    }
    expect(judgement.answers[1].reason!.length).toBeLessThan(20_100);
    expect(judgement.answers[0].answer).toBe('x^3');
  });

  it('fails as wrong when every parsed answer is verified incorrect', async () => {
    const { verify } = tableVerifier({ 'x^3': 'incorrect', '3*x': 'incorrect' });
    const { judgement } = await judgeOutcome(problem, [ok('x^3'), ok('3*x')], verify);
    expect(judgement).toMatchObject({ status: 'fail', kind: 'wrong', reason: 'table says incorrect' });
    expect(judgement.answers.map((a) => a.answer)).toEqual(['x^3', '3*x']);
  });

  it('ranks failure kinds wrong > unparseable > no-answer > timeout', async () => {
    const { verify } = tableVerifier({ 'x^3': 'incorrect' });
    expect((await judgeOutcome(problem, [status('timeout'), status('no-answer'), status('unparseable'), ok('x^3')], verify)).judgement).toMatchObject({
      kind: 'wrong',
    });
    expect((await judgeOutcome(problem, [status('timeout'), status('unparseable'), status('no-answer')], verify)).judgement).toMatchObject({
      kind: 'unparseable',
    });
    expect((await judgeOutcome(problem, [status('timeout'), status('no-answer')], verify)).judgement).toMatchObject({ kind: 'no-answer' });
    expect((await judgeOutcome(problem, [status('timeout')], verify)).judgement).toMatchObject({ kind: 'timeout' });
  });

  it('does not count a problem the verifier cannot decide as a failure, and says why', async () => {
    const { verify } = tableVerifier({ 'x^3': 'incorrect' });
    const { judgement } = await judgeOutcome(problem, [ok('x^3'), ok('sin(x)')], verify);
    expect(judgement.status).toBe('undecided');
    expect(judgement.reason).toMatch(/could not decide \(unknown\): table says unknown/);
    const invalid = await judgeOutcome(problem, [ok('x^3')], tableVerifier({ 'x^3': 'invalid' }).verify);
    expect(invalid.judgement.status).toBe('undecided');
  });

  it('treats a transport error as neither failure nor pass', async () => {
    const { verify } = tableVerifier({ 'x^3': 'incorrect', 'x^2': 'correct' });
    expect((await judgeOutcome(problem, [ok('x^3'), status('error', 'HTTP 503')], verify)).judgement).toMatchObject({
      status: 'error',
      reason: 'transport error: HTTP 503',
    });
    // ...unless another answer is correct anyway.
    expect((await judgeOutcome(problem, [status('error'), ok('x^2')], verify)).judgement.status).toBe('pass');
    expect((await judgeOutcome(problem, [], verify)).judgement.status).toBe('error');
  });

  it('turns a throwing verifier into an undecided problem', async () => {
    const { judgement } = await judgeOutcome(problem, [ok('x^3')], () => {
      throw new Error('boom');
    });
    expect(judgement).toMatchObject({ status: 'undecided' });
    expect(judgement.reason).toMatch(/verifier failed: boom/);
  });
});
