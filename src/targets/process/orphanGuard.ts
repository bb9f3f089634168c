import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

/*
 * No program sagga starts outlives it, however sagga ends.
 *
 * Every program runs in its own process group (spawned `detached`), so that one signal to the group
 * also reaches what it started itself (a shell wrapper's child, the Lisp under the maxima script).
 * The groups still running are kept here and killed
 *  - when Node exits in an orderly way without closing its targets (process.exit after a second
 *    Ctrl-C, an uncaught exception): a synchronous 'exit' hook;
 *  - when sagga is killed outright (SIGKILL, a crash of Node itself), which runs no code at all: by
 *    a watchdog, one tiny `sh` started with the first program. It reads "+<pgid>" and "-<pgid>"
 *    lines on a pipe from sagga; when the pipe closes (the kernel closes it when sagga dies, however
 *    it dies) it kills every group still listed and exits. It ignores SIGINT, SIGTERM and SIGHUP and
 *    runs in its own session, so a Ctrl-C or a closed terminal cannot take it down before sagga.
 * A program that reads its stdin notices sagga's death by itself; this also covers programs that do
 * not read it (stuck ones) and grandchildren, which hold no pipe of sagga's at all.
 */

const WATCHDOG = [
  "trap '' INT TERM HUP PIPE",
  "g=' '",
  'while IFS= read -r l; do',
  '  n=${l#?}',
  '  case $n in ""|*[!0-9]*) continue ;; esac',
  '  case $l in',
  '    +*) g="$g$n " ;;',
  '    -*) case $g in *" $n "*) g="${g%% $n *} ${g#* $n }" ;; esac ;;',
  '  esac',
  'done',
  'for p in $g; do kill -9 -$p 2>/dev/null; done',
].join('\n');

const groups = new Set<number>();
let exitHookInstalled = false;
/** The watchdog: undefined until the first group, null when it could not be started. */
let watchdog: ChildProcess | null | undefined;

/** Kill `pgid`'s group when sagga ends, unless it is released first. */
export function guardGroup(pgid: number): void {
  if (process.platform === 'win32' || !Number.isInteger(pgid) || pgid <= 1) return;
  installExitHook();
  groups.add(pgid);
  tell(`+${pgid}`);
}

/** The group is gone (or killed by its owner): forget it, so that a reused pid is never hit. */
export function releaseGroup(pgid: number): void {
  if (!groups.delete(pgid)) return;
  tell(`-${pgid}`);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pgid of groups) killGroup(pgid);
    groups.clear();
  });
}

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // the group is already empty
  }
}

function tell(line: string): void {
  const dog = startWatchdog();
  if (dog === null || dog.stdin === null || dog.stdin.destroyed) return;
  try {
    dog.stdin.write(`${line}\n`);
  } catch {
    // the watchdog is gone; the exit hook still covers an orderly exit
  }
}

function startWatchdog(): ChildProcess | null {
  if (watchdog !== undefined) return watchdog;
  try {
    const dog = spawn('/bin/sh', ['-c', WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'], detached: true, windowsHide: true });
    dog.on('error', () => {
      watchdog = null;
    });
    dog.on('exit', () => {
      watchdog = null;
    });
    dog.stdin?.on('error', () => {});
    // Neither the watchdog nor its pipe keeps sagga running.
    dog.unref();
    (dog.stdin as Socket | null)?.unref?.();
    watchdog = dog;
  } catch {
    watchdog = null;
  }
  return watchdog;
}
