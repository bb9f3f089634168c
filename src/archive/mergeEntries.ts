import { canonicalKey } from '../expr/canonicalKey.js';
import { problemTree } from './problemMetrics.js';
import type { RunData } from '../run/runData.js';
import type { ArchiveLine, ArchiveSource } from '../run/runSchema.js';
import { uniqueLabels } from './uniqueLabels.js';
import { readTaskProblem } from '../tasks/readTaskProblem.js';
import { TASK_REGISTRY } from '../tasks/registry.js';

export interface MergeOutcome {
  readonly entries: ArchiveLine[];
  /** Entries dropped because an earlier one had the same canonical key. */
  readonly duplicates: number;
  /** The label each input got in `sources` (its base name, made unique). */
  readonly labels: readonly string[];
}

/**
 * Merge archives in order, keeping the first entry of each problem (by canonical key, recomputed
 * from the parsed problem so that archives written by different versions agree) and recording in
 * `sources` every run and id it was found under. Entries of an already merged archive bring their
 * sources along. Merged ids are `<label>/<id>` of the first source, unique across inputs.
 */
export function mergeEntries(runs: readonly RunData[]): MergeOutcome {
  const labels = uniqueLabels(
    runs.map((r) => r.name),
    (n) => `-${n}`,
  );
  const byKey = new Map<string, { entry: ArchiveLine; sources: ArchiveSource[] }>();
  let duplicates = 0;
  runs.forEach((run, r) => {
    for (const entry of run.entries) {
      const key = mergeKey(entry);
      const sources = entry.sources ?? [{ run: labels[r], id: entry.id }];
      const seen = byKey.get(key);
      if (seen) {
        duplicates++;
        for (const s of sources) if (!seen.sources.some((t) => t.run === s.run && t.id === s.id)) seen.sources.push(s);
        continue;
      }
      const id = entry.sources ? entry.id : `${labels[r]}/${entry.id}`;
      byKey.set(key, { entry: { ...entry, id, key }, sources: [...sources] });
    }
  });
  const entries = [...byKey.values()].map(({ entry, sources }) => ({ ...entry, sources }));
  return { entries, duplicates, labels };
}

/**
 * The canonical key of the parsed problem (a task's key, its parameters with it: ∫₀¹ x dx and ∫₀² x dx
 * are two problems); the recorded key or the raw text when it does not parse.
 */
export function mergeKey(entry: ArchiveLine): string {
  const tree = problemTree(entry);
  if (tree && (entry.task === null || entry.task === 'integrate')) return canonicalKey(tree);
  const task = TASK_REGISTRY.find((t) => t.name === entry.task);
  const read = task === undefined ? undefined : readTaskProblem(task, { ...entry.params, parameters: entry.parameters, problem: entry.problem });
  if (task !== undefined && read?.ok === true) return task.key(read.problem);
  return entry.key ?? `text:${entry.task ?? ''}:${entry.problem}`;
}
