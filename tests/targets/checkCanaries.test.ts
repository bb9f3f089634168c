import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { createAlgebriteTarget } from '../../src/targets/algebrite/algebriteTarget.js';
import { CANARY_PROBLEMS } from '../../src/targets/canaryProblems.js';
import { checkCanaries } from '../../src/targets/checkCanaries.js';
import { createCmdTarget } from '../../src/targets/cmd/cmdTarget.js';
import { createMaximaTarget } from '../../src/targets/maxima/maximaTarget.js';
import { createNerdamerTarget } from '../../src/targets/nerdamer/nerdamerTarget.js';
import { createSympyTarget } from '../../src/targets/sympy/sympyTarget.js';
import { TargetUnhealthyError } from '../../src/targets/targetUnhealthyError.js';
import type { Target } from '../../src/targets/types.js';
import { SEARCH_VERIFY_OPTIONS } from '../../src/verify/types.js';
import { verifyPair } from '../../src/verify/verifyPair.js';
import { sagga } from '../helpers/cliInProcess.js';
import { maximaOrSkip, sympyOrSkip } from '../helpers/requirePackage.js';

// Real targets, real verifier, real programs: nothing here is mocked. The CAS targets and the
// nerdamer/Algebrite workers run from dist/ (`npm test` builds it first).

const verify = (f: Parameters<typeof verifyPair>[0], F: Parameters<typeof verifyPair>[1]) => verifyPair(f, F, SEARCH_VERIFY_OPTIONS);
const cmdFixture = (name: string): string => fileURLToPath(new URL(`../fixtures/cmd/${name}`, import.meta.url));
// Debian's maxima with its share library out of reach, as when the maxima-share package is missing.
const MAXIMA_WITHOUT_SHARE = fileURLToPath(new URL('../fixtures/maxima/maxima-without-share.sh', import.meta.url));

const open: Target[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});
async function opened<T extends Target>(target: T | Promise<T>): Promise<T> {
  const t = await target;
  open.push(t);
  return t;
}

// Far above what each system needs for these problems (Algebrite can take seconds on x^2 + 1 on a
// busy machine), so that every canary comes back and the count does not depend on the load. With a
// target's default limits a slow answer is a timeout, which the rule tolerates.
const GENEROUS_MS = 120_000;

describe('a CAS that works passes, every canary verified correct', () => {
  test('nerdamer', async () => {
    const check = await checkCanaries(await opened(createNerdamerTarget({ concurrency: 2, timeLimitMs: GENEROUS_MS })), verify);
    expect(check, JSON.stringify(check)).toMatchObject({ ok: true, correct: CANARY_PROBLEMS.length });
  }, 300_000);

  test('algebrite', async () => {
    const check = await checkCanaries(await opened(createAlgebriteTarget({ concurrency: 2, timeLimitMs: GENEROUS_MS })), verify);
    expect(check, JSON.stringify(check)).toMatchObject({ ok: true, correct: CANARY_PROBLEMS.length });
  }, 300_000);

  test.runIf(sympyOrSkip())(
    'sympy',
    async () => {
      const check = await checkCanaries(await opened(createSympyTarget({ timeoutMs: GENEROUS_MS })), verify);
      expect(check, JSON.stringify(check)).toMatchObject({ ok: true, correct: CANARY_PROBLEMS.length });
    },
    300_000,
  );

  test.runIf(maximaOrSkip())(
    'maxima',
    async () => {
      const check = await checkCanaries(await opened(createMaximaTarget({ timeoutMs: GENEROUS_MS })), verify);
      expect(check, JSON.stringify(check)).toMatchObject({ ok: true, correct: CANARY_PROBLEMS.length });
    },
    300_000,
  );
});

describe.runIf(maximaOrSkip())('a Maxima without its share library', () => {
  test('still computes, but cannot run parse_string (the fixture simulates the missing package honestly)', () => {
    const r = spawnSync(MAXIMA_WITHOUT_SHARE, ['--very-quiet', '--disable-readline', '--batch-string=print(6*7)$ print(parse_string("1+1"))$'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stdout).toMatch(/^42\s*$/m);
    expect(r.stdout).toMatch(/stringproc not found/);
  });

  test('is refused at start-up, by the maxima option or SAGGA_MAXIMA, with a message naming maxima-share', async () => {
    const viaOption = createMaximaTarget({ maxima: MAXIMA_WITHOUT_SHARE });
    await expect(viaOption).rejects.toBeInstanceOf(TargetUnhealthyError);
    await expect(viaOption).rejects.toThrow(/parse_string.*apt-get install maxima-share/);
    await expect(createMaximaTarget({ env: { ...process.env, SAGGA_MAXIMA: MAXIMA_WITHOUT_SHARE } })).rejects.toThrow(
      /stringproc.*apt-get install maxima-share/,
    );
  });

  test('sagga search --target maxima exits 3, says to install maxima-share, and leaves no run behind', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sagga-canary-maxima-')), 'run');
    const saved = process.env.SAGGA_MAXIMA;
    process.env.SAGGA_MAXIMA = MAXIMA_WITHOUT_SHARE;
    let r: Awaited<ReturnType<typeof sagga>>;
    try {
      r = await sagga(['search', '--target', 'maxima', '--out', out, '--max-generations', '1']);
    } finally {
      if (saved === undefined) delete process.env.SAGGA_MAXIMA;
      else process.env.SAGGA_MAXIMA = saved;
    }
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^sagga search: .*apt-get install maxima-share/);
    expect(existsSync(join(out, 'archive.jsonl'))).toBe(false);
    expect(existsSync(join(out, 'config.json'))).toBe(false);
  }, 120_000);
});

