import { median } from './median.js';

/** One run's planted bugs, as bench:yield reads them: each found bug's id and the calls by which it was found. */
export interface PlantedRun {
  readonly method: string;
  readonly foundAt: Readonly<Record<string, number>>;
}

/**
 * A Markdown table, one row per planted bug in the model's order: for each method, the runs that
 * found the bug and the median calls by which they had (a bug's rarity to that method), then a row
 * of the runs that found every bug. The mean count hides which bugs a method misses; this says it.
 */
export function plantedByBugTable(target: string, bugIds: readonly string[], methods: readonly string[], runs: readonly PlantedRun[]): string[] {
  const byMethod = methods.map((m) => runs.filter((r) => r.method === m));
  const cell = (ofMethod: readonly PlantedRun[], id: string): string => {
    const calls = ofMethod.filter((r) => id in r.foundAt).map((r) => r.foundAt[id]);
    return calls.length === 0 ? `0/${ofMethod.length}` : `${calls.length}/${ofMethod.length}, ${Math.round(median(calls)).toLocaleString('en-US')}`;
  };
  const all = (ofMethod: readonly PlantedRun[]): string => `${ofMethod.filter((r) => bugIds.every((id) => id in r.foundAt)).length}/${ofMethod.length}`;
  return [
    `| ${target} bug | ${methods.map((m) => `${m}: runs, median calls`).join(' | ')} |`,
    `|---|${methods.map(() => '---:').join('|')}|`,
    ...bugIds.map((id) => `| ${id} | ${byMethod.map((runsOf) => cell(runsOf, id)).join(' | ')} |`),
    `| every bug | ${byMethod.map(all).join(' | ')} |`,
  ];
}
