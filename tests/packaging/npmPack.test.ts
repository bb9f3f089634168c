import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/runBuiltCli.js';

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  exports?: Record<string, { types?: string; import?: string } | string>;
  types?: string;
  bin?: Record<string, string>;
  name: string;
}

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as PackageJson;

/** Every file under `dir` (relative to the repository root) with one of `exts`. */
function sourceFiles(dir: string, exts: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(REPO_ROOT, dir))) {
    const rel = join(dir, name);
    if (statSync(join(REPO_ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel, exts));
    else if (exts.some((e) => name.endsWith(e))) out.push(rel);
  }
  return out;
}

/** Bare package names a source file imports, statically, dynamically or through createRequire. */
function importedPackages(files: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(REPO_ROOT, file), 'utf8');
    for (const m of text.matchAll(/(?:from\s+|import\(\s*|require\(\s*|lazy<[^>]*>\(\s*)'([^'./][^']*)'/g)) {
      const spec = m[1];
      if (spec.startsWith('node:')) continue;
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  return names;
}

describe('the npm package', () => {
  // --ignore-scripts: list what would be packed from the dist/ that `npm test` built, without rebuilding.
  const listing = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ) as { files: { path: string }[] }[];
  const files = new Set(listing[0].files.map((f) => f.path));

  it('ships the built code, its declarations and the files read at run time, and nothing of the repository besides', () => {
    for (const needed of [
      'bin/sagga.js',
      'dist/src/cli.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/targets/cas/casWorker.js',
      'dist/src/verify/verifyWorker.js',
      'src/targets/sympy/sympy_worker.py',
      'src/judgeEval/sympy_simplify_judge.py',
      'examples/judge-eval/naive-judge.mjs',
      'examples/judge-eval/pairs.jsonl',
      'seeds/default.txt',
      'examples/cmd-target/power-rule.mjs',
    ]) {
      expect(files.has(needed), needed).toBe(true);
    }
    for (const path of files) {
      expect(path).not.toMatch(/^(tests|bench|scripts|archives|\.ci)\//);
      expect(path).not.toMatch(/\.map$/);
      if (path.endsWith('.ts')) expect(path).toMatch(/\.d\.ts$/);
    }
  });

  it('points exports, types and bin at files it ships', () => {
    const root = pkg.exports?.['.'];
    expect(typeof root).toBe('object');
    const entry = root as { types?: string; import?: string };
    for (const path of [entry.types, entry.import, pkg.types, ...Object.values(pkg.bin ?? {})]) {
      expect(path).toBeDefined();
      expect(files.has(path!.replace(/^\.\//, '')), path).toBe(true);
    }
  });

  it('depends on exactly what its shipped code imports: no self-dependency, test-only packages as devDependencies', () => {
    const runtime = importedPackages([...sourceFiles('src', ['.ts']), ...sourceFiles('mutations', ['.ts']), ...sourceFiles('fitness', ['.ts'])]);
    runtime.delete(pkg.name); // the package root's usage example, in a comment
    const optional = new Set(Object.keys(pkg.peerDependencies ?? {}));
    const declared = new Set(Object.keys(pkg.dependencies ?? {}));
    expect(declared.has(pkg.name)).toBe(false);
    for (const name of runtime) {
      if (declared.has(name)) continue;
      expect(optional.has(name), `${name} is imported by src/ but is not a dependency`).toBe(true);
    }
    for (const name of declared) expect(runtime.has(name), `${name} is a dependency that src/ never imports`).toBe(true);
    // An optional package is loaded only when asked for, never at start-up.
    for (const name of optional) expect(declared.has(name)).toBe(false);
  });
});
