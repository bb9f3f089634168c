import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { createCmdTarget, type CmdTarget, type CmdTargetOptions } from '../../../src/targets/cmd/cmdTarget.js';
import type { ProblemOutcome } from '../../../src/targets/types.js';
import { problem } from './cmdHelpers.js';
import { sympyOrSkip } from '../../helpers/requirePackage.js';
import { errorOf, exprOf } from '../answerParts.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/cmd/${name}`, import.meta.url));
const node = process.execPath;

const open: CmdTarget[] = [];
async function start(argv: string[], options: Partial<CmdTargetOptions> = {}): Promise<CmdTarget> {
  const target = await createCmdTarget({ command: argv, restartBackoffMs: 20, maxRestartBackoffMs: 100, ...options });
  open.push(target);
  return target;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

// Constant problems, so that the fixtures' naive answer x*(f) is right and must read back as x*f.
const constants = (n: number, prefix = 'c') => Array.from({ length: n }, (_, i) => problem(`${prefix}${i}`, String(i + 2)));

/** Every outcome's single answer is ok and reads as x*(the problem). */
function expectNaiveAnswers(outcomes: readonly ProblemOutcome[], problems: ReturnType<typeof constants>): void {
  expect(outcomes.map((o) => o.id)).toEqual(problems.map((p) => p.id));
  outcomes.forEach((o, i) => {
    expect(o.answers).toHaveLength(1);
    expect(o.answers[0].status).toBe('ok');
    expect(toInfix(exprOf(o.answers[0])!)).toBe(`x*${problems[i].infix}`);
  });
}

describe('cmd target with well-behaved programs', () => {
  test('the example power-rule program answers polynomials and declines the rest', async () => {
    const t = await start([node, fileURLToPath(new URL('../../../examples/cmd-target/power-rule.mjs', import.meta.url))]);
    const problems = [problem('poly', '3*x^2 + 2*x - 7'), problem('high', 'x^12'), problem('trig', 'sin(x)')];
    const [poly, high, trig] = await t.solve(problems, 1);
    expect(poly.answers[0].status).toBe('ok');
    expect(toInfix(exprOf(poly.answers[0])!)).toBe('3*x^3/3 + 2*x^2/2 - 7*x');
    // Its deliberate flaw: divides by n instead of n + 1 for n >= 10.
    expect(toInfix(exprOf(high.answers[0])!)).toBe('1*x^13/12');
    expect(trig.answers).toEqual([expect.objectContaining({ status: 'no-answer', text: '' })]);
    expect(t.stats()).toMatchObject({ requests: 3, answered: 3, restarts: 0, junkLines: 0 });
  });

  test.runIf(sympyOrSkip())("the README's minimal Python program answers with SymPy", async () => {
    const script = fileURLToPath(new URL('../../../examples/cmd-target/sympy-minimal.py', import.meta.url));
    const t = await start(['/usr/bin/python3', script]);
    const [a, b] = await t.solve([problem('a', 'x^2*e^x + pi'), problem('b', 'x^x')], 1);
    expect(a.answers[0].status).toBe('ok');
    expect(toInfix(exprOf(a.answers[0])!)).toBe(toInfix(parseExpr('pi*x + (x^2 - 2*x + 2)*exp(x)')));
    expect(b.answers[0].status).toBe('no-answer');
  });

  test('answers in reverse order are matched to their requests by id', async () => {
    const t = await start([node, fixture('out-of-order.mjs')], { maxInFlight: 16 });
    const problems = constants(10);
    expectNaiveAnswers(await t.solve(problems, 1), problems);
  });

  test('junk lines and answers for unknown ids are ignored and counted', async () => {
    const t = await start([node, fixture('junk.mjs')]);
    const problems = constants(5);
    expectNaiveAnswers(await t.solve(problems, 1), problems);
    expect(t.stats()).toMatchObject({ junkLines: 15, unmatchedAnswers: 5, answered: 5 });
  });

  test('answers beyond k are dropped; LaTeX and free-text answers are read; reasons are kept', async () => {
    const t = await start([node, fixture('many-answers.mjs')]);
    const ps = [problem('p', 'x^2'), problem('none1', 'x'), problem('gaveup1', 'x'), problem('err1', 'x')];
    const [p, none, gaveup, err] = await t.solve(ps, 3);
    expect(p.answers.map((a) => a.status)).toEqual(['ok', 'ok', 'ok']);
    for (const a of p.answers) expect(toInfix(exprOf(a)!)).toMatch(/^x\*x\^2$/);
    expect(none.answers).toEqual([expect.objectContaining({ status: 'no-answer', error: 'no idea' })]);
    expect(gaveup.answers).toEqual([expect.objectContaining({ status: 'timeout' })]);
    expect(err.answers).toEqual([expect.objectContaining({ status: 'error', error: expect.stringContaining('GPU out of memory') })]);
    const [one] = await t.solve([problem('q', 'x')], 1);
    expect(one.answers).toHaveLength(1);
    expect(t.stats()).toMatchObject({ errors: 1, timeouts: 1 });
  });

  test('a flood of stderr is drained and its tail kept', async () => {
    const t = await start([node, fixture('stderr-flood.mjs')], { stderrTailChars: 1000 });
    const problems = constants(20);
    expectNaiveAnswers(await t.solve(problems, 1), problems);
    const [tail] = t.stderrTails();
    expect(tail.length).toBe(1000);
    expect(tail).toContain('warning: something unimportant happened\n');
  });

  test('a program that does not read its stdin for a while gets its requests when it does', async () => {
    const t = await start([node, fixture('slow-reader.mjs')], { maxInFlight: 64 });
    // ~20 KB per request line, 64 in flight: far more than a pipe buffer holds.
    const big = Array.from({ length: 2000 }, (_, i) => String(i + 1)).join(' + ');
    const problems = Array.from({ length: 64 }, (_, i) => problem(`b${i}`, `${i + 1} + ${big}`));
    const outcomes = await t.solve(problems, 1);
    expect(outcomes.every((o) => o.answers[0].status === 'ok')).toBe(true);
    expect(t.stats()).toMatchObject({ answered: 64, restarts: 0 });
  });

  test('duplicate problem ids within a batch each get their own answer', async () => {
    const t = await start([node, fixture('out-of-order.mjs')]);
    const problems = [problem('same', '2'), problem('same', '3'), problem('same', '4')];
    const outcomes = await t.solve(problems, 1);
    expect(outcomes.map((o) => o.id)).toEqual(['same', 'same', 'same']);
    expect(outcomes.map((o) => toInfix(exprOf(o.answers[0])!))).toEqual(['x*2', 'x*3', 'x*4']);
  });
});

describe('cmd target with misbehaving programs', () => {
  test('a program that crashes after every 3 requests is restarted and its requests re-sent', async () => {
    const t = await start([node, fixture('crash-after.mjs'), '3'], { maxInFlight: 4 });
    const problems = constants(12);
    expectNaiveAnswers(await t.solve(problems, 1), problems);
    const s = t.stats();
    // 12 answers at 3 per process life: at least 3 restarts; every crash lost work.
    expect(s.restarts).toBeGreaterThanOrEqual(3);
    expect(s.crashes).toBe(s.restarts);
    expect(s.resent).toBeGreaterThanOrEqual(3);
    expect(s.errors).toBe(0);
  });

  test('one request that is never answered times out once the program answers another after its time limit; no restart', async () => {
    // The limit only has to outlast the program's immediate answers to the other requests; the
    // silent one is never answered, so it runs out of time whatever the limit.
    const t = await start([node, fixture('ignore-one.mjs'), 'silent'], { timeoutMs: 1500, startupGraceMs: 10_000 });
    await t.solve([problem('warm-up', '1')], 1); // past the start-up grace
    const problems = [...constants(3, 'a'), problem('silent', '7'), ...constants(3, 'b')];
    const pending = t.solve(problems, 1);
    // Its time limit has run out, with answers to the others in it: not yet a timeout, for the
    // program might have stalled just after them. Another request, answered now, shows it has not.
    while (t.stats().overdue < 1) await new Promise((r) => setTimeout(r, 10));
    const [later] = await t.solve([problem('later', '8')], 1);
    expect(later.answers[0].status).toBe('ok');
    const outcomes = await pending;
    const silent = outcomes[3];
    expect(silent.answers).toEqual([
      expect.objectContaining({
        status: 'timeout',
        error: expect.stringMatching(/no answer within 1500 ms.*, while the program answered other requests, also after that time/),
      }),
    ]);
    const others = outcomes.filter((o) => o.id !== 'silent');
    expect(others.every((o) => o.answers[0].status === 'ok')).toBe(true);
    expect(t.stats()).toMatchObject({ timeouts: 1, restarts: 0, hangKills: 0, unmatchedAnswers: 0, overdue: 1 });
  });

  test('a program that stops answering everything is stuck: killed and restarted, its request an error, not a timeout', async () => {
    // Generous limits: the point is the order of events, not speed, and CI machines are busy.
    const t = await start([node, fixture('hang-after.mjs'), '2'], { timeoutMs: 1500, startupGraceMs: 10_000, maxInFlight: 1 });
    const problems = constants(5);
    const outcomes = await t.solve(problems, 1);
    // The first process life answers two requests, then goes silent: the program, not the model, is
    // at fault for the third, which is an error; the new process answers the last two.
    expect(outcomes.map((o) => o.answers[0].status)).toEqual(['ok', 'ok', 'error', 'ok', 'ok']);
    expect(errorOf(outcomes[2].answers[0])).toMatch(/answered nothing at all for 1500 ms.*killed and will be restarted.*Not the model's failure/);
    expect(t.stats()).toMatchObject({ hangKills: 1, restarts: 1, timeouts: 0, errors: 1, crashes: 0, resent: 0 });
  });

  test('a 100 MB answer line is dropped in bounded memory and its request resolved', async () => {
    const t = await start([node, fixture('huge-line.mjs'), 'huge'], { maxLineBytes: 1 << 20 });
    const problems = [...constants(2, 'a'), problem('huge', '5'), ...constants(2, 'b')];
    const outcomes = await t.solve(problems, 1);
    // Longer than sagga reads: not the model's failure, so not judged.
    expect(outcomes[2].answers).toEqual([
      expect.objectContaining({ status: 'unjudged', error: expect.stringMatching(/the answer line had \d+ bytes, more than the \d+ sagga reads/) }),
    ]);
    expect(outcomes.filter((o) => o.id !== 'huge').every((o) => o.answers[0].status === 'ok')).toBe(true);
    expect(t.stats()).toMatchObject({ oversizedLines: 1, restarts: 0 });
  });

  test('a program that exits at once makes every request an error naming its exit and stderr', async () => {
    const t = await start([node, fixture('exit-immediately.mjs')], { maxConsecutiveFailures: 4 });
    const outcomes = await t.solve(constants(3), 1);
    for (const o of outcomes) {
      expect(o.answers).toHaveLength(1);
      expect(o.answers[0].status).toBe('error');
      expect(errorOf(o.answers[0])).toMatch(/exited with code 3/);
      expect(errorOf(o.answers[0])).toMatch(/cannot load model weights/);
    }
    const s = t.stats();
    expect(s.crashes).toBe(4);
    expect(s.restarts).toBe(3);
    expect(s.errors).toBe(3);
    // Given up: later requests fail at once instead of starting it again.
    const [late] = await t.solve([problem('late', '1')], 1);
    expect(late.answers[0]).toMatchObject({ status: 'error', error: expect.stringContaining('gave up on the program') });
    expect(t.stats().crashes).toBe(4);
  });

  test('a command that does not exist is refused when the target is created', async () => {
    await expect(createCmdTarget({ command: 'sagga-no-such-program-xyz --flag' })).rejects.toThrow(/cannot start "sagga-no-such-program-xyz --flag".*ENOENT/);
  });

  test('an aborted batch resolves at once with errors', async () => {
    const t = await start([node, fixture('ignore-one.mjs'), 'silent']);
    await t.solve([problem('warm-up', '1')], 1);
    const controller = new AbortController();
    const pending = t.solve([problem('silent', '1'), problem('other', '2')], 1, controller.signal);
    // Abort once the other request has its answer (the warm-up's was the first), rather than after a
    // fixed delay that a loaded machine could outlast before the answer arrives.
    while (t.stats().answered < 2) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const [silent, other] = await pending;
    expect(silent.answers[0]).toMatchObject({ status: 'error', error: 'aborted' });
    expect(other.answers[0].status).toBe('ok');
  });

  test('closing with requests in flight resolves them and ends the process', async () => {
    const t = await start([node, fixture('ignore-one.mjs'), 'silent']);
    const pending = t.solve([problem('silent', '1')], 1);
    await new Promise((r) => setTimeout(r, 50));
    await t.close();
    const [o] = await pending;
    expect(o.answers[0].status).toBe('error');
    const [after] = await t.solve([problem('x', '1')], 1);
    expect(after.answers[0]).toMatchObject({ status: 'error', error: 'the target is closed' });
  });
});
