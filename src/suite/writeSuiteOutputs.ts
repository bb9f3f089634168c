import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatSuiteMarkdown } from './formatSuiteMarkdown.js';
import type { SuiteResult } from './runSuite.js';

/** Files written for a suite run. */
export interface SuiteFiles {
  readonly table: string;
  readonly markdown: string;
  readonly problems: string;
}

/**
 * Write `<suite>.json` (the table with its settings), `<suite>.md` and `<suite>-problems.jsonl`
 * (every problem, its answers and verdicts, its status per k) into `dir`.
 */
export function writeSuiteOutputs(dir: string, result: SuiteResult): SuiteFiles {
  mkdirSync(dir, { recursive: true });
  const name = result.table.suite;
  const files: SuiteFiles = { table: join(dir, `${name}.json`), markdown: join(dir, `${name}.md`), problems: join(dir, `${name}-problems.jsonl`) };
  writeFileSync(files.table, JSON.stringify(result.table, null, 2) + '\n');
  writeFileSync(files.markdown, formatSuiteMarkdown(result.table));
  writeFileSync(files.problems, result.judged.map((j) => JSON.stringify(j)).join('\n') + (result.judged.length > 0 ? '\n' : ''));
  return files;
}
