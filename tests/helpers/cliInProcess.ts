import { type Command, CommanderError } from 'commander';
import { vi } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { escapedError } from '../../src/cli/escapedError.js';
import type { CliRun } from './runBuiltCli.js';

/**
 * The CLI's program in this process (a spawned `node bin/sagga.js` costs a second of module loading
 * on this machine, so only one test spawns it): stdout, stderr and the exit status it would have,
 * an error that escaped a command reported as `main` reports it (one line, its exit status).
 */
export async function sagga(args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const program = buildProgram();
  const quiet = (cmd: Command): void => {
    // buildProgram's own exitOverride stays: it gives usage errors their exit status (64).
    cmd.configureOutput({ writeOut: (s) => (stdout += s), writeErr: (s) => (stderr += s) });
    cmd.commands.forEach(quiet);
  };
  quiet(program);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  process.exitCode = undefined;
  let status: number;
  try {
    await program.parseAsync(args, { from: 'user' });
    status = Number(process.exitCode ?? 0);
  } catch (e) {
    if (e instanceof CommanderError) status = e.code === 'commander.helpDisplayed' ? 0 : e.exitCode;
    else {
      const escaped = escapedError(args, e);
      stderr += escaped.line;
      status = escaped.code;
    }
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
  return { status, stdout, stderr };
}
