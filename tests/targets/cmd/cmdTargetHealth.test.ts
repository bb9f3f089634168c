import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { toInfix } from '../../../src/expr/toInfix.js';
import { createCmdTarget, type CmdTarget, type CmdTargetOptions } from '../../../src/targets/cmd/cmdTarget.js';
import { createTarget } from '../../../src/targets/registry.js';
import type { ProblemOutcome, Target } from '../../../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../../../src/verify/types.js';
import { verifyPair } from '../../../src/verify/verifyPair.js';
import { sagga } from '../../helpers/cliInProcess.js';
import { errorOf, exprOf } from '../answerParts.js';
import { problem } from './cmdHelpers.js';

/*
 * What is a model's failure and what is a broken program's fault, with scripted programs that
 * misbehave on purpose (tests/fixtures/cmd). Time limits are short, but every outcome is decided by
 * what the program does, never by how fast the machine is: a stalled program stays silent for two
 * minutes, a loading one for 1.5 s against a half-second limit.
 */

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/cmd/${name}`, import.meta.url));
const node = process.execPath;

const open: Target[] = [];
const dirs: string[] = [];
async function start(argv: string[], options: Partial<CmdTargetOptions> = {}): Promise<CmdTarget> {
  const target = await createCmdTarget({ command: argv, restartBackoffMs: 20, maxRestartBackoffMs: 100, ...options });
  open.push(target);
  return target;
}
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sagga-cmd-health-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const constants = (n: number, prefix = 'c') => Array.from({ length: n }, (_, i) => problem(`${prefix}${i}`, String(i + 2)));
const statuses = (outcomes: readonly ProblemOutcome[]): string[] => outcomes.map((o) => o.answers[0].status);

/** Every `ok` outcome reads as x·(its constant problem), the fixtures' naive and right answer. */
function expectNaive(outcomes: readonly ProblemOutcome[], problems: ReturnType<typeof constants>): void {
  outcomes.forEach((o, i) => {
    if (o.answers[0].status === 'ok') expect(toInfix(exprOf(o.answers[0])!)).toBe(`x*${problems[i].infix}`);
  });
}

describe('answers written the way exact systems write numbers', () => {
  test('400-digit rationals and 3.6e2-style LaTeX verify correct; ambiguous and 2,466-digit answers are unjudged; nothing is unparseable or wrong', async () => {
    const t = await start([node, fixture('exact-answers.mjs')]);
    const problems = [
      problem('rational-1', '7*x^2'),
      problem('rational-2', '-12*x^3'),
      problem('sci-1', '720*x'),
      problem('sci-2', '3*x^2'),
      problem('sci-3', '-12*x^3'),
      problem('ambiguous-1', '7*x'),
      problem('tiny-1', '576^(-893)'),
    ];
    const outcomes = await t.solve(problems, 1);
    const verdicts = outcomes.map((o, i) => {
      const a = o.answers[0];
      return a.status === 'ok' ? verifyPair(problems[i].expr, a.expr, SEARCH_VERIFY_OPTIONS).verdict : a.status;
    });
    expect(verdicts).toEqual(['correct', 'correct', 'correct', 'correct', 'correct', 'unjudged', 'unjudged']);
    expect(errorOf(outcomes[5].answers[0])).toMatch(/ambiguous/);
    expect(errorOf(outcomes[6].answers[0])).toMatch(/too small to represent/);
    // The 400-digit integers were really sent: the answer text holds them whole.
    expect(outcomes[0].answers[0].text).toMatch(/^7\d{399}\*x\^3\/3\d{399}$/);
    expect(outcomes[2].answers[0].text).toContain(String.raw`\boxed{3.6e2 x^{2}}`);
  });
});

describe('a program that is stuck, crashed or confused is at fault, not the model', () => {
  test('a program that stalls mid-run (alive, not reading its input): the requests in flight are errors, not timeouts, and the restarted program answers the rest', async () => {
    const marker = join(await tempDir(), 'stalled');
    // Answers four requests, then stops reading for two minutes; only its first process does.
    const t = await start([node, fixture('stall-once.mjs'), marker, '4'], { timeoutMs: 1000, startupGraceMs: 10_000, maxInFlight: 4 });
    await t.solve([problem('warm-up', '1')], 1); // past the start-up grace: request 1
    const problems = constants(10);
    const outcomes = await t.solve(problems, 1);
    // Requests 2–4 are answered; c3 is the fifth and the program stalls on it with c3–c6 in flight.
    expect(statuses(outcomes)).toEqual(['ok', 'ok', 'ok', 'error', 'error', 'error', 'error', 'ok', 'ok', 'ok']);
    for (const o of outcomes.slice(3, 7)) {
      expect(errorOf(o.answers[0])).toMatch(/answered nothing at all for 1000 ms.*stuck, not slow on this problem.*Not the model's failure/);
    }
    expectNaive(outcomes, problems);
    expect(t.stats()).toMatchObject({ hangKills: 1, restarts: 1, timeouts: 0, errors: 4, crashes: 0 });
  });

  test('a program that answers another request, then stalls: the request it left waiting is an error, not a timeout', async () => {
    const marker = join(await tempDir(), 'stalled');
    // Leaves its 3rd request (c1) unanswered, answers the 4th (c2), then stops reading for two minutes.
    const t = await start([node, fixture('skip-then-stall.mjs'), marker, '3'], { timeoutMs: 1000, startupGraceMs: 10_000, maxInFlight: 4 });
    await t.solve([problem('warm-up', '1')], 1); // past the start-up grace: request 1
    const problems = constants(8);
    const outcomes = await t.solve(problems, 1);
    // c2's answer came within c1's time limit, but before the stall: c1 and what was in flight with
    // it are the stalled program's fault; the restarted program answers the rest.
    expect(statuses(outcomes)[1]).toBe('error');
    expect(errorOf(outcomes[1].answers[0])).toMatch(
      /answered nothing at all for 1000 ms after this request's time limit .* ran out.*stalled.*Not the model's failure/,
    );
    expect(statuses(outcomes).filter((s) => s === 'timeout')).toEqual([]);
    expect(statuses(outcomes).slice(0, 3)).toEqual(['ok', 'error', 'ok']);
    expectNaive(outcomes, problems);
    expect(outcomes.filter((o) => o.answers[0].status === 'ok').length).toBeGreaterThanOrEqual(4);
    expect(t.stats()).toMatchObject({ hangKills: 1, restarts: 1, timeouts: 0, overdue: 1, crashes: 0 });
  });

  test('a program that closes its stdout is a crash: it is restarted and the request re-sent', async () => {
    const marker = join(await tempDir(), 'closed');
    const t = await start([node, fixture('close-stdout.mjs'), marker, '2'], { maxInFlight: 1 });
    const problems = constants(5);
    const outcomes = await t.solve(problems, 1);
    expect(statuses(outcomes)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expectNaive(outcomes, problems);
    expect(t.stats()).toMatchObject({ closedStdout: 1, crashes: 1, restarts: 1, resent: 1, timeouts: 0, errors: 0 });
  });

  test('a program that closes its stdout every time is given up, with errors that say so', async () => {
    // Given up after its second start: each start costs a process, and two in a row already say it.
    const t = await start([node, fixture('close-stdout.mjs'), 'always', '0'], { maxConsecutiveFailures: 2 });
    const outcomes = await t.solve(constants(2), 1);
    for (const o of outcomes) {
      expect(o.answers[0].status).toBe('error');
      expect(errorOf(o.answers[0])).toMatch(/closed its stdout/);
    }
    expect(t.gaveUp()).toMatch(/closed its stdout/);
    expect(t.stats().timeouts).toBe(0);
  });

  test('a program that answers only ids it was never asked is a fault: errors naming the ids, counted and ignored', async () => {
    // No start-up grace: it answers at once, just never with an id it was asked.
    const t = await start([node, fixture('wrong-ids.mjs'), 'all'], { timeoutMs: 1000, startupGraceMs: 0 });
    const outcomes = await t.solve(constants(3), 1);
    for (const o of outcomes) {
      expect(o.answers[0].status).toBe('error');
      expect(errorOf(o.answers[0])).toMatch(/answered nothing .* 3 answers for ids it was never asked \(such as "answer-to-c\d-from-elsewhere"\)/);
    }
    expect(t.stats()).toMatchObject({ unknownIdAnswers: 3, unmatchedAnswers: 3, answered: 0, timeouts: 0, hangKills: 1 });
  });

  test('a live program whose answer to one request came under a wrong id: that request is an error, not a timeout', async () => {
    const t = await start([node, fixture('wrong-ids.mjs'), 'odd'], { timeoutMs: 1000, startupGraceMs: 10_000 });
    await t.solve([problem('warm-up', '1')], 1);
    const [a, odd, b] = await t.solve([problem('a', '2'), problem('odd', '3'), problem('b', '4')], 1);
    expect([a, b].map((o) => o.answers[0].status)).toEqual(['ok', 'ok']);
    expect(odd.answers[0]).toMatchObject({ status: 'error', error: expect.stringMatching(/ids it was never asked.*its answer may be among them/) });
    expect(t.stats()).toMatchObject({ unknownIdAnswers: 1, timeouts: 0, hangKills: 0 });
  });

  test('a program that works in order is not blamed for its queue: each request gets its time limit once it is first in line', async () => {
    // 15 requests at 100 ms each take 1.5 s, against a 1 s limit per request.
    const t = await start([node, fixture('in-order.mjs'), '100'], { timeoutMs: 1000, startupGraceMs: 10_000, maxInFlight: 15 });
    await t.solve([problem('warm-up', '1')], 1);
    const problems = constants(15);
    const outcomes = await t.solve(problems, 1);
    expect(statuses(outcomes)).toEqual(problems.map(() => 'ok'));
    expectNaive(outcomes, problems);
    expect(t.stats()).toMatchObject({ timeouts: 0, hangKills: 0 });
  });

  test('restart() replaces the program: the request in flight is an error, the next ones go to a fresh process', async () => {
    const marker = join(await tempDir(), 'stalled');
    // No time limit to speak of: only restart() ends the stall.
    const t = await start([node, fixture('stall-once.mjs'), marker, '1'], { timeoutMs: 600_000 });
    expect((await t.solve([problem('w', '1')], 1))[0].answers[0].status).toBe('ok');
    const pending = t.solve([problem('stalled', '2')], 1);
    while (t.stats().sent < 2) await new Promise((r) => setTimeout(r, 10));
    await t.restart();
    const [stalled] = await pending;
    expect(stalled.answers[0]).toMatchObject({ status: 'error', error: expect.stringMatching(/restarted/) });
    const [after] = await t.solve([problem('after', '3')], 1);
    expect(after.answers[0].status).toBe('ok');
    expect(t.stats()).toMatchObject({ restarts: 1, crashes: 0, hangKills: 0 });
  });

  test('restart() revives a program that was given up', async () => {
    const marker = join(await tempDir(), 'closed');
    const t = await start([node, fixture('close-stdout.mjs'), marker, '0'], { maxConsecutiveFailures: 1 });
    const [first] = await t.solve([problem('first', '2')], 1);
    expect(first.answers[0].status).toBe('error');
    expect(t.gaveUp()).toBeDefined();
    await t.restart();
    expect(t.gaveUp()).toBeUndefined();
    const [again] = await t.solve([problem('again', '2')], 1);
    expect(again.answers[0].status).toBe('ok');
  });
});

describe('a Python program that does not flush its answers', () => {
  // Its answers stay in Python's output buffer for as long as it runs: none ever arrives, however
  // long the limit. The message says what to change. (Run without PYTHONUNBUFFERED, which a
  // developer's environment may set.)
  const unflushed = ['/usr/bin/env', '-u', 'PYTHONUNBUFFERED', '/usr/bin/python3', fixture('unflushed.py')];

  test('its first-answer time limit says to flush, naming the three ways', async () => {
    const t = await start(unflushed, { timeoutMs: 500, startupGraceMs: 0 });
    const [o] = await t.solve([problem('c', '2')], 1);
    expect(o.answers[0].status).toBe('error');
    expect(errorOf(o.answers[0])).toMatch(
      /answered nothing in the 500 ms since it started.*output buffer.*print\(\.\.\., flush=True\).*sys\.stdout\.flush\(\).*python3 -u.*--startup-timeout/,
    );
    expect(t.stats().timeouts).toBe(0);
  });

  test('sagga integrate shows the hint; the same program run with python3 -u answers', async () => {
    const args = (command: string[]) => [
      'integrate',
      '--target',
      `cmd:${command.join(' ')}`,
      '--time-limit',
      '1000',
      '--startup-timeout',
      '0',
      '--no-canaries',
      '5',
    ];
    const stuck = await sagga(args(unflushed));
    expect(stuck.status, stuck.stdout + stuck.stderr).toBe(2);
    expect(stuck.stdout + stuck.stderr).toMatch(/flush=True/);
    const unbuffered = await sagga(args(['/usr/bin/python3', '-u', fixture('unflushed.py')]));
    expect(unbuffered.status, unbuffered.stdout + unbuffered.stderr).toBe(0);
  });

  test('a program in another language is told to flush stdout, without the Python recipe', async () => {
    const t = await start([node, fixture('hang-after.mjs'), '0'], { timeoutMs: 500, startupGraceMs: 0 });
    const [o] = await t.solve([problem('c', '2')], 1);
    expect(errorOf(o.answers[0])).toMatch(/flush stdout after each answer line/);
    expect(errorOf(o.answers[0])).not.toMatch(/python/i);
  });
});

describe('a program still loading gets a start-up grace (--startup-timeout)', () => {
  // 1.5 s of loading (a timer: no load makes it shorter) against a half-second limit per request.
  const slow = [node, fixture('slow-start.mjs'), '1500'];

  test('without enough grace its requests are errors that say so, never timeouts', async () => {
    const t = await start(slow, { timeoutMs: 500, startupGraceMs: 0 });
    const outcomes = await t.solve(constants(2), 1);
    for (const o of outcomes) {
      expect(o.answers[0]).toMatchObject({
        status: 'error',
        error: expect.stringMatching(/answered nothing in the 500 ms since it started.*--startup-timeout/),
      });
    }
    expect(t.stats().timeouts).toBe(0);
  });

  test('with --startup-timeout through createTarget it answers, and config.json records the setting', async () => {
    const t = await createTarget(`cmd:${slow.join(' ')}`, { concurrency: 1, timeLimitMs: 500, startupTimeoutMs: 15_000 });
    open.push(t);
    const problems = constants(3);
    const outcomes = await t.solve(problems, 1);
    expect(statuses(outcomes)).toEqual(['ok', 'ok', 'ok']);
    expectNaive(outcomes, problems);
    expect(t.describe()).toMatchObject({ time_limit_ms: 500, startup_timeout_ms: 15_000 });
    const defaults = await createTarget(`cmd:${node} ${fixture('fixed-answers.mjs')}`, { concurrency: 1 });
    open.push(defaults);
    expect(defaults.describe()).toMatchObject({ time_limit_ms: 60_000, startup_timeout_ms: 30_000 });
  });

  test('sagga integrate --startup-timeout SECONDS', async () => {
    const args = ['integrate', '--target', `cmd:${slow.join(' ')}`, '--time-limit', '500', '--no-canaries', '5'];
    const solved = await sagga([...args, '--startup-timeout', '15']);
    expect(solved.status, solved.stderr).toBe(0);
    const unready = await sagga([...args, '--startup-timeout', '0']);
    // Undecided (2), not failed (1): the program was not ready, the model did not fail.
    expect(unready.status, unready.stdout + unready.stderr).toBe(2);
    expect(unready.stdout + unready.stderr).toMatch(/--startup-timeout/);
  });
});
