import { exitCodeOf } from './exitCodeOf.js';
import { EXIT } from './exitCodes.js';

const RUN_HINT = '(give a run directory written by `sagga search`, holding config.json / archive.jsonl / generations.jsonl, or an archive .jsonl file)';

/**
 * The error as one clear line on stderr (never a stack trace), with what to give instead when the
 * path is not a run, and the exit status for its kind (see exitCodes.ts). These commands only read
 * and write files, so an error without a system code is about what they were given: a usage error.
 */
export function failCommand(command: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const hint = error instanceof Error && error.name === 'NotARunError' ? `\n${RUN_HINT}` : '';
  process.stderr.write(`sagga ${command}: ${message.replace(/^(archive \w+|report): /, '')}${hint}\n`);
  const code = exitCodeOf(error);
  process.exitCode = code === EXIT.software ? EXIT.usage : code;
}
