import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Expr } from '../expr/types.js';
import { packageRoot } from '../util/packageRoot.js';
import { parseExpressionLines } from './parseExpressionLines.js';
import { parseProblemLines, readProblemTree, type LineTreeReader } from './parseProblemLines.js';

export interface SeedSet {
  /** Built-in name, or the file's path as given. */
  readonly name: string;
  readonly exprs: readonly Expr[];
  /**
   * For a JSON Lines file (`{"task", "problem", "lower", …}` per line, the verify contract's shape
   * without `answer`): each line's object, parallel to `exprs` (its `problem` is `exprs[i]`), for
   * the task to read its parameters from. Absent for a file of one expression per line.
   */
  readonly lines?: readonly Readonly<Record<string, unknown>>[];
  /** Absolute path of the file read. */
  readonly source: string;
  /** SHA-256 of the file's bytes as they were read and parsed. */
  readonly sha256: string;
}

/** The sets shipped in seeds/ (the folder is the truth; see `builtinSeedSets`). */
export const BUILTIN_SEED_SETS: readonly string[] = [
  'default',
  'polynomial-robustness',
  'trig-robustness',
  'trig',
  'target',
  'definite',
  'series',
  'limit',
  'ode',
];

/** Largest seed file read (hostile input is bounded before it is parsed). */
const MAX_SEED_FILE_BYTES = 4 * 1024 * 1024;

export function seedsFolder(): string {
  return join(packageRoot(), 'seeds');
}

/** Names of the built-in sets: the `<name>.txt` and `<name>.jsonl` files in the package's seeds/ folder. */
export function builtinSeedSets(): string[] {
  try {
    return readdirSync(seedsFolder())
      .filter((f) => f.endsWith('.txt') || f.endsWith('.jsonl'))
      .map((f) => f.replace(/\.(txt|jsonl)$/, ''))
      .sort();
  } catch {
    return [...BUILTIN_SEED_SETS];
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Load a seed set: a built-in name (seeds/<name>.txt or seeds/<name>.jsonl in the package; built-in
 * names win over a same-named file in the working directory) or a path to a file of one expression
 * per line with `#` comments, or of JSON Lines (a `.jsonl` file, or one that starts with `{`) whose
 * `problem` is the expression and whose other fields are the task's. Throws on an unknown name (listing the built-in sets), a missing file (the error's
 * `code` is ENOENT, as a system error's), an unreadable or oversized file, an empty set, or a line
 * that does not parse (naming file, line and column). A JSON line's problem is read by `read` (the
 * whitelisting parser, unless the caller reads it as the line's task does).
 */
export function loadSeeds(nameOrFile: string, read: LineTreeReader = readProblemTree): SeedSet {
  const builtins = builtinSeedSets();
  let source: string;
  if (/^[A-Za-z0-9_-]+$/.test(nameOrFile) && builtins.includes(nameOrFile)) {
    const text = join(seedsFolder(), `${nameOrFile}.txt`);
    source = isFile(text) ? text : join(seedsFolder(), `${nameOrFile}.jsonl`);
  } else if (isFile(resolve(nameOrFile))) {
    source = resolve(nameOrFile);
  } else if (/^[A-Za-z0-9_-]+$/.test(nameOrFile)) {
    throw new Error(`unknown seed set '${nameOrFile}': not a built-in set (${builtins.join(', ')}) and not a file`);
  } else {
    // A path (it has a dot or a slash): a missing input file, which callers report as such (ENOENT).
    throw Object.assign(new Error(`seed file not found: ${nameOrFile} (and not a built-in set: ${builtins.join(', ')})`), { code: 'ENOENT' });
  }
  const size = statSync(source).size;
  if (size > MAX_SEED_FILE_BYTES) throw new Error(`${source}: seed file larger than ${MAX_SEED_FILE_BYTES} bytes`);
  const bytes = readFileSync(source);
  const text = bytes.toString('utf8');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (source.endsWith('.jsonl') || /^\s*\{/.test(text)) {
    const { exprs, lines } = parseProblemLines(text, source, read);
    if (exprs.length === 0) throw new Error(`${source}: no problems (one JSON object with a "problem" per line)`);
    return { name: nameOrFile, exprs, lines, source, sha256 };
  }
  const exprs = parseExpressionLines(text, source);
  if (exprs.length === 0) throw new Error(`${source}: no expressions (one per line, '#' starts a comment)`);
  return { name: nameOrFile, exprs, source, sha256 };
}
