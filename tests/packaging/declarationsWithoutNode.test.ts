import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/runBuiltCli.js';

/** Every declaration file the package root's declarations reach, through their relative imports. */
function reachableDeclarations(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'|import\('(\.{1,2}\/[^']+)'\)/g)) {
      const spec = (m[1] ?? m[2]).replace(/\.js$/, '.d.ts');
      queue.push(resolve(dirname(file), spec));
    }
  }
  return [...seen];
}

/*
 * A program that uses sagga as a library, without Node's type declarations in its compilation
 * (TypeScript 7 no longer includes them by default), must be able to read sagga's: none of the
 * declarations the package root reaches may name Node's global `NodeJS` namespace.
 */
describe('the package declarations', () => {
  it("name nothing of Node's global NodeJS namespace", () => {
    const files = reachableDeclarations(join(REPO_ROOT, 'dist/src/index.d.ts'));
    expect(files.length).toBeGreaterThan(50);
    const offending = files.filter((f) => /\bNodeJS\./.test(readFileSync(f, 'utf8'))).map((f) => f.slice(REPO_ROOT.length + 1));
    expect(offending).toEqual([]);
  });
});
