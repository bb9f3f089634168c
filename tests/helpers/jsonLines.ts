import { existsSync, readFileSync } from 'node:fs';

/** The records of a JSON Lines file, in order; none when the file does not exist. */
export function jsonLines<T>(path: string): T[] {
  return existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as T)
    : [];
}
