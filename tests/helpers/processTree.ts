import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { REPO_ROOT, SAGGA_BIN } from './runBuiltCli.js';

/** Linux only: these helpers read /proc. */
export const HAVE_PROC = process.platform === 'linux';

/** The process's state letter from /proc (R, S, Z …), or undefined when there is no such process. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** Running: it exists and is not a zombie (a zombie has exited; only its parent's bookkeeping is left). */
export function isRunning(pid: number): boolean {
  const state = stateOf(pid);
  return state !== undefined && state !== 'Z';
}

/** Every process below `pid` (children, grandchildren …), found through the parent pids in /proc. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const todo = [pid];
  while (todo.length > 0) {
    for (const child of children.get(todo.pop()!) ?? []) {
      out.push(child);
      todo.push(child);
    }
  }
  return out;
}

/** Poll `condition` every 50 ms until it holds; false when `limitMs` passed first. */
export async function waitFor(condition: () => boolean, limitMs: number): Promise<boolean> {
  const end = Date.now() + limitMs;
  for (;;) {
    if (condition()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `sagga <args>` as a child process whose output and end can be watched while it runs. */
export interface LiveCli {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when it has exited and its output is read. */
  readonly ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exited(): boolean;
}

export function startCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env): LiveCli {
  const child = spawn(process.execPath, [SAGGA_BIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  let done = false;
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, ended, exited: () => done };
}

/** Wait for the CLI to end by itself within `limitMs`; kill it (and say so) when it does not. */
export async function endedWithin(cli: LiveCli, limitMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }> {
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    cli.child.kill('SIGKILL');
  }, limitMs);
  try {
    return { ...(await cli.ended), killed };
  } finally {
    clearTimeout(timer);
  }
}
