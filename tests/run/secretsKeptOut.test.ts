import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sagga as saggaInProcess } from '../helpers/cliInProcess.js';
import { runBuiltCli, type CliRun } from '../helpers/runBuiltCli.js';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../../testkit/fakeOpenAIServer.js';

/**
 * Finding 5 of issue 18: a secret on a cmd: command line, or an API key a model echoes, reaches no
 * file of the run directory, its exports (JSON Lines, CSV, Parquet), a merge or the report, and is
 * not printed.
 */

const CMD_SECRET = 'sk-test-SECRET123';
const CMD_TOKEN = 'tok-LITERAL-777';
const API_KEY = 'test-key-LITERAL-98765';

function sagga(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return runBuiltCli(args, { env });
}

/**
 * The CLI's program in this process, with `env` added to this process's environment while it runs:
 * for the commands that only read a run (a spawn costs a second of module loading each).
 */
async function saggaHere(args: string[], env: Record<string, string>): Promise<CliRun> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await saggaInProcess(args);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

/** Every file under `dir` (bytes, so Parquet too) that holds one of `secrets`. */
async function leaks(dir: string, secrets: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(dir)) {
    const bytes = await readFile(file);
    for (const s of secrets) if (bytes.includes(Buffer.from(s))) found.push(`${file}: ${s}`);
  }
  return found;
}

const SMALL = [
  '--no-canaries',
  '--rng-seed',
  '3',
  '--generation-size',
  '12',
  '--seed-size',
  '4',
  '--clusters',
  '2',
  '--archive-size',
  '20',
  '--max-generations',
  '2',
  '--concurrency',
  '2',
];

const dirs: string[] = [];
let server: FakeOpenAIServer | undefined;
afterAll(async () => {
  await server?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function exportEverything(run: string, into: string, env: Record<string, string>): Promise<string> {
  let printed = '';
  for (const [format, file] of [
    ['jsonl', 'export.jsonl'],
    ['csv', 'export.csv'],
    ['parquet', 'export.parquet'],
  ] as const) {
    const r = await saggaHere(['archive', 'export', run, '--format', format, '--out', join(into, file)], env);
    expect(r.status, r.stderr).toBe(0);
    printed += r.stdout + r.stderr;
  }
  const merged = await saggaHere(['archive', 'merge', run, join(run, 'archive.jsonl'), '--out', join(into, 'merged')], env);
  expect(merged.status, merged.stderr).toBe(0);
  const report = await saggaHere(['report', run, '--out', join(into, 'report.html')], env);
  expect(report.status, report.stderr).toBe(0);
  const stats = await saggaHere(['archive', 'stats', run], env);
  return printed + merged.stdout + merged.stderr + report.stdout + report.stderr + stats.stdout + stats.stderr;
}

describe('secrets are kept out of every file and message', () => {
  it('a cmd: command line with --api-key and --token, and a program that echoes them and the API key', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sagga-secrets-cmd-'));
    dirs.push(root);
    const run = join(root, 'run');
    const env = { OPENAI_API_KEY: API_KEY };
    const target = `cmd:node tests/fixtures/cmd/echo-secret.mjs --api-key ${CMD_SECRET} --token=${CMD_TOKEN}`;
    const r = await sagga(['search', '--target', target, '--out', run, ...SMALL], env);
    expect(r.status, r.stderr).toBe(0);
    const archive = await readFile(join(run, 'archive.jsonl'), 'utf8');
    expect(archive.split('\n').filter(Boolean).length).toBeGreaterThan(0);
    // The answers were archived, with the secrets replaced.
    expect(archive).toContain('--api-key ***');
    const printed = r.stdout + r.stderr + (await exportEverything(run, root, env));
    expect((await stat(join(root, 'export.parquet'))).size).toBeGreaterThan(0);
    expect(await leaks(root, [CMD_SECRET, CMD_TOKEN, API_KEY])).toEqual([]);
    for (const s of [CMD_SECRET, CMD_TOKEN, API_KEY]) expect(printed).not.toContain(s);
  }, 120_000);

  it('an OpenAI model that echoes the API key it was sent', async () => {
    server = await startFakeOpenAIServer((req) => {
      const key = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      return { kind: 'answer', text: `My key is ${key} (Authorization: Bearer ${key}).\n\\boxed{x}` };
    });
    const root = await mkdtemp(join(tmpdir(), 'sagga-secrets-openai-'));
    dirs.push(root);
    const run = join(root, 'run');
    const env = { OPENAI_API_KEY: API_KEY };
    const r = await sagga(['search', '--target', 'openai:fake-model', '--base-url', server.baseURL, '--out', run, ...SMALL], env);
    expect(r.status, r.stderr).toBe(0);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    const cache = await readFile(join(run, 'cache', 'openai.jsonl'), 'utf8');
    expect(cache).toContain('My key is ***');
    const printed = r.stdout + r.stderr + (await exportEverything(run, root, env));
    expect(await leaks(root, [API_KEY])).toEqual([]);
    expect(printed).not.toContain(API_KEY);
  }, 120_000);
});
