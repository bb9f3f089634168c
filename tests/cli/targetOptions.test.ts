import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addTargetOptions, splitTargetCliOptions, targetSettingsFrom, type TargetCliOptions } from '../../src/cli/targetOptions.js';
import { sagga } from '../helpers/cliInProcess.js';
import { reply, type FakeRequest } from '../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../helpers/fakeServerFixtures.js';

/** A correct boxed answer to whatever integrand the canaries or the problem ask for. */
const ANSWERS: Readonly<Record<string, string>> = {
  '1': 'x',
  x: '\\frac{x^{2}}{2}',
  'x^{2}+1': '\\frac{x^{3}}{3}+x',
  '\\cos\\left(x\\right)': '\\sin\\left(x\\right)',
  'e^{x}': 'e^{x}',
  'x e^{x}': '(x-1) e^{x}',
  'x^{3}': '\\frac{x^{4}}{4}',
};

function answer(req: FakeRequest) {
  const latex = /function: \$(.*)\$ Think/.exec(req.prompt)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
  const known = Object.entries(ANSWERS).find(([f]) => f.replace(/\s+/g, ' ') === latex || f.replace(/\s+/g, '') === latex.replace(/\s+/g, ''));
  return reply.answer(known === undefined ? 'I do not know.' : `\\boxed{${known[1]}}`, { delayMs: 5 });
}

const { server, tempDir } = fakeServerFixtures('sagga-cli-target-');

function parsed(args: string[], env: Record<string, string | undefined> = {}): TargetCliOptions {
  const saved = process.env.OPENAI_BASE_URL;
  if ('OPENAI_BASE_URL' in env) process.env.OPENAI_BASE_URL = env.OPENAI_BASE_URL;
  else delete process.env.OPENAI_BASE_URL;
  try {
    const cmd = addTargetOptions(new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} }));
    cmd.parse(args, { from: 'user' });
    return cmd.opts<TargetCliOptions>();
  } finally {
    if (saved === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = saved;
  }
}

describe('the target options of the command line', () => {
  it('--base-url may be repeated and comma-separated; --batch and prices reach the OpenAI options', () => {
    const opts = parsed([
      '--base-url',
      'http://a/v1#4,http://b/v1',
      '--base-url',
      'http://c/v1',
      '--batch',
      '--price-input',
      '0.15',
      '--price-output',
      '0.6',
      '--prices',
      'p.json',
    ]);
    expect(opts.baseUrl).toEqual(['http://a/v1#4,http://b/v1', 'http://c/v1']);
    expect(targetSettingsFrom(opts).openai).toMatchObject({
      baseURL: ['http://a/v1#4,http://b/v1', 'http://c/v1'],
      batch: true,
      priceInput: 0.15,
      priceOutput: 0.6,
      pricesFile: 'p.json',
    });
    expect(parsed([], { OPENAI_BASE_URL: 'http://env/v1,http://env2/v1#2' }).baseUrl).toEqual(['http://env/v1,http://env2/v1#2']);
    expect(parsed([]).baseUrl).toBeUndefined();
  });

  it('splits the target’s own options from the command’s, which keep --target and --concurrency', () => {
    const { target, rest } = splitTargetCliOptions({
      target: 'openai:m',
      concurrency: 3,
      batch: true,
      priceInput: 1,
      baseUrl: ['http://a/v1'],
      archiveSize: 9,
    });
    expect(rest).toEqual({ target: 'openai:m', concurrency: 3, archiveSize: 9 });
    expect(target).toMatchObject({ batch: true, priceInput: 1, baseUrl: ['http://a/v1'] });
  });

  it('a malformed endpoint list or price is a usage error (exit 64) naming what to give', async () => {
    const badCap = await sagga(['integrate', '--target', 'openai:m', '--base-url', 'http://a/v1#0', 'x']);
    expect(badCap.status).toBe(64);
    expect(badCap.stderr).toMatch(/--base-url.*positive whole number of requests, e\.g\. http:\/\/a\/v1#8/);
    const negative = await sagga(['integrate', '--target', 'openai:m', '--price-input', '-2', 'x']);
    expect(negative.status).toBe(64);
    expect(negative.stderr).toMatch(/--price-input/);
    const help = await sagga(['search', '--help']);
    expect(help.stdout).toMatch(/URL#N caps one at N requests/);
    expect(help.stdout).toMatch(/--batch/);
    expect(help.stdout).toMatch(/--prices <file>/);
  });

  it('sagga integrate over two endpoints, one capped at one request: both answer, the cap holds', async () => {
    const a = await server(answer);
    const b = await server(answer);
    const dir = await tempDir();
    const prices = join(dir, 'prices.json');
    await writeFile(prices, '{"input": 1, "output": 2}');
    const r = await sagga([
      'integrate',
      '--target',
      'openai:m',
      '--base-url',
      `${a.baseURL}#1`,
      '--base-url',
      b.baseURL,
      '--concurrency',
      '4',
      '--prices',
      prices,
      'x^3',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/solved/);
    // Six canaries and the problem: the capped endpoint never had two at once, the other took the rest.
    expect(a.requests.length + b.requests.length).toBe(7);
    expect(a.requests.length).toBeGreaterThanOrEqual(1);
    expect(b.requests.length).toBeGreaterThanOrEqual(3);
    expect(a.peakInFlight).toBe(1);
  });
});
