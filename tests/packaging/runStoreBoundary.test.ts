import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_FILES, RUN_FILES } from '../../src/run/runSchema.js';

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');

/** The names of the files a run directory holds, as src/run names them. */
const RUN_DIR_NAMES: readonly string[] = [...Object.values(RUN_FILES), ...Object.values(ARCHIVE_FILES)];
/** The constants that name them; a path built from one names a run file. */
const NAME_CONSTANTS = new Set(['RUN_FILES', 'ARCHIVE_FILES']);
const FS_MODULES = new Set(['node:fs', 'fs', 'node:fs/promises', 'fs/promises']);
/** Cutting a file back (a torn last line, what a checkpoint does not cover) is the run store's journal's job. */
const TRUNCATES = new Set(['truncateSync', 'ftruncateSync', 'truncate', 'ftruncate']);
/** File-system calls whose second argument is a path too. */
const TWO_PATHS = new Set(['rename', 'renameSync', 'copyFile', 'copyFileSync', 'link', 'linkSync', 'symlink', 'symlinkSync', 'cp', 'cpSync']);

/** A file name that is a run file's name only by chance, where the file is not a run's. */
const NOT_RUN_FILES: ReadonlyArray<{ readonly file: string; readonly name: string; readonly why: string }> = [
  { file: 'src/embed/transformersEmbedder.ts', name: 'config.json', why: "a local model folder's config.json (its hidden size), not a run's" },
];

/** The shapes of the run files and their lines: a value gets one from src/run's checked readers, never from a cast. */
const RUN_FILE_TYPES: ReadonlySet<string> = new Set([
  'RunConfig',
  'SearchSettings',
  'RunSeeds',
  'CandidateLimits',
  'Checkpoint',
  'CheckpointFile',
  'RunTotals',
  'JournalEntry',
  'EvaluatedRecord',
  'ArchiveRecord',
  'MinimalFailure',
  'GenerationRecord',
  'ArchiveLine',
  'GenerationLine',
  'FailureLine',
  'TotalsLine',
]);

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

/** An ESTree node as Oxc gives it (TypeScript's own nodes included), with offsets into the source. */
interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [field: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** The child nodes of `node`. */
function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) out.push(...value.filter(isNode));
    else if (isNode(value)) out.push(value);
  }
  return out;
}

/** The name a parameter or declaration binds (`x`, `x = 1`, `...x`, `private x`); undefined for a pattern. */
function boundName(node: Node): string | undefined {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'AssignmentPattern' && isNode(node.left)) return boundName(node.left);
  if (node.type === 'RestElement' && isNode(node.argument)) return boundName(node.argument);
  if (node.type === 'TSParameterProperty' && isNode(node.parameter)) return boundName(node.parameter);
  return undefined;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * Where `source` (the file `file`), outside src/run, touches a run directory's files itself: a
 * file-system call (node:fs, node:fs/promises, writeFileAtomic) whose path is built from a run
 * file's name, directly or through the local constants and functions it is computed by; a file
 * cut back (a journal of its own); a run file's shape given by a cast instead of src/run's readers.
 */