describe('a cmd: program that is not really answering is refused', () => {
  test('one that answers every problem with its input, unevaluated: wrong answers, named', async () => {
    const target = await opened(createCmdTarget({ command: [process.execPath, cmdFixture('echo-problem.mjs')] }));
    const check = await checkCanaries(target, verify);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.results.find((r) => r.problem === 'x^2 + 1')).toMatchObject({ outcome: 'wrong' });
    expect(check.message).toMatch(/failed its health check/);
    expect(check.message).toContain("∫ x^2 + 1 dx: wrong answer 'x^2 + 1' (the problem itself, unevaluated)");
    expect(check.message).toMatch(/answers with the problem it was sent/);
  });

  test('one that multiplies by x (right only for the constant): one correct is not enough', async () => {
    const target = await opened(createCmdTarget({ command: [process.execPath, cmdFixture('fixed-answers.mjs'), '["x"]'] }));
    const check = await checkCanaries(target, verify);
    // "x" is right for ∫ 1 dx only.
    expect(check).toMatchObject({ ok: false, correct: 1 });
  });

  test('one that exits at once: its exit code and the end of its stderr are in the message', async () => {
    // Given up after its second start (not its eighth): what it said on dying is the point here.
    const target = await opened(
      createCmdTarget({
        command: [process.execPath, cmdFixture('exit-immediately.mjs')],
        restartBackoffMs: 20,
        maxRestartBackoffMs: 100,
        maxConsecutiveFailures: 2,
      }),
    );
    const check = await checkCanaries(target, verify);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.correct).toBe(0);
    expect(check.results.every((r) => r.outcome === 'error' || r.outcome === 'abandoned')).toBe(true);
    expect(check.message).toMatch(/exited with code 3/);
    expect(check.message).toContain('fatal: cannot load model weights from ./model.bin');
  });

  test('one that never answers: the check ends by its deadline however long the target would wait', async () => {
    // The program's own time limit is a minute; the check is given 1 s in all.
    const target = await opened(createCmdTarget({ command: [process.execPath, cmdFixture('hang-after.mjs'), '0'], timeoutMs: 60_000, startupGraceMs: 0 }));
    const started = Date.now();
    const check = await checkCanaries(target, verify, { deadlineMs: 1000 });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.results.every((r) => r.outcome === 'timeout')).toBe(true);
    expect(check.message).toMatch(/timeout \(no outcome within the check's 1 s\)/);
  });

  test('what the target finds about itself (diagnose) is added to the message', async () => {
    const target = await opened(
      createCmdTarget({ command: [process.execPath, cmdFixture('echo-problem.mjs')], diagnose: async () => 'its model file is missing: see ./model.bin' }),
    );
    const check = await checkCanaries(target, verify);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(/Its model file is missing: see \.\/model\.bin\.$/);
  });
});

// The CLI's program in this process: the exit statuses and messages are its own, without a second
// of loading each.
describe('end to end through the CLI', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-canary-cli-'));
  const echo = 'cmd:node tests/fixtures/cmd/echo-problem.mjs';
  const small = ['--generation-size', '10', '--seed-size', '3', '--clusters', '1', '--max-generations', '1', '--rng-seed', 'canary'];

  test('sagga search against an echoing program exits 3, says why on stderr, and archives nothing', async () => {
    const out = join(work, 'refused');
    const r = await sagga(['search', '--target', echo, ...small, '--out', out]);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^sagga search: the target cmd:node tests\/fixtures\/cmd\/echo-problem\.mjs failed its health check/);
    expect(r.stderr).toContain("wrong answer 'x^2 + 1'");
    expect(r.stderr).toMatch(/--no-canaries/);
    // One paragraph.
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const archive = join(out, 'archive.jsonl');
    expect(!existsSync(archive) || readFileSync(archive, 'utf8') === '').toBe(true);
  }, 60_000);

  test('--no-canaries runs it anyway, records the choice in config.json, and a resume keeps it', async () => {
    const out = join(work, 'skipped');
    const r = await sagga(['search', '--target', echo, '--no-canaries', ...small, '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { settings: { canaries: boolean }; resumes: unknown[] };
    expect(config.settings.canaries).toBe(false);
    expect(readFileSync(join(out, 'archive.jsonl'), 'utf8').trim()).not.toBe('');
    // Without the option the saved setting holds: no check, so the echoing program is not refused.
    const resumed = await sagga(['search', '--resume', out, '--max-generations', '2']);
    expect(resumed.status, resumed.stderr).toBe(0);
    const after = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { settings: { canaries: boolean } };
    expect(after.settings.canaries).toBe(false);
  }, 60_000);

  test('sagga integrate refuses the echoing program with exit 3; --no-canaries asks it', async () => {
    const refused = await sagga(['integrate', '--target', echo, 'x']);
    expect(refused.status, refused.stderr).toBe(3);
    expect(refused.stderr).toMatch(/^sagga integrate: .*failed its health check/);
    expect(refused.stdout).toBe('');
    const asked = await sagga(['integrate', '--target', echo, '--no-canaries', 'x']);
    expect(asked.status, asked.stderr).toBe(1);
    expect(asked.stdout).toMatch(/: wrong\n/);
  }, 60_000);
});
