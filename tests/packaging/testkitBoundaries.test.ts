import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(REPO_ROOT, dir))) {
    const rel = join(dir, name);
    if (statSync(join(REPO_ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|mjs|js)$/.test(name)) out.push(rel);
  }
  return out;
}

/** The top folder of the repository that each relative import of `file` lands in, with the import. */
function importedFolders(file: string): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const folders: string[] = [];
  for (const m of text.matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']*)'/g)) {
    const target = relative(REPO_ROOT, resolve(REPO_ROOT, dirname(file), m[1]));
    folders.push(`${target.split('/')[0]} (${m[1]})`);
  }
  return folders;
}

describe('tests/, bench/ and testkit/', () => {
  it('tests import nothing of bench/', () => {
    const crossing = sourceFiles('tests').flatMap((f) =>
      importedFolders(f)
        .filter((t) => t.startsWith('bench '))
        .map((t) => `${f} → ${t}`),
    );
    expect(crossing).toEqual([]);
  });

  it('bench/ and testkit/ import nothing of tests/, and testkit/ nothing of bench/', () => {
    const crossing = [...sourceFiles('bench'), ...sourceFiles('testkit')].flatMap((f) =>
      importedFolders(f)
        .filter((t) => t.startsWith('tests ') || (f.startsWith('testkit') && t.startsWith('bench ')))
        .map((t) => `${f} → ${t}`),
    );
    expect(crossing).toEqual([]);
  });
});
