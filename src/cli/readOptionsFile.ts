import { closeSync, openSync, readSync } from 'node:fs';
import { extname } from 'node:path';
import { CliError } from './cliError.js';
import { EXIT } from './exitCodes.js';
import { parseOptionsYaml } from './parseOptionsYaml.js';

/** Largest options file read (hostile input is bounded before it is parsed). */
const MAX_OPTIONS_FILE_BYTES = 1024 * 1024;

/**
 * An options file (`--config FILE`): a JSON object, or the YAML of `parseOptionsYaml`, whose keys
 * are a command's long option names without the dashes (`generation-size: 300`). `.json` files are
 * JSON, `.yaml` / `.yml` files YAML; another name is JSON when it starts with `{`. A missing file
 * is a missing input (exit 66); anything unreadable as such an object is a usage error (64).
 */
export function readOptionsFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(MAX_OPTIONS_FILE_BYTES + 1);
      const bytes = readSync(fd, buffer, 0, buffer.length, 0);
      if (bytes > MAX_OPTIONS_FILE_BYTES)
        throw new CliError(`--config ${path}: larger than ${MAX_OPTIONS_FILE_BYTES} bytes; an options file is a few lines`, EXIT.usage);
      text = buffer.subarray(0, bytes).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(
      `--config ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : (err as Error).message}`,
      EXIT.noInput,
    );
  }
  const ext = extname(path).toLowerCase();
  const json = ext === '.json' || (ext !== '.yaml' && ext !== '.yml' && text.trimStart().startsWith('{'));
  let values: unknown;
  try {
    values = json ? JSON.parse(text) : parseOptionsYaml(text, path);
  } catch (err) {
    throw new CliError(`--config ${json ? `${path}: not valid JSON: ` : ''}${(err as Error).message}`, EXIT.usage);
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values))
    throw new CliError(`--config ${path}: expected an object of option names and values`, EXIT.usage);
  return values as Record<string, unknown>;
}