function findRunFileAccess(file: string, source: string, castTypes: ReadonlySet<string>): Finding[] {
  const parsed = parseSync(file, source, { lang: 'ts', sourceType: 'module' });
  if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0].message}`);
  const program = parsed.program as unknown as Node;
  const parents = new Map<Node, Node>();
  const index = (node: Node): void => {
    for (const child of children(node)) {
      parents.set(child, node);
      index(child);
    }
  };
  index(program);

  const fsCalls = new Set<string>();
  const fsNamespaces = new Set<string>();
  const nameConstants = new Set<string>();
  for (const st of program.body as Node[]) {
    if (st.type !== 'ImportDeclaration') continue;
    const from = (st.source as Node).value as string;
    for (const spec of st.specifiers as Node[]) {
      const local = (spec.local as Node).name as string;
      if (spec.type === 'ImportSpecifier') {
        const imported = (spec.imported as Node).name as string;
        if (FS_MODULES.has(from) || imported === 'writeFileAtomic') fsCalls.add(local);
        if (NAME_CONSTANTS.has(imported)) nameConstants.add(local);
      } else if (FS_MODULES.has(from)) fsNamespaces.add(local);
    }
  }

  const namesRunFile = (text: string): boolean => RUN_DIR_NAMES.some((name) => text === name || text.endsWith(`/${name}`));

  /** What identifier `id` stands for where it is used, from its enclosing scopes; undefined for a parameter, an import or a global. */
  const definitionOf = (id: Node): Node | undefined => {
    const name = id.name as string;
    for (let node = parents.get(id); node !== undefined; node = parents.get(node)) {
      if (FUNCTIONS.has(node.type) && (node.params as Node[]).some((p) => boundName(p) === name)) return undefined;
      if ((node.type === 'ForOfStatement' || node.type === 'ForInStatement') && (node.left as Node).type === 'VariableDeclaration') {
        if (((node.left as Node).declarations as Node[]).some((d) => boundName(d.id as Node) === name)) return node.right as Node;
      }
      const statements =
        node.type === 'Program' || node.type === 'BlockStatement' || node.type === 'StaticBlock'
          ? (node.body as Node[])
          : node.type === 'SwitchCase'
            ? (node.consequent as Node[])
            : [];
      for (const raw of statements) {
        const st = raw.type === 'ExportNamedDeclaration' && isNode(raw.declaration) ? raw.declaration : raw;
        if (st.type === 'VariableDeclaration') {
          for (const d of st.declarations as Node[]) if (boundName(d.id as Node) === name) return isNode(d.init) ? d.init : undefined;
        }
        if (st.type === 'FunctionDeclaration' && isNode(st.id) && st.id.name === name) return st.body as Node;
      }
    }
    return undefined;
  };

  const mentionsRunFile = (node: Node, seen: Set<Node>): boolean => {
    if (seen.has(node)) return false;
    seen.add(node);
    if (node.type === 'Literal' && typeof node.value === 'string' && namesRunFile(node.value)) return true;
    if (node.type === 'TemplateElement' && namesRunFile(String((node.value as { raw: string }).raw))) return true;
    if (node.type === 'Identifier') {
      if (nameConstants.has(node.name as string)) return true;
      const parent = parents.get(node);
      // The name of a property (`x.archive`, `{archive: …}`) is no variable.
      if (parent?.type === 'MemberExpression' && parent.property === node && parent.computed !== true) return false;
      if (parent?.type === 'Property' && parent.key === node && parent.computed !== true && parent.shorthand !== true) return false;
      const definition = definitionOf(node);
      return definition !== undefined && mentionsRunFile(definition, seen);
    }
    return children(node).some((child) => mentionsRunFile(child, seen));
  };

  const findings: Finding[] = [];
  const text = (node: Node): string => source.slice(node.start, node.end);
  const add = (node: Node, what: string) => findings.push({ file, line: source.slice(0, node.start).split('\n').length, what });
  /** The types `type` names, but not under `keyof` (a key of a shape is no shape). */
  const typeNames = (type: Node): string[] => {
    const names: string[] = [];
    const walk = (n: Node): void => {
      if (n.type === 'TSTypeOperator' && n.operator === 'keyof') return;
      if (n.type === 'TSTypeReference') names.push(text(n.typeName as Node));
      children(n).forEach(walk);
    };
    walk(type);
    return names;
  };
  const visit = (node: Node): void => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const args = node.arguments as Node[];
      const onNamespace =
        callee.type === 'MemberExpression' && (callee.object as Node).type === 'Identifier' && fsNamespaces.has((callee.object as Node).name as string);
      const name =
        callee.type === 'Identifier' && fsCalls.has(callee.name as string)
          ? (callee.name as string)
          : onNamespace
            ? ((callee.property as Node).name as string)
            : undefined;
      if (name !== undefined) {
        // The paths a call opens: its first argument, and the second of those that take two.
        const paths = args.slice(0, TWO_PATHS.has(name) ? 2 : 1);
        if (paths.some((arg) => mentionsRunFile(arg, new Set()))) {
          const allowed = NOT_RUN_FILES.some((a) => a.file === file && paths.some((arg) => text(arg).includes(`'${a.name}'`)));
          if (!allowed) add(node, `${name}(${args.map(text).join(', ')}) opens a run file`);
        }
        if (TRUNCATES.has(name)) add(node, `${name}(…) cuts a file back: a journal of its own`);
      } else if (callee.type === 'MemberExpression' && (callee.property as Node).name === 'truncate') {
        add(node, 'a file handle cut back: a journal of its own');
      }
    }
    if ((node.type === 'TSAsExpression' || node.type === 'TSTypeAssertion') && typeNames(node.typeAnnotation as Node).some((t) => castTypes.has(t))) {
      add(node, `cast to ${text(node.typeAnnotation as Node)}: a run file's shape is src/run's to check`);
    }
    children(node).forEach(visit);
  };
  visit(program);
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the run store', () => {
  it('finds a run file opened, a journal cut back or a config cast outside src/run, through local names', () => {
    const offending = `
      import { existsSync, readFileSync, truncateSync } from 'node:fs';
      import * as fs from 'node:fs';
      import { join } from 'node:path';
      import { RUN_FILES } from '../run/runSchema.js';
      import { writeFileAtomic } from '../util/writeFileAtomic.js';
      import type { RunConfig } from '../run/runSchema.js';
      const JOURNAL = 'shrink.jsonl';
      function configPath(dir: string): string { return join(dir, RUN_FILES.config); }
      export function a(dir: string) {
        const path = join(dir, RUN_FILES.checkpoint);
        if (existsSync(path)) writeFileAtomic(path, '{}');
        const config = JSON.parse(readFileSync(configPath(dir), 'utf8')) as RunConfig;
        fs.appendFileSync(join(dir, JOURNAL), 'x');
        truncateSync(\`\${dir}/archive.jsonl\`, 0);
        return config;
      }`;
    const found = findRunFileAccess('src/x/offending.ts', offending, RUN_FILE_TYPES).map((f) => f.what);
    const expected = [
      'existsSync(path)',
      "writeFileAtomic(path, '{}')",
      "readFileSync(configPath(dir), 'utf8')",
      'cast to RunConfig',
      "appendFileSync(join(dir, JOURNAL), 'x')",
      'truncateSync(`${dir}/archive.jsonl`, 0) opens',
      'truncateSync(…) cuts a file back',
    ];
    expect(found).toHaveLength(expected.length);
    for (const what of expected)
      expect(
        found.some((f) => f.includes(what)),
        what,
      ).toBe(true);
    const harmless = `
      import { readFileSync, writeFileSync } from 'node:fs';
      import { join } from 'node:path';
      import { RUN_FILES } from '../run/runSchema.js';
      export function b(dir: string, path: string) {
        const shown = join(dir, RUN_FILES.archive);
        writeFileSync(join(dir, 'report.html'), readFileSync(path, 'utf8'));
        return \`archive: \${shown}\`;
      }
      export function c(file: string) { const path = file; return readFileSync(path, 'utf8'); }
      export function d(dir: string) { const path = join(dir, RUN_FILES.config); return path; }`;
    expect(findRunFileAccess('src/x/harmless.ts', harmless, RUN_FILE_TYPES)).toEqual([]);
  });

  it("only src/run opens a run directory's files, cuts a journal back or gives a run file its shape", () => {
    const findings = sourceFiles(SRC)
      .map((path) => relative(ROOT, path).split('\\').join('/'))
      .filter((file) => !file.startsWith('src/run/'))
      .flatMap((file) => findRunFileAccess(file, readFileSync(join(ROOT, file), 'utf8'), RUN_FILE_TYPES));
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.what}`)).toEqual([]);
  });
});
