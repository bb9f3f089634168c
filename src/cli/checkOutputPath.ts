import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CliError } from './cliError.js';
import { EXIT } from './exitCodes.js';

/**
 * Refuse, before any work, an output file whose folder does not exist (or is not a folder), so the
 * user gets one line naming the path instead of a stream error after minutes of work. `-` is stdout.
 */
export function checkOutputPath(path: string, option = '--out'): void {
  if (path === '-') return;
  const folder = dirname(resolve(path));
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    isFolder = false;
  }
  if (!isFolder) throw new CliError(`${option} ${path}: the folder ${folder} does not exist; create it first or choose another path`, EXIT.cantCreate);
}
