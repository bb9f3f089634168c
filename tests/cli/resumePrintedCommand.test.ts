import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reply, startFakeOpenAIServer, type FakeOpenAIServer } from '../../testkit/fakeOpenAIServer.js';
import { endedWithin, startCli, waitFor, type LiveCli } from '../helpers/processTree.js';
import { runBuiltCli } from '../helpers/runBuiltCli.js';

/*
 * The command sagga prints after Ctrl-C, run as printed, goes on with the run: the target options
 * the run was started with (a time limit, endpoints, a prompt file, sampling, prices) come back from
 * its config.json. Each run is held still by its target (a closed gate, a server that does not
 * answer yet) until Ctrl-C has been sent, so nothing here waits on the clock.
 */

const work = mkdtempSync(join(tmpdir(), 'sagga-resume-printed-'));
const SMALL = ['--generation-size', '20', '--seed-size', '4', '--clusters', '2', '--max-generations', '1', '--rng-seed', 'printed', '--shrink-calls', '0'];
const started: LiveCli[] = [];
const servers: FakeOpenAIServer[] = [];

afterAll(async () => {
  for (const cli of started) if (!cli.exited()) cli.child.kill('SIGKILL');
  for (const s of servers) await s.close();
});

/** Ctrl-C once the run is under way; the command it prints to go on, as words. */
async function interruptAndReadResumeCommand(cli: LiveCli, underWay: () => boolean): Promise<string[]> {
  expect(await waitFor(() => underWay() || cli.exited(), 60_000), cli.stderr()).toBe(true);
  expect(cli.exited(), cli.stderr()).toBe(false);
  cli.child.kill('SIGINT');
  const end = await endedWithin(cli, 60_000);
  expect(end.code, cli.stderr()).toBe(130);
  const printed = /Resume with:\n {2}(sagga search .*)\n/.exec(cli.stderr());
  expect(printed, cli.stderr()).not.toBeNull();
  const words = printed![1].split(' ');
  expect(words.slice(0, 3)).toEqual(['sagga', 'search', '--resume']);
  return words.slice(1);
}

type Config = { target: { settings: Record<string, unknown> }; resumes: Array<{ changed: unknown[]; forced: boolean }> };
const config = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Config;
const generations = (dir: string) => readFileSync(join(dir, 'generations.jsonl'), 'utf8').split('\n').filter(Boolean).length;

describe('the --resume command printed after Ctrl-C works for a run started with target options', () => {
  it('a cmd: target started with --time-limit and --startup-timeout', async () => {
    const gate = join(work, 'gate');
    const out = join(work, 'cmd-run');
    const cli = startCli([
      'search',
      '--target',
      `cmd:node tests/fixtures/cmd/gated-power-rule.mjs ${gate}`,
      '--time-limit',
      '45000',
      '--startup-timeout',
      '20',
      '--no-canaries',
      ...SMALL,
      '--out',
      out,
    ]);
    started.push(cli);
    const command = await interruptAndReadResumeCommand(cli, () => /writing to/.test(cli.stderr()));
    const before = config(out).target.settings;
    expect(before).toMatchObject({ time_limit_ms: 45_000, startup_timeout_ms: 20_000 });

    writeFileSync(gate, '');
    const resumed = await runBuiltCli(command);
    expect(resumed.stderr).not.toMatch(/refusing/);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(generations(out)).toBe(1);
    const after = config(out);
    expect(after.target.settings).toEqual(before);
    expect(after.resumes).toHaveLength(1);
    expect(after.resumes[0]).toMatchObject({ changed: [], forced: false });
  }, 180_000);

  it('an openai: target started with --base-url, a --prompt-template file, sampling, limits and prices', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The model answers x·f: wrong except for constants. Until released, no request is answered.
    const server = await startFakeOpenAIServer(async () => {
      await held;
      return reply.answer('The answer is \\boxed{x}');
    });
    servers.push(server);
    const template = join(work, 'prompt.txt');
    writeFileSync(template, 'Find an antiderivative of {problem} (resume check). Put it in \\boxed{}.');
    const out = join(work, 'openai-run');
    const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_API_KEY: 'sk-resume-printed-0123456789' };
    delete env.OPENAI_BASE_URL;
    const targetOptions = [
      '--base-url',
      `${server.baseURL}#3`,
      '--prompt-template',
      template,
      '--temperature',
      '0.5',
      '--max-tokens',
      '512',
      '--request-timeout',
      '120000',
      '--retries',
      '1',
      '--max-response-bytes',
      '100000',
      '--no-cache',
      '--price-input',
      '0.15',
      '--price-output',
      '0.6',
    ];
    const cli = startCli(
      ['search', '--target', 'openai:fake-model', ...targetOptions, '--no-canaries', '--reference', 'none', '--concurrency', '2', ...SMALL, '--out', out],
      env,
    );
    started.push(cli);
    const command = await interruptAndReadResumeCommand(cli, () => server.requests.length > 0);
    const before = config(out).target.settings;
    expect(before).toMatchObject({
      base_url: server.baseURL,
      endpoint_caps: '3',
      temperature: 0.5,
      max_tokens: 512,
      cache: false,
      price_input_per_million: 0.15,
    });
    expect(String(before.prompt_template)).toMatch(/^file:.*prompt\.txt \(sha256:[0-9a-f]+\)$/);

    const askedBefore = server.requests.length;
    release();
    const resumed = startCli(command, env);
    started.push(resumed);
    const end = await endedWithin(resumed, 120_000);
    expect(resumed.stderr()).not.toMatch(/refusing/);
    expect(end.code, resumed.stderr()).toBe(0);
    expect(generations(out)).toBe(1);
    const after = config(out);
    expect(after.target.settings).toEqual(before);
    expect(after.resumes[0]).toMatchObject({ changed: [], forced: false });
    // The resumed run asked the same endpoint, with the run's prompt and sampling.
    const resumedRequests = server.requests.slice(askedBefore);
    expect(resumedRequests.length).toBeGreaterThan(0);
    for (const r of resumedRequests) {
      expect(r.prompt).toMatch(/^Find an antiderivative of .* \(resume check\)\. Put it in \\boxed\{\}\.$/);
      expect(r.body).toMatchObject({ temperature: 0.5, max_tokens: 512 });
    }
    expect(existsSync(join(out, 'archive.jsonl'))).toBe(true);
  }, 180_000);

  it('an option given again with another value is still refused, naming it; given again with its value it goes on', async () => {
    const out = join(work, 'cmd-run');
    const refused = await runBuiltCli(['search', '--resume', out, '--time-limit', '1000', '--max-generations', '2']);
    expect(refused.status).toBe(64);
    expect(refused.stderr).toContain('--target: the run has {"time_limit_ms":45000}, now {"time_limit_ms":1000}');
    expect(refused.stderr).toContain("Drop those target options (the run's own, in config.json under target.settings, are used)");
    const same = await runBuiltCli(['search', '--resume', out, '--time-limit', '45000', '--max-generations', '2', '--json']);
    expect(same.status, same.stderr).toBe(0);
    expect(generations(out)).toBe(2);
  }, 180_000);
});
